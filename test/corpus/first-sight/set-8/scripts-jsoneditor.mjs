// Hand-written Playwright scripts for the JSONEditor plans of set 8 (checks read the tree as shown and the
// document through the page's `editor.get()`).
import { T, must, waitFor, txt } from '../kit.mjs';

async function open(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await page.locator('body[data-loaded=yes] div.jsoneditor-tree-inner').waitFor();
}
const doc = (page) => page.evaluate(() => window.editor.get());
const ROWS = 'div.jsoneditor-tree-inner > table.jsoneditor-tree > tbody > tr';
/** The first row whose field (or array index) is `field`, optionally the n-th match. */
const row = (page, field, n = 0) => page.locator(ROWS).filter({ has: page.locator('.jsoneditor-field, .jsoneditor-readonly', { hasText: new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) }).nth(n);
/** Visible rows as "field : value" / "field {n}" lines. */
const shown = (page) => page.locator(ROWS).evaluateAll((rs) => rs.filter((r) => r.offsetParent).map((r) => r.innerText.replace(/\s+/g, ' ').trim()).filter(Boolean));
async function actions(page, r, item, sub) {
  await r.locator('button.jsoneditor-contextmenu-button').click();
  const menu = page.locator('.jsoneditor-contextmenu');
  const entry = menu.locator('button', { hasText: new RegExp(`^${item}$`) }).first();
  if (sub) {
    await entry.hover();
    await entry.click();
    await menu.locator(`button.jsoneditor-type-${sub.toLowerCase()}`).first().click();
  } else await entry.click();
}
async function mode(page, name) {
  await page.locator('button.jsoneditor-modes').click();
  await page.locator('.jsoneditor-contextmenu button', { hasText: new RegExp(`^${name}$`) }).click();
  await page.locator('button.jsoneditor-modes', { hasText: name }).waitFor();
}
const expand = (page, r) => r.locator('button.jsoneditor-collapsed').click();
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const text = (page) => page.locator('textarea.jsoneditor-text').inputValue();

export const JSONEDITOR = {
  'what the settings contain': async (page, url) => {
    await open(page, url);
    await waitFor(2, 'seven entries in order', async () => same(await shown(page), ['orchard.json {7}', 'orchard : Hollow Lane Community Orchard', 'established : 2009', 'open_to_public : true', 'manager {3}', 'trees [4]', 'watering {4}', 'volunteers : 17']));
    for (const f of ['manager', 'trees', 'watering']) must((await row(page, f).locator('button.jsoneditor-collapsed').count()) === 1, 3, `${f} collapsed`);
  },
  'looking inside the tree list': async (page, url) => {
    await open(page, url);
    await expand(page, row(page, 'trees'));
    await waitFor(2, 'items 0-3', async () => { const s = await shown(page); const i = s.indexOf('trees [4]'); return same(s.slice(i + 1, i + 5), ['0 {4}', '1 {4}', '2 {4}', '3 {4}']); });
    await expand(page, row(page, '2'));
    await waitFor(4, 'Victoria', async () => { const s = await shown(page); const i = s.indexOf('2 {4}'); return same(s.slice(i + 1, i + 5), ['variety : Victoria', 'kind : plum', 'planted : 2015', 'rows : 1']); });
  },
  'everything expanded': async (page, url) => {
    await open(page, url);
    await page.locator('button.jsoneditor-expand-all').click();
    await waitFor(2, 'days and rain_sensor', async () => { const s = await shown(page); const i = s.indexOf('days [3]'); return i > 0 && same(s.slice(i + 1, i + 4), ['0 : Mon', '1 : Wed', '2 : Fri']) && s.includes('rain_sensor : null'); });
    await waitFor(3, 'email visible', async () => (await shown(page)).includes('email : priya@hollowlane.example'));
  },
  'finding the pear tree': async (page, url) => {
    await open(page, url);
    await page.locator('.jsoneditor-search input').pressSequentially('pear');
    await waitFor(2, '1 result, pear highlighted', async () => {
      const hl = await page.locator('.jsoneditor-highlight').evaluateAll((es) => es.filter((e) => e.offsetParent).map((e) => e.innerText));
      const kindRow = page.locator(ROWS).filter({ has: page.locator('.jsoneditor-value.jsoneditor-highlight') });
      return (await txt(page.locator('.jsoneditor-search .jsoneditor-results'))) === '1 result' && same(hl, ['pear'])
        && (await kindRow.count()) === 1 && (await kindRow.isVisible()) && (await txt(kindRow.locator('.jsoneditor-field'))) === 'kind' || JSON.stringify([hl, await txt(page.locator('.jsoneditor-search .jsoneditor-results')), await kindRow.isVisible()]);
    });
  },
  'where the phone number lives': async (page, url) => {
    await open(page, url);
    await expand(page, row(page, 'manager'));
    await row(page, 'phone').locator('.jsoneditor-value').click();
    await waitFor(2, 'path', async () => (await txt(page.locator('.jsoneditor-navigation-bar'))).replace(/\s/g, '') === 'orchard.json►manager►phone');
  },
  'youngest trees first': async (page, url) => {
    await open(page, url);
    await actions(page, row(page, 'trees'), 'Sort');
    await page.locator('.jsoneditor-modal #field').selectOption('.planted');
    await page.locator('.jsoneditor-modal input[value=Descending]').click();
    await page.locator('.jsoneditor-modal #ok').click();
    await expand(page, row(page, 'trees')).catch(() => {});
    await waitFor(3, 'Morello first', async () => {
      const s = await shown(page);
      return same((await doc(page)).trees.map((t) => t.variety), ['Morello', 'Victoria', 'Conference', 'Bramley']) && s.includes('3 {4}');
    });
  },
  'taking back a sort': async (page, url) => {
    await open(page, url);
    await actions(page, row(page, 'trees'), 'Sort');
    await page.locator('.jsoneditor-modal #field').selectOption('.variety');
    await page.locator('.jsoneditor-modal input[value=Descending]').click();
    await page.locator('.jsoneditor-modal #ok').click();
    await waitFor(1, 'sorted', async () => (await doc(page)).trees[0].variety === 'Victoria');
    await page.locator('button.jsoneditor-undo').click();
    await waitFor(4, 'Bramley back first', async () => { const t = (await doc(page)).trees; return t[0].variety === 'Bramley' && t[3].variety === 'Morello'; });
  },
  'a second pear entry': async (page, url) => {
    await open(page, url);
    await expand(page, row(page, 'trees'));
    await actions(page, row(page, '1'), 'Duplicate');
    await waitFor(2, 'five, two Conference', async () => {
      const t = (await doc(page)).trees;
      return (await shown(page)).includes('trees [5]') && t.length === 5 && t[1].variety === 'Conference' && same(t[1], t[2]);
    });
  },
  'the cherry is cut down': async (page, url) => {
    await open(page, url);
    await expand(page, row(page, 'trees'));
    await actions(page, row(page, '3'), 'Remove');
    await waitFor(2, 'three, no Morello', async () => (await shown(page)).includes('trees [3]') && !JSON.stringify(await doc(page)).includes('Morello'));
  },
  'founding year as text': async (page, url) => {
    await open(page, url);
    await actions(page, row(page, 'established'), 'Type', 'String');
    await waitFor(1, 'string', async () => (await doc(page)).established === '2009');
    await mode(page, 'Text');
    await waitFor(3, 'quoted year', async () => { const t = await text(page); return t.includes('"established": "2009"') && t.includes('"volunteers": 17'); });
  },
  'more volunteers': async (page, url) => {
    await open(page, url);
    const v = row(page, 'volunteers').locator('.jsoneditor-value');
    await v.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('21');
    await page.keyboard.press('Enter');
    await waitFor(2, '21 as number', async () => (await txt(v)) === '21' && (await v.getAttribute('class')).includes('jsoneditor-number') && (await doc(page)).volunteers === 21);
    await mode(page, 'Code');
    await waitFor(4, 'code has 21', async () => (await page.evaluate(() => window.editor.getText())).includes('"volunteers": 21') && (await page.locator('.ace_editor').isVisible()) && (await txt(page.locator('button.jsoneditor-modes'))).startsWith('Code'));
  },
  'closing the orchard to the public': async (page, url) => {
    await open(page, url);
    const r = row(page, 'open_to_public');
    await r.locator('input[type=checkbox]').click();
    await waitFor(2, 'false, unticked', async () => (await txt(r.locator('.jsoneditor-value'))) === 'false' && !(await r.locator('input[type=checkbox]').isChecked()) && (await doc(page)).open_to_public === false);
  },
  'keeping only the manager': async (page, url) => {
    await open(page, url);
    await actions(page, row(page, 'manager'), 'Extract');
    await waitFor(2, 'collapsed {3}', async () => same(await shown(page), ['orchard.json {3}']) || JSON.stringify(await shown(page)));
    await expand(page, page.locator(ROWS).first());
    await waitFor(4, 'manager only', async () => same(await shown(page), ['orchard.json {3}', 'name : Priya Raman', 'phone : +44 20 7946 0321', 'email : priya@hollowlane.example']) || JSON.stringify(await shown(page)));
  },
  'squeezing the JSON onto one line': async (page, url) => {
    await open(page, url);
    await mode(page, 'Text');
    await waitFor(2, 'indented', async () => { const t = await text(page); return t.startsWith('{\n  "orchard": "Hollow Lane Community Orchard"') && t.split('\n').length > 20; });
    await page.locator('button.jsoneditor-compact').click();
    await waitFor(4, 'one line', async () => { const t = await text(page); return !t.includes('\n') && t.startsWith('{"orchard":"Hollow Lane Community Orchard","established":2009'); });
  },
  'fixing a hand-typed document': async (page, url) => {
    await open(page, url);
    await mode(page, 'Text');
    const ta = page.locator('textarea.jsoneditor-text');
    await ta.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText("{'orchard': 'Hollow Lane', volunteers: 18}");
    await page.locator('button.jsoneditor-repair').click();
    await waitFor(3, 'repaired', async () => (await text(page)) === '{"orchard": "Hollow Lane", "volunteers": 18}');
    await mode(page, 'Tree');
    await waitFor(5, 'two entries', async () => same(await shown(page), ['{2}', 'orchard : Hollow Lane', 'volunteers : 18']) || same(await shown(page), ['orchard.json {2}', 'orchard : Hollow Lane', 'volunteers : 18']));
  },
  'read-only view': async (page, url) => {
    await open(page, url);
    await mode(page, 'View');
    await waitFor(2, 'View, no action buttons', async () => (await txt(page.locator('button.jsoneditor-modes'))).startsWith('View') && (await page.locator('button.jsoneditor-contextmenu-button').count()) === 0);
    await row(page, 'volunteers').locator('.jsoneditor-value').click();
    await page.keyboard.type('5');
    await waitFor(3, 'still 17', async () => (await txt(row(page, 'volunteers').locator('.jsoneditor-value'))) === '17' && (await doc(page)).volunteers === 17);
  },
  'only apples': async (page, url) => {
    await open(page, url);
    await actions(page, row(page, 'trees'), 'Transform');
    const m = page.locator('.jsoneditor-modal');
    await m.locator('#filterField').selectOption({ label: 'kind' });
    await m.locator('#filterRelation').selectOption('==');
    await m.locator('#filterValue').fill('apple');
    await m.locator('#ok').click();
    await waitFor(3, 'one Bramley', async () => (await shown(page)).includes('trees [1]') && same((await doc(page)).trees, [{ variety: 'Bramley', kind: 'apple', planted: 2010, rows: 4 }]));
  },
  'a copy of the volunteer count': async (page, url) => {
    await open(page, url);
    await actions(page, row(page, 'volunteers'), 'Duplicate');
    await waitFor(2, 'the copy is shown as "volunteers (copy)"', async () => {
      const s = await shown(page);
      return (s[0] === 'orchard.json {8}' && s[s.length - 2] === 'volunteers : 17' && s[s.length - 1] === 'volunteers (copy) : 17') || JSON.stringify(s.slice(-2));
    }, 3000);
  },
  'calling watering irrigation': async (page, url) => {
    await open(page, url);
    await row(page, 'watering').locator('.jsoneditor-field').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('irrigation');
    await page.keyboard.press('Enter');
    const box = await page.locator('div.jsoneditor-tree').first().boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 40);
    await waitFor(3, 'key reads irrigation', async () => {
      const s = await shown(page);
      return s.includes('irrigation {4}') || JSON.stringify([s.find((x) => x.startsWith('irrigation')), Object.keys(await doc(page))]);
    }, 3000);
  },
};
