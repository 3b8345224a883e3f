// The Tabulator page of set 8: the Tabulator data grid (npm `tabulator-tables`, served from /tabulator/
// by static-server.mjs) showing the plot register of an allotment society: sortable columns, header
// filters, in-cell editors, a total under the Area column, row selection, movable columns and pages.
const PLOTS = [
  { plot: 1, holder: 'Agnes Whitfield', area: 125, crop: 'Potatoes', since: 2004, paid: true, notes: '' },
  { plot: 2, holder: 'Tomasz Nowak', area: 250, crop: 'Beans', since: 2016, paid: true, notes: 'Shares shed with plot 3' },
  { plot: 3, holder: 'Hannah Osei', area: 125, crop: 'Onions', since: 2019, paid: false, notes: '' },
  { plot: 4, holder: 'Derek Mallory', area: 250, crop: 'Potatoes', since: 1998, paid: true, notes: 'Committee chair' },
  { plot: 5, holder: 'Siobhan Kerr', area: 60, crop: 'Herbs', since: 2022, paid: true, notes: '' },
  { plot: 6, holder: 'Rajesh Patel', area: 250, crop: 'Squash', since: 2011, paid: false, notes: 'Rent reminder sent 3 March' },
  { plot: 7, holder: 'Lucy Brennan', area: 125, crop: 'Beans', since: 2020, paid: true, notes: '' },
  { plot: 8, holder: 'Owen Pryce', area: 60, crop: 'Strawberries', since: 2023, paid: true, notes: 'New this year' },
  { plot: 9, holder: 'Margaret Ellis', area: 250, crop: 'Onions', since: 2001, paid: true, notes: '' },
  { plot: 10, holder: 'Kwame Mensah', area: 125, crop: 'Squash', since: 2018, paid: false, notes: '' },
  { plot: 11, holder: 'Isla Fraser', area: 60, crop: 'Herbs', since: 2021, paid: true, notes: 'Bee hive on site' },
  { plot: 12, holder: 'Peter Okonkwo', area: 125, crop: 'Strawberries', since: 2015, paid: true, notes: '' },
];

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Plot register</title>
  <link rel="stylesheet" href="/tabulator/css/tabulator.min.css">
  <style>
    body { font-family: sans-serif; margin: 16px; }
    h1 { font-size: 20px; margin: 0 0 4px; }
    p.intro { margin: 0 0 12px; color: #555; }
    #register { width: 1180px; }
    .toolbar { margin: 0 0 8px; }
    .toolbar button { margin-right: 6px; }
    #selected-count { margin-left: 12px; color: #333; }
  </style>
</head>
<body>
  <h1>Greenfield Allotment Society — plot register</h1>
  <p class="intro">Click a column title to sort. Click a plot number or a holder to select the row. Click a crop, the rent box or the notes to change them.</p>
  <div class="toolbar">
    <button id="add-plot" type="button">Add plot</button>
    <button id="delete-selected" type="button">Delete selected</button>
    <span id="selected-count">No plots selected</span>
  </div>
  <div id="register"></div>
  <script src="/tabulator/js/tabulator.min.js"></script>
  <script>
    const PLOTS = ${JSON.stringify(PLOTS)};
    const CROPS = ['Beans', 'Herbs', 'Onions', 'Potatoes', 'Squash', 'Strawberries'];
    const hideMenu = [{ label: 'Hide column', action: (e, column) => column.hide() }];
    window.table = new Tabulator('#register', {
      data: PLOTS,
      index: 'plot',
      layout: 'fitColumns',
      movableColumns: true,
      selectableRows: true,
      pagination: true,
      paginationSize: 8,
      paginationSizeSelector: [4, 8, 12],
      paginationCounter: 'rows',
      columns: [
        { title: 'Plot', field: 'plot', sorter: 'number', width: 100, hozAlign: 'right', headerMenu: hideMenu },
        { title: 'Holder', field: 'holder', headerFilter: 'input', headerFilterPlaceholder: 'filter holders', headerMenu: hideMenu },
        { title: 'Area (m²)', field: 'area', sorter: 'number', hozAlign: 'right', width: 140, bottomCalc: 'sum', headerMenu: hideMenu },
        { title: 'Main crop', field: 'crop', editor: 'list', editorParams: { values: CROPS }, headerFilter: 'list', headerFilterParams: { values: CROPS, clearable: true }, headerFilterPlaceholder: 'any crop', headerMenu: hideMenu },
        { title: 'Since', field: 'since', sorter: 'number', width: 110, headerMenu: hideMenu },
        { title: 'Rent paid', field: 'paid', formatter: 'tickCross', editor: true, hozAlign: 'center', width: 130, headerMenu: hideMenu },
        { title: 'Notes', field: 'notes', editor: 'input', headerSort: false, headerMenu: hideMenu },
      ],
    });
    let next = 13;
    document.getElementById('add-plot').addEventListener('click', () => {
      table.addRow({ plot: next++, holder: '(vacant)', area: 60, crop: 'Herbs', since: new Date().getFullYear(), paid: false, notes: '' }, false);
    });
    document.getElementById('delete-selected').addEventListener('click', () => {
      table.getSelectedRows().forEach((r) => r.delete());
    });
    table.on('rowSelectionChanged', (data) => {
      document.getElementById('selected-count').textContent = data.length === 0 ? 'No plots selected'
        : data.length === 1 ? '1 plot selected' : data.length + ' plots selected';
    });
    table.on('tableBuilt', () => { document.body.dataset.loaded = 'yes'; });
  </script>
</body>
</html>
`;

export const TABULATOR_PLOTS = PLOTS;
export const TABULATOR_SITE = { 'index.html': PAGE };
