// The Quill page of set 10: Quill 2.0.3 (npm `quill`, "snow" theme, served from /quill/ by static-server.mjs)
// as the editor of a parish newsletter. A toolbar (paragraph style, bold / italic / underline / strike-through,
// text colour, link, numbered / bulleted list, quote, remove formatting), a seeded draft, a one-line summary
// editor that starts empty, and page code around them: a word and character count, "Save draft" (a status line
// and a "Saved versions" list) and "Preview" (the draft's HTML, `getSemanticHTML()`, shown in a phone-width box below).
const DRAFT = [
  { insert: 'Spring newsletter' }, { insert: '\n', attributes: { header: 1 } },
  { insert: 'Dear neighbours, the ' }, { insert: 'spring fair', attributes: { bold: true } },
  { insert: ' is on Saturday 17 April on the village green. Everyone is welcome.\n' },
  { insert: 'Coming up' }, { insert: '\n', attributes: { header: 2 } },
  { insert: 'Litter pick on the riverbank' }, { insert: '\n', attributes: { list: 'bullet' } },
  { insert: 'Plant sale at the vicarage' }, { insert: '\n', attributes: { list: 'bullet' } },
  { insert: 'Choir concert in the church' }, { insert: '\n', attributes: { list: 'bullet' } },
  { insert: 'Read the full programme on the ' }, { insert: 'parish website', attributes: { link: 'https://harbourview-parish.example/spring' } },
  { insert: '.\n' },
];

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Harbour View Parish — newsletter draft</title>
  <link rel="stylesheet" href="/quill/quill.snow.css">
  <style>
    body { font-family: sans-serif; margin: 16px; width: 820px; }
    h1.page { font-size: 20px; margin: 0 0 10px; }
    label.field { display: block; font-weight: bold; margin: 14px 0 4px; }
    #editor { height: 300px; }
    #summary { height: 44px; }
    #counts { color: #555; margin: 6px 0; }
    .actions { margin: 10px 0; }
    .actions button { margin-right: 6px; }
    #status { color: #2e7d32; }
    #preview-box { margin-top: 14px; }
    #preview { border: 1px dashed #888; padding: 8px 12px; width: 360px; overflow-x: auto; }
    #versions li { margin: 2px 0; }
  </style>
</head>
<body>
  <h1 class="page">Harbour View Parish — newsletter draft</h1>
  <label class="field" id="body-label">Newsletter</label>
  <div id="toolbar">
    <span class="ql-formats">
      <select class="ql-header" title="Paragraph style">
        <option value="1">Heading 1</option>
        <option value="2">Heading 2</option>
        <option selected>Normal</option>
      </select>
    </span>
    <span class="ql-formats">
      <button class="ql-bold" title="Bold"></button>
      <button class="ql-italic" title="Italic"></button>
      <button class="ql-underline" title="Underline"></button>
      <button class="ql-strike" title="Strike-through"></button>
      <select class="ql-color" title="Text colour">
        <option selected></option>
        <option value="#c62828"></option>
        <option value="#1565c0"></option>
        <option value="#2e7d32"></option>
      </select>
    </span>
    <span class="ql-formats">
      <button class="ql-link" title="Link"></button>
      <button class="ql-list" value="ordered" title="Numbered list"></button>
      <button class="ql-list" value="bullet" title="Bulleted list"></button>
      <button class="ql-blockquote" title="Quote"></button>
    </span>
    <span class="ql-formats">
      <button class="ql-clean" title="Remove formatting"></button>
    </span>
  </div>
  <div id="editor"></div>
  <p id="counts"></p>
  <label class="field" id="summary-label">One-line summary (used as the e-mail subject)</label>
  <div id="summary"></div>
  <div class="actions">
    <button type="button" id="save">Save draft</button>
    <button type="button" id="preview-button">Preview</button>
    <span id="status">Not saved yet</span>
  </div>
  <h2 style="font-size:16px">Saved versions</h2>
  <ol id="versions"><li id="no-versions">None yet</li></ol>
  <div id="preview-box" hidden><h2 style="font-size:16px">Preview (phone width)</h2><div id="preview"></div></div>
  <script src="/quill/quill.js"></script>
  <script>
    const quill = new Quill('#editor', { theme: 'snow', modules: { toolbar: '#toolbar' } });
    quill.setContents(${JSON.stringify(DRAFT)}, 'api');
    quill.history.clear();
    const summary = new Quill('#summary', { theme: 'snow', modules: { toolbar: false }, placeholder: 'Write a one-line summary…' });
    function count() {
      const text = quill.getText().trim();
      const words = text ? text.split(/\\s+/).length : 0;
      const chars = quill.getLength() - 1;
      document.getElementById('counts').textContent = 'Words: ' + words + ' · Characters: ' + chars;
    }
    quill.on('text-change', count);
    count();
    let saved = 0;
    document.getElementById('save').addEventListener('click', () => {
      const subject = summary.getText().trim();
      const status = document.getElementById('status');
      if (!subject) { status.style.color = '#b00020'; status.textContent = 'Write a summary before saving'; return; }
      saved += 1;
      status.style.color = '#2e7d32';
      status.textContent = 'Draft saved (version ' + saved + ')';
      document.getElementById('no-versions')?.remove();
      const li = document.createElement('li');
      const words = quill.getText().trim().split(/\\s+/).length;
      li.textContent = subject + ' — ' + words + ' words';
      document.getElementById('versions').appendChild(li);
    });
    document.getElementById('preview-button').addEventListener('click', () => {
      document.getElementById('preview').innerHTML = quill.getSemanticHTML();
      document.getElementById('preview-box').hidden = false;
    });
    document.body.dataset.loaded = 'yes';
  </script>
</body>
</html>
`;

export const QUILL_SITE = { 'index.html': PAGE };
