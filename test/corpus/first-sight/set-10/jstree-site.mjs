// The jsTree page of set 10: jsTree 3.3.17 (npm `jstree`, with jQuery 3.7.1, served from /jstree/ and /jquery/
// by static-server.mjs) showing the shared documents of a primary school. The left tree has jsTree's types,
// search, context menu and drag-and-drop plugins; the page around it has a toolbar (New folder, Rename, Delete,
// Expand all, Collapse all), a search box, a details panel for the selected item, a status line, and a second
// tree "Share with" with check boxes (three-state) and a line naming the groups ticked.
const DOCS = {
  text: 'Shared documents', type: 'folder', state: { opened: true }, children: [
    { text: 'Policies', type: 'folder', children: [
      { text: 'Behaviour policy.pdf', type: 'file' },
      { text: 'Safeguarding policy.pdf', type: 'file' },
      { text: 'Uniform policy.docx', type: 'file' },
    ] },
    { text: 'Term plans', type: 'folder', children: [
      { text: 'Autumn term.docx', type: 'file' },
      { text: 'Spring term.docx', type: 'file' },
      { text: 'Summer term.docx', type: 'file' },
    ] },
    { text: 'Trips', type: 'folder', children: [
      { text: 'Year 4 museum visit', type: 'folder', children: [
        { text: 'Consent form.pdf', type: 'file' },
        { text: 'Risk assessment.xlsx', type: 'file' },
      ] },
      { text: 'Year 6 residential', type: 'folder', children: [] },
    ] },
    { text: 'Staff rota.xlsx', type: 'file' },
    { text: 'Welcome letter.docx', type: 'file' },
  ],
};

