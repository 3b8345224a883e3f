// Hand-written Playwright scripts for every plan of first-sight set 3: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { T, must, txt, waitFor } from '../kit.mjs';
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ------------------------------------------------------------------ adminer

async function admLogin(page, url, account, db = 'shop.db') {
  await page.goto(url);
  await page.selectOption('select[name="auth[driver]"]', 'sqlite');
  await page.fill('input[name="auth[username]"]', account.username);
  await page.fill('input[name="auth[password]"]', account.password);
  await page.fill('input[name="auth[db]"]', db);
  await Promise.all([page.waitForLoadState(), page.click('input[type=submit][value=Login]')]);
  await page.locator('#content h2').waitFor({ timeout: T });
}
/** Click and wait for the next page (Adminer is plain forms and links). */
async function admNav(page, loc) {
  await Promise.all([page.waitForNavigation({ timeout: T }), loc.click({ timeout: T })]);
}
const admHeading = (page) => txt(page.locator('#content h2'));
const admMessage = (page) => page.locator('#content .message').allInnerTexts().then((a) => a.join(' '));
const admError = (page) => page.locator('#content .error').allInnerTexts().then((a) => a.join(' '));
async function admSelect(page, table) {
  await admNav(page, page.locator('#tables li').filter({ has: page.locator('a.structure, a.view', { hasText: new RegExp(`^${table}$`) }) }).locator('a.select'));
  await page.locator('#content h2', { hasText: `Select: ${table}` }).waitFor({ timeout: T });
}
/** The result grid of a Select page: header names and rows of cell texts (without the checkbox/edit cell). */
async function admGrid(page) {
  const table = page.locator('#table');
  if (!(await table.count())) return { head: [], rows: [] };
  const head = (await table.locator('thead th').allInnerTexts()).map((s) => s.replace(/[↓=]/g, '').trim());
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.innerText.trim())));
  return { head, rows };
}
const admRowCount = async (page) => (await admGrid(page)).rows.length;
const admCol = async (page, name) => { const g = await admGrid(page); const i = g.head.indexOf(name); return g.rows.map((r) => r[i]); };
const admRow = (page, text) => page.locator('#table tbody tr').filter({ has: page.locator('td', { hasText: new RegExp(`^${text}$`) }) });
async function admSql(page, query) {
  await admNav(page, page.locator('#menu a', { hasText: 'SQL command' }));
  const ed = page.locator('pre[contenteditable]').first();
  await ed.waitFor({ timeout: T });
  await ed.click();
  await page.keyboard.type(query);
  await admNav(page, page.locator('input[type=submit][value=Execute]'));
}

