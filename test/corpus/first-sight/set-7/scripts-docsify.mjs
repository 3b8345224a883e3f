// Hand-written Playwright scripts for the Docsify plans of set 7.
import { T, must, txt, waitFor } from '../kit.mjs';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const section = (page) => page.locator('.markdown-section');

async function home(page, url) {
  page.setDefaultTimeout(T);
  await page.goto(url);
  await page.locator('section.cover.show').waitFor({ timeout: T });
  await section(page).locator('h1').first().waitFor({ timeout: T });
}
async function openPage(page, url, label, step) {
  await home(page, url);
  await page.locator('.sidebar-nav > ul > li > a', { hasText: label }).click();
  await waitFor(step, `${label} page`, async () => (await txt(section(page).locator('h1').first())) === label || (await txt(section(page).locator('h1').first())));
}
const inView = (loc) => loc.evaluate((e) => { const r = e.getBoundingClientRect(); return r.top >= -1 && r.top < window.innerHeight; });
const tableRows = (loc) => loc.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.innerText.trim())));
async function search(page, q) {
  // the plugin builds its index from all pages after the first render; type once it is there
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.includes('docsify.search.index')), null, { timeout: T }).catch(() => {});
  for (let i = 0; i < 3; i++) {
    await page.locator('.search input').fill('');
    await page.locator('.search input').fill(q);
    for (let j = 0; j < 15; j++) {
      await page.waitForTimeout(200);
      if ((await page.locator('.results-panel').innerText().catch(() => '')).trim()) return;
    }
  }
}
const results = (page) => page.locator('.results-panel .matching-post').evaluateAll((ps) => ps.map((p) => ({ title: p.querySelector('h2')?.innerText.trim(), text: p.querySelector('p')?.innerText.trim() })));

