import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { ROOT, tempDir } from '../helpers/paths.js';
import { askInReport, launchChromium, reportChat, signIn, views as shotsOf, WIDE } from '../helpers/portal-browser.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * The frontend lifecycle in the portal, in real Chromium, as a user does it: sign in, create a
 * project with a test account against the fixture web app, upload a PRD and see its feature map,
 * explore with live progress over server-sent events (no reload), retry one feature, generate the
 * plan, change a case in plain words, deselect one, accept, run all with the live preview of a run,
 * review its report (screenshots, trace viewer, Use Case Flow), edit a test's steps and rerun that
 * test alone, then ask that test's report which steps ran, add a check to it in plain words through
 * the report chat and rerun it alone. Every view is photographed at 1280 px and at 390 px, and none is wider than a phone.
 */
let server: TestServer;
let app: WebApp;
let proxy: { url: string; server: Server };
let browser: Browser;
let page: Page;
let key: string;
let projectId: string;
let runId: string;
const shots = tempDir('svc-portal-fe-lifecycle-shots-');
const views = (name: string) => shotsOf(page, shots, name);

/** Every response of the web app comes `delay` ms later, so that the page sees work in flight. */
let delay = 0;
function startDelayProxy(target: string): Promise<{ url: string; server: Server }> {
  const t = new URL(target);
  const s = createServer((req, res) => {
    setTimeout(() => {
      const up = request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, host: t.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    }, delay);
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, server: s })));
}