const ADMINER = {
  'sign in to the shop database and sign out again': async (page, url, account) => {
    await admLogin(page, url, account);
    must((await admHeading(page)) === 'Database: shop.db', 2, `heading ${await admHeading(page)}`);
    const rows = await page.locator('#content table.checkable tbody tr').filter({ has: page.locator('input[type=checkbox]') }).evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.innerText.trim(), tr.querySelectorAll('td')[1]?.innerText.trim(), tr.querySelectorAll('td')[7]?.innerText.trim()]));
    const names = rows.map((r) => r[0]);
    must(same(names, ['customers', 'low_stock', 'orders', 'products']), 3, `tables ${names}`);
    must(rows[1][1] === 'View', 3, `low_stock engine ${rows[1][1]}`);
    const cnt = Object.fromEntries(rows.map((r) => [r[0], r[2]]));
    must(cnt.customers === '4' && cnt.orders === '5' && cnt.products === '5', 4, `rows ${JSON.stringify(cnt)}`);
    await admNav(page, page.locator('input[type=submit][value=Logout]'));
    must((await admMessage(page)).includes('Logout successful') && (await page.locator('input[name="auth[password]"]').count()) === 1, 6, 'no logout message');
  },
  'a wrong password is refused': async (page, url) => {
    await page.goto(url);
    await page.selectOption('select[name="auth[driver]"]', 'sqlite');
    await page.fill('input[name="auth[username]"]', 'qa');
    await page.fill('input[name="auth[password]"]', 'letmein');
    await page.fill('input[name="auth[db]"]', 'shop.db');
    await admNav(page, page.locator('input[type=submit][value=Login]'));
    must((await admError(page)).includes('Invalid credentials.'), 3, `error ${await admError(page)}`);
    must((await admHeading(page)) === 'Login' && (await page.locator('#tables').count()) === 0, 4, 'not on the login page');
  },
  'browse the products table': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'products');
    must((await admHeading(page)) === 'Select: products' && (await admRowCount(page)) === 5, 3, 'heading/rows');
    const st = await admRow(page, 'Stapler').locator('td').allInnerTexts();
    must(st.slice(1).join('|') === '4|Stapler|7.9|0', 4, `stapler ${st}`);
    const oc = await admRow(page, 'Office chair').locator('td').allInnerTexts();
    must(oc.slice(1).join('|') === '3|Office chair|149|3', 5, `chair ${oc}`);
  },
  'sort products by price, cheapest first then dearest first': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'products');
    await admNav(page, page.locator('#table thead th', { hasText: 'price' }).locator('a', { hasText: 'price' }));
    const names = await admCol(page, 'name');
    must(names[0] === 'Notebook' && names.at(-1) === 'Office chair', 3, `order ${names}`);
    const th = page.locator('#table thead th', { hasText: 'price' });
    await th.hover();
    await admNav(page, th.locator('a[title=descending]'));
    const d = await admCol(page, 'name');
    must(same(d.slice(0, 3), ['Office chair', 'Whiteboard', 'Desk lamp']), 5, `desc order ${d}`);
  },
  'customers from Lyon': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'customers');
    await page.locator('legend a', { hasText: 'Search' }).click();
    await page.selectOption('select[name="where[0][col]"]', 'city');
    await page.selectOption('select[name="where[0][op]"]', '=');
    await page.fill('input[name="where[0][val]"]', 'Lyon');
    await admNav(page, page.locator('#form input[type=submit][value=Select]'));
    const names = await admCol(page, 'name');
    must(same(names, ['Alice Martin', 'Chen Wei']), 3, `names ${names}`);
    must(!names.includes('Bruno Keller') && !names.includes('Dana Novak'), 4, 'others listed');
  },
  'add paper clips to the products': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'products');
    await admNav(page, page.locator('#content a', { hasText: 'New item' }));
    await page.fill('[name="fields[name]"]', 'Paper clips');
    await page.fill('[name="fields[price]"]', '1.5');
    await page.fill('[name="fields[stock]"]', '300');
    await admNav(page, page.locator('input[type=submit][value=Save]'));
    must((await admMessage(page)).includes('Item 6 has been inserted.'), 4, `message ${await admMessage(page)}`);
    const g = await admGrid(page);
    must(g.rows.length === 6 && g.rows.at(-1).slice(1).join('|') === 'Paper clips|1.5|300', 5, `rows ${JSON.stringify(g.rows)}`);
  },
  'lower the desk lamp price': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'products');
    await admNav(page, admRow(page, 'Desk lamp').locator('a', { hasText: 'edit' }));
    must((await page.inputValue('[name="fields[name]"]')) === 'Desk lamp' && (await page.inputValue('[name="fields[price]"]')) === '24.5', 3, 'edit form values');
    await page.fill('[name="fields[price]"]', '19.99');
    await admNav(page, page.locator('input[type=submit][value=Save]'));
    must((await admMessage(page)).includes('Item has been updated.'), 5, `message ${await admMessage(page)}`);
    const lamp = await admRow(page, 'Desk lamp').locator('td').allInnerTexts();
    const nb = await admRow(page, 'Notebook').locator('td').allInnerTexts();
    must(lamp[3] === '19.99' && nb[3] === '3.2', 6, `prices ${lamp} ${nb}`);
  },
  'delete the stapler': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'products');
    await admNav(page, admRow(page, 'Stapler').locator('a', { hasText: 'edit' }));
    page.once('dialog', (d) => d.accept());
    await admNav(page, page.locator('input[type=submit][value=Delete]'));
    must((await admMessage(page)).includes('Item has been deleted.'), 3, `message ${await admMessage(page)}`);
    const names = await admCol(page, 'name');
    must(names.length === 4 && !names.includes('Stapler'), 4, `names ${names}`);
  },
  'a product that somebody ordered cannot be deleted': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'products');
    await admRow(page, 'Whiteboard').locator('input[type=checkbox]').check();
    must((await txt(page.locator('#selected'))) === '(1)', 3, 'selected count');
    page.once('dialog', (d) => d.accept());
    await admNav(page, page.locator('input[type=submit][name=delete]'));
    must((await admError(page)).includes('FOREIGN KEY constraint failed'), 5, `error ${await admError(page)}`);
    const names = await admCol(page, 'name');
    must(names.length === 5 && names.includes('Whiteboard'), 6, `names ${names}`);
  },
  'two customers cannot share an e-mail address': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'customers');
    await admNav(page, page.locator('#content a', { hasText: 'New item' }));
    await page.fill('[name="fields[name]"]', 'Eve Martin');
    await page.fill('[name="fields[email]"]', 'alice@example.com');
    await page.fill('[name="fields[city]"]', 'Lyon');
    await admNav(page, page.locator('input[type=submit][value=Save]'));
    must((await admError(page)).includes('UNIQUE constraint failed: customers.email'), 3, `error ${await admError(page)}`);
    await admSelect(page, 'customers');
    const names = await admCol(page, 'name');
    must(names.length === 4 && !names.includes('Eve Martin'), 5, `names ${names}`);
  },
  'what the orders table looks like': async (page, url, account) => {
    await admLogin(page, url, account);
    await admNav(page, page.locator('#content table.checkable tbody th a', { hasText: /^orders$/ }));
    must((await admHeading(page)) === 'Table: orders', 3, 'heading');
    const cols = await page.locator('#content table').first().locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th').innerText.trim(), tr.querySelector('td').innerText.trim()]));
    must(same(cols.map((c) => c[0]), ['id', 'customer_id', 'product_id', 'quantity', 'ordered_on']), 3, `columns ${cols}`);
    must(cols[3][1].includes('[1]'), 4, `quantity ${cols[3][1]}`);
    const fk = await page.locator('#content table').filter({ hasText: 'Target' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].slice(0, 2).map((c) => c.innerText.trim()).join('->')));
    must(fk.includes('customer_id->customers(id)') && fk.includes('product_id->products(id)'), 5, `fks ${fk}`);
  },
  'count customers per city with SQL': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSql(page, 'SELECT city, COUNT(*) AS customers FROM customers GROUP BY city ORDER BY city');
    const t = page.locator('#content table').first();
    const head = await t.locator('thead th, thead td').allInnerTexts();
    must(same(head.map((s) => s.trim()), ['city', 'customers']), 4, `head ${head}`);
    const rows = await t.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()).join(' ')));
    must(same(rows, ['Lyon 2', 'Prague 1', 'Zurich 1']), 5, `rows ${rows}`);
  },
  'a query on a table that does not exist': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSql(page, 'SELECT * FROM invoices');
    must((await admError(page)).includes('no such table: invoices'), 3, `error ${await admError(page)}`);
    must((await page.locator('#content table').count()) === 0, 4, 'a table is shown');
  },
  'create a suppliers table': async (page, url, account) => {
    await admLogin(page, url, account);
    await admNav(page, page.locator('#menu a', { hasText: 'Create table' }));
    await page.fill('input[name=name]', 'suppliers');
    const row = (i) => page.locator('#edit-fields tbody tr').nth(i);
    await row(0).locator('input[name$="[field]"]').pressSequentially('id');
    await row(0).locator('input[name=auto_increment_col]').check();
    await row(1).locator('input[name$="[field]"]').pressSequentially('name');
    await row(1).locator('select[name$="[type]"]').selectOption('text');
    await row(2).locator('input[name$="[field]"]').pressSequentially('phone');
    await row(2).locator('select[name$="[type]"]').selectOption('text');
    await admNav(page, page.locator('input[type=submit][value=Save]').first());
    must((await admMessage(page)).includes('Table has been created.') && (await admHeading(page)) === 'Table: suppliers', 5, `message ${await admMessage(page)}`);
    const cols = await page.locator('#content table').first().locator('tbody th').allInnerTexts();
    must(same(cols, ['id', 'name', 'phone']), 5, `columns ${cols}`);
    must((await page.locator('#tables a.select').allInnerTexts()).length > 0 && (await page.locator('#tables li', { hasText: 'suppliers' }).count()) === 1, 6, 'not in the menu');
  },
  'search all tables for Lyon': async (page, url, account) => {
    await admLogin(page, url, account);
    await page.fill('#content input[name=query]', 'Lyon');
    await admNav(page, page.locator('#content input[type=submit][value=Search]'));
    const hits = await page.locator('#content form ul li a').allInnerTexts();
    must(same(hits, ['customers']), 3, `matches ${hits}`);
    await admNav(page, page.locator('#content form ul li a', { hasText: 'customers' }));
    const names = await admCol(page, 'name');
    must(same(names, ['Alice Martin', 'Chen Wei']), 5, `names ${names}`);
  },
  'editing a row shown in the low stock view': async (page, url, account) => {
    await admLogin(page, url, account);
    await admSelect(page, 'low_stock');
    const g = await admGrid(page);
    must(same(g.rows.map((r) => r.join(' ')), ['Office chair 3', 'Stapler 0']), 2, `rows ${JSON.stringify(g.rows)}`);
    await admNav(page, admRow(page, 'Stapler').locator('a', { hasText: 'edit' }));
    const name = await page.inputValue('[name="fields[name]"]');
    const stock = await page.inputValue('[name="fields[stock]"]');
    const body = await txt(page.locator('#content'));
    must(name === 'Stapler' && stock === '0', 4, `the edit page of the Stapler row is empty (name "${name}", stock "${stock}")${body.includes('No rows.') ? ' and says "No rows."' : ''}`);
  },
};

