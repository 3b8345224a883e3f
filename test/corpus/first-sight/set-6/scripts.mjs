// Hand-written Playwright scripts for every plan of first-sight set 6: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { T, must, txt, waitFor } from '../kit.mjs';
import { SWAGGER, SHED } from './scripts-swagger.mjs';
import { PHPLDAPADMIN } from './scripts-phpldapadmin.mjs';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const norm = (s) => String(s).replace(/\s+/g, ' ').trim();
void SHED;

// ------------------------------------------------------------------ graphiql

const gqEditor = (page) => page.locator('.graphiql-query-editor .CodeMirror').first();
async function gqOpen(page, url) {
  await page.goto(url);
  await gqEditor(page).waitFor({ timeout: T });
  // the schema is fetched at start; wait until the docs know it so runs and docs are stable
  await page.waitForTimeout(300);
}
const gqQuery = (page) => gqEditor(page).evaluate((e) => e.CodeMirror.getValue());
async function gqType(page, text) {
  await gqEditor(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await page.waitForTimeout(400);
}
const gqResultText = (page) => page.locator('.graphiql-response .CodeMirror').first().evaluate((e) => e.CodeMirror.getValue());
/** Press run and wait for a new result; returns it parsed. */
async function gqRun(page, step) {
  const before = await gqResultText(page).catch(() => '');
  await page.click('button.graphiql-execute-button');
  let out;
  await waitFor(step, 'a result', async () => {
    const t = await gqResultText(page);
    if (!t || t === before) return t;
    out = JSON.parse(t);
    return true;
  });
  return out;
}
async function gqVariables(page, text) {
  await page.locator('.graphiql-editor-tools button', { hasText: /^Variables$/ }).click({ timeout: T });
  const ed = page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror').first();
  await ed.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await page.waitForTimeout(400);
}
const gqPlugin = (page) => page.locator('.graphiql-plugin').first();
async function gqDocs(page) {
  await page.click('button[aria-label="Show Documentation Explorer"]');
  await page.locator('.graphiql-doc-explorer').waitFor({ timeout: T });
  await waitFor(0, 'schema loaded', async () => (await txt(page.locator('.graphiql-doc-explorer'))).includes('Root Types') || 'no root types');
}

const GRAPHIQL = {
  'running the starter query': async (page, url) => {
    await gqOpen(page, url);
    const q = await gqQuery(page);
    const lines = q.split('\n');
    must(lines[0].startsWith('# Welcome to the Night Sky Observatory') && lines[1].startsWith('#') && /telescopes\s*\{\s*name\s*\}/.test(q), 2, `query ${q}`);
    const r = await gqRun(page, 4);
    must(same(r?.data?.telescopes?.map((t) => t.name), ['Halley', 'Herschel', 'Leavitt']), 4, JSON.stringify(r));
  },
  'which nebulae are in the catalogue': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, '{ targets(kind: NEBULA) { name constellation } }');
    const r = await gqRun(page, 3);
    must(same(r?.data?.targets, [{ name: 'Orion Nebula', constellation: 'Orion' }, { name: 'Crab Nebula', constellation: 'Taurus' }]), 3, JSON.stringify(r));
  },
  'looking up one object with a variable': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, 'query Lookup($id: ID!) { target(id: $id) { name kind magnitude } }');
    await gqVariables(page, '{"id": "M31"}');
    const r = await gqRun(page, 4);
    must(same(r?.data?.target, { name: 'Andromeda Galaxy', kind: 'GALAXY', magnitude: 3.4 }), 4, JSON.stringify(r));
  },
  'asking for a field that does not exist': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, '{ telescopes { name colour } }');
    const r = await gqRun(page, 3);
    must(!r.data && r.errors?.[0]?.message === 'Cannot query field "colour" on type "Telescope".', 3, JSON.stringify(r));
  },
  'booking a telescope that is being repaired': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, 'mutation { bookSession(telescope: "Leavitt", target: "M13", night: "2024-03-08", observer: "Ada Reyes") { id status } }');
    const r = await gqRun(page, 3);
    must(r.data === null && r.errors?.[0]?.message === 'Leavitt is in maintenance', 3, JSON.stringify(r));
  },
  'booking a session and seeing it planned': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, 'mutation { bookSession(telescope: "Herschel", target: "M51", night: "2024-03-15", observer: "Lena Park") { id status telescope { name } target { name } } }');
    const r = await gqRun(page, 2);
    must(same(r?.data?.bookSession, { id: 'S4', status: 'PLANNED', telescope: { name: 'Herschel' }, target: { name: 'Whirlpool Galaxy' } }), 2, JSON.stringify(r));
    await gqType(page, '{ sessions(status: PLANNED) { id observer } }');
    const r2 = await gqRun(page, 4);
    must(same(r2?.data?.sessions, [{ id: 'S3', observer: 'Ada Reyes' }, { id: 'S4', observer: 'Lena Park' }]), 4, JSON.stringify(r2));
  },
  'cannot cancel a finished session': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, 'mutation { cancelSession(id: "S1") { id status } }');
    const r = await gqRun(page, 2);
    must(r.errors?.[0]?.message === 'Session S1 is done, only planned sessions can be cancelled', 2, JSON.stringify(r));
  },
  'cancelling the planned session': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, 'mutation { cancelSession(id: "S3") { id status target { name } } }');
    const r = await gqRun(page, 2);
    must(same(r?.data?.cancelSession, { id: 'S3', status: 'CANCELLED', target: { name: 'Andromeda Galaxy' } }), 2, JSON.stringify(r));
    await gqType(page, '{ sessions(status: PLANNED) { id } }');
    const r2 = await gqRun(page, 4);
    must(same(r2?.data?.sessions, []), 4, JSON.stringify(r2));
  },
  'browsing the docs for the query root': async (page, url) => {
    await gqOpen(page, url);
    await gqDocs(page);
    const d = await txt(page.locator('.graphiql-doc-explorer'));
    must(d.includes('query: Query') && d.includes('mutation: Mutation'), 2, d);
    await page.locator('.graphiql-doc-explorer a', { hasText: /^Query$/ }).first().click();
    await waitFor(4, 'Query fields', async () => {
      const names = await page.locator('.graphiql-doc-explorer-field-name').allInnerTexts();
      return same(names, ['telescopes', 'targets', 'target', 'sessions']) || names.join(',');
    });
  },
  'what magnitude means': async (page, url) => {
    await gqOpen(page, url);
    await gqDocs(page);
    await page.locator('.graphiql-doc-explorer a', { hasText: /^Target$/ }).first().click();
    await waitFor(3, 'magnitude field', async () => {
      const d = await page.locator('.graphiql-doc-explorer-item').evaluateAll((items) => items.map((i) => i.innerText.replace(/\s+/g, ' ').trim()));
      return d.some((x) => x.startsWith('magnitude: Float!') && x.includes('Apparent magnitude (smaller is brighter)')) || d.join(' | ');
    });
  },
  'tidying up a one-line query': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, '{ telescopes { name apertureMm inMaintenance } }');
    await page.click('button[aria-label^="Prettify query"]');
    await waitFor(3, 'pretty query', async () => {
      const q = await gqQuery(page);
      return q.trim() === '{\n  telescopes {\n    name\n    apertureMm\n    inMaintenance\n  }\n}' || q;
    });
  },
  'prettify keeps my notes': async (page, url) => {
    await gqOpen(page, url);
    const q0 = await gqQuery(page);
    must(q0.startsWith('# Welcome to the Night Sky Observatory.'), 1, q0);
    await page.click('button[aria-label^="Prettify query"]');
    await waitFor(2, 'prettified', async () => (await gqQuery(page)) !== q0 || 'unchanged');
    const q = await gqQuery(page);
    must(q.includes('# Welcome to the Night Sky Observatory.') && q.includes('# Write a query on the left and press the run button.'), 3, `the comments are gone; editor: ${JSON.stringify(q)}`);
  },
  'history keeps what I ran': async (page, url) => {
    await gqOpen(page, url);
    await gqType(page, 'query Brightest { targets(kind: CLUSTER) { name magnitude } }');
    const r = await gqRun(page, 2);
    must(same(r?.data?.targets, [{ name: 'Pleiades', magnitude: 1.6 }, { name: 'Hercules Cluster', magnitude: 5.8 }]), 2, JSON.stringify(r));
    await page.click('button[aria-label="Show History"]');
    await waitFor(4, 'one history entry', async () => {
      const items = await page.locator('.graphiql-history-items li').allInnerTexts();
      return same(items.map(norm), ['Brightest']) || items.join(' | ');
    });
  },
  'working in a second tab': async (page, url) => {
    await gqOpen(page, url);
    await page.click('button[aria-label="Add tab"]');
    await waitFor(2, 'two tabs, the second active', async () => {
      const tabs = await page.locator('.graphiql-tab').evaluateAll((ts) => ts.map((t) => t.classList.contains('graphiql-tab-active')));
      return same(tabs, [false, true]) || JSON.stringify(tabs);
    });
    await gqType(page, '{ target(id: "JUP") { name kind distanceKly } }');
    const r = await gqRun(page, 4);
    must(same(r?.data?.target, { name: 'Jupiter', kind: 'PLANET', distanceKly: null }), 4, JSON.stringify(r));
  },
};

export const SCRIPTS = { ...SWAGGER, ...GRAPHIQL, ...PHPLDAPADMIN };
