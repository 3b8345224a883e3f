import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetApi, type TargetApi } from '../../fixtures/target-api/server.mjs';
import { ROOT, tempDir } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { askInReport, launchChromium, PHONE, reportChat, views as shotsOf, WIDE } from '../helpers/portal-browser.js';

/**
 * The backend lifecycle in the portal, in real Chromium, as a user does it: sign in, create a
 * project, upload a PRD and see its feature map, upload the API document, discover, review the endpoints
 * (a family's auth type, a path, one added by hand), generate the plan, deselect a case, accept, run all
 * (progress over server-sent events, no reload), review the report, ask it why a test failed, change a
 * test in plain words through the report chat and rerun it alone, cancel a run, edit with a refused value, search.
 * Every view is photographed at 1280 px and at 390 px, and none is wider than a 390 px phone.
 */
let server: TestServer;
let api: TargetApi;
let browser: Browser;
let page: Page;
let key: string;
let projectUrl: string;
const shots = tempDir('svc-portal-shots-');
const views = (name: string) => shotsOf(page, shots, name);

/** Every request the target API answers takes `ms` longer (0: as documented). */
function slowTarget(ms: number): void {
  if (!ms) return api.useRoutes(undefined);
  api.useRoutes((table) => table.map((r) => ({ ...r, handler: async (ctx: unknown) => (await sleep(ms), r.handler(ctx)) })));
}