// ------------------------------------------------------------------ transmission

async function trOpen(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll('#torrent_list .torrent').length === 4, null, { timeout: T });
}
const trNames = (page) => page.locator('#torrent_list .torrent .torrent_name').allInnerTexts().then((a) => a.map((s) => s.trim()));
const trRow = (page, name) => page.locator('#torrent_list .torrent').filter({ has: page.locator('.torrent_name', { hasText: new RegExp(`^${name.replace(/[.]/g, '\\.')}$`) }) });
const trStatus = (page, name) => txt(trRow(page, name).locator('.torrent_peer_details'));
const trProgress = (page, name) => txt(trRow(page, name).locator('.torrent_progress_details'));
const trCount = (page) => txt(page.locator('#filter-count'));
const trEnabled = async (page, id) => !/\bdisabled\b/.test((await page.getAttribute(id, 'class')) ?? '');
async function trInspector(page, name) {
  await trRow(page, name).click();
  await page.click('#toolbar-inspector');
  await page.locator('#torrent_inspector').waitFor({ state: 'visible', timeout: T });
  await waitFor(0, 'inspector name', async () => (await txt(page.locator('#torrent_inspector_name'))) === name);
}
async function trFilterText(page, text) {
  const box = page.locator('#torrent_search');
  await box.click();
  await box.press('Control+a');
  await box.press('Backspace');
  await box.pressSequentially(text);
}
async function trMenu(page, path) {
  await page.click('#settings_menu');
  const menu = page.locator('#footer_super_menu');
  await menu.waitFor({ state: 'visible', timeout: T });
  if (path.length > 1) await menu.locator(':scope > li', { hasText: path[0] }).first().hover();
  const item = page.locator(path.at(-1));
  await item.waitFor({ state: 'visible', timeout: T });
  await item.click();
}

