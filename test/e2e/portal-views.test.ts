import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startWebApp, DEMO_USER, type WebApp } from '../../fixtures/web-app/server.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, svc } from '../helpers/cli.js';
import { BIN, ROOT, tempDir } from '../helpers/paths.js';
import { launchChromium, signIn, views, WIDE } from '../helpers/portal-browser.js';
import { seedPortal, type Seeded } from '../helpers/portal-seed.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * The portal's views of SPEC.md 1.1, 1.2 and 3.6 in real Chromium, each checked by axe-core at 1280
 * and 390 px: the Cleanup tab's sweep indicator and its 'Might be orphaned' rows dismissed through
 * the op the CLI and MCP server run; the Integration Tests tab's dependency graph (seeded batch);
 * then, against the fixture web app, Site Exploration (explore, recordings, retry of one feature),
 * the PRD's feature map as a flow graph, and the Use Case Flow of a frontend test after a real run.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let seed: Seeded;
let alice: string;
let webApp: WebApp;
const shots = tempDir('svc-portal-views-shots-');

beforeAll(async () => {
  [server, browser, webApp] = await Promise.all([startServer(), launchChromium(), startWebApp()]);
  alice = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
  const bob = await server.mintKey({ name: 'bob', email: 'bob@example.com' });
  seed = await seedPortal(server.dataDir, alice, bob);
  page = await (await browser.newContext({ viewport: WIDE, baseURL: server.url })).newPage();
  page.setDefaultTimeout(30_000);
  await signIn(page, alice);
}, 120_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop(), webApp?.close()]);
});