const apiGet = async (path: string) => (await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${key}` } })).json() as Promise<any>;

const chatPanel = () => reportChat(page);
const ask = (question: string) => askInReport(page, question);

beforeAll(async () => {
  [server, api, browser] = await Promise.all([
    startServer(),
    startTargetApi({ port: 0 }),
    launchChromium(),
  ]);
  key = await server.mintKey({ name: 'Pat', email: 'pat@example.com' });
  const context = await browser.newContext({ viewport: WIDE, baseURL: server.url });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
}, 120_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop(), api?.close()]);
});

describe('portal backend lifecycle in Chromium', () => {
  it('signs in and serves a favicon', async () => {
    await page.goto('/portal');
    await views('sign-in');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/portal\/projects$/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.ico');
    const ico = await page.request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toBe('image/x-icon');
    const bytes = await ico.body();
    expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    // Chromium can decode it: drawn in an <img>, it has the icon's size.
    const size = await page.evaluate(async () => {
      const img = new Image();
      img.src = '/favicon.ico';
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([32, 32]);
    await views('projects-empty');
  });

  it('creates a backend project with a credential, refusing a bad form without losing what was typed', async () => {
    await page.getByRole('link', { name: 'New project' }).click();
    await page.waitForURL(/\/portal\/projects\/new$/);
    await views('project-new');
    // Nothing chosen and no name: both errors show, next to their fields, tied to them.
    await page.getByLabel('URL', { exact: true }).fill(api.url);
    await page.getByLabel('Credential value').fill('demo-token');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.locator('#f-name-err').textContent()).toContain('name must not be empty');
    expect(await page.locator('#f-type-err').textContent()).toContain('choose frontend or backend');
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-describedby')).toContain('f-name-err');
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('URL', { exact: true }).inputValue()).toBe(api.url);
    expect(await page.getByLabel('Credential value').inputValue()).toBe('demo-token');
    await views('project-new-errors');

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Community API');
    await page.getByLabel(/Backend \(HTTP API tests\)/).check();
    // The test account belongs to frontend projects: hidden once backend is chosen.
    expect(await page.locator('fieldset.frontend-only').isHidden()).toBe(true);
    await page.getByLabel('Credential type').selectOption('Bearer token');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/portal\/projects\/prj_[^/?]+\?saved=created/);
    projectUrl = new URL(page.url()).pathname;
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Project created.');
    const id = projectUrl.split('/').pop()!;
    const p = await apiGet(`/projects/${id}`);
    expect(p).toMatchObject({ name: 'Community API', type: 'backend', createdFrom: 'portal', credential: { type: 'Bearer token', value: '****' } });
    expect(p.url.replace(/\/$/, '')).toBe(api.url);
    await views('project-created');
  });

  it('uploads a PRD and shows its feature map', async () => {
    const section = page.locator('#features');
    expect(await section.textContent()).toContain('the plan follows the API documentation alone');
    await page.getByLabel('PRD file').setInputFiles(join(ROOT, 'fixtures/prd/target-api-prd.md'));
    await page.getByRole('button', { name: 'Upload the PRD' }).click();
    await page.waitForURL(/saved=prd/);
    expect(await page.getByRole('status').filter({ hasText: 'PRD uploaded' }).count()).toBe(1);
    const fm = await apiGet(`/projects/${projectUrl.split('/').pop()}/features`);
    expect(fm.prd.filename).toBe('target-api-prd.md');
    const names: string[] = fm.featureMap.features.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['Posts', 'Comments']));
    expect(await section.locator('ol.feature-map > li > strong').allTextContents()).toEqual(names);
    expect(await section.locator('figure.graph svg').count()).toBe(1);
    // Nothing is planned yet: each feature says so.
    expect(await section.locator('ol.feature-map').textContent()).toContain('not planned yet');
    await views('project-feature-map');
  });

  it('uploads the API document, discovers the endpoints and shows their probe results', async () => {
    await page.getByLabel('Upload a file').setInputFiles(join(ROOT, 'fixtures/target-api/openapi.yaml'));
    await page.getByRole('button', { name: 'Upload API docs' }).click();
    await page.waitForURL(/saved=docs/);
    const rows = page.locator('table.endpoints tbody tr');
    expect(await rows.count()).toBeGreaterThan(10);
    expect(await page.locator('#docs').textContent()).toMatch(/openapi3/);
    expect(await page.locator('table.endpoints').textContent()).toContain('not probed');
    await views('project-docs');

    await page.getByRole('button', { name: 'Discover endpoints' }).click();
    await page.waitForURL(/saved=discovered/);
    const table = (await page.locator('table.endpoints').textContent())!;
    expect(table).toMatch(/GET\s*→\s*200/);
    expect(table).toMatch(/needs auth/);
    expect(await page.locator('#endpoints').textContent()).toMatch(/Last probed/);
    await views('project-discovered');
  });

  it('reviews the endpoints: sets a family\'s auth type, edits a path, adds an endpoint, and keeps a refused value', async () => {
    const projectId = projectUrl.split('/').pop()!;
    const endpoints = async () => (await apiGet(`/projects/${projectId}/endpoints`)).endpoints as { id: string; method: string; path: string; auth: string; family: string; source?: string }[];
    const before = await endpoints();
    const tagsAuth = before.find((e) => e.id === 'GET /tags')!.auth;
    expect(tagsAuth).toBe('bearer');
    const status = () => page.getByRole('status').filter({ hasText: /Auth type changed|Endpoint changed|Endpoint added/ }).textContent();

    // The auth type of a whole family, then back as documented.
    const family = page.locator('form', { has: page.locator('#ep-family-h') });
    await family.getByLabel('Family').selectOption('tags');
    await family.getByLabel('Auth type').selectOption('none');
    await family.getByRole('button', { name: 'Set family auth' }).click();
    await page.waitForURL(/saved=endpoint-family/);
    expect(await status()).toContain('Auth type changed: tags is none (3 endpoints).');
    expect((await endpoints()).filter((e) => e.family === 'tags').map((e) => e.auth)).toEqual(['none', 'none', 'none']);
    expect(await page.locator('table.endpoints tbody tr', { hasText: 'GET /tags/{id}' }).locator('td[data-label="Auth"]').textContent()).toBe('none');
    await family.getByLabel('Family').selectOption('tags');
    await family.getByLabel('Auth type').selectOption(tagsAuth);
    await family.getByRole('button', { name: 'Set family auth' }).click();
    await page.waitForURL(/saved=endpoint-family/);
    expect((await endpoints()).filter((e) => e.family === 'tags').every((e) => e.auth === tagsAuth)).toBe(true);

    // One endpoint's path, edited in its row with the keyboard: a query string is refused and what was typed stays.
    const row = () => page.locator('table.endpoints tbody tr', { has: page.locator('summary', { hasText: /^Edit GET \/health$/ }) });
    await row().locator('summary').focus();
    await page.keyboard.press('Enter');
    await row().getByLabel('Path').fill('/health?verbose=1');
    await row().getByLabel('Path').press('Enter');
    await expect.poll(() => page.locator('#endpoints-error').textContent()).toContain('Path "/health?verbose=1" is not a path template');
    expect(await row().locator('details.ep-edit').getAttribute('open')).not.toBeNull();
    const path = row().getByLabel('Path');
    expect(await path.inputValue()).toBe('/health?verbose=1');
    expect(await path.getAttribute('aria-invalid')).toBe('true');
    const errId = (await path.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${errId}"]`).textContent()).toContain('is not a path template');
    expect(await page.locator('#endpoints-error').textContent()).toContain('Use a path such as /users/{id}');
    expect((await endpoints()).some((e) => e.id === 'GET /health')).toBe(true);
    await views('project-endpoints-refused');
    await path.fill('/healthz');
    await row().getByRole('button', { name: 'Save endpoint' }).click();
    await page.waitForURL(/saved=endpoint-update/);
    expect(await status()).toContain('Endpoint changed: GET /health is now GET /healthz, auth none.');
    expect((await endpoints()).map((e) => e.id)).toContain('GET /healthz');
    // Back as documented.
    const edited = page.locator('table.endpoints tbody tr', { has: page.locator('summary', { hasText: /^Edit GET \/healthz$/ }) });
    await edited.locator('summary').click();
    await edited.getByLabel('Path').fill('/health');
    await edited.getByRole('button', { name: 'Save endpoint' }).click();
    await page.waitForURL(/saved=endpoint-update/);
    expect((await endpoints()).map((e) => e.id).sort()).toEqual(before.map((e) => e.id).sort());

    // An endpoint the documentation leaves out: one that exists already is refused, keeping the form.
    const add = page.locator('form', { has: page.locator('#ep-add-h') });
    await add.getByLabel('Method').selectOption('GET');
    await add.getByLabel('Path').fill('/tags');
    await add.getByLabel('Summary (optional)').fill('The whole store, for inspection');
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => page.locator('#endpoints-error').textContent()).toContain('Endpoint GET /tags already exists');
    expect(await add.getByLabel('Path').inputValue()).toBe('/tags');
    expect(await add.getByLabel('Path').getAttribute('aria-invalid')).toBe('true');
    expect(await add.getByLabel('Summary (optional)').inputValue()).toBe('The whole store, for inspection');
    await add.getByLabel('Path').fill('/__store');
    await add.getByLabel('Auth type').selectOption('none');
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await page.waitForURL(/saved=endpoint-add/);
    expect(await status()).toContain('Endpoint added: GET /__store.');
    const added = (await endpoints()).find((e) => e.id === 'GET /__store');
    expect(added).toMatchObject({ method: 'GET', path: '/__store', auth: 'none', source: 'manual' });
    const addedRow = page.locator('table.endpoints tbody tr', { hasText: 'GET /__store' });
    expect(await addedRow.textContent()).toContain('The whole store, for inspection');
    expect(await addedRow.textContent()).toContain('not probed');
    // It is served: the plan below tests it like the rest.
    expect((await fetch(`${api.url}/__store`)).status).toBe(200);
    await views('project-endpoints-edited');
  });

  it('generates the plan, deselects one case, accepts, and runs every test with live progress', async () => {
    await page.getByRole('button', { name: 'Generate test plan' }).click();
    await page.waitForURL(/saved=plan/);
    const boxes = page.locator('table.plan input[type="checkbox"]');
    const total = await boxes.count();
    expect(total).toBeGreaterThan(40);
    const categories = await page.locator('table.plan .badge').allTextContents();
    expect(categories).toEqual(expect.arrayContaining(['functional', 'auth', 'error']));
    // The feature map scopes the plan by intent: the PRD's features name the cases that test them.
    const drafted = await apiGet(`/projects/${projectUrl.split('/').pop()}/plan`);
    expect(drafted.cases.filter((x: any) => x.backend?.featureId).length).toBeGreaterThan(0);
    expect(await page.locator('#features ol.feature-map').textContent()).toMatch(/\d+ plan cases?/);
    await views('project-plan');

    const firstOn = page.locator('table.plan input[type="checkbox"]:checked').first();
    const caseId = (await firstOn.getAttribute('value'))!;
    const label = (await page.locator(`label[for="${await firstOn.getAttribute('id')}"]`).textContent())!;
    const selectedBefore = await page.locator('table.plan input[type="checkbox"]:checked').count();
    await page.getByLabel(label, { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Accept plan' }).click();
    await page.waitForURL(/saved=accepted/);
    expect(await page.getByRole('status').first().textContent()).toContain(`${selectedBefore - 1} new test(s)`);
    const plan = await apiGet(`/projects/${projectUrl.split('/').pop()}/plan`);
    const deselected = plan.cases.find((x: any) => x.id === caseId);
    expect(deselected).toMatchObject({ selected: false, testId: null });
    expect(plan.counts).toMatchObject({ selected: selectedBefore - 1, accepted: selectedBefore - 1 });
    expect(await page.locator(`input[type="checkbox"][value="${caseId}"]`).isChecked()).toBe(false);

    // Slow enough that the page opens while the batch is running; then it must finish without a reload.
    slowTarget(400);
    await page.getByRole('button', { name: 'Run all tests' }).click();
    await page.waitForURL(/saved=run/);
    const live = page.locator('[data-events]');
    expect(await live.count()).toBe(1);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.getByLabel('Focus instructions (optional)').fill('typed while the run goes on');
    await expect.poll(() => page.locator('[data-progress-text]').textContent(), { timeout: 10_000 }).toMatch(/Running… \d+ of \d+ finished/);
    await views('project-running');
    // The batch page, open beside it, follows the same batch live too.
    const batchPage = await page.context().newPage();
    await batchPage.goto((await page.locator('#run a.mono').getAttribute('href'))!);
    await batchPage.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    expect(await batchPage.locator('[data-events]').count()).toBe(1);
    await expect.poll(() => page.locator('#run h3').textContent(), { timeout: 240_000, interval: 500 }).toBe('Last run');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.getByLabel('Focus instructions (optional)').inputValue()).toBe('typed while the run goes on');
    // The tests below the steps were swapped in too: they show their verdicts.
    expect(await page.locator('#results .st-failed').count()).toBeGreaterThan(0);
    slowTarget(0);
    const summary = (await page.locator('[data-progress-text]').textContent())!;
    const m = /^(\d+) of (\d+) finished \((.*)\)$/.exec(summary);
    expect(m, summary).not.toBeNull();
    expect(m![1]).toBe(m![2]);
    expect(Number(m![2])).toBeGreaterThanOrEqual(selectedBefore - 1);
    expect(m![3]).toMatch(/\d+ passed/);
    expect(m![3]).toMatch(/\d+ failed/);
    expect(await page.locator('#run .st').first().textContent()).toMatch(/Failed/);
    await views('project-run-done');

    // The batch page swapped in its finished state without a reload: counts, triage, runs.
    await expect.poll(() => batchPage.locator('[data-events]').count(), { timeout: 30_000 }).toBe(0);
    expect(await batchPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await batchPage.locator('#triage details.triage').count()).toBeGreaterThan(0);
    await batchPage.close();

    // The result: the batch page with its summary and failures grouped by cause, then a failed run's report.
    await page.locator('#run a.mono').click();
    await page.waitForURL(/\/portal\/batches\/bat_/);
    expect(await page.locator('dl.fields').first().textContent()).toMatch(/Source\s*portal/);
    expect(await page.locator('#triage').textContent()).toMatch(/\d+ of \d+ runs did not pass/);
    expect(await page.locator('#runs tbody tr').first().textContent()).toMatch(/Failed|Blocked/);
    await views('batch');
    await page.locator('#triage ul.failures a').first().click();
    await page.waitForURL(/\/portal\/runs\//);
    expect(await page.locator('main').textContent()).toMatch(/Failed|Blocked/);
    await views('run-report');
  }, 400_000);

  it('asks the failed run why it failed: the answer cites the run\'s own assertion and call', async () => {
    const runId = new URL(page.url()).pathname.split('/').pop()!;
    const result = await apiGet(`/runs/${runId}/result`);
    expect(['failed', 'blocked']).toContain(result.status);
    const panel = chatPanel();
    expect(await panel.locator('.chat-empty').textContent()).toContain('No questions yet.');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const answer = await ask('why did it fail?');
    // Answered in place (no page load), announced, the question box emptied for the next one.
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await panel.locator('.chat-status').textContent()).toBe('Answered.');
    expect(await panel.getByLabel('Your question or change request').inputValue()).toBe('');
    expect(await panel.locator('.chat-log li.q').textContent()).toMatch(/You\s+portal · .*why did it fail\?/);
    expect(answer).toMatch(new RegExp(`^Run ${runId} ${result.verdict ?? result.status}\\b`));
    expect(answer).toMatch(/^Cause: \S/m);
    // The evidence it quotes is this run's: the assertion that did not hold, and a call it recorded.
    const failedAssertion = (result.assertions ?? []).filter((a: any) => !a.ok).at(-1);
    const steps = (await apiGet(`/tests/${result.testId}/steps?runId=${runId}`)).items;
    const calls: string[] = steps.filter((x: any) => x.kind === 'http').map((x: any) => x.description.replace(/\?\S*/, '').replace(/ -> (\d+)$/, ' → $1'));
    if (failedAssertion) expect(answer).toContain(`The assertion that failed, line ${failedAssertion.line}: ${failedAssertion.source}`);
    const call = /^The failing call, #\d+: (\S+ \S+ → \d{3})/m.exec(answer);
    if (calls.length) {
      expect(call, answer).not.toBeNull();
      expect(calls).toContain(call![1]);
    }
    expect(failedAssertion || call, `${answer}\ncites neither an assertion nor a call`).toBeTruthy();
    const cites = panel.locator('.chat-log li.a details');
    await cites.locator('summary').click();
    const evidence = await cites.locator('ul.cites li').allTextContents();
    expect(evidence[0]).toMatch(new RegExp(`^run ${runId} `));
    if (failedAssertion) expect(evidence).toContainEqual(expect.stringContaining(`assertion line ${failedAssertion.line} ${failedAssertion.source}`));
    if (call) expect(evidence).toContainEqual(expect.stringMatching(new RegExp(`^call call #\\d+ ${call[1].replace(/[{}?.*+()[\]\\/]/g, '\\$&')}`)));
    // The question changed nothing, and it is kept: the report shows the conversation after a reload.
    expect((await apiGet(`/tests/${result.testId}`)).codeVersion).toBe(1);
    await page.reload();
    expect(await panel.locator('.chat-log li.q').count()).toBe(1);
    await views('run-chat-why');
  });

  it('asks a passing test what it sent, changes it in plain words, sees what changed, and reruns it alone', async () => {
    const projectId = projectUrl.split('/').pop()!;
    const plan = await apiGet(`/projects/${projectId}/plan`);
    const read = plan.cases.find((c: any) => c.id === 'get-users-id.read');
    expect(read?.testId, 'the plan has a test reading one user').toBeTruthy();
    expect(plan.cases.some((c: any) => c.id === 'get-users-id.auth-bad')).toBe(false);
    const testId = read.testId as string;
    const last = await apiGet(`/tests/${testId}/result`);
    expect(last.status).toBe('passed');
    await page.goto(`/portal/runs/${last.runId}`);
    const sent = await ask('what was sent and what came back?');
    // The calls of this run, the last one in full with the credential masked.
    const calls = (await apiGet(`/tests/${testId}/steps?runId=${last.runId}`)).items.filter((x: any) => x.kind === 'http');
    expect(sent).toContain(`Run ${last.runId} made ${calls.length} call${calls.length === 1 ? '' : 's'}: `);
    const lastCall = calls.at(-1);
    expect(sent).toContain(`The last call, #`);
    expect(sent).toContain(`${lastCall.detail.method} ${lastCall.detail.url}\n`);
    expect(sent).toMatch(/^ {2}Authorization: \*+/m);
    expect(sent).not.toContain('demo-token');
    expect(sent).toContain(`← ${lastCall.detail.status} `);
    await views('run-chat-sent');

    // A change request in plain words: the test gets the new check, and the answer shows the diff.
    const changed = await ask('Please also test GET /users/{id} with a bad token and expect 401');
    expect(changed).toMatch(/^Changed test ".+" \(tst_\S+\): added get-users-id\.auth-bad: test_get_users_id_auth_bad\(\) checks GET \/users\/\{id\} \(auth-bad, expects 401\)\./);
    expect(changed).toContain('Its code went from version 1 to 2; plan case(s) get-users-id.auth-bad updated too. What changed:');
    expect(changed).toMatch(/^\+def test_get_users_id_auth_bad\(\):$/m);
    expect(changed).toMatch(/^\+# asked for: also test GET \/users\/\{id\} with a bad token and expect 401$/m);
    expect(await chatPanel().locator('.chat-log li.a').last().locator('.badge').allTextContents()).toEqual(['code v1 → v2']);
    const t = await apiGet(`/tests/${testId}`);
    expect(t.codeVersion).toBe(2);
    const after = (await apiGet(`/projects/${projectId}/plan`)).cases.find((c: any) => c.id === 'get-users-id.auth-bad');
    expect(after).toMatchObject({ selected: true, testId, backend: { method: 'GET', path: '/users/{id}', expect: { status: [401] } } });
    await views('run-chat-change');

    // The test's page shows the new version of its code; rerun it from there.
    await page.locator('dl.fields').getByRole('link', { name: t.name }).click();
    await page.waitForURL(new RegExp(`/portal/tests/${testId}$`));
    expect(await page.locator('pre.code').textContent()).toContain('def test_get_users_id_auth_bad():');
    expect(await page.locator('.chat-log li.q').count()).toBe(2);
    await views('test-after-chat');
    await page.getByRole('button', { name: 'Rerun' }).click();
    await page.waitForURL(/\/portal\/runs\/run_/);
    const rerun = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(async () => (await apiGet(`/runs/${rerun}/result`)).status, { timeout: 120_000, interval: 500 }).toMatch(/^(passed|failed|blocked)$/);
    const r = await apiGet(`/runs/${rerun}/result`);
    expect(r).toMatchObject({ testId, codeVersion: 2, source: 'portal' });
    expect(r.status, JSON.stringify(r.failure)).toBe('passed');
    const batch = await apiGet(`/batches/${r.batchId}`);
    // Only this test was asked for; anything else in its batch is what it depends on (its producers run first).
    expect(batch.runs.filter((x: any) => x.role === 'selected').map((x: any) => x.testId)).toEqual([testId]);
    expect(batch.runs.filter((x: any) => x.role !== 'selected').map((x: any) => x.role)).not.toContain('member');
    // The added check ran: it read a user with a bad token and got 401.
    const ran = (await apiGet(`/tests/${testId}/steps?runId=${rerun}`)).items.map((x: any) => x.description);
    expect(ran).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/users\/\S+ -> 401$/)]));
    // The report swaps in its verdict and the code version the rerun used.
    await expect.poll(() => page.locator('dl.fields').first().textContent(), { timeout: 60_000 }).toMatch(/Verdict\s*✓ Passed/);
    expect(await page.locator('dl.fields').first().textContent()).toMatch(/Code version\s*2/);
    await views('run-rerun-after-chat');
  }, 200_000);

  it('cancels a run in flight', async () => {
    slowTarget(10_000);
    try {
      await page.goto(projectUrl);
      await page.getByRole('button', { name: 'Run all tests' }).click();
      await page.waitForURL(/saved=run/);
      await expect.poll(() => page.locator('[data-progress-text]').textContent(), { timeout: 10_000 }).toMatch(/Running…/);
      await page.getByRole('button', { name: 'Cancel run' }).click();
      await page.waitForURL(/saved=cancelled/);
      expect(await page.getByRole('status').first().textContent()).toContain('Cancelled');
      const batchId = (await page.locator('#run a.mono').textContent())!;
      const batch = await apiGet(`/batches/${batchId}`);
      expect(batch.runs.filter((r: any) => r.status === 'cancelled').length).toBeGreaterThan(0);
      // Nothing is left waiting or testing: a run either was cancelled or had already ended its test
      // (it then waits for the cleanup sweep).
      expect(batch.runs.filter((r: any) => r.phase === 'queued' || r.phase === 'tests')).toEqual([]);
      await expect.poll(() => page.locator('#run').textContent(), { timeout: 60_000 }).toMatch(/\d+ cancelled/);
      // What was already under way finishes (at the target's normal pace again), then cleanup runs and the batch ends.
      slowTarget(0);
      await expect.poll(() => page.locator('#run h3').textContent(), { timeout: 120_000, interval: 500 }).toBe('Last run');
      expect(await page.locator('[data-progress-text]').textContent()).toMatch(/\d+ cancelled/);
      await views('project-cancelled');
    } finally {
      slowTarget(0);
    }
  }, 200_000);

  it('edits the project: a refused URL keeps every typed value, then the change is saved', async () => {
    await page.goto(projectUrl);
    await page.getByRole('link', { name: 'Edit project' }).click();
    await page.waitForURL(/\/edit$/);
    await views('project-edit');
    await page.getByLabel('Instruction', { exact: true }).fill('Focus on the users endpoints');
    await page.getByLabel('URL', { exact: true }).fill('ftp://example.com/api');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const err = page.locator('#f-url-err');
    await expect.poll(() => err.textContent()).toMatch(/http/);
    expect(await page.getByLabel('URL', { exact: true }).getAttribute('aria-describedby')).toContain('f-url-err');
    expect(await page.getByLabel('URL', { exact: true }).inputValue()).toBe('ftp://example.com/api');
    expect(await page.getByLabel('Instruction', { exact: true }).inputValue()).toBe('Focus on the users endpoints');
    expect(await page.locator('#form-errors').textContent()).toMatch(/URL/);
    await views('project-edit-error');

    await page.getByLabel('URL', { exact: true }).fill(api.url);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/saved=updated/);
    expect(await page.locator('dl.fields').first().textContent()).toContain('Focus on the users endpoints');
    expect((await apiGet(`/projects/${projectUrl.split('/').pop()}`)).instruction).toBe('Focus on the users endpoints');
  });

  it('lists projects with last run and pass rate, and searches them by name or URL', async () => {
    await fetch(`${server.apiUrl}/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-svc-surface': 'cli' },
      body: JSON.stringify({ type: 'backend', name: 'Billing service', url: 'http://127.0.0.1:9/billing' }),
    });
    await page.goto('/portal/projects');
    const rows = page.locator('table.projects tbody tr');
    expect(await rows.count()).toBe(2);
    const community = rows.filter({ hasText: 'Community API' });
    expect(await community.locator('td').nth(3).textContent()).toMatch(/Cancelled|Failed/);
    expect(await community.locator('td').nth(4).textContent()).toMatch(/\d+%\d+\/\d+ tests/);
    expect(await rows.filter({ hasText: 'Billing service' }).textContent()).toContain('never run');
    await views('projects-list');

    await page.getByLabel('Search projects').fill('COMMUNITY');
    await page.getByLabel('Search projects').press('Enter');
    await page.waitForURL(/\?q=COMMUNITY/);
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Community API');
    await page.getByLabel('Search projects').fill('/billing');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=%2Fbilling/);
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Billing service');
    await page.getByLabel('Search projects').fill('100%_');
    await page.getByLabel('Search projects').press('Enter');
    await page.waitForURL(/\?q=100/);
    expect(await rows.count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain('No project\'s name or URL contains "100%_"');
    await views('projects-search');

    // The search is the server's: it works with scripts off.
    const plain = await browser.newContext({ viewport: WIDE, baseURL: server.url, javaScriptEnabled: false });
    const p2 = await plain.newPage();
    await p2.goto('/portal');
    await p2.getByLabel('API key').fill(key);
    await p2.getByRole('button', { name: 'Sign in' }).click();
    await p2.waitForURL(/\/portal\/projects$/);
    await p2.getByLabel('Search projects').fill('billing');
    await p2.getByRole('button', { name: 'Search' }).click();
    await p2.waitForURL(/\?q=billing/);
    expect(await p2.locator('table.projects tbody tr').allTextContents()).toEqual([expect.stringContaining('Billing service')]);
    await plain.close();
  });
});