const TRANSMISSION = {
  'transfer list at a glance': async (page, url) => {
    await trOpen(page, url);
    must((await trCount(page)) === '4 Transfers', 2, `count ${await trCount(page)}`);
    const names = await trNames(page);
    must(same(names, ['debian-12-netinst.iso', 'holiday-photos-2023', 'podcast-episodes', 'project-backup.tar']), 3, `names ${names}`);
    await waitFor(4, 'states', async () => (await trStatus(page, 'holiday-photos-2023')).startsWith('Seeding') && (await trStatus(page, 'project-backup.tar')).startsWith('Seeding')
      && (await trStatus(page, 'podcast-episodes')) === 'Paused' && (await trStatus(page, 'debian-12-netinst.iso')).startsWith('Downloading from 0 of 0 peers'));
    must((await trProgress(page, 'debian-12-netinst.iso')).startsWith('0 B of 2.00 MB (0.00%)') && (await trProgress(page, 'holiday-photos-2023')).startsWith('650.0 kB'), 5, 'progress');
  },
  'only the transfers that are seeding': async (page, url) => {
    await trOpen(page, url);
    await page.selectOption('#filter-mode', 'seeding');
    await waitFor(2, 'seeding only', async () => same(await trNames(page), ['holiday-photos-2023', 'project-backup.tar']));
    must((await trCount(page)) === '2 Transfers', 3, `count ${await trCount(page)}`);
    await page.selectOption('#filter-mode', 'paused');
    await waitFor(5, 'paused only', async () => same(await trNames(page), ['podcast-episodes']) && (await trCount(page)) === '1 Transfer');
  },
  'filter the list by typing part of a name': async (page, url) => {
    await trOpen(page, url);
    await trFilterText(page, 'photo');
    await waitFor(3, 'photo filter', async () => same(await trNames(page), ['holiday-photos-2023']) && (await trCount(page)) === '1 Transfer');
    await trFilterText(page, 'de');
    await waitFor(5, 'de filter', async () => same(await trNames(page), ['debian-12-netinst.iso', 'podcast-episodes']));
  },
  'resume the paused podcast download': async (page, url) => {
    await trOpen(page, url);
    await trRow(page, 'podcast-episodes').click();
    await waitFor(2, 'start enabled', async () => (await trEnabled(page, '#toolbar-start')) && (await trStatus(page, 'podcast-episodes')) === 'Paused');
    await page.click('#toolbar-start');
    await waitFor(4, 'downloading', async () => (await trStatus(page, 'podcast-episodes')).startsWith('Downloading from 0 of 0 peers'));
    await page.selectOption('#filter-mode', 'paused');
    await waitFor(5, 'no paused', async () => (await trNames(page)).length === 0 && (await trCount(page)) === '0 Transfers');
  },
  'pause everything at once': async (page, url) => {
    await trOpen(page, url);
    await page.click('#toolbar-pause-all');
    await waitFor(3, 'all paused', async () => (await page.locator('#torrent_list .torrent_peer_details').allInnerTexts()).every((s) => s.trim() === 'Paused'));
    await page.click('#toolbar-start-all');
    await waitFor(5, 'resumed', async () => (await trStatus(page, 'holiday-photos-2023')).startsWith('Seeding') && (await trStatus(page, 'project-backup.tar')).startsWith('Seeding') && (await trStatus(page, 'debian-12-netinst.iso')).startsWith('Downloading'));
    await waitFor(6, 'podcast downloading', async () => (await trStatus(page, 'podcast-episodes')).startsWith('Downloading') && !(await page.locator('#torrent_list .torrent_peer_details').allInnerTexts()).some((s) => s.trim() === 'Paused'));
  },
  'details of the holiday photos in the inspector': async (page, url) => {
    await trOpen(page, url);
    await trInspector(page, 'holiday-photos-2023');
    must(await page.locator('#inspector-page-info').isVisible(), 2, 'info tab not shown');
    const v = async (id) => txt(page.locator(`#inspector-info-${id}`));
    await waitFor(3, 'activity', async () => (await v('have')) === '650.0 kB (100%)' && (await v('state')) === 'Seeding' && (await v('error')) === 'None');
    must((await v('size')) === '650.0 kB (40 pieces @ 16.0 KiB)', 4, `size ${await v('size')}`);
    must((await v('comment')) === 'Summer holiday pictures', 4, `comment ${await v('comment')}`);
    must(/^[0-9a-f]{40}$/.test(await v('hash')), 4, `hash ${await v('hash')}`);
  },
  'the files inside the podcast transfer': async (page, url) => {
    await trOpen(page, url);
    await trInspector(page, 'podcast-episodes');
    await page.click('#inspector-tab-files');
    const list = page.locator('#inspector_file_list');
    await waitFor(3, 'file tree', async () => (await list.locator('.inspector_torrent_file_list_entry_name').count()) === 5);
    const all = await list.locator('li').evaluateAll((lis) => lis.map((li) => ({
      name: li.querySelector('.inspector_torrent_file_list_entry_name')?.innerText.trim(),
      indent: parseInt(li.style.marginLeft, 10) || 0,
      progress: li.querySelector('.inspector_torrent_file_list_entry_progress')?.innerText.trim(),
      wanted: li.querySelector('input.file_wanted_control')?.checked,
      normal: li.querySelector('.normal')?.classList.contains('selected'),
    })));
    // the tree also holds the folders podcast-episodes and notes; show-notes.txt sits one level below notes
    const notes = all.find((r) => r.name === 'notes');
    must(notes && all.find((r) => r.name === 'show-notes.txt')?.indent > notes.indent, 3, `tree ${JSON.stringify(all)}`);
    const rows = all.filter((r) => /\.(mp3|txt)$/.test(r.name));
    const names = rows.map((r) => r.name);
    must(same([...names].sort(), ['episode-01.mp3', 'episode-02.mp3', 'show-notes.txt']), 3, `files ${names}`);
    must(rows.every((r) => /^0 B of .+ \(0\.00%\)$/.test(r.progress)) && rows.find((r) => r.name === 'episode-02.mp3').progress === '0 B of 420.0 kB (0.00%)', 4, `progress ${JSON.stringify(rows)}`);
    must(rows.every((r) => r.wanted && r.normal), 5, `wanted/priority ${JSON.stringify(rows)}`);
  },
  'add a transfer from a magnet link': async (page, url) => {
    await trOpen(page, url);
    await page.click('#toolbar-open');
    await page.locator('#upload_container').waitFor({ state: 'visible', timeout: T });
    must((await txt(page.locator('#upload_container .dialog_heading'))) === 'Upload Torrent Files' && (await page.isChecked('#torrent_auto_start')), 2, 'dialog');
    await page.fill('#torrent_upload_url', 'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=team-handbook.pdf');
    await page.click('#upload_confirm_button');
    await waitFor(4, 'new transfer', async () => (await trRow(page, 'team-handbook.pdf').count()) === 1 && /retrieving metadata/.test(await trProgress(page, 'team-handbook.pdf')));
    await waitFor(5, 'count', async () => (await trCount(page)) === '5 Transfers');
  },
  'remove the podcast transfer': async (page, url) => {
    await trOpen(page, url);
    await trRow(page, 'podcast-episodes').click();
    await waitFor(1, 'remove enabled', () => trEnabled(page, '#toolbar-remove'));
    await page.click('#toolbar-remove');
    const dlg = page.locator('#dialog_container');
    await dlg.waitFor({ state: 'visible', timeout: T });
    must((await txt(dlg.locator('#dialog_heading'))) === 'Remove podcast-episodes?' && (await txt(dlg.locator('#dialog_message'))).includes('continuing the transfer will require the torrent file'), 2, 'dialog text');
    must((await txt(page.locator('#dialog_confirm_button'))) === 'Remove', 3, 'button label');
    await page.click('#dialog_confirm_button');
    await waitFor(4, 'removed', async () => same(await trNames(page), ['debian-12-netinst.iso', 'holiday-photos-2023', 'project-backup.tar']) && (await trCount(page)) === '3 Transfers');
  },
  'change of mind when removing': async (page, url) => {
    await trOpen(page, url);
    await trRow(page, 'project-backup.tar').click();
    await waitFor(2, 'remove enabled', () => trEnabled(page, '#toolbar-remove'));
    await page.click('#toolbar-remove');
    await page.locator('#dialog_container').waitFor({ state: 'visible', timeout: T });
    await page.click('#dialog_cancel_button');
    await page.locator('#dialog_container').waitFor({ state: 'hidden', timeout: T });
    await page.waitForTimeout(1500);
    must((await trRow(page, 'project-backup.tar').count()) === 1 && (await trStatus(page, 'project-backup.tar')).startsWith('Seeding'), 3, 'project-backup gone');
    must((await trCount(page)) === '4 Transfers', 4, `count ${await trCount(page)}`);
  },
  'rename a transfer from the right-click menu': async (page, url) => {
    await trOpen(page, url);
    await trRow(page, 'project-backup.tar').click({ button: 'right' });
    const menu = page.locator('ul.ui-contextmenu, #torrent_context_menu').filter({ hasText: 'Rename' }).first();
    await menu.waitFor({ state: 'visible', timeout: T });
    const item = (label) => menu.locator('li', { hasText: label }).first();
    for (const label of ['Pause', 'Remove From List…', 'Set Location…', 'Rename…']) must(await item(label).isVisible(), 2, `no ${label}`);
    must(/ui-state-disabled/.test(await item('Resume').getAttribute('class')), 2, 'Resume enabled');
    await item('Rename…').click();
    await page.locator('#rename_container').waitFor({ state: 'visible', timeout: T });
    await page.fill('#torrent_rename_name', 'project-backup-2024.tar');
    await page.click('#rename_confirm_button');
    await waitFor(4, 'renamed', async () => (await trNames(page)).includes('project-backup-2024.tar') && !(await trNames(page)).includes('project-backup.tar'));
    must((await trStatus(page, 'project-backup-2024.tar')).startsWith('Seeding') && (await trProgress(page, 'project-backup-2024.tar')).startsWith('500.0 kB'), 5, 'state');
  },
  'sort the transfers by size': async (page, url) => {
    await trOpen(page, url);
    await trMenu(page, ['Sort Transfers By', '#sort_by_size']);
    await waitFor(3, 'by size', async () => same(await trNames(page), ['project-backup.tar', 'holiday-photos-2023', 'podcast-episodes', 'debian-12-netinst.iso']));
    await trMenu(page, ['Sort Transfers By', '#reverse_sort_order']);
    await waitFor(5, 'reversed', async () => same(await trNames(page), ['debian-12-netinst.iso', 'podcast-episodes', 'holiday-photos-2023', 'project-backup.tar']));
  },
  'a download speed limit is kept': async (page, url) => {
    await trOpen(page, url);
    await page.click('#prefs-button');
    await page.locator('#prefs-dialog').waitFor({ state: 'visible', timeout: T });
    await page.click('#prefs-tab-speed a');
    await page.check('#speed-limit-down-enabled');
    await page.fill('#speed-limit-down', '250');
    await page.press('#speed-limit-down', 'Tab');
    await page.locator('.ui-dialog:has(#prefs-dialog) .ui-dialog-titlebar-close, #prefs-dialog .ui-tab-dialog-close').first().click();
    await page.locator('#prefs-dialog').waitFor({ state: 'hidden', timeout: T });
    await page.waitForTimeout(500);
    await trOpen(page, url);
    await page.click('#prefs-button');
    await page.locator('#prefs-dialog').waitFor({ state: 'visible', timeout: T });
    await page.click('#prefs-tab-speed a');
    await waitFor(4, 'limit kept', async () => (await page.isChecked('#speed-limit-down-enabled')) && (await page.inputValue('#speed-limit-down')) === '250');
    must(!(await page.isChecked('#speed-limit-up-enabled')), 5, 'upload limit ticked');
  },
  'switch the alternative speed limits on and off': async (page, url) => {
    await trOpen(page, url);
    const tb = page.locator('#turtle-button');
    await waitFor(2, 'enable tooltip', async () => (await tb.getAttribute('title')) === 'Click to enable Temporary Speed Limits (50 kB/s up,50 kB/s down)');
    await tb.click();
    await waitFor(4, 'pressed', async () => /\bselected\b/.test(await tb.getAttribute('class')) && /^Click to disable Temporary Speed Limits/.test(await tb.getAttribute('title')));
    await tb.click();
    await waitFor(6, 'released', async () => !/\bselected\b/.test(await tb.getAttribute('class')) && /^Click to enable Temporary Speed Limits/.test(await tb.getAttribute('title')));
  },
  'last activity of a transfer that never transferred anything': async (page, url) => {
    await trOpen(page, url);
    must((await trProgress(page, 'project-backup.tar')).includes('uploaded 0 B'), 1, 'something was uploaded');
    await trInspector(page, 'project-backup.tar');
    const last = page.locator('#inspector-info-last-activity');
    await waitFor(2, 'last activity filled', async () => (await txt(last)).length > 1);
    const v = await txt(last);
    const days = /^(\d+) days ago$/.exec(v);
    must(!(days && Number(days[1]) > 365) && (/^(Never|None|Active now)$/.test(v) || /(seconds?|minutes?) ago$/.test(v)), 3, `Last Activity says "${v}" for a transfer that never transferred anything`);
  },
  'the tracker filter names the tracker': async (page, url) => {
    await trOpen(page, url);
    await trInspector(page, 'debian-12-netinst.iso');
    await page.click('#inspector-tab-trackers');
    const list = page.locator('#inspector_trackers_list');
    await waitFor(3, 'tracker listed', async () => (await txt(list)).includes('Tier 1') && (await list.locator('.tracker_host').allInnerTexts()).map((s) => s.trim()).join('|') === 'http://127.0.0.1:9');
    const opts = (await page.locator('#filter-tracker option').allInnerTexts()).map((s) => s.trim());
    must(opts.length === 2 && opts[0] === 'All' && opts[1] === '127.0.0.1', 4, `the tracker drop-down offers ${JSON.stringify(opts)} for the tracker http://127.0.0.1:9`);
  },
};

