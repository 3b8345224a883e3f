// Hand-written Playwright scripts for the Quill plans of set 10 (checks read the editor and the page as shown).
import { T, must, waitFor, txt } from '../kit.mjs';

const ED = '#editor .ql-editor';
async function open(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(url);
  await page.locator('body[data-loaded=yes]').waitFor();
}
/** Selects the text from `from` to the end of `to` (both looked up in the editor's text nodes), as a mouse drag would. */
async function select(page, from, to = from) {
  await page.locator(ED).focus();
  await page.evaluate(([sel, a, b]) => {
    const root = document.querySelector(sel);
    const nodes = [];
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (w.nextNode()) nodes.push(w.currentNode);
    const find = (s, end) => { for (const n of nodes) { const i = n.data.indexOf(s); if (i >= 0) return [n, end ? i + s.length : i]; } throw new Error(`no text "${s}"`); };
    const [sn, so] = find(a, false);
    const [en, eo] = find(b, true);
    const r = document.createRange();
    r.setStart(sn, so); r.setEnd(en, eo);
    const s = document.getSelection(); s.removeAllRanges(); s.addRange(r);
  }, [ED, from, to]);
  await page.waitForTimeout(150);
}
/** Puts the caret just after `text`. */
async function caretAfter(page, text) {
  await page.locator(ED).focus();
  await page.evaluate(([sel, t]) => {
    const w = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
    while (w.nextNode()) { const n = w.currentNode; const i = n.data.indexOf(t); if (i >= 0) { const r = document.createRange(); r.setStart(n, i + t.length); r.collapse(true); const s = document.getSelection(); s.removeAllRanges(); s.addRange(r); return; } }
    throw new Error(`no text "${t}"`);
  }, [ED, text]);
  await page.waitForTimeout(150);
}
/** Puts the caret at the very end of the newsletter, as clicking after its last word does. */
async function caretAtEnd(page) {
  await page.locator(`${ED} > :last-child`).click({ position: { x: 2, y: 5 } });
  await page.keyboard.press('End');
  await page.waitForTimeout(150);
}
const counts = (page) => txt(page.locator('#counts'));
const tool = (page, title) => page.locator(`#toolbar [title="${title}"]`);
const active = async (page, title) => (await tool(page, title).getAttribute('class')).includes('ql-active');
const headerLabel = (page) => page.locator('#toolbar .ql-header .ql-picker-label').evaluate((e) => getComputedStyle(e, '::before').content.replace(/"/g, ''));
const blocks = (page) => page.locator(ED).evaluate((e) => [...e.children].map((c) => `${c.tagName}:${c.innerText.trim()}`));
const items = (page) => page.locator(`${ED} li`).evaluateAll((ls) => ls.map((l) => `${l.dataset.list}:${l.innerText.trim()}`));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const EVENTS = ['Litter pick on the riverbank', 'Plant sale at the vicarage', 'Choir concert in the church'];
const tooltip = (page) => page.locator('#editor .ql-tooltip');

export const QUILL = {
  'the draft as it opens': async (page, url) => {
    await open(page, url);
    await waitFor(1, 'blocks', async () => {
      const b = await blocks(page);
      return b[0] === 'H1:Spring newsletter' && b[1].startsWith('P:Dear neighbours, the spring fair is on Saturday 17 April') && b[2] === 'H2:Coming up' && same(await items(page), EVENTS.map((e) => `bullet:${e}`));
    });
    await waitFor(2, 'counter', async () => (await counts(page)) === 'Words: 44 · Characters: 258');
    const s = page.locator('#summary .ql-editor');
    must((await s.innerText()).trim() === '' && (await s.getAttribute('class')).includes('ql-blank') && (await s.evaluate((e) => getComputedStyle(e, '::before').content)) === '"Write a one-line summary…"', 3, 'summary box not empty with its hint');
  },
  'what the toolbar shows inside the bold phrase': async (page, url) => {
    await open(page, url);
    await page.locator(`${ED} strong`).click();
    await waitFor(2, 'bold lit only', async () => (await active(page, 'Bold')) && !(await active(page, 'Italic')) && !(await active(page, 'Underline')));
    must((await headerLabel(page)) === 'Normal', 3, `style "${await headerLabel(page)}"`);
  },
  'the style drop-down follows the cursor': async (page, url) => {
    await open(page, url);
    await page.locator(`${ED} h2`).click();
    await waitFor(2, 'Heading 2', async () => (await headerLabel(page)) === 'Heading 2');
    await page.locator(`${ED} h1`).click();
    await waitFor(4, 'Heading 1', async () => (await headerLabel(page)) === 'Heading 1');
  },
  'adding a fourth event': async (page, url) => {
    await open(page, url);
    await caretAfter(page, 'Choir concert in the church');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Quiz night in the village hall');
    await waitFor(3, 'four items', async () => same(await items(page), [...EVENTS, 'Quiz night in the village hall'].map((e) => `bullet:${e}`)));
    await waitFor(4, 'counter', async () => (await counts(page)) === 'Words: 50 · Characters: 289');
  },
  'undoing a typing slip': async (page, url) => {
    await open(page, url);
    await caretAtEnd(page);
    await page.keyboard.type(' Bring a friend!');
    const last = async () => (await blocks(page)).at(-1);
    await waitFor(3, 'typed', async () => (await last()).endsWith('parish website. Bring a friend!') && (await counts(page)).startsWith('Words: 47 '));
    await page.keyboard.press('Control+z');
    await waitFor(5, 'undone', async () => (await last()).endsWith('parish website.') && (await counts(page)) === 'Words: 44 · Characters: 258');
  },
  'numbering the events': async (page, url) => {
    await open(page, url);
    await select(page, 'Litter', 'church');
    await tool(page, 'Numbered list').click();
    await waitFor(3, 'numbered', async () => same(await items(page), EVENTS.map((e) => `ordered:${e}`))
      && same(await page.locator(`${ED} li`).evaluateAll((ls) => ls.map((l) => getComputedStyle(l.querySelector('.ql-ui'), '::before').content)), ['counter(list-0) ". "', 'counter(list-0) ". "', 'counter(list-0) ". "']));
    await waitFor(4, 'numbered lit, bulleted not', async () => (await active(page, 'Numbered list')) && !(await active(page, 'Bulleted list')));
  },
  'striking out a cancelled event': async (page, url) => {
    await open(page, url);
    await select(page, 'Plant sale at the vicarage');
    await tool(page, 'Strike-through').click();
    await waitFor(3, 'only the plant sale struck', async () => same(await page.locator(`${ED} li`).evaluateAll((ls) => ls.map((l) => !!l.querySelector('s') && l.querySelector('s').innerText === l.innerText.trim())), [false, true, false]));
  },
  'italic welcome': async (page, url) => {
    await open(page, url);
    await select(page, 'Everyone is welcome.');
    await tool(page, 'Italic').click();
    await waitFor(3, 'only the welcome italic', async () => same(await page.locator(`${ED} p`).first().evaluate((p) => [...p.querySelectorAll('em')].map((e) => e.innerText)), ['Everyone is welcome.']));
    must(await active(page, 'Italic'), 4, 'Italic not active');
  },
  'the link bubble': async (page, url) => {
    await open(page, url);
    await page.locator(`${ED} a`, { hasText: 'parish website' }).click();
    await waitFor(2, 'bubble', async () => {
      const t = tooltip(page);
      const label = await t.evaluate((e) => getComputedStyle(e, '::before').content);
      return (await t.isVisible()) && label === '"Visit URL:"' && (await txt(t.locator('a.ql-preview'))) === 'https://harbourview-parish.example/spring'
        && (await t.locator('a.ql-action').evaluate((e) => getComputedStyle(e, '::after').content)) === '"Edit"' && (await t.locator('a.ql-remove').evaluate((e) => getComputedStyle(e, '::before').content)) === '"Remove"';
    });
    await tooltip(page).locator('a.ql-remove').click();
    await waitFor(4, 'plain text, bubble gone', async () => (await page.locator(`${ED} a`).count()) === 0 && (await txt(page.locator(`${ED} p`).last())) === 'Read the full programme on the parish website.' && !(await tooltip(page).isVisible()));
  },
  'linking the village green': async (page, url) => {
    await open(page, url);
    await select(page, 'village green');
    await tool(page, 'Link').click();
    const box = tooltip(page).locator('input[type=text]');
    await box.fill('https://harbourview-parish.example/green');
    await box.press('Enter');
    await waitFor(3, 'linked', async () => (await page.locator(`${ED} a`, { hasText: /^village green$/ }).getAttribute('href')) === 'https://harbourview-parish.example/green');
    await page.locator(`${ED} a`, { hasText: /^village green$/ }).click();
    await waitFor(5, 'bubble with the url', async () => (await tooltip(page).isVisible()) && (await txt(tooltip(page).locator('a.ql-preview'))) === 'https://harbourview-parish.example/green');
  },
  "colouring the fair's name red": async (page, url) => {
    await open(page, url);
    await select(page, 'spring fair');
    await page.locator('#toolbar .ql-color .ql-picker-label').click();
    await page.locator('#toolbar .ql-color .ql-picker-item').nth(1).click();
    await waitFor(3, 'red and bold', async () => page.locator(ED).evaluate((e) => {
      const w = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      while (w.nextNode()) if (w.currentNode.data.includes('spring fair')) { const el = w.currentNode.parentElement; return getComputedStyle(el).color === 'rgb(198, 40, 40)' && Number(getComputedStyle(el).fontWeight) >= 700; }
      return false;
    }));
  },
  'flattening a sub-heading': async (page, url) => {
    await open(page, url);
    await select(page, 'Coming up');
    await tool(page, 'Remove formatting').click();
    await waitFor(3, 'paragraph, Normal', async () => (await blocks(page))[2] === 'P:Coming up' && (await headerLabel(page)) === 'Normal');
  },
  'saving without a summary': async (page, url) => {
    await open(page, url);
    await page.locator('#save').click();
    await waitFor(2, 'red message', async () => (await txt(page.locator('#status'))) === 'Write a summary before saving' && (await page.locator('#status').evaluate((e) => getComputedStyle(e).color)) === 'rgb(176, 0, 32)');
    must(same((await page.locator('#versions li').allInnerTexts()).map((s) => s.trim()), ['None yet']), 3, 'versions listed');
  },
  'saving two versions of the draft': async (page, url) => {
    await open(page, url);
    await page.locator('#summary .ql-editor').click();
    await page.keyboard.type("Spring fair and what's coming up");
    await page.locator('#save').click();
    const versions = async () => (await page.locator('#versions li').allInnerTexts()).map((s) => s.trim());
    await waitFor(3, 'version 1', async () => (await txt(page.locator('#status'))) === 'Draft saved (version 1)' && same(await versions(), ["Spring fair and what's coming up — 44 words"]));
    await caretAtEnd(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Thanks');
    await page.locator('#save').click();
    await waitFor(5, 'version 2', async () => { const v = await versions(); return v.length === 2 && v[1].endsWith('45 words') && (await txt(page.locator('#status'))) === 'Draft saved (version 2)'; });
  },
  'previewing the newsletter at phone width': async (page, url) => {
    await open(page, url);
    await page.locator('#preview-button').click();
    const box = page.locator('#preview');
    await waitFor(2, 'preview shown', async () => (await page.locator('#preview-box > h2').innerText()) === 'Preview (phone width)' && (await box.isVisible())
      && (await txt(box.locator('h1'))) === 'Spring newsletter' && (await txt(box.locator('p').first())).startsWith('Dear neighbours, the spring fair')
      && same((await box.locator('ul li').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()), EVENTS));
    await waitFor(3, 'the paragraph wraps and nothing scrolls sideways', async () => {
      const [sw, cw, lines] = await box.evaluate((e) => { const p = e.querySelector('p'); return [e.scrollWidth, e.clientWidth, Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight || '18') || 0)]; });
      return (sw <= cw && lines > 1) || `scrollWidth ${sw} > clientWidth ${cw}; the paragraph is one line`;
    }, 3000);
  },
};
