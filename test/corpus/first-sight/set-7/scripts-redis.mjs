// Hand-written Playwright scripts for the Redis Commander plans of set 7.
import { T, must, txt, waitFor } from '../kit.mjs';

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A tree node by its label (folders read "product:* (4)", keys their last part, e.g. "101"). */
const node = (page, label) => page.locator('.jstree-anchor').filter({ hasText: new RegExp(`^${esc(label)}( \\(\\d+\\))?$`) }).first();
const treeText = (page) => txt(page.locator('.jstree').first());
const pane = (page) => page.locator('#body');

async function signIn(page, url, account = { username: 'baker', password: 'Sourdough-77' }) {
  page.setDefaultTimeout(T);
  page.on('dialog', (d) => d.accept());
  await page.goto(url);
  await page.locator('#signinUsername').waitFor({ state: 'visible', timeout: T });
  await page.waitForTimeout(400);
  // the dialog can reset its fields while the page is still starting up: sign in again if the tree stays away
  for (let i = 0; ; i++) {
    if (await page.locator('#signinButton').isVisible()) {
      await page.fill('#signinUsername', account.username);
      await page.fill('#signinPassword', account.password);
      await page.click('#signinButton');
    }
    try {
      await node(page, 'bestsellers').waitFor({ timeout: i < 2 ? 5000 : T });
      return;
    } catch (err) {
      if (i >= 2) throw err;
    }
  }
}
async function expand(page, folder) {
  const li = node(page, `${folder}:*`).locator('xpath=..');
  const isOpen = () => li.evaluate((e) => e.classList.contains('jstree-open') && e.querySelectorAll('li').length > 0);
  for (let i = 0; i < 3; i++) {
    if (await isOpen()) return;
    await li.locator('xpath=./i[contains(@class,"jstree-ocl")]').click();
    for (let j = 0; j < 20 && !(await isOpen()); j++) await page.waitForTimeout(150);
  }
  if (!(await isOpen())) throw new Error(`step 0: ${folder} does not expand`);
}
async function open(page, folder, key, step) {
  if (folder) await expand(page, folder);
  const full = folder ? `${folder}:${key}` : key;
  const shown = async () => (await txt(pane(page))).includes(`Key: ${full}`);
  for (let i = 0; i < 4 && !(await shown()); i++) {
    if (folder && !(await node(page, key).isVisible())) {
      // the tree may still show the folder's old children after an edit: close and reopen it
      await page.waitForTimeout(500);
      const li = node(page, `${folder}:*`).locator('xpath=..');
      if (await li.evaluate((e) => e.classList.contains('jstree-open'))) await li.locator('xpath=./i[contains(@class,"jstree-ocl")]').click();
      await expand(page, folder);
      continue;
    }
    await node(page, key).click({ timeout: 3000 }).catch(() => {});
    for (let j = 0; j < 25 && !(await shown()); j++) await page.waitForTimeout(200);
  }
  await waitFor(step, `${full} shown`, async () => (await shown()) || `${await txt(pane(page))} / tree: ${await treeText(page)}`);
}
/** The rows of the table on the right, each as an array of cell texts. */
const rows = (page) => pane(page).locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].filter((c) => c.offsetParent !== null).map((c) => c.innerText.trim())));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
async function folderCount(page, folder) {
  const t = await txt(node(page, `${folder}:*`));
  return Number(/\((\d+)\)/.exec(t)?.[1]);
}
async function children(page, folder) {
  const li = node(page, `${folder}:*`).locator('xpath=..');
  return li.locator('ul .jstree-anchor').allInnerTexts();
}
async function cli(page, command) {
  await page.locator('#commandLine').click();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
}
const modal = (page) => page.locator('.modal:visible').first();
/** Wait until a dialog has faded in (it moves the focus to its first box when it is shown). */
const settle = async (page) => { await page.locator('.modal.in').first().waitFor({ state: 'visible', timeout: T }); await page.waitForTimeout(600); };
/** Right-click a tree node and pick an entry of its context menu (retried: the tree may be redrawing). */
async function contextMenu(page, label, entry) {
  const item = page.locator('.vakata-context a', { hasText: entry });
  for (let i = 0; i < 3; i++) {
    await node(page, label).click({ button: 'right' });
    try { await item.waitFor({ state: 'visible', timeout: 3000 }); break; } catch { await page.keyboard.press('Escape'); }
  }
  await item.click();
}