const apiGet = async (path: string) => (await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${alice}` } })).json() as Promise<any>;

describe('Cleanup tab', () => {
  it('shows the sweep indicator while the batch is cleaning up', async () => {
    await page.goto(`/portal/runs/${seed.runs.inflight}?tab=cleanup`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Running cleanup sweep' }).count()).toBeGreaterThan(0);
    await views(page, shots, 'cleanup-sweeping');
  });

  it("dismisses a 'Might be orphaned' row through the op, recorded as from the portal", async () => {
    await page.goto(`/portal/runs/${seed.runs.get}?tab=cleanup`);
    const orphans = page.locator('#orphans');
    await expect.poll(() => orphans.getByText('w-777', { exact: true }).count()).toBe(1);
    await views(page, shots, 'cleanup-orphans');
    await orphans.getByRole('button', { name: /Dismiss \/api\/widgets\/w-777/ }).click();
    await page.waitForURL(/dismissed=/);
    expect(await page.getByRole('status').filter({ hasText: 'Dismissed' }).count()).toBe(1);
    expect(await orphans.getByRole('button', { name: /Dismiss/ }).count()).toBe(0);
    expect(await orphans.textContent()).toContain('dismissed from portal: deleted by hand');
    await views(page, shots, 'cleanup-dismissed');
    const view = await apiGet(`/batches/${seed.batch}`);
    expect(view.cleanup.records.find((r: { resourceId: string }) => r.resourceId === 'w-777').status).toBe('dismissed');
    expect(view.cleanup.orphaned).toBe(0);
  });

  it('refuses to dismiss what cleanup deleted, with the reason on the tab', async () => {
    const res = await page.request.post(`/portal/batches/${seed.batch}/cleanup/dismiss`, { form: { resource: '/api/users/42', run: seed.runs.get }, headers: { origin: server.url } });
    expect(res.status()).toBe(409);
    const body = await res.text();
    expect(body).toContain('is not &#39;Might be orphaned&#39;');
  });

  it('is the same op from the CLI (already dismissed, conflict, unknown) and the MCP server', async () => {
    const ctx = cliEnv({ SVC_API_KEY: alice, SVC_API_URL: server.apiUrl });
    const again = await svc(['--output', 'json', 'test', 'cleanup', 'dismiss', seed.batch, 'w-777'], { ctx });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ batchId: seed.batch, dismissed: [], alreadyDismissed: [{ resourcePath: '/api/widgets/w-777', sourceEndpoint: 'POST /api/widgets' }], mightBeOrphaned: [] });
    const text = await svc(['test', 'cleanup', 'dismiss', seed.batch, '/api/widgets/w-777'], { ctx });
    expect(text.stdout).toContain('already dismissed: /api/widgets/w-777');
    const deleted = await svc(['--output', 'json', 'test', 'cleanup', 'dismiss', seed.batch, '/api/users/42'], { ctx });
    expect(deleted.exitCode).toBe(6);
    expect(deleted.error().code).toBe('CONFLICT');
    const unknown = await svc(['--output', 'json', 'test', 'cleanup', 'dismiss', seed.batch, 'nope-1'], { ctx });
    expect(unknown.exitCode).toBe(4);

    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN.mcp, '--endpoint-url', server.apiUrl, '--toolsets', 'runs'], env: { PATH: process.env.PATH ?? '', HOME: ctx.home, SVC_API_KEY: alice }, cwd: ctx.cwd, stderr: 'pipe' });
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(transport);
    try {
      const r = await client.callTool({ name: 'svc_test_cleanup_dismiss', arguments: { batchId: seed.batch, resources: ['w-777'] } });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { alreadyDismissed: unknown[] }).alreadyDismissed).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});

describe('Integration Tests tab', () => {
  it('draws the producer/consumer graph of the batch (dagre, server-side SVG) and lists the same links', async () => {
    await page.goto(`/portal/runs/${seed.runs.get}?tab=chains`);
    const svg = page.locator('figure.graph svg');
    expect(await svg.getAttribute('aria-hidden')).toBe('true');
    expect(await svg.locator('rect.g-node').count()).toBe(3);
    expect(await svg.locator('path.g-edge').count()).toBe(2);
    expect(await svg.locator('text.g-edge-label').allTextContents()).toEqual(['user_id', 'profile_id']);
    expect(await svg.locator('a[href="/portal/runs/run_update01"] rect.g-blocked').count()).toBe(1);
    // Laid out left to right: the producer before its consumer, the consumer before its own consumer.
    const x = async (run: string) => Number(await svg.locator(`a[href="/portal/runs/${run}"] rect`).getAttribute('x'));
    expect(await x(seed.runs.create)).toBeLessThan(await x(seed.runs.get));
    expect(await x(seed.runs.get)).toBeLessThan(await x(seed.runs.update));
    const list = page.locator('ol.chain-steps');
    expect(await list.locator('li').nth(1).textContent()).toMatch(/Failed\s+Fetch the created user\s+needs ↓ user_id from Create a user · produces ↑ profile_id/);
    await page.getByRole('link', { name: 'Update the profile' }).first().click();
    await page.waitForURL(new RegExp(`/portal/runs/${seed.runs.update}$`));
    await page.goto(`/portal/runs/${seed.runs.get}?tab=chains`);
    await views(page, shots, 'integration-graph');
    expect(await page.locator('figure.graph').isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('figure.graph').isVisible()).toBe(false);
    expect(await list.first().isVisible()).toBe(true);
    await page.setViewportSize(WIDE);
  });
});

describe('Site Exploration and the feature map of a frontend project', () => {
  let pid: string;
  const project = () => page.goto(`/portal/projects/${pid}`);

  beforeAll(async () => {
    const ctx = cliEnv({ SVC_API_KEY: alice, SVC_API_URL: server.apiUrl });
    const created = await svc(['--output', 'json', 'project', 'create', '--type', 'frontend', '--name', 'Task list app', '--url', webApp.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password], { ctx });
    expect(created.exitCode, created.stderr).toBe(0);
    pid = created.json().id;
    const prd = await svc(['--output', 'json', 'project', 'prd', 'put', pid, '--file', join(ROOT, 'fixtures/prd/web-app-prd.md')], { ctx });
    expect(prd.exitCode, prd.stderr).toBe(0);
  }, 60_000);

  it('explores the app from the portal and shows each feature with its status and recording', async () => {
    await project();
    expect(await page.locator('#exploration').textContent()).toContain('Not explored yet.');
    await views(page, shots, 'exploration-none');
    await page.getByRole('button', { name: 'Explore the app' }).click();
    await page.waitForURL(/saved=exploring/);
    // The page follows the exploration's event stream and swaps in its sections when it ends.
    await expect.poll(async () => (await page.locator('#exploration').textContent()) ?? '', { timeout: 150_000, intervals: [1000] }).toMatch(/Explored [^]*done · \d+ failed/);
    const reports = page.locator('#feature-nav-reports');
    expect(await reports.textContent()).toMatch(/Failed[^]*Reports[^]*HTTP 500/);
    const todos = page.locator('#feature-nav-todos');
    expect(await todos.textContent()).toContain('Done');
    const media = todos.locator('video, img.step');
    expect(await media.count()).toBe(1);
    const src = (await media.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^/portal/projects/${pid}/explorations/exp_[^/]+/artifacts/features/nav-todos/`));
    const file = await page.request.get(src);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^(video\/webm|image\/png)$/);
    expect((await page.request.get(src.replace('/artifacts/', '/artifacts/..%2F..%2F'))).status()).toBe(404);
    await views(page, shots, 'exploration-done');
  }, 200_000);

  it('retries one feature through the same op (explore --only) and keeps the others', async () => {
    await project();
    await page.getByRole('button', { name: 'Retry Reports' }).click();
    await page.waitForURL(/saved=exploring/);
    await expect.poll(async () => (await page.locator('#exploration').textContent()) ?? '', { timeout: 120_000, intervals: [1000] }).toMatch(/Explored [^]*\(retry of nav-reports\)/);
    const latest = await apiGet(`/projects/${pid}/exploration`);
    expect(latest.only).toEqual(['nav-reports']);
    expect(latest.features.find((f: { id: string }) => f.id === 'nav-todos').status).toBe('done');
    expect(latest.features.find((f: { id: string }) => f.id === 'nav-reports')).toMatchObject({ status: 'failed', explorationId: latest.id });
    expect(await page.locator('#feature-nav-todos').count()).toBe(1);
  }, 150_000);

  it('draws the PRD feature map as a flow graph with each feature explored status, and lists it', async () => {
    await project();
    const fm = await apiGet(`/projects/${pid}/features`);
    const section = page.locator('#features');
    const svg = section.locator('figure.graph svg');
    expect(await svg.locator('rect.g-node').count()).toBe(fm.featureMap.features.length);
    expect(await section.locator('ol.feature-map > li').count()).toBe(fm.featureMap.features.length);
    const names = await section.locator('ol.feature-map > li > strong').allTextContents();
    expect(names).toEqual(fm.featureMap.features.map((f: { name: string }) => f.name));
    // A PRD feature the exploration visited carries its status and links to its explored feature.
    const item = (name: string) => section.locator('ol.feature-map > li').filter({ has: page.locator(':scope > strong', { hasText: new RegExp(`^${name}$`) }) });
    expect(await item('Sign in').textContent()).toMatch(/^Sign in ✓ Done \(Sign in\)/);
    expect(await item('Sign in').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('#feature-signin');
    expect(await item('Task list').textContent()).toMatch(/^Task list ✗ Failed/);
    expect(await svg.locator('a[href="#feature-signin"] rect.g-passed').count()).toBe(1);
    await views(page, shots, 'feature-map');
  });

  it('refuses a retry with no feature, and an exploration of a backend project, with the reason on the page', async () => {
    const none = await page.request.post(`/portal/projects/${pid}/explore/retry`, { form: { feature: '' }, headers: { origin: server.url } });
    expect(none.status()).toBe(400);
    expect(await none.text()).toContain('feature: choose the feature to retry');
    const backend = await page.request.post(`/portal/projects/${seed.backendProject}/explore`, { form: {}, headers: { origin: server.url } });
    expect(backend.status()).toBe(400);
  });

  it('shows the Use Case Flow of a frontend test: each plan step with the icon of its verdict in the latest run', async () => {
    const ctx = cliEnv({ SVC_API_KEY: alice, SVC_API_URL: server.apiUrl, SVC_ALLOW_PRIVATE_TARGETS: '1' });
    const planSteps = [
      { type: 'action', description: 'Go to /about' },
      { type: 'assertion', description: 'Verify "About" is visible' },
      { type: 'assertion', description: 'Verify "No such words 4711" is visible' },
      { type: 'action', description: 'Click "Dashboard"' },
    ];
    writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: pid, type: 'frontend', name: 'About page', planSteps }));
    const created = await svc(['--output', 'json', 'test', 'create', '--plan-from', 'plan.json'], { ctx });
    expect(created.exitCode, created.stderr).toBe(0);
    const testId = created.json().testId as string;
    await page.goto(`/portal/tests/${testId}`);
    expect(await page.locator('ol.flow > li').allTextContents()).toEqual(planSteps.map((p) => `○ not run yet ${p.type} ${p.description}`));
    const run = await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
    expect(run.exitCode, run.stderr).toBe(1);
    const runId = run.json().runId as string;

    await page.goto(`/portal/tests/${testId}`);
    const steps = page.locator('ol.flow > li');
    const texts = await steps.allTextContents();
    expect(texts.slice(0, 3)).toEqual([`✓ Passed action Go to /about`, `✓ Passed assertion Verify "About" is visible`, `✗ Failed assertion Verify "No such words 4711" is visible`]);
    expect(texts[3]).not.toMatch(/Passed|Failed/);
    expect(await page.locator('#flow-h + p a').getAttribute('href')).toBe(`/portal/runs/${runId}`);
    await views(page, shots, 'use-case-flow-test');

    await project();
    const item = page.locator('#flow li.flow-test', { hasText: 'About page' });
    expect(await item.locator('h3').textContent()).toMatch(/Failed\s+About page\s+2 passed · 1 failed · 1 /);
    expect(await item.locator('ol.flow > li').count()).toBe(4);
    await views(page, shots, 'use-case-flow-project');
  }, 360_000);
});
