// Hand-written Playwright scripts for the Tabulator plans of set 8 (checks read the grid as shown).
import { T, must, waitFor, txt } from '../kit.mjs';

async function open(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await page.locator('body[data-loaded=yes] .tabulator-row').first().waitFor();
}
const ROW = '.tabulator-tableholder .tabulator-row';
/** The rows on screen: plot, holder, area, crop, since, paid (tick / cross), notes, selected. */
const rows = (page) => page.locator(ROW).evaluateAll((rs) => rs.map((r) => {
  const c = (f) => r.querySelector(`.tabulator-cell[tabulator-field=${f}]`);
  const mark = c('paid')?.querySelector('svg path')?.getAttribute('class');
  return { plot: Number(c('plot').innerText), holder: c('holder').innerText.trim(), area: Number(c('area').innerText), crop: c('crop').innerText.trim(),
    since: Number(c('since').innerText), paid: mark === 'tabulator-tick' ? 'tick' : mark === 'tabulator-cross' ? 'cross' : String(mark), notes: c('notes')?.innerText.trim(), selected: r.classList.contains('tabulator-selected') };
}));
const plots = async (page) => (await rows(page)).map((r) => r.plot);
const holders = async (page) => (await rows(page)).map((r) => r.holder);
const counter = async (page) => txt(page.locator('.tabulator-page-counter'));
const total = async (page) => txt(page.locator('.tabulator-calcs-bottom .tabulator-cell[tabulator-field=area]'));
const selectedLine = async (page) => txt(page.locator('#selected-count'));
const cell = (page, plot, field) => page.locator(ROW, { has: page.locator('.tabulator-cell[tabulator-field=plot]', { hasText: new RegExp(`^${plot}$`) }) }).locator(`.tabulator-cell[tabulator-field=${field}]`);
const title = (page, t) => page.locator('.tabulator-col', { has: page.locator('.tabulator-col-title', { hasText: t }) }).locator('.tabulator-col-title');
const pageButton = (page, name) => page.locator('.tabulator-paginator button', { hasText: new RegExp(`^${name}$`) });
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export const TABULATOR = {
  'the register at a glance': async (page, url) => {
    await open(page, url);
    await waitFor(2, 'plots 1-8', async () => same(await plots(page), [1, 2, 3, 4, 5, 6, 7, 8]) && (await holders(page))[0] === 'Agnes Whitfield' && (await counter(page)) === 'Showing 1-8 of 12 rows');
    await waitFor(3, 'total 1805, none selected', async () => (await total(page)) === '1805' && (await rows(page)).every((r) => !r.selected) && (await selectedLine(page)) === 'No plots selected');
  },
  'the second page': async (page, url) => {
    await open(page, url);
    await pageButton(page, 'Next').click();
    await waitFor(2, 'plots 9-12, page 2 active', async () => same(await plots(page), [9, 10, 11, 12]) && (await holders(page))[0] === 'Margaret Ellis'
      && (await txt(page.locator('.tabulator-page.active'))) === '2');
    const dis = async (n) => pageButton(page, n).isDisabled();
    await waitFor(3, 'Next/Last disabled, First/Prev enabled', async () => (await dis('Next')) && (await dis('Last')) && !(await dis('First')) && !(await dis('Prev')));
  },
  'smallest plots first': async (page, url) => {
    await open(page, url);
    await title(page, 'Area').click();
    await waitFor(2, '60 m² first', async () => { const r = await rows(page); return same(r.slice(0, 3).map((x) => x.holder), ['Siobhan Kerr', 'Owen Pryce', 'Isla Fraser']) && r.slice(0, 3).every((x) => x.area === 60); });
    await waitFor(3, 'no 250 on page 1', async () => (await rows(page)).every((x) => x.area !== 250));
  },
  'who has been here longest': async (page, url) => {
    await open(page, url);
    await title(page, 'Since').click();
    await waitFor(2, 'Mallory, Ellis, Whitfield', async () => same((await rows(page)).slice(0, 3).map((x) => `${x.holder} ${x.since}`), ['Derek Mallory 1998', 'Margaret Ellis 2001', 'Agnes Whitfield 2004']));
    await title(page, 'Since').click();
    await waitFor(4, 'Owen Pryce first', async () => { const r = (await rows(page))[0]; return r.holder === 'Owen Pryce' && r.since === 2023; });
  },
  'holders with "an" in their name': async (page, url) => {
    await open(page, url);
    await page.getByPlaceholder('filter holders').pressSequentially('an');
    await waitFor(2, 'three rows', async () => same(await holders(page), ['Hannah Osei', 'Siobhan Kerr', 'Lucy Brennan']) && (await counter(page)) === 'Showing 1-3 of 3 rows');
    await waitFor(3, 'total 310', async () => (await total(page)) === '310');
  },
  'bean growers': async (page, url) => {
    await open(page, url);
    await page.getByPlaceholder('any crop').click();
    await page.locator('.tabulator-edit-list-item', { hasText: /^Beans$/ }).click();
    await waitFor(2, 'two bean growers, 375', async () => same(await holders(page), ['Tomasz Nowak', 'Lucy Brennan']) && (await total(page)) === '375');
  },
  'swapping onions for squash': async (page, url) => {
    await open(page, url);
    await cell(page, 3, 'crop').click();
    await waitFor(2, 'crop list', async () => same((await page.locator('.tabulator-edit-list .tabulator-edit-list-item').allInnerTexts()).map((s) => s.trim()), ['Beans', 'Herbs', 'Onions', 'Potatoes', 'Squash', 'Strawberries']));
    await page.locator('.tabulator-edit-list-item', { hasText: /^Squash$/ }).click();
    await waitFor(4, 'Squash; Ellis Onions', async () => {
      const r = await rows(page);
      await pageButton(page, 'Next').isVisible();
      return r.find((x) => x.plot === 3).crop === 'Squash' && (await page.evaluate(() => window.table.getRow(9).getData().crop)) === 'Onions';
    });
  },
  'rent received from Rajesh': async (page, url) => {
    await open(page, url);
    await cell(page, 6, 'paid').click();
    const box = cell(page, 6, 'paid').locator('input[type=checkbox]');
    await waitFor(2, 'empty tick box', async () => (await box.isVisible()) && !(await box.isChecked()) && (await cell(page, 6, 'paid').locator('svg').count()) === 0);
    await box.click();
    await waitFor(4, 'tick for Rajesh', async () => {
      const r = await rows(page);
      const all = await page.evaluate(() => window.table.getData().filter((d) => !d.paid).map((d) => d.holder));
      return r.find((x) => x.plot === 6).paid === 'tick' && r.find((x) => x.plot === 3).paid === 'cross' && same(all, ['Hannah Osei', 'Kwame Mensah']) || JSON.stringify([r.slice(2, 6).map((x) => x.paid), all]);
    });
  },
  'a note about the fence': async (page, url) => {
    await open(page, url);
    await cell(page, 5, 'notes').click();
    await page.locator('.tabulator-cell.tabulator-editing input').waitFor();
    await page.keyboard.type('Needs new fence');
    await page.keyboard.press('Enter');
    await waitFor(3, 'note saved', async () => (await rows(page)).find((x) => x.plot === 5).notes === 'Needs new fence' && (await page.locator('.tabulator-editing').count()) === 0);
  },
  'picking two plots': async (page, url) => {
    await open(page, url);
    await cell(page, 1, 'holder').click();
    await cell(page, 4, 'holder').click();
    await waitFor(2, 'two selected', async () => same((await rows(page)).filter((r) => r.selected).map((r) => r.plot), [1, 4]) && (await selectedLine(page)) === '2 plots selected');
    await cell(page, 1, 'holder').click();
    await waitFor(4, 'one selected', async () => same((await rows(page)).filter((r) => r.selected).map((r) => r.plot), [4]) && (await selectedLine(page)) === '1 plot selected');
  },
  'a new vacant plot': async (page, url) => {
    await open(page, url);
    await page.getByRole('button', { name: 'Add plot' }).click();
    await waitFor(2, 'plot 13 vacant', async () => { const r = (await rows(page)).find((x) => x.plot === 13); return !!r && r.holder === '(vacant)' && r.area === 60 && r.crop === 'Herbs' && r.paid === 'cross'; });
    await waitFor(3, '13 rows, 1865', async () => (await counter(page)).endsWith('of 13 rows') && (await total(page)) === '1865');
  },
  'four rows per page': async (page, url) => {
    await open(page, url);
    await page.locator('.tabulator-page-size').selectOption('4');
    await waitFor(2, 'plots 1-4, 3 pages', async () => same(await plots(page), [1, 2, 3, 4]) && (await counter(page)) === 'Showing 1-4 of 12 rows'
      && same((await page.locator('.tabulator-pages .tabulator-page').allInnerTexts()).map((s) => s.trim()), ['1', '2', '3']));
    await page.locator('.tabulator-pages .tabulator-page', { hasText: /^3$/ }).click();
    await waitFor(4, 'plots 9-12', async () => same(await plots(page), [9, 10, 11, 12]));
  },
  'no need for the notes': async (page, url) => {
    await open(page, url);
    await page.locator('.tabulator-col[tabulator-field=notes] .tabulator-header-popup-button').click();
    await page.locator('.tabulator-menu .tabulator-menu-item', { hasText: 'Hide column' }).click();
    await waitFor(2, 'notes hidden', async () => {
      const titles = (await page.locator('.tabulator-col:visible .tabulator-col-title').allInnerTexts()).map((s) => s.replace('⋮', '').trim());
      return same(titles, ['Plot', 'Holder', 'Area (m²)', 'Main crop', 'Since', 'Rent paid']) && !(await txt(page.locator('.tabulator-tableholder'))).includes('Committee chair') || JSON.stringify(titles);
    });
  },
  'clearing out unpaid plots': async (page, url) => {
    await open(page, url);
    await cell(page, 3, 'holder').click();
    await cell(page, 6, 'holder').click();
    await waitFor(1, 'two selected', async () => (await selectedLine(page)) === '2 plots selected');
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await waitFor(3, 'rows gone, 10 rows, No plots selected', async () => {
      const h = await holders(page);
      return !h.includes('Hannah Osei') && !h.includes('Rajesh Patel') && (await counter(page)).endsWith('of 10 rows') && (await selectedLine(page)) === 'No plots selected' || `${await selectedLine(page)} / ${await counter(page)}`;
    }, 3000);
  },
};
