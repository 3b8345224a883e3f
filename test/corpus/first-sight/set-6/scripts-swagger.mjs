// Scripts for swagger.plans (Swagger UI 5.35.0 over the Tool Library API); see scripts.mjs.
import { T, must, txt, waitFor } from '../kit.mjs';

export const SHED = 'shed-key-42';
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const OPS = { listTools: 'tools', addTool: 'tools', getTool: 'tools', retireTool: 'tools', listLoans: 'loans', borrowTool: 'loans', openingHours: 'shed' };
const op = (page, id) => page.locator(`#operations-${OPS[id]}-${id}`);

async function swOpen(page, url) {
  await page.goto(url);
  await page.locator('.opblock-tag-section').first().waitFor({ timeout: T });
}
async function swExpand(page, id) {
  const o = op(page, id);
  if (!(await o.locator('.opblock-body').count())) await o.locator('.opblock-summary').first().click();
  await o.locator('.opblock-body').waitFor({ timeout: T });
}
async function swTry(page, id) {
  await swExpand(page, id);
  await op(page, id).locator('button.try-out__btn', { hasText: 'Try it out' }).click({ timeout: T });
  await op(page, id).locator('button.execute').waitFor({ timeout: T });
}
/** Execute; returns { code, body (parsed or text), url, curl, headers } of the live response. */
async function swExecute(page, id, step) {
  const o = op(page, id);
  await o.locator('button.execute').click();
  const live = o.locator('.live-responses-table');
  await live.waitFor({ timeout: T }).catch(() => {});
  let res;
  await waitFor(step, 'a live response', async () => {
    const code = (await live.locator('.response .response-col_status').first().innerText()).trim();
    if (!/^\d{3}/.test(code)) return `code ${code}`;
    const bodyEl = live.locator('.response-col_description .highlight-code pre, .response-col_description pre.microlight').first();
    const raw = (await bodyEl.count()) ? await bodyEl.innerText() : '';
    let body = raw;
    try { body = JSON.parse(raw); } catch { /* text */ }
    const url = await txt(o.locator('.request-url pre'));
    const curl = await o.locator('.curl-command').innerText();
    const headers = await o.locator('.live-responses-table .response-col_description .headers-wrapper, .live-responses-table .response-col_description .microlight.headers').first().innerText().catch(() => '');
    res = { code: Number(code.slice(0, 3)), body, url, curl, headers };
    return true;
  });
  return res;
}
async function swAuthorize(page, close = true) {
  await page.locator('.scheme-container button.authorize, .auth-wrapper button.authorize').first().click();
  const m = page.locator('.modal-ux');
  await m.waitFor({ timeout: T });
  await m.locator('input').first().fill(SHED);
  await m.locator('button.authorize').click();
  await m.locator('button', { hasText: 'Logout' }).waitFor({ timeout: T });
  if (close) {
    await m.locator('button.btn-done').click();
    await m.waitFor({ state: 'detached', timeout: T });
  }
}
const names = (body) => (Array.isArray(body) ? body.map((t) => t.name) : body);