// ------------------------------------------------------------------ verdaccio

const VD_ALL = ['@corpus/eslint-config', '@corpus/ui-kit', 'color-shades', 'http-retry-helper', 'tiny-date-format'];
async function vdHome(page, url) {
  await page.goto(url);
  await waitFor(0, 'package list', async () => (await page.locator('[data-testid="package-title"]').count()) === 5);
}
const vdTitles = (page) => page.locator('[data-testid="package-title"]').allInnerTexts().then((a) => a.map((s) => s.trim()));
/** The home-page card of a package: the list items from its title down to the next title. */
async function vdCard(page, name) {
  return page.evaluate((n) => {
    const items = [...document.querySelectorAll('li')].filter((li) => li.parentElement && !li.parentElement.closest('li'));
    const out = [];
    let on = false;
    for (const li of items) {
      const t = li.querySelector('[data-testid="package-title"]');
      if (t) { if (on) break; on = t.innerText.trim() === n; }
      if (on) out.push(li.innerText);
    }
    return out.join('\n').replace(/\s+/g, ' ').trim();
  }, name);
}
async function vdSearch(page, text) {
  const box = page.locator('#search-header-suggest');
  await box.click();
  await box.fill('');
  await box.pressSequentially(text, { delay: 20 });
}
const vdOptions = (page) => page.locator('[role=listbox] [role=option] .css-lucr2k, [role=listbox] [role=option] > div:first-child > span:first-child > span:first-child').allInnerTexts().then((a) => [...new Set(a.map((s) => s.trim()))]);
async function vdDetail(page, url, name) {
  await page.goto(`${url}-/web/detail/${name}`);
  await page.locator('[data-testid="sidebar"]').waitFor({ timeout: T });
  await waitFor(0, 'sidebar filled', async () => (await txt(page.locator('[data-testid="sidebar"]'))).includes(name));
}
const vdSidebar = (page) => txt(page.locator('[data-testid="sidebar"]'));
async function vdTab(page, tab) {
  await page.click(`[data-testid="${tab}-tab"]`);
  await page.locator(`[data-testid="${tab}-tab"][aria-selected=true]`).waitFor({ timeout: T });
}
const vdVersions = (page) => page.locator('[data-testid^="version-"][data-testid]:not([data-testid="version-layout"]):not([data-testid="version-list-link"]):not([data-testid="version-list-text"]):not([data-testid="version-footer"])')
  .evaluateAll((els) => els.filter((e) => e.tagName === 'LI').map((e) => e.getAttribute('data-testid').slice('version-'.length)));