const apiGet = async (path: string) => (await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${key}` } })).json() as Promise<any>;

const chatPanel = () => reportChat(page);
const ask = (question: string) => askInReport(page, question);
const marked = (p = page) => p.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
const mark = (p = page) => p.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

/**
 * Records, in the page, every live step text and screenshot it shows over time (and, on the project
 * page, every feature's status), whatever is swapped in meanwhile.
 */
async function watchLive(): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { seen: { statuses: string[]; steps: string[]; shots: string[] } };
    w.seen = { statuses: [], steps: [], shots: [] };
    const add = (xs: string[], x: string | null | undefined) => {
      if (x && !xs.includes(x)) xs.push(x);
    };
    const look = () => {
      document.querySelectorAll('li.feature').forEach((li) => add(w.seen.statuses, `${li.id}:${li.querySelector('.feature-head .st')?.textContent?.trim()}`));
      document.querySelectorAll('[data-live-step]').forEach((p) => add(w.seen.steps, p.textContent));
      document.querySelectorAll('img[data-live-img]').forEach((img) => add(w.seen.shots, img.getAttribute('src')));
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
const seen = () => page.evaluate(() => (window as unknown as { seen: { statuses: string[]; steps: string[]; shots: string[] } }).seen);

/**
 * Clicks Rerun on the test's page and waits on the run's report until it has ended and shows it:
 * the run is of this test alone, in a batch of its own, and it passed. Returns its result.
 */
async function rerunAlone(testId: string): Promise<any> {
  await page.getByRole('button', { name: 'Rerun' }).click();
  await page.waitForURL(/\/portal\/runs\//);
  const rerun = new URL(page.url()).pathname.split('/').pop()!;
  await expect.poll(async () => (await apiGet(`/runs/${rerun}/result`)).status, { timeout: 180_000, interval: 1000 }).toMatch(/^(passed|failed)$/);
  await expect.poll(() => page.locator('#live').count(), { timeout: 60_000 }).toBe(0);
  const r = await apiGet(`/runs/${rerun}/result`);
  expect(r.testId).toBe(testId);
  expect(r.status, JSON.stringify(r.failure ?? r)).toBe('passed');
  expect((await apiGet(`/batches/${r.batchId}`)).runs.map((x: any) => x.testId)).toEqual([testId]);
  return r;
}

/** Waits until the page shows the exploration ended (its section no longer follows an event stream). */
async function explorationEnded(p = page): Promise<void> {
  await expect.poll(() => p.locator('#exploration[data-explore-events]').count(), { timeout: 240_000, interval: 500 }).toBe(0);
}

beforeAll(async () => {
  [server, app, browser] = await Promise.all([startServer(), startWebApp(), launchChromium()]);
  proxy = await startDelayProxy(app.url);
  key = await server.mintKey({ name: 'Robin', email: 'robin@example.com' });
  page = await (await browser.newContext({ viewport: WIDE, baseURL: server.url })).newPage();
  page.setDefaultTimeout(30_000);
}, 120_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop(), app?.close(), new Promise((r) => (proxy ? proxy.server.close(r) : r(null)))]);
});

describe('portal frontend lifecycle in Chromium', () => {
  it('signs in and creates a frontend project with a test account', async () => {
    await signIn(page, key);
    await page.getByRole('link', { name: 'New project' }).click();
    await page.waitForURL(/\/portal\/projects\/new$/);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Task list app');
    await page.getByLabel(/Frontend \(browser tests/).check();
    // The credential belongs to backend projects: hidden once frontend is chosen.
    expect(await page.locator('fieldset.backend-only').isHidden()).toBe(true);
    await page.getByLabel('URL', { exact: true }).fill(proxy.url);
    await page.getByLabel('Test account user name').fill(DEMO_USER.username);
    await page.getByLabel('Test account password').fill(DEMO_USER.password);
    await views('fe-project-new');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/portal\/projects\/prj_[^/?]+\?saved=created/);
    projectId = new URL(page.url()).pathname.split('/').pop()!;
    const p = await apiGet(`/projects/${projectId}`);
    expect(p).toMatchObject({ name: 'Task list app', type: 'frontend', createdFrom: 'portal', username: DEMO_USER.username });
    expect(await page.locator('#exploration').textContent()).toContain('Not explored yet.');
    await views('fe-project-created');
  });

  it('uploads a PRD and shows its feature map', async () => {
    expect(await page.locator('#features').textContent()).toContain('No PRD uploaded');
    await page.getByLabel('PRD file').setInputFiles(join(ROOT, 'fixtures/prd/web-app-prd.md'));
    await page.getByRole('button', { name: 'Upload the PRD' }).click();
    await page.waitForURL(/saved=prd/);
    const fm = await apiGet(`/projects/${projectId}/features`);
    expect(fm.prd.filename).toBe('web-app-prd.md');
    const names = fm.featureMap.features.map((f: any) => f.name);
    expect(names.length).toBeGreaterThan(2);
    const section = page.locator('#features');
    for (const n of names) expect(await section.locator('ol.feature-map > li > strong').allTextContents()).toContain(n);
    expect(await section.locator('figure.graph svg').count()).toBe(1);
    expect(await section.textContent()).toContain('not explored');
    await views('fe-feature-map');
  });

  it('explores the app with live progress over server-sent events, without a reload', async () => {
    delay = 120;
    await page.getByRole('button', { name: 'Explore the app' }).click();
    await page.waitForURL(/saved=exploring/);
    expect(await page.locator('#exploration[data-explore-events]').count()).toBe(1);
    await mark();
    await watchLive();
    // A feature in flight shows the step it is on, then its newest screenshot.
    await expect.poll(async () => (await seen()).steps.some((s) => /^Step \d+ \((running|passed|failed)\): /.test(s)), { timeout: 90_000, interval: 200 }).toBe(true);
    await expect.poll(async () => (await seen()).shots.length, { timeout: 90_000, interval: 200 }).toBeGreaterThan(0);
    await views('fe-exploring');
    await explorationEnded();
    delay = 0;
    expect(await marked()).toBe(true);
    const s = await seen();
    // Features came and changed status in place: one seen Exploring, then Done.
    const done = s.statuses.filter((x) => x.endsWith(':✓ Done')).map((x) => x.split(':')[0]);
    expect(done.some((id) => s.statuses.includes(`${id}:◐ Exploring`)), s.statuses.join(', ')).toBe(true);
    for (const src of s.shots) expect(src).toMatch(new RegExp(`^/portal/projects/${projectId}/explorations/exp_[^/]+/artifacts/features/[^/]+/step-\\d{3}\\.jpg$`));
    expect((await page.request.get(s.shots[0]!)).headers()['content-type']).toBe('image/jpeg');
    const e = await apiGet(`/projects/${projectId}/exploration`);
    expect(e.status).toBe('done');
    expect(e.signedIn).toBe(true);
    expect(e.features.find((f: any) => f.id === 'nav-reports')).toMatchObject({ status: 'failed' });
    const summary = (await page.locator('#exploration > p').first().textContent())!;
    expect(summary).toContain(`${e.counts.done} done · ${e.counts.failed} failed`);
    expect(await page.locator('#feature-nav-reports .st').first().textContent()).toContain('Failed');
    expect(await page.locator('#feature-nav-todos video, #feature-nav-todos img.step').count()).toBeGreaterThan(0);
    // The feature map shows the explored status of the PRD's features too.
    expect(await page.locator('#features ol.feature-map').textContent()).toMatch(/Done/);
    await views('fe-explored');
  }, 300_000);

  it('retries one feature, following it live, and with scripts off by a refresh link', async () => {
    const before = await apiGet(`/projects/${projectId}/exploration`);
    delay = 120;
    await page.locator('#feature-nav-reports').getByRole('button', { name: /^Retry / }).click();
    await page.waitForURL(/saved=exploring/);
    await mark();
    // Without scripts the page does not follow the stream: a Refresh link shows how far it got.
    const plain = await browser.newContext({ viewport: WIDE, baseURL: server.url, javaScriptEnabled: false });
    const p2 = await plain.newPage();
    await signIn(p2, key);
    await p2.goto(`/portal/projects/${projectId}`);
    expect(await p2.locator('#exploration').textContent()).toContain('Exploring…');
    const refresh = p2.getByRole('link', { name: 'Refresh' });
    expect(await refresh.getAttribute('href')).toMatch(new RegExp(`^/portal/projects/${projectId}\\?at=\\d+#exploration$`));
    await explorationEnded();
    delay = 0;
    expect(await marked()).toBe(true);
    await refresh.click();
    await p2.waitForURL(/\?at=\d+#exploration$/);
    await expect.poll(() => p2.locator('#exploration > p').first().textContent()).toContain('retry of nav-reports');
    expect(await p2.getByRole('link', { name: 'Refresh' }).count()).toBe(0);
    await plain.close();
    // The stream of an exploration that is not the user's is a 404.
    expect((await page.request.get(`/portal/projects/${projectId}/explorations/exp_nope/events`)).status()).toBe(404);
    const e = await apiGet(`/projects/${projectId}/exploration`);
    expect(e.id).not.toBe(before.id);
    expect(e.only).toEqual(['nav-reports']);
    expect(e.features.find((f: any) => f.id === 'nav-reports')).toMatchObject({ status: 'failed', explorationId: e.id });
    expect(e.features.length).toBe(before.features.length);
    expect(await page.locator('#exploration > p').first().textContent()).toContain('retry of nav-reports');
    await views('fe-retried');
  }, 300_000);

  it('generates the plan, changes a case in plain words, deselects one, and accepts', async () => {
    await page.getByRole('button', { name: 'Generate test plan' }).click();
    await page.waitForURL(/saved=plan/);
    const plan = await apiGet(`/projects/${projectId}/plan`);
    expect(plan.type).toBe('frontend');
    expect(plan.cases.length).toBeGreaterThan(4);
    expect(await page.locator('table.plan input[type="checkbox"]').count()).toBe(plan.cases.length);
    await views('fe-plan');

    const todo = plan.cases.find((c: any) => c.frontend?.featureId === 'form-todos-add');
    expect(todo).toBeDefined();
    await page.getByLabel('Case to change').selectOption(todo.id);
    await page.getByLabel('Change it in your words').fill('also check that "Todo list" is visible');
    await page.getByRole('button', { name: 'Apply change' }).click();
    await page.waitForURL(/saved=edited/);
    const edited = (await apiGet(`/projects/${projectId}/plan`)).cases.find((c: any) => c.id === todo.id);
    expect(edited.frontend.steps.at(-1)).toEqual({ type: 'assertion', description: 'Verify "Todo list" is visible' });
    expect(await page.locator(`#plan`).textContent()).toContain('Verify "Todo list" is visible');

    const about = plan.cases.find((c: any) => c.frontend?.featureId === 'nav-about');
    const box = page.locator(`input[type="checkbox"][value="${about.id}"]`);
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    const selected = await page.locator('table.plan input[type="checkbox"]:checked').count();
    await page.getByRole('button', { name: 'Accept plan' }).click();
    await page.waitForURL(/saved=accepted/);
    expect(await page.getByRole('status').first().textContent()).toContain(`${selected} new test(s)`);
    const accepted = await apiGet(`/projects/${projectId}/plan`);
    expect(accepted.cases.find((c: any) => c.id === about.id)).toMatchObject({ selected: false, testId: null });
    expect(accepted.counts).toMatchObject({ selected, accepted: selected });
    await views('fe-plan-accepted');
  });

  it('runs every test, with the live preview of a run in flight', async () => {
    delay = 150;
    try {
      await page.getByRole('button', { name: 'Run all tests' }).click();
      await page.waitForURL(/saved=run/);
      const batchId = (await page.locator('#run a.mono').textContent())!;
      const batch = await apiGet(`/batches/${batchId}`);
      // The second run of the batch starts when a browser is free: its page opens before it ends.
      runId = batch.runs[Math.min(1, batch.runs.length - 1)].runId;
      await page.goto(`/portal/runs/${runId}`);
      expect(await page.locator('[data-run-events]').count()).toBe(1);
      await mark();
      await watchLive();
      await expect.poll(async () => (await seen()).steps.some((x) => /^Step \d+ of \d+ \(/.test(x)), { timeout: 120_000, interval: 200 }).toBe(true);
      await views('fe-run-live');
      await expect.poll(() => page.locator('#live').count(), { timeout: 300_000, interval: 500 }).toBe(0);
      const s = await seen();
      expect(s.shots.length, s.steps.join(' | ')).toBeGreaterThan(0);
      for (const src of s.shots) expect(src).toMatch(new RegExp(`^/portal/runs/${runId}/artifacts/`));
      expect(await marked()).toBe(true);
    } finally {
      delay = 0;
    }
  }, 420_000);

  it('reviews the test report: screenshots or video, the trace viewer, the Use Case Flow', async () => {
    const result = await apiGet(`/runs/${runId}/result`);
    expect(['passed', 'failed']).toContain(result.status);
    const steps = page.locator('ol.fe-steps > li.fe-step');
    expect(await steps.count()).toBeGreaterThan(0);
    expect(await page.locator('video#run-video, ol.fe-steps img').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Open in trace viewer' }).getAttribute('href')).toBe(`/portal/trace/index.html?trace=${encodeURIComponent(`/portal/runs/${runId}/artifacts/trace.zip`)}`);
    await views('fe-run-report');

    await page.goto(`/portal/projects/${projectId}`);
    await expect.poll(() => page.locator('#run h3').textContent(), { timeout: 300_000, interval: 1000 }).toBe('Last run');
    const flow = page.locator('section[aria-labelledby="flow-h"]');
    expect(await flow.locator('li.flow-test').count()).toBeGreaterThan(0);
    expect(await flow.locator('.st-passed').count()).toBeGreaterThan(0);
    await views('fe-project-run-done');
  }, 400_000);

  it("edits one test's steps in plain words and reruns that test alone", async () => {
    const plan = await apiGet(`/projects/${projectId}/plan`);
    const testId = plan.cases.find((c: any) => c.frontend?.featureId === 'nav-dashboard').testId as string;
    await page.goto(`/portal/tests/${testId}`);
    await page.getByRole('link', { name: 'Edit steps' }).click();
    await page.waitForURL(/\/edit$/);
    const n = await page.locator('textarea[name="stepText"]').count();
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByLabel(`Step ${n + 1}`, { exact: true }).fill('Go to the todos page');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByLabel(`Step ${n + 2}`, { exact: true }).fill('The "Todo list" heading is visible');
    await page.getByLabel(`Type of step ${n + 2}`).selectOption('assertion');
    await views('fe-test-edit');
    await page.getByRole('button', { name: 'Save steps' }).click();
    await page.waitForURL(/saved=steps/);
    const t = await apiGet(`/tests/${testId}`);
    expect(t.details.planSteps.slice(-2)).toEqual([
      { type: 'action', description: 'Go to the todos page' },
      { type: 'assertion', description: 'The "Todo list" heading is visible' },
    ]);

    await rerunAlone(testId);
    expect(await page.locator('ol.fe-steps > li.fe-step').count()).toBe(n + 2);
    await views('fe-rerun');
  }, 300_000);

  it('asks a test which steps ran, adds a check in plain words, and reruns that test alone with the new step', async () => {
    const plan = await apiGet(`/projects/${projectId}/plan`);
    const testId = plan.cases.find((c: any) => c.frontend?.featureId === 'nav-dashboard').testId as string;
    const last = await apiGet(`/tests/${testId}/result`);
    expect(last.status).toBe('passed');
    await page.goto(`/portal/runs/${last.runId}`);
    const told = await ask('which steps ran and what did the page show?');
    expect(await chatPanel().locator('.chat-status').textContent()).toBe('Answered.');
    // The steps of this very run, in order, each with how it went.
    const ran = (await apiGet(`/tests/${testId}/steps?runId=${last.runId}`)).items;
    expect(told).toContain(`run ${last.runId} took these steps in the browser:`);
    expect(told.split('\n').slice(1)).toEqual(ran.map((x: any) => `${x.status === 'passed' ? '✓' : x.status === 'failed' ? '✗' : '–'} step ${x.index + 1} (${x.kind}): ${x.description}`));
    await views('fe-chat-steps');

    // A change in plain words: a check at the end of the test's plan steps, shown as a diff.
    const before = await apiGet(`/tests/${testId}`);
    const n = before.details.planSteps.length;
    const changed = await ask('Also check that "New item" is visible');
    expect(changed).toContain(`Changed test "${before.name}" (${testId}): the plan now has ${n + 1} step(s).`);
    expect(changed).toContain(`Its plan steps went from version ${before.codeVersion} to ${before.codeVersion + 1}`);
    expect(changed).toContain(`+${n + 1}. [assertion] Verify "New item" is visible`);
    const t = await apiGet(`/tests/${testId}`);
    expect(t.codeVersion).toBe(before.codeVersion + 1);
    expect(t.details.planSteps).toEqual([...before.details.planSteps, { type: 'assertion', description: 'Verify "New item" is visible' }]);
    await views('fe-chat-change');

    // The test's page shows the new step; rerun that test alone, and the new step runs.
    await page.goto(`/portal/tests/${testId}`);
    expect(await page.locator('main').textContent()).toContain('Verify "New item" is visible');
    expect(await page.locator('.chat-log li.q').count()).toBe(2);
    const r = await rerunAlone(testId);
    expect(r.codeVersion).toBe(t.codeVersion);
    const steps = (await apiGet(`/tests/${testId}/steps?runId=${r.runId}`)).items;
    expect(steps.at(-1)).toMatchObject({ index: n, description: 'Verify "New item" is visible', status: 'passed' });
    const shown = page.locator('ol.fe-steps > li.fe-step');
    expect(await shown.count()).toBe(n + 1);
    expect(await shown.last().locator('.fe-desc').textContent()).toBe('Verify "New item" is visible');
    expect(await shown.last().locator('.st').first().textContent()).toMatch(/Passed/);
    await views('fe-chat-rerun');
  }, 300_000);

  it('follows, from another server process, an exploration this one runs', async () => {
    const other = await startServer({ dataDir: server.dataDir });
    try {
      const p2 = await (await browser.newContext({ viewport: WIDE, baseURL: other.url })).newPage();
      p2.setDefaultTimeout(30_000);
      await signIn(p2, key);
      delay = 200;
      const res = await fetch(`${server.apiUrl}/projects/${projectId}/explorations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ only: ['nav-todos', 'form-todos-add'] }),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      const started = await res.json();
      await p2.goto(`/portal/projects/${projectId}`);
      // The other process sees it running (its explorer's live record is fresh), not interrupted.
      expect(await p2.locator('#exploration[data-explore-events]').getAttribute('data-explore-events')).toBe(`/portal/projects/${projectId}/explorations/${started.id}/events`);
      await mark(p2);
      await explorationEnded(p2);
      expect(await marked(p2)).toBe(true);
      expect(await p2.locator('#exploration > p').first().textContent()).toContain('retry of nav-todos, form-todos-add');
      const e = await (await fetch(`${other.apiUrl}/projects/${projectId}/exploration`, { headers: { authorization: `Bearer ${key}` } })).json();
      expect(e).toMatchObject({ id: started.id, status: 'done' });
      expect(e.features.filter((f: any) => f.explorationId === started.id).map((f: any) => `${f.id}:${f.status}`).sort()).toEqual(['form-todos-add:done', 'nav-todos:done']);
      await p2.context().close();
    } finally {
      delay = 0;
      await other.stop();
    }
  }, 300_000);
});