export const SWAGGER = {
  'what the API offers': async (page, url) => {
    await swOpen(page, url);
    const info = await txt(page.locator('.information-container .info'));
    must(/Tool Library API\s*1\.4\.0\s*OAS 3\.0/.test(info) && info.includes('X-Shed-Key'), 2, info);
    const tags = await page.locator('.opblock-tag-section h3 .nostyle span, .opblock-tag-section h3 a span').allInnerTexts();
    must(same(tags, ['tools', 'loans', 'shed']), 3, tags.join(','));
  },
  'the tools section': async (page, url) => {
    await swOpen(page, url);
    const rows = await page.locator('.opblock-tag-section').nth(0).locator('.opblock-summary').evaluateAll((ss) => ss.map((s) => `${s.querySelector('.opblock-summary-method').innerText} ${s.querySelector('.opblock-summary-path').innerText.replace(/\u200b/g, '')}`));
    must(same(rows, ['GET /tools', 'POST /tools', 'GET /tools/{toolId}', 'DELETE /tools/{toolId}']), 2, rows.join(' | '));
    const shed = await page.locator('.opblock-tag-section').nth(2).locator('.opblock-summary').evaluateAll((ss) => ss.map((s) => s.innerText.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim()));
    must(shed.length === 1 && shed[0].startsWith('GET /shed/hours Opening hours'), 3, shed.join(' | '));
  },
  'listing only the power tools': async (page, url) => {
    await swOpen(page, url);
    await swExpand(page, 'listTools');
    await swTry(page, 'listTools');
    await op(page, 'listTools').locator('tr[data-param-name="category"] select').selectOption('power');
    const r = await swExecute(page, 'listTools', 3);
    must(r.code === 200 && same(names(r.body), ['Cordless drill', 'Pressure washer']), 3, JSON.stringify(r.body));
  },
  'what can be borrowed right now': async (page, url) => {
    await swOpen(page, url);
    await swTry(page, 'listTools');
    await op(page, 'listTools').locator('tr[data-param-name="available"] select').selectOption('true');
    const r = await swExecute(page, 'listTools', 3);
    must(r.code === 200 && same(names(r.body), ['Cordless drill', 'Ladder (3 m)', 'Pressure washer', 'Lawn aerator']), 3, JSON.stringify(r.body));
    must(r.url.endsWith('/api/tools?available=true'), 4, r.url);
  },
  'fetching one tool by id': async (page, url) => {
    await swOpen(page, url);
    await swTry(page, 'getTool');
    await op(page, 'getTool').locator('tr[data-param-name="toolId"] input').fill('5');
    const r = await swExecute(page, 'getTool', 3);
    must(r.code === 200 && same(r.body, { id: 5, name: 'Tile cutter', category: 'hand', status: 'repair', deposit: 10 }), 3, JSON.stringify(r));
  },
  'asking for a tool that is not there': async (page, url) => {
    await swOpen(page, url);
    await swTry(page, 'getTool');
    await op(page, 'getTool').locator('tr[data-param-name="toolId"] input').fill('99');
    const r = await swExecute(page, 'getTool', 2);
    must(r.code === 404 && r.body?.message === 'No tool with id 99', 2, JSON.stringify(r));
  },
  'adding a tool without the key': async (page, url) => {
    await swOpen(page, url);
    await swTry(page, 'addTool');
    const body = await op(page, 'addTool').locator('textarea.body-param__text').inputValue();
    must(JSON.parse(body).name === 'Wheelbarrow', 2, body);
    const r = await swExecute(page, 'addTool', 3);
    must(r.code === 401 && r.body?.message === 'Missing or wrong shed key', 3, JSON.stringify(r));
  },
  'adding a tool with the key': async (page, url) => {
    await swOpen(page, url);
    await swAuthorize(page);
    await swTry(page, 'addTool');
    const r = await swExecute(page, 'addTool', 4);
    must(r.code === 201 && r.body?.id === 7 && r.body?.name === 'Wheelbarrow' && r.body?.status === 'available', 4, JSON.stringify(r.body));
    must(r.curl.includes(`X-Shed-Key: ${SHED}`), 5, r.curl);
  },
  'the authorize dialog remembers the key': async (page, url) => {
    await swOpen(page, url);
    await page.locator('.scheme-container button.authorize').first().click();
    const m = page.locator('.modal-ux');
    await m.waitFor({ timeout: T });
    const t = await txt(m);
    must(t.startsWith('Available authorizations') && t.includes('shedKey (apiKey)') && t.includes('The key hanging by the shed door.') && t.includes('Name: X-Shed-Key') && t.includes('In: header'), 2, t);
    await m.locator('input').first().fill(SHED);
    await m.locator('button.authorize').click();
    await waitFor(4, 'authorized', async () => {
      const s = await txt(m);
      const buttons = await m.locator('button').allInnerTexts();
      return (s.includes('Authorized') && /Value: \*+/.test(s) && buttons.includes('Logout') && !buttons.includes('Authorize')) || `${s} [${buttons}]`;
    });
  },
  'a hedge trimmer that is already out': async (page, url) => {
    await swOpen(page, url);
    await swAuthorize(page);
    await swTry(page, 'borrowTool');
    await op(page, 'borrowTool').locator('textarea.body-param__text').fill('{"toolId": 2, "member": "Sam Porter", "due": "2024-07-01"}');
    const r = await swExecute(page, 'borrowTool', 4);
    must(r.code === 409 && r.body?.message === 'Hedge trimmer is on-loan', 4, JSON.stringify(r));
  },
  'retiring the ladder': async (page, url) => {
    await swOpen(page, url);
    await swAuthorize(page);
    await swTry(page, 'retireTool');
    await op(page, 'retireTool').locator('tr[data-param-name="toolId"] input').fill('3');
    const r = await swExecute(page, 'retireTool', 3);
    must(r.code === 204, 3, JSON.stringify(r));
    await swTry(page, 'getTool');
    await op(page, 'getTool').locator('tr[data-param-name="toolId"] input').fill('3');
    const r2 = await swExecute(page, 'getTool', 5);
    must(r2.code === 404 && r2.body?.message === 'No tool with id 3', 5, JSON.stringify(r2));
  },
  'the opening hours call is deprecated': async (page, url) => {
    await swOpen(page, url);
    const o = op(page, 'openingHours');
    const look = await o.evaluate((e) => ({ cls: e.className, opacity: getComputedStyle(e).opacity, strike: getComputedStyle(e.querySelector('.opblock-summary-path__deprecated')).textDecorationLine + ' ' + getComputedStyle(e.querySelector('.opblock-summary-path__deprecated span')).textDecorationLine }));
    const other = await op(page, 'listLoans').evaluate((e) => ({ opacity: getComputedStyle(e).opacity, strike: getComputedStyle(e.querySelector('.opblock-summary-path')).textDecorationLine }));
    must(look.cls.includes('opblock-deprecated') && Number(look.opacity) < 1 && look.strike.includes('line-through') && other.opacity === '1' && other.strike === 'none', 2, JSON.stringify([look, other]));
    await swExpand(page, 'openingHours');
    const body = await txt(o.locator('.opblock-body'));
    must(/Warning: Deprecated/i.test(body) && body.includes('Use the notice board instead'), 4, body.slice(0, 300));
  },
  'filtering by tag': async (page, url) => {
    await swOpen(page, url);
    await page.fill('input.operation-filter-input', 'loans');
    await waitFor(2, 'only loans', async () => {
      const tags = await page.locator('.opblock-tag-section h3 span').allInnerTexts();
      const ops = await page.locator('.opblock-summary').evaluateAll((ss) => ss.map((s) => `${s.querySelector('.opblock-summary-method').innerText} ${s.querySelector('.opblock-summary-path').innerText.replace(/\u200b/g, '')}`));
      return (same(tags, ['loans']) && same(ops, ['GET /loans', 'POST /loans'])) || `${tags} ${ops}`;
    });
  },
  'the Tool schema': async (page, url) => {
    await swOpen(page, url);
    const model = page.locator('#model-Tool');
    await model.scrollIntoViewIfNeeded();
    await model.locator('.model-box-control').first().click();
    await waitFor(2, 'five required properties', async () => {
      const rows = await model.locator('table.model tr.property-row').evaluateAll((rs) => rs.map((r) => ({ name: r.querySelector('td').innerText.replace(/\*/g, '').trim(), req: !!r.querySelector('.star') })));
      return (same(rows.map((r) => r.name), ['id', 'name', 'category', 'status', 'deposit']) && rows.every((r) => r.req)) || JSON.stringify(rows);
    });
    const row = model.locator('tr.property-row', { hasText: 'deposit' });
    await row.locator('.model-box-control').first().click();
    await waitFor(4, 'deposit details', async () => { const dep = await txt(row); return (dep.includes('number') && dep.includes('Deposit in euros')) || dep; });
  },
  'reading the response headers': async (page, url) => {
    await swOpen(page, url);
    await swTry(page, 'listLoans');
    const r = await swExecute(page, 'listLoans', 2);
    must(r.code === 200, 2, JSON.stringify(r));
    const line = r.headers.split('\n').map((l) => l.trim()).find((l) => l.startsWith('date:')) ?? '';
    must(/^date: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(line), 3, `the date header is shown as "${line}"`);
  },
};