export const DOCSIFY = {
  'the cover page': async (page, url) => {
    await home(page, url);
    const c = await txt(page.locator('section.cover'));
    must(c.includes('Cape Wren Lighthouse Handbook') && c.includes('Keeping the light on the Wren Rocks since 1872'), 2, c);
    const buttons = await page.locator('section.cover p:last-of-type a').allInnerTexts();
    must(same(buttons.map((b) => b.trim()), ['Start reading', 'Emergencies']), 3, buttons.join());
  },
  'starting to read': async (page, url) => {
    await home(page, url);
    await page.locator('section.cover a', { hasText: 'Start reading' }).click();
    await waitFor(2, 'Welcome in view', () => inView(page.locator('#welcome')));
    const nav = (await page.locator('.sidebar-nav > ul > li > a').allInnerTexts()).map((s) => s.trim());
    must(same(nav, ['Home', 'Daily duties', 'The lamp', 'Weather log', 'Emergencies', 'Visitors']), 3, nav.join());
  },
  'who keeps the night watch': async (page, url) => {
    await home(page, url);
    await section(page).locator('table').scrollIntoViewIfNeeded();
    const r = await tableRows(section(page).locator('table'));
    must(r.length === 3 && same(r[2], ['Femi Adeyemi', 'Assistant keeper', 'Night (22:00–06:00)']) && same(r[0].slice(0, 2), ['Ines Carvalho', 'Principal keeper']), 2, JSON.stringify(r));
    must((await txt(section(page).locator('p.warn'))).includes('The rota changes every first Monday of the month'), 3, 'note');
  },
  'straight to the emergencies': async (page, url) => {
    await home(page, url);
    await page.locator('section.cover a', { hasText: 'Emergencies' }).click();
    await waitFor(2, 'Emergencies page', async () => (await txt(section(page).locator('h1'))) === 'Emergencies' || (await txt(section(page).locator('h1'))));
    await waitFor(2, 'title Emergencies', async () => (await page.title()) === 'Emergencies' || page.title());
    const order = await section(page).evaluate((s) => [...s.children].map((e) => e.tagName + ':' + e.innerText.trim().slice(0, 80)));
    const warn = order.findIndex((o) => o.includes('call the coastguard first'));
    const table = order.findIndex((o) => o.startsWith('TABLE'));
    must(warn >= 0 && warn < table && order[warn].startsWith('P'), 3, order.join(' / '));
    must((await section(page).locator('p.tip').first().getAttribute('class')) === 'tip', 3, 'warning box');
    const r = await tableRows(section(page).locator('table'));
    must(same(r[0], ['Coastguard', '999 or VHF channel 16']), 3, JSON.stringify(r));
  },
  'the handover routine': async (page, url) => {
    await openPage(page, url, 'Daily duties', 1);
    const steps = await section(page).locator('#handover ~ ol').first().locator('li').allInnerTexts();
    must(steps.length === 3 && steps[1].replace(/\.$/, '') === 'Walk the gallery and check the lamp is turning', 2, steps.join(' | '));
    const round = await section(page).locator('#morning-round ~ ul').first().locator('li').allInnerTexts();
    must(round.length === 3 && round[2].includes('Sweep the tower stairs') && round[2].includes('112'), 3, round.join(' | '));
  },
  'what a log book entry looks like': async (page, url) => {
    await openPage(page, url, 'Daily duties', 1);
    const code = await section(page).locator('pre code').innerText();
    must(code.trim() === '06:00  Visibility good, wind SW 4. Lamp lit, rotation 20 s.', 2, JSON.stringify(code));
    const last = await section(page).evaluate((s) => { const e = s.lastElementChild; return `${e.tagName}.${e.className}:${e.innerText.trim()}`; });
    must(last === 'P.tip:Never leave the tower without signing the log book.', 3, last);
  },
  'sections of the lamp page': async (page, url) => {
    await openPage(page, url, 'The lamp', 1);
    const active = page.locator('.sidebar-nav > ul > li.active');
    must((await active.count()) === 1 && (await txt(active.locator('> a'))) === 'The lamp', 2, 'active');
    const subs = await active.locator('ul li a').allInnerTexts();
    must(same(subs.map((s) => s.trim()), ['Specifications', 'Cleaning the lens', 'Changing the bulb']), 2, subs.join());
    const others = await page.locator('.sidebar-nav > ul > li:not(.active) ul').count();
    must(others === 0, 3, `${others} other sub-lists`);
  },
  'lamp specifications': async (page, url) => {
    await openPage(page, url, 'The lamp', 1);
    const r = Object.fromEntries(await tableRows(section(page).locator('table')));
    must(r.Range === '18 nautical miles' && r.Character === 'Fl(2) W 20s', 2, JSON.stringify(r));
    const bold = await section(page).locator('p').first().locator('strong').innerText();
    must(bold === 'two white flashes every 20 seconds', 3, bold);
  },
  'jumping to fog and mist': async (page, url) => {
    await openPage(page, url, 'Weather log', 1);
    await page.locator('.sidebar-nav a', { hasText: 'Fog & mist' }).click();
    await waitFor(3, 'fog section', async () => page.url().endsWith('?id=fog-amp-mist') && (await inView(page.locator('#fog-amp-mist'))) || page.url());
    const act = await page.locator('.sidebar-nav li.active > a').allInnerTexts();
    must(act.some((a) => a.trim() === 'Fog & mist'), 3, act.join());
    must((await txt(page.locator('#fog-amp-mist ~ p').first())).includes('write FOG ON in the log book'), 4, 'FOG ON');
  },
  'how windy is a gale': async (page, url) => {
    await openPage(page, url, 'Weather log', 1);
    const r = await tableRows(section(page).locator('table'));
    must(same(r.map((x) => x[0]), ['0', '4', '8', '10']) && r[2][1] === 'Gale' && r[3][1] === 'Storm', 2, JSON.stringify(r));
    must(!r.some((x) => x[0] === '12'), 3, 'force 12');
  },
  'ticket prices': async (page, url) => {
    await openPage(page, url, 'Visitors', 1);
    const r = await tableRows(section(page).locator('table'));
    must(same(r, [['Adult', '£6.50'], ['Child (5–15)', '£3.00'], ['Family (2 adults, 2 children)', '£16.00'], ['Under 5', 'Free']]), 2, JSON.stringify(r));
    must((await txt(section(page).locator('p.warn'))) === 'Dogs are welcome in the visitor centre but not in the tower.', 3, 'dogs');
  },
  'searching for chamois': async (page, url) => {
    await home(page, url);
    await search(page, 'chamois');
    await waitFor(2, 'one result', async () => { const r = await results(page); return (r.length === 1 && r[0].title === 'Cleaning the lens') || JSON.stringify(r); });
    await page.locator('.results-panel .matching-post a').first().click();
    await waitFor(4, 'lamp page at cleaning', async () => page.url().endsWith('#/lamp?id=cleaning-the-lens') && (await inView(page.locator('#cleaning-the-lens'))) || page.url());
    must((await txt(page.locator('#cleaning-the-lens ~ p').first())).includes('every Tuesday'), 4, 'Tuesday');
  },
  'a search with no hits': async (page, url) => {
    await home(page, url);
    await search(page, 'zebra');
    await waitFor(2, 'No results!', async () => (await txt(page.locator('.results-panel'))) === 'No results!' || (await txt(page.locator('.results-panel'))));
    must((await page.locator('.results-panel .matching-post').count()) === 0, 2, 'posts');
  },
  'clearing the search box': async (page, url) => {
    await home(page, url);
    await search(page, 'Tuesday');
    await waitFor(2, 'one result', async () => { const r = await results(page); return (r.length === 1 && r[0].title === 'Cleaning the lens') || JSON.stringify(r); });
    await page.locator('.search .clear-button').click();
    await waitFor(4, 'cleared', async () => (await page.locator('.search input').inputValue()) === '' && !(await page.locator('.results-panel').isVisible()));
  },
  'back to the cover through the site name': async (page, url) => {
    await openPage(page, url, 'Visitors', 1);
    await page.locator('.sidebar .app-name-link').click();
    await waitFor(3, 'cover shown', async () => (await page.locator('section.cover.show').isVisible()) && (await inView(page.locator('section.cover blockquote'))) && (await txt(page.locator('section.cover'))).includes('Keeping the light on the Wren Rocks since 1872'));
  },
  'searching for two words': async (page, url) => {
    await home(page, url);
    await search(page, 'paper towels');
    await waitFor(2, 'a single result quoting the sentence once', async () => {
      const r = await results(page);
      const n = r[0]?.text.split('Never use paper towels').length - 1;
      return (r.length === 1 && r[0].title === 'Cleaning the lens' && n === 1) || `${JSON.stringify(r)} (sentence ${n} times)`;
    }, 4000);
  },
  'search preview of bold text': async (page, url) => {
    await home(page, url);
    await search(page, 'flashes');
    await waitFor(2, 'plain-text preview without Markdown marks', async () => {
      const r = await results(page);
      const lamp = r.find((x) => x.title === 'The lamp');
      return (lamp && lamp.text.includes('two white flashes every 20 seconds') && !lamp.text.includes('*')) || JSON.stringify(r);
    }, 4000);
  },
};
