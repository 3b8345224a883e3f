// The Dropzone seed page of first-sight set 11: "Hillcrest Camera Club — spring competition entry".
// A Dropzone (previews, thumbnails, remove links, size / type / count limits) posting each photo to the
// loopback upload endpoint of dropzone-server.mjs, plus page code: an entry counter, the list of uploaded
// photos, a category picker and a Submit entry button that stays disabled until a photo is uploaded.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Spring competition entry — Hillcrest Camera Club</title>
<link rel="stylesheet" href="/dropzone/dropzone.css">
<style>
  body { font-family: sans-serif; margin: 24px auto; max-width: 820px; color: #222; }
  h1 { color: #1f4e79; margin-bottom: 4px; }
  .rules { background: #eef4fa; border-left: 4px solid #1f4e79; padding: 8px 14px; }
  .rules li { margin: 3px 0; }
  label { font-weight: bold; }
  select { font-size: 15px; padding: 4px; }
  #status { margin: 10px 0; font-weight: bold; }
  #entries li { margin: 2px 0; }
  #done { border: 1px solid #2e7d32; background: #f1f8e9; padding: 10px 14px; }
  #done[hidden] { display: none; }
  button#submit { font-size: 15px; padding: 7px 18px; }
</style>
</head>
<body>
<h1>Hillcrest Camera Club</h1>
<p>Spring competition 2027 — upload your entry. Theme: <em>Water</em>.</p>
<ul class="rules">
  <li>Up to 3 photos per member.</li>
  <li>JPEG or PNG only.</li>
  <li>Each photo at most 2 MB.</li>
</ul>
<p><label for="category">Category</label>
  <select id="category">
    <option>Open colour</option>
    <option>Monochrome</option>
    <option>Nature</option>
  </select></p>
<form action="/upload" class="dropzone" id="photos"></form>
<p id="status">Uploaded: 0 of 3</p>
<h2>Your entries</h2>
<ul id="entries"><li class="none">No photos uploaded yet.</li></ul>
<p><button type="button" id="submit" disabled>Submit entry</button></p>
<div id="done" hidden></div>
<script src="/dropzone/dropzone-min.js"></script>
<script>
  Dropzone.autoDiscover = false;
  const uploaded = [];
  const $ = (id) => document.getElementById(id);
  function refresh() {
    $('status').textContent = 'Uploaded: ' + uploaded.length + ' of 3';
    $('entries').innerHTML = '';
    if (!uploaded.length) $('entries').innerHTML = '<li class="none">No photos uploaded yet.</li>';
    for (const u of uploaded) {
      const li = document.createElement('li');
      li.textContent = u.name + ' (' + u.category + ')';
      $('entries').appendChild(li);
    }
    $('submit').disabled = uploaded.length === 0;
  }
  const dz = new Dropzone('#photos', {
    url: '/upload',
    paramName: 'photo',
    maxFilesize: 2,
    maxFiles: 3,
    acceptedFiles: 'image/jpeg,image/png',
    addRemoveLinks: true,
    dictDefaultMessage: 'Drop photos here or click to choose',
    dictRemoveFile: 'Remove',
  });
  dz.on('sending', (file, xhr, data) => data.append('category', $('category').value));
  dz.on('success', (file, answer) => {
    file.entryId = answer.id;
    uploaded.push({ id: answer.id, name: file.name, category: answer.category });
    refresh();
  });
  dz.on('removedfile', (file) => {
    const i = uploaded.findIndex((u) => u.id === file.entryId);
    if (i >= 0) {
      uploaded.splice(i, 1);
      fetch('/upload/' + file.entryId, { method: 'DELETE' });
    }
    refresh();
  });
  $('submit').addEventListener('click', () => {
    $('done').hidden = false;
    $('done').textContent = 'Thank you! Your entry of ' + uploaded.length + (uploaded.length === 1 ? ' photo' : ' photos') + ' has been received.';
    $('submit').disabled = true;
  });
  window.dz = dz;
  document.body.dataset.loaded = 'yes';
</script>
</body>
</html>
`;

export const DROPZONE_SITE = { 'index.html': PAGE };