const GROUPS = {
  text: 'Everyone', state: { opened: true }, children: [
    { text: 'Teachers', state: { opened: true }, children: [
      { text: 'Reception' }, { text: 'Key stage 1' }, { text: 'Key stage 2' },
    ] },
    { text: 'Office staff' },
    { text: 'Governors', state: { selected: true } },
  ],
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Hillside Primary — shared documents</title>
  <link rel="stylesheet" href="/jstree/themes/default/style.min.css">
  <style>
    body { font-family: sans-serif; margin: 16px; }
    h1 { font-size: 20px; margin: 0 0 10px; }
    .layout { display: flex; gap: 24px; align-items: flex-start; }
    .col { border: 1px solid #ccc; padding: 10px; }
    #left { width: 380px; }
    #details { width: 300px; min-height: 140px; }
    #sharing { width: 260px; }
    h2 { font-size: 16px; margin: 0 0 8px; }
    .toolbar { margin-bottom: 8px; }
    .toolbar button { margin-right: 4px; }
    #search { width: 100%; box-sizing: border-box; margin-bottom: 8px; }
    dl { margin: 0; } dt { font-weight: bold; margin-top: 6px; } dd { margin: 0; }
    #status { color: #555; margin: 0 0 10px; }
    #shared-with { margin-top: 8px; }
  </style>
</head>
<body>
  <h1>Hillside Primary — shared documents</h1>
  <p id="status">No changes yet</p>
  <div class="layout">
    <div class="col" id="left">
      <div class="toolbar">
        <button type="button" id="new-folder">New folder</button>
        <button type="button" id="rename">Rename</button>
        <button type="button" id="delete">Delete</button>
        <button type="button" id="expand">Expand all</button>
        <button type="button" id="collapse">Collapse all</button>
      </div>
      <input type="search" id="search" placeholder="Find a document" aria-label="Find a document">
      <div id="docs"></div>
    </div>
    <div class="col" id="details">
      <h2>Details</h2>
      <p id="nothing">Select a document or folder to see its details.</p>
      <dl id="info" hidden>
        <dt>Name</dt><dd id="d-name"></dd>
        <dt>Kind</dt><dd id="d-kind"></dd>
        <dt>Location</dt><dd id="d-path"></dd>
        <dt id="d-count-label">Contents</dt><dd id="d-count"></dd>
      </dl>
    </div>
    <div class="col" id="sharing">
      <h2>Share with</h2>
      <div id="groups"></div>
      <p id="shared-with"></p>
    </div>
  </div>
  <script src="/jquery/jquery.min.js"></script>
  <script src="/jstree/jstree.min.js"></script>
  <script>
    const $docs = $('#docs');
    const say = (t) => { $('#status').text(t); };
    $docs.jstree({
      core: { data: [${JSON.stringify(DOCS)}], check_callback: true, multiple: false, themes: { dots: true } },
      types: { folder: {}, file: { icon: 'jstree-file', valid_children: [] } },
      search: { show_only_matches: true, show_only_matches_children: true },
      plugins: ['types', 'search', 'contextmenu', 'dnd'],
    });
    const tree = () => $docs.jstree(true);
    function showDetails() {
      const t = tree();
      const node = t.get_selected(true)[0];
      if (!node) { $('#info').prop('hidden', true); $('#nothing').prop('hidden', false); return; }
      $('#nothing').prop('hidden', true); $('#info').prop('hidden', false);
      $('#d-name').text(node.text);
      const folder = t.get_type(node) === 'folder';
      $('#d-kind').text(folder ? 'Folder' : 'Document');
      const parents = t.get_path(node.parent) || [];
      $('#d-path').text(parents.length ? parents.join(' / ') : '(top level)');
      $('#d-count-label').toggle(folder); $('#d-count').toggle(folder);
      const n = node.children.length;
      $('#d-count').text(n === 0 ? 'Empty' : n === 1 ? '1 item' : n + ' items');
    }
    $docs.on('changed.jstree', showDetails);
    $docs.on('rename_node.jstree', (e, d) => { if (d.old !== d.text) say('Renamed "' + d.old + '" to "' + d.text + '"'); showDetails(); });
    $docs.on('move_node.jstree', (e, d) => { say('Moved "' + d.node.text + '" to ' + tree().get_node(d.parent).text); showDetails(); });
    $docs.on('delete_node.jstree', (e, d) => { say('Deleted "' + d.node.text + '"'); showDetails(); });
    $docs.on('create_node.jstree', (e, d) => { say('Created "' + d.node.text + '" in ' + tree().get_node(d.parent).text); });
    $('#new-folder').on('click', () => {
      const t = tree();
      let sel = t.get_selected(true)[0] || t.get_node('#').children[0];
      if (typeof sel === 'string') sel = t.get_node(sel);
      const parent = t.get_type(sel) === 'folder' ? sel : t.get_node(sel.parent);
      t.open_node(parent);
      const id = t.create_node(parent, { text: 'New folder', type: 'folder' }, 'last');
      t.deselect_all(); t.select_node(id); t.edit(id);
    });
    $('#rename').on('click', () => { const sel = tree().get_selected(true)[0]; if (sel) tree().edit(sel); });
    $('#delete').on('click', () => {
      const sel = tree().get_selected(true)[0];
      if (!sel) return;
      if (confirm('Delete "' + sel.text + '"' + (sel.children.length ? ' and everything in it' : '') + '?')) tree().delete_node(sel);
    });
    $('#expand').on('click', () => tree().open_all());
    $('#collapse').on('click', () => tree().close_all());
    let timer;
    $('#search').on('input', function () { clearTimeout(timer); const v = this.value; timer = setTimeout(() => tree().search(v), 250); });

    const $groups = $('#groups');
    $groups.jstree({
      core: { data: [${JSON.stringify(GROUPS)}], themes: { icons: false } },
      checkbox: { three_state: true },
      plugins: ['checkbox'],
    });
    function sharedWith() {
      const t = $groups.jstree(true);
      const names = t.get_top_checked(true).map((n) => n.text);
      $('#shared-with').text(names.length ? 'Shared with: ' + names.join(', ') : 'Not shared with anyone');
    }
    $groups.on('changed.jstree ready.jstree', sharedWith);
    let ready = 0;
    $docs.on('ready.jstree', () => { if (++ready === 2) document.body.dataset.loaded = 'yes'; });
    $groups.on('ready.jstree', () => { if (++ready === 2) document.body.dataset.loaded = 'yes'; });
  </script>
</body>
</html>
`;

export const JSTREE_SITE = { 'index.html': PAGE };