export const REDIS = {
  'what the key tree shows after signing in': async (page, url, account) => {
    await signIn(page, url, account);
    const t = await treeText(page);
    for (const f of ['Bakery cache', 'bestsellers', 'config:*', 'orders:*', 'product:*', 'recipe:*', 'session:*', 'shop:*', 'tags:*']) must(t.includes(f), 2, `tree lacks ${f}: ${t}`);
    must(await folderCount(page, 'product') === 4 && await folderCount(page, 'shop') === 3, 3, 'folder counts');
  },
  'looking at the sourdough loaf': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'product', '101', 2);
    const t = await txt(pane(page));
    must(t.includes('Key: product:101') && t.includes('Type: Hash'), 3, t);
    must(same(await rows(page), [['name', 'Sourdough loaf'], ['price', '4.50'], ['stock', '12']]), 3, JSON.stringify(await rows(page)));
  },
  'croissants get cheaper': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'product', '103', 1);
    await pane(page).locator('tr', { hasText: 'price' }).dblclick();
    await settle(page);
    await modal(page).locator('textarea').fill('1.75');
    await modal(page).locator('button', { hasText: 'Save' }).click();
    await waitFor(3, 'price 1.75', async () => same(await rows(page), [['name', 'Croissant'], ['price', '1.75'], ['stock', '40']]) || JSON.stringify(await rows(page)));
  },
  'orders waiting in the queue': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'orders', 'queue', 1);
    const t = await txt(pane(page));
    must(t.includes('List (3 Items)'), 2, t);
    must(same(await rows(page), [['0', 'ord-5001'], ['1', 'ord-5002'], ['2', 'ord-5003']]), 2, JSON.stringify(await rows(page)));
    must(t.includes('TTL: -1'), 3, t);
  },
  'a new order goes to the back of the queue': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'orders', 'queue', 1);
    await page.getByRole('button', { name: 'Add New Value...' }).click();
    await settle(page);
    await modal(page).locator('#typeRpush').check();
    await modal(page).locator('textarea').fill('ord-5004');
    await modal(page).locator('button', { hasText: 'Save' }).click();
    await waitFor(3, '4 items', async () => same(await rows(page), [['0', 'ord-5001'], ['1', 'ord-5002'], ['2', 'ord-5003'], ['3', 'ord-5004']]) || JSON.stringify(await rows(page)));
    must((await txt(pane(page))).includes('List (4 Items)'), 3, 'count');
  },
  'who sells best': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, null, 'bestsellers', 2);
    const t = await txt(pane(page));
    must(t.includes('Sorted Set (4 Members)'), 3, t);
    const r = await rows(page);
    must(same(r, [['0', '340', 'Croissant'], ['1', '280', 'Sourdough loaf'], ['2', '210', 'Cinnamon roll'], ['3', '95', 'Rye bread']]), 3, JSON.stringify(r));
  },
  'apple tart joins the ranking': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, null, 'bestsellers', 1);
    await page.getByRole('button', { name: 'Add New Member...' }).click();
    await settle(page);
    await modal(page).locator('#addZSetScore').fill('150');
    await modal(page).locator('textarea').fill('Apple tart');
    await modal(page).locator('button', { hasText: 'Save' }).click();
    await waitFor(3, '5 members', async () => (await txt(pane(page))).includes('Sorted Set (5 Members)') || (await txt(pane(page))));
    const names = (await rows(page)).map((r) => r[2]);
    must(same(names, ['Croissant', 'Sourdough loaf', 'Cinnamon roll', 'Apple tart', 'Rye bread']), 3, names.join());
  },
  'vegan products': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'tags', 'vegan', 1);
    must((await txt(pane(page))).includes('Set (2 Members)'), 2, 'count');
    const m = (await rows(page)).map((r) => r[0]).sort();
    must(same(m, ['product:102', 'product:103']), 2, m.join());
  },
  'a phone number for the shop': async (page, url, account) => {
    await signIn(page, url, account);
    await contextMenu(page, 'shop:*', 'Add Key');
    await page.locator('#keyValue').waitFor({ state: 'visible', timeout: T });
    // the dialog moves the focus to its Key box once it has faded in; fill the fields after that
    await page.waitForFunction(() => document.activeElement?.id === 'keyValue', null, { timeout: T }).catch(() => {});
    await page.fill('#keyValue', 'shop:phone');
    must(await page.locator('#keyType').inputValue() === 'string', 3, 'type');
    await page.fill('#newStringValue', '+44 20 7946 0321');
    await page.click('#saveKeyButton');
    await waitFor(4, 'shop holds 4', async () => (await folderCount(page, 'shop')) === 4 || (await treeText(page)));
    await open(page, 'shop', 'phone', 4);
    must(await pane(page).locator('textarea').first().inputValue() === '+44 20 7946 0321', 4, 'value');
  },
  'brioche becomes a product': async (page, url, account) => {
    await signIn(page, url, account);
    await contextMenu(page, 'product:*', 'Add Key');
    await page.locator('#keyValue').waitFor({ state: 'visible', timeout: T });
    // the dialog moves the focus to its Key box once it has faded in; fill the fields after that
    await page.waitForFunction(() => document.activeElement?.id === 'keyValue', null, { timeout: T }).catch(() => {});
    await page.fill('#keyValue', 'product:105');
    await page.selectOption('#keyType', 'hash');
    await page.fill('#newFieldName', 'name');
    await page.fill('#newStringValue', 'Brioche');
    await page.click('#saveKeyButton');
    await waitFor(3, 'product holds 5', async () => (await folderCount(page, 'product')) === 5 || (await treeText(page)));
    await open(page, 'product', '105', 3);
    must((await txt(pane(page))).includes('Type: Hash') && same(await rows(page), [['name', 'Brioche']]), 3, JSON.stringify(await rows(page)));
  },
  'the session is about to expire': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'session', '7f3a', 1);
    const t = await txt(pane(page));
    const ttl = Number(/TTL: (-?\d+)/.exec(t)?.[1]);
    must(t.includes('Type: string') && ttl > 0 && ttl <= 3600, 2, t);
    must(await pane(page).locator('textarea').first().inputValue() === 'user=maria', 2, 'value');
  },
  'throwing the motto away': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'shop', 'motto', 1);
    await pane(page).getByRole('button', { name: 'Delete Key' }).click();
    await waitFor(3, 'motto gone', async () => (await folderCount(page, 'shop')) === 2 || (await treeText(page)));
    await expand(page, 'shop');
    const c = await children(page, 'shop');
    must(same(c, ['name', 'opening-hours']), 3, c.join());
  },
  'asking the console': async (page, url, account) => {
    await signIn(page, url, account);
    await cli(page, 'HGET product:102 name');
    await waitFor(3, 'Rye bread', async () => (await txt(page.locator('#commandLineOutput'))).includes('"Rye bread"') || (await txt(page.locator('#commandLineOutput'))));
    await cli(page, 'DBSIZE');
    await waitFor(5, '13', async () => /DBSIZE\s*13\b/.test(await txt(page.locator('#commandLineOutput'))) || (await txt(page.locator('#commandLineOutput'))));
  },
  'renaming the opening hours': async (page, url, account) => {
    await signIn(page, url, account);
    await expand(page, 'shop');
    await contextMenu(page, 'opening-hours', 'Rename Key');
    await page.locator('#renamedKeyName').waitFor({ state: 'visible', timeout: T });
    await settle(page);
    await page.fill('#renamedKeyName', 'shop:hours');
    await modal(page).locator('button', { hasText: 'Save' }).click();
    await waitFor(3, 'renamed', async () => { await expand(page, 'shop'); const c = await children(page, 'shop'); return same(c, ['hours', 'motto', 'name']) || c.join(); });
  },
  'a sold-out product loses its stock field': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'product', '104', 1);
    await pane(page).locator('tr', { hasText: 'stock' }).dblclick();
    await settle(page);
    await modal(page).locator('button', { hasText: 'Remove Field' }).click();
    await waitFor(3, 'two fields', async () => same(await rows(page), [['name', 'Pain au chocolat'], ['price', '2.20']]) || JSON.stringify(await rows(page)));
  },
  "clearing out grandma's recipe": async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'recipe', "grandma's rye", 2);
    must(same(await rows(page), [['flour', '500 g'], ['water', '350 ml'], ['salt', '10 g']]), 3, JSON.stringify(await rows(page)));
    await pane(page).getByRole('button', { name: 'Delete Key' }).click();
    await waitFor(5, "grandma's rye gone from the tree (Delete Key does nothing for a key with an apostrophe)", async () => !(await treeText(page)).includes('recipe:*') || (await treeText(page)), 4000);
  },
  'the theme settings as a tree': async (page, url, account) => {
    await signIn(page, url, account);
    await open(page, 'config', 'theme', 1);
    await pane(page).getByRole('button', { name: 'View mode tree' }).click();
    await waitFor(3, 'JSON tree with amber and no error', async () => {
      const t = await txt(pane(page));
      return (t.includes('"color": "amber"') && !/no valid JSON|error/i.test(t)) || t;
    }, 4000);
  },
};