async function vdLoginDialog(page) {
  await page.click('[data-testid="header--button-login"]');
  await page.locator('#login--dialog-username').waitFor({ timeout: T });
}
const vdBg = (page) => page.evaluate(() => {
  const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(document.body).backgroundColor);
  return m ? (Number(m[1]) + Number(m[2]) + Number(m[3])) / 3 : -1;
});

const VERDACCIO = {
  'the registry home page lists every package': async (page, url) => {
    await vdHome(page, url);
    must(same(await vdTitles(page), VD_ALL), 2, `titles ${await vdTitles(page)}`);
    const retry = await vdCard(page, 'http-retry-helper');
    const tiny = await vdCard(page, 'tiny-date-format');
    must(retry.includes('v3.1.4') && tiny.includes('v1.2.0') && !tiny.includes('beta'), 3, `versions: ${retry} / ${tiny}`);
    const cs = await vdCard(page, 'color-shades');
    must(/Lighten and darken hex colours color css Bruno Keller v2\.0\.0 .* ISC$/.test(cs), 4, `color-shades card: ${cs}`);
  },
  'search suggestions while typing': async (page, url) => {
    await vdHome(page, url);
    await vdSearch(page, 'date');
    await waitFor(2, 'two suggestions', async () => same(await vdOptions(page), ['tiny-date-format', '@corpus/ui-kit']));
    const opts = await page.locator('[role=listbox] [role=option]').allInnerTexts().then((a) => a.map((s) => s.replace(/\s+/g, ' ').trim()));
    must(opts[0].includes('1.2.0') && opts[1].includes('0.3.0'), 2, `versions ${opts}`);
    must(opts[0].includes('Format dates with tiny patterns') && opts[1].includes('Shared buttons, dialogs and date pickers'), 3, `descriptions ${opts}`);
    await vdSearch(page, '@corpus');
    await waitFor(5, '@corpus suggestions', async () => same(await vdOptions(page), ['@corpus/eslint-config', '@corpus/ui-kit']));
  },
  'a search that finds nothing': async (page, url) => {
    await vdHome(page, url);
    await vdSearch(page, 'zzz-no-such-package');
    await waitFor(3, 'no results', async () => (await page.locator('.MuiAutocomplete-noOptions').count()) === 1 && (await txt(page.locator('.MuiAutocomplete-noOptions'))) === 'No results found' && (await page.locator('[role=option]').count()) === 0);
  },
  'open a package from the search suggestions': async (page, url) => {
    await vdHome(page, url);
    await vdSearch(page, 'shades');
    const opt = page.locator('[role=listbox] [role=option]', { hasText: 'color-shades' });
    await opt.waitFor({ timeout: T });
    await opt.click();
    await waitFor(3, 'color-shades page', async () => page.url().endsWith('/-/web/detail/color-shades') && (await page.locator('[data-testid="readme-tab"][aria-selected=true]').count()) === 1);
    const readme = page.locator('[data-testid="readme"]');
    await waitFor(4, 'usage', async () => (await readme.locator('h2', { hasText: 'Usage' }).count()) === 1 && (await txt(readme.locator('pre'))).includes('lighten("#336699", 0.2)'));
    const side = await vdSidebar(page);
    must(side.includes('Latest v2.0.0') && side.includes('License: ISC'), 5, `sidebar ${side}`);
  },
  'the side panel of http-retry-helper': async (page, url) => {
    await vdHome(page, url);
    await page.locator('[data-testid="package-title"]', { hasText: 'http-retry-helper' }).click();
    await page.locator('[data-testid="sidebar"]').waitFor({ timeout: T });
    await waitFor(2, 'sidebar', async () => { const s = await vdSidebar(page); return s.startsWith('http-retry-helper') && s.includes('Retry failed HTTP requests with backoff') && s.includes('Latest v3.1.4'); });
    const inst = (await page.locator('[data-testid^="installListItem-"]').allInnerTexts()).map((s) => s.trim());
    must(same(inst, ['npm install http-retry-helper@3.1.4', 'yarn add http-retry-helper@3.1.4', 'pnpm install http-retry-helper@3.1.4']), 3, `install ${inst}`);
    const side = await vdSidebar(page);
    const kw = (await page.locator('[data-testid="keyword-list"] .MuiChip-label').allInnerTexts()).map((s) => s.trim());
    must(side.includes('License: MIT') && same(kw, ['backoff', 'http', 'retry']) && side.includes('Alice Martin'), 4, `sidebar ${side} keywords ${kw}`);
  },
  'what the ui kit depends on': async (page, url) => {
    await vdHome(page, url);
    await page.locator('[data-testid="package-title"]', { hasText: '@corpus/ui-kit' }).click();
    await page.locator('[data-testid="dependencies-tab"]').waitFor({ timeout: T });
    await vdTab(page, 'dependencies');
    const panel = page.locator('[data-testid="version-layout"]');
    await waitFor(3, 'dependencies', async () => { const t = (await txt(panel)).toLowerCase(); return t.includes('dependencies (2)') && (await page.locator('.dep-tag').allInnerTexts()).join('|').includes('tiny-date-format: ^1.2.0|color-shades: ^2.0.0'); });
    const t = (await txt(panel)).toLowerCase();
    must(t.includes('peerdependencies (1)') && t.includes('react: >=18'), 4, `peer ${t}`);
    await page.locator('.dep-tag', { hasText: 'color-shades: ^2.0.0' }).click();
    await waitFor(6, 'color-shades page', async () => page.url().endsWith('/-/web/detail/color-shades') && (await vdSidebar(page)).includes('color-shades') && (await vdSidebar(page)).includes('Latest v2.0.0'));
  },
  'version history of tiny-date-format': async (page, url) => {
    await vdDetail(page, url, 'tiny-date-format');
    await vdTab(page, 'versions');
    await page.locator('[data-testid="versions"]').waitFor({ timeout: T });
    const v = await txt(page.locator('[data-testid="versions"]'));
    const tags = await page.locator('[data-testid^="tag-"]').allInnerTexts().then((a) => a.map((s) => s.replace(/\s+/g, ' ').trim()));
    must(/Current Tags \(2\)/i.test(v) && same(tags, ['next 2.0.0-beta.1', 'latest 1.2.0']), 2, `tags ${tags} in ${v}`);
    must(/Version History \(4\)/i.test(v) && same(await vdVersions(page), ['2.0.0-beta.1', '1.2.0', '1.1.0', '1.0.0']), 3, `history ${await vdVersions(page)}`);
  },
  'narrow the version list with a semver range': async (page, url) => {
    await vdDetail(page, url, 'tiny-date-format');
    await vdTab(page, 'versions');
    const box = page.locator('[data-testid="versions"] input');
    await box.fill('^1.0.0');
    await waitFor(3, '^1.0.0', async () => same(await vdVersions(page), ['1.2.0', '1.1.0', '1.0.0']));
    await box.fill('~1.1');
    await waitFor(5, '~1.1', async () => same(await vdVersions(page), ['1.1.0']));
  },
  'look at an older version': async (page, url) => {
    await vdDetail(page, url, 'tiny-date-format');
    await vdTab(page, 'versions');
    await page.locator('[data-testid="version-1.1.0"] a, [data-testid="version-1.1.0"] [data-testid="version-list-link"]').first().click();
    await waitFor(3, 'v1.1.0', async () => { const s = await vdSidebar(page); return /\bv1\.1\.0\b/.test(s) && !s.includes('Latest'); });
    must((await txt(page.locator('[data-testid="installListItem-npm"]'))) === 'npm install tiny-date-format@1.1.0', 4, 'install line');
    const kw = (await page.locator('[data-testid="keyword-list"] .MuiChip-label').allInnerTexts()).map((s) => s.trim());
    must(same(kw, ['date', 'format']), 5, `keywords ${kw}`);
  },
  'uplinks of a local package': async (page, url) => {
    await vdDetail(page, url, 'tiny-date-format');
    await vdTab(page, 'uplinks');
    await waitFor(3, 'no uplinks', async () => (await txt(page.locator('[data-testid="version-layout"]'))).includes('tiny-date-format has no uplinks.'));
  },
  'log in with the test account and out again': async (page, url, account) => {
    await vdHome(page, url);
    await vdLoginDialog(page);
    await page.fill('#login--dialog-username', account.username);
    await page.fill('#login--dialog-password', account.password);
    await page.click('#login--dialog-button-submit');
    await waitFor(3, 'logged in', async () => (await page.locator('[role=dialog]').count()) === 0 && (await page.locator('[data-testid="header--button-login"]').count()) === 0 && (await page.locator('[data-testid="logInDialogIcon"]').isVisible()));
    await page.click('[data-testid="logInDialogIcon"]');
    const menu = page.locator('[role=menu]');
    await menu.waitFor({ timeout: T });
    const m = await txt(menu);
    must(/Hi\s*qa/.test(m) && /Logout/i.test(m), 5, `menu ${m}`);
    await menu.locator('[role=menuitem]', { hasText: /Logout/i }).click();
    await waitFor(7, 'logged out', async () => page.locator('[data-testid="header--button-login"]').isVisible());
  },
  'a wrong password is rejected': async (page, url) => {
    await vdHome(page, url);
    await vdLoginDialog(page);
    must(await page.locator('#login--dialog-button-submit').isDisabled(), 2, 'login button enabled with empty fields');
    await page.fill('#login--dialog-username', 'qa');
    await page.fill('#login--dialog-password', 'hunter2');
    await page.click('#login--dialog-button-submit');
    await waitFor(4, 'error', async () => (await txt(page.locator('[role=dialog]'))).includes('Invalid username or password'));
    must(await page.locator('#login--dialog-username').isVisible(), 4, 'dialog closed');
    must((await page.locator('[data-testid="header--button-login"]').count()) === 1 && (await page.locator('[data-testid="logInDialogIcon"]').count()) === 0, 5, 'logged in');
  },
  'a package that does not exist': async (page, url) => {
    await page.goto(`${url}-/web/detail/left-pad`);
    await waitFor(2, 'not found', async () => (await txt(page.locator('body'))).includes("Sorry, we couldn't find it..."));
    await page.locator('button, a', { hasText: /go to the home page/i }).first().click();
    await waitFor(4, 'home', async () => same(await vdTitles(page), VD_ALL));
  },
  'switch the interface to German': async (page, url) => {
    await vdHome(page, url);
    await page.click('[data-testid="header--tooltip-settings"]');
    const dlg = page.locator('[role=dialog]');
    await dlg.waitFor({ timeout: T });
    await dlg.locator('[role=tab]', { hasText: /translations/i }).click();
    await dlg.getByText('German', { exact: true }).click();
    await waitFor(2, 'german dialog', async () => (await txt(dlg)).includes('Deutsch'));
    await dlg.locator('button').last().click();
    await dlg.waitFor({ state: 'detached', timeout: T });
    await waitFor(3, 'placeholder', async () => (await page.getAttribute('#search-header-suggest', 'placeholder')) === 'Pakete durchsuchen');
    must((await txt(page.locator('[data-testid="header--button-login"]'))).toLowerCase() === 'einloggen', 4, `login button ${await txt(page.locator('[data-testid="header--button-login"]'))}`);
    must(same(await vdTitles(page), VD_ALL), 5, 'names changed');
  },
  'dark theme': async (page, url) => {
    await vdHome(page, url);
    must((await vdBg(page)) > 200, 2, `background ${await vdBg(page)}`);
    await page.click('[data-testid="header--button--light"]');
    await waitFor(4, 'dark', async () => (await vdBg(page)) < 80 && (await page.locator('[data-testid="header--button--dark"]').count()) === 1);
    await page.click('[data-testid="header--button--dark"]');
    await waitFor(6, 'light again', async () => (await vdBg(page)) > 200);
  },
  'readme of the latest version': async (page, url) => {
    await vdHome(page, url);
    await page.locator('[data-testid="package-title"]', { hasText: 'tiny-date-format' }).click();
    await page.locator('[data-testid="sidebar"]').waitFor({ timeout: T });
    await waitFor(2, 'latest', async () => (await vdSidebar(page)).includes('Latest v1.2.0'));
    const readme = page.locator('[data-testid="readme"]');
    await waitFor(3, 'readme shown', async () => (await txt(readme)).length > 0);
    await page.waitForTimeout(500);
    const r = await txt(readme);
    must(/Usage/.test(r) && r.includes('format(new Date(2024, 0, 31), "YYYY-MM-DD")') && /Patterns/.test(r) && (await readme.locator('table').count()) === 1, 3, `the README shown under "Latest v1.2.0" is "${r}" (the 2.0.0-beta.1 readme)`);
  },
};

export const SCRIPTS = { ...ADMINER, ...TRANSMISSION, ...VERDACCIO };
