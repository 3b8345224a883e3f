// The JSONEditor page of set 8: josdejong's JSONEditor (npm `jsoneditor`, served from /jsoneditor/ by
// static-server.mjs) in tree mode, with the mode switcher (tree, code, text, view, form), opening the
// seeded configuration of a community orchard's watering system.
const SEED = {
  orchard: 'Hollow Lane Community Orchard',
  established: 2009,
  open_to_public: true,
  manager: { name: 'Priya Raman', phone: '+44 20 7946 0321', email: 'priya@hollowlane.example' },
  trees: [
    { variety: 'Bramley', kind: 'apple', planted: 2010, rows: 4 },
    { variety: 'Conference', kind: 'pear', planted: 2012, rows: 2 },
    { variety: 'Victoria', kind: 'plum', planted: 2015, rows: 1 },
    { variety: 'Morello', kind: 'cherry', planted: 2018, rows: 1 },
  ],
  watering: { schedule: 'dawn', minutes: 25, days: ['Mon', 'Wed', 'Fri'], rain_sensor: null },
  volunteers: 17,
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Orchard settings</title>
  <link rel="stylesheet" href="/jsoneditor/jsoneditor.min.css">
  <style>
    body { font-family: sans-serif; margin: 16px; }
    h1 { font-size: 20px; margin: 0 0 12px; }
    #editor { width: 900px; height: 620px; }
  </style>
</head>
<body>
  <h1>Orchard settings</h1>
  <div id="editor"></div>
  <script src="/jsoneditor/jsoneditor.min.js"></script>
  <script>
    window.editor = new JSONEditor(document.getElementById('editor'), {
      mode: 'tree',
      modes: ['tree', 'code', 'text', 'view', 'form'],
      name: 'orchard.json',
    });
    editor.set(${JSON.stringify(SEED, null, 2).replace(/\n/g, '\n    ')});
    document.body.dataset.loaded = 'yes';
  </script>
</body>
</html>
`;

export const JSONEDITOR_SEED = SEED;
export const JSONEDITOR_SITE = { 'index.html': PAGE };
