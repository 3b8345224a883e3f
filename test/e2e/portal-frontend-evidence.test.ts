import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { type CliEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/paths.js';
import { launchChromium, signIn, views, WIDE } from '../helpers/portal-browser.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

/**
 * A frontend run's evidence in the portal, on real runs of the fixture web app in real Chromium:
 * Playwright's trace viewer served by svc-server (offline, behind the session), the video with a
 * poster and step markers that seek it, a screenshot per step, a run without video, and the live
 * preview of a run in flight (its event stream, then the finished report swapped in).
 */
let server: TestServer;
let app: WebApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ctx: CliEnv;
let key: string;
let project: string;
let runId: string;
const shots = tempDir('svc-portal-fe-shots-');
const act = (description: string) => ({ type: 'action', description });
const check = (description: string) => ({ type: 'assertion', description });
const PLAN = [act('Sign in'), act('Go to /todos'), act('Type "milk" into the "New item" field'), act('Click "Add"'), check('Verify "milk" is visible')];

async function createTest(c: CliEnv, projectId: string, name: string, planSteps: object[]): Promise<string> {
  writeFileSync(join(c.cwd, 'plan.json'), JSON.stringify({ projectId, type: 'frontend', name, planSteps }));
  return (await json(c, ['test', 'create', '--plan-from', 'plan.json'])).testId as string;
}

async function runAndWait(c: CliEnv, testId: string): Promise<string> {
  const r = await json(c, ['test', 'run', testId, '--wait', '--timeout', '300']);
  return r.runId as string;
}

function runExtra(s: TestServer, id: string): any {
  const db = new Database(join(s.dataDir, 'svc.db'), { readonly: true, fileMustExist: true });
  try {
    return JSON.parse((db.prepare('select extra from runs where id = ?').get(id) as { extra: string }).extra);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  [server, app, browser] = await Promise.all([startServer(), startWebApp(), launchChromium()]);
  key = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
  ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Tasks', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
  runId = await runAndWait(ctx, await createTest(ctx, project, 'Add a todo', PLAN));
  context = await browser.newContext({ viewport: WIDE, baseURL: server.url });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signIn(page, key);
}, 300_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop(), app?.close()]);
});

describe("a frontend run's evidence", () => {
  it('opens the trace in the trace viewer served by svc-server, offline and behind the session', async () => {
    await page.goto(`/portal/runs/${runId}`);
    const trace = `/portal/runs/${runId}/artifacts/trace.zip`;
    expect(await page.getByRole('link', { name: 'download trace.zip' }).getAttribute('href')).toBe(trace);
    const open = page.getByRole('link', { name: 'Open in trace viewer' });
    expect(await open.getAttribute('href')).toBe(`/portal/trace/index.html?trace=${encodeURIComponent(trace)}`);

    // Every request the viewer makes (its page, scripts, service worker, the trace) stays on svc-server.
    const origin = new URL(server.url).origin;
    const elsewhere: string[] = [];
    const seen = (url: string) => {
      if (!/^(data|blob|about|chrome-extension):/.test(url) && new URL(url).origin !== origin) elsewhere.push(url);
    };
    context.on('request', (r) => seen(r.url()));
    const viewer = await context.newPage();
    viewer.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) elsewhere.push(`CSP: ${m.text()}`);
    });
    await viewer.goto(await open.getAttribute('href').then((h) => h!));
    // The plan's steps are the trace's groups; the viewer lists them with the calls inside.
    await viewer.getByText('1. Sign in').first().waitFor({ timeout: 30_000 });
    await viewer.getByText('4. Click "Add"').first().waitFor();
    // The DOM snapshot of the last call renders (served by the viewer's service worker from the zip).
    await expect.poll(async () => (await Promise.all(viewer.frames().map((f) => f.content().catch(() => '')))).some((h) => h.includes('Todo list') && h.includes('milk')), { timeout: 20_000 }).toBe(true);
    await viewer.screenshot({ path: join(shots, 'trace-viewer.png') });
    expect(elsewhere).toEqual([]);
    await viewer.close();

    // Signed out, neither the viewer nor the trace is served; the viewer keeps its own strict policy.
    const out = await fetch(`${server.url}/portal/trace/index.html`, { redirect: 'manual' });
    expect(out.status).toBe(303);
    expect((await fetch(`${server.url}${trace}`, { redirect: 'manual' })).status).toBe(303);
    const res = await page.request.get('/portal/trace/sw.bundle.js');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers()['content-security-policy']).toContain("connect-src 'self'");
    expect((await page.request.get('/portal/trace/uiMode.html')).status()).toBe(404);
    expect((await page.request.get('/portal/trace/..%2F..%2Fpackage.json')).status()).toBe(404);

    // Where the browser allows no service worker (plain http off localhost) the link would open a
    // blank viewer: the page says why and offers the download alone.
    const insecure = await context.newPage();
    await insecure.addInitScript(() => Object.defineProperty(window, 'isSecureContext', { value: false }));
    await insecure.goto(`/portal/runs/${runId}`);
    await insecure.getByText('The trace viewer needs the portal over HTTPS (or on localhost);').waitFor();
    expect(await insecure.getByRole('link', { name: 'Open in trace viewer' }).count()).toBe(0);
    expect(await insecure.getByRole('link', { name: 'download trace.zip' }).count()).toBe(1);
    await insecure.close();
  });

  it('shows the video with the last step screenshot as poster and step markers that seek it', async () => {
    await page.goto(`/portal/runs/${runId}`);
    const extra = runExtra(server, runId);
    expect(extra.videoStartedAt).toMatch(/^\d{4}-/);
    const video = page.locator('video#run-video');
    expect(await video.getAttribute('poster')).toBe(`/portal/runs/${runId}/artifacts/steps/step-005.jpg`);
    const markers = page.locator('ol.markers a[data-seek]');
    expect(await markers.count()).toBe(PLAN.length);
    const at = await markers.evaluateAll((as) => as.map((a) => Number(a.getAttribute('data-seek'))));
    const expected = extra.steps.map((s: any) => Math.max(0, (Date.parse(s.startedAt) - Date.parse(extra.videoStartedAt)) / 1000));
    at.forEach((t, i) => expect(t).toBeCloseTo(expected[i], 1));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(at[0]!).toBeLessThan(2);
    expect(await markers.nth(3).textContent()).toContain('4. Click "Add"');
    expect(await markers.nth(3).locator('.st-passed').count()).toBe(1);

    // Keyboard: focus the fourth marker and press Enter; the video seeks there and marks it.
    await video.evaluate((v: HTMLVideoElement) => new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener('loadedmetadata', () => r(null), { once: true }))));
    await markers.nth(3).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('run-video') as HTMLVideoElement).seeking === false && (document.getElementById('run-video') as HTMLVideoElement).currentTime > 0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(at[3]!, 1);
    expect(page.url()).toBe(`${server.url}/portal/runs/${runId}`);
    await expect.poll(() => markers.nth(3).getAttribute('aria-current')).toBe('step');
    await views(page, shots, 'run-frontend-video');
  });

  it('shows a screenshot next to each step with its status, lazy-loaded and reachable from the keyboard', async () => {
    await page.goto(`/portal/runs/${runId}`);
    const items = page.locator('ol.fe-steps > li.fe-step');
    expect(await items.count()).toBe(PLAN.length);
    for (let i = 0; i < PLAN.length; i++) {
      const item = items.nth(i);
      expect(await item.locator('.st-passed').count()).toBeGreaterThan(0);
      const img = item.locator('img.step');
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(await img.getAttribute('src')).toBe(`/portal/runs/${runId}/artifacts/steps/step-00${i + 1}.jpg`);
      expect(await img.getAttribute('alt')).toBe(`Screenshot after step ${i + 1}: ${PLAN[i]!.description} (passed)`);
    }
    // The screenshot links are in the tab order.
    await items.nth(0).locator('a.fe-shot').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe(`/portal/runs/${runId}/artifacts/steps/step-002.jpg`);
    // At 390 px the screenshot sits under its step and fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await items.nth(1).locator('img.step').boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize(WIDE);
  });
});

describe('a run without video', () => {
  it('says so and shows the step screenshots instead', async () => {
    // No ffmpeg for Playwright: an empty browsers path (Chromium is the system's, named directly).
    const noFfmpeg = tempDir('svc-no-ffmpeg-');
    mkdirSync(noFfmpeg, { recursive: true });
    const bare = await startServer({ env: { PLAYWRIGHT_BROWSERS_PATH: noFfmpeg } });
    try {
      const k = await bare.mintKey({ name: 'carol' });
      const c = userCtx(bare, k, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
      const pid = (await json(c, ['project', 'create', '--type', 'frontend', '--name', 'Tasks', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
      const rid = await runAndWait(c, await createTest(c, pid, 'Sign in only', PLAN.slice(0, 2)));
      const p = await (await browser.newContext({ viewport: WIDE, baseURL: bare.url })).newPage();
      await signIn(p, k);
      await p.goto(`/portal/runs/${rid}`);
      expect(await p.locator('video').count()).toBe(0);
      expect(await p.getByText(/video disabled: ffmpeg is not usable/).count()).toBe(1);
      await p.getByRole('link', { name: 'step screenshots' }).click();
      expect(await p.locator('li.fe-step img.step').count()).toBe(2);
      await views(p, shots, 'run-frontend-no-video');
      await p.context().close();
    } finally {
      await bare.stop();
    }
  }, 120_000);
});

describe('a frontend run in flight', () => {
  it('shows the step being run and the latest screenshot live, then swaps in the finished report without a reload', async () => {
    const plan = [act('Sign in'), act('Wait 2 seconds'), act('Go to /todos'), act('Wait 2 seconds'), act('Type "eggs" into the "New item" field'), act('Wait 2 seconds'), act('Click "Add"'), check('Verify "eggs" is visible')];
    const testId = await createTest(ctx, project, 'Slow add', plan);
    const live = (await json(ctx, ['test', 'run', testId])).runId as string;
    await page.goto(`/portal/runs/${live}`);
    await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
    expect(await page.locator('#live[data-run-events]').count()).toBe(1);
    expect(await page.locator('main[data-wait]').count()).toBe(0);
    // The step line and the screenshot follow the run.
    const texts = new Set<string>();
    const srcs = new Set<string>();
    const until = Date.now() + 60_000;
    let checked = false;
    while (Date.now() < until && (await page.locator('#live').count())) {
      const t = await page.locator('[data-live-step]').textContent().catch(() => null);
      if (t) texts.add(t);
      const src = await page.locator('[data-live-img]').getAttribute('src').catch(() => null);
      if (src) srcs.add(src);
      if (!checked && srcs.size && (await page.locator('#live').count())) {
        checked = true;
        await views(page, shots, 'run-frontend-live').catch((e) => {
          // The run may finish mid-check; only a violation on the live page counts.
          if (/axe violations|wide at 390px/.test(String(e))) throw e;
        });
      }
      await page.waitForTimeout(150);
    }
    const stepTexts = [...texts].filter((t) => /^Step [1-8] of 8 \((running|passed)\): /.test(t));
    expect(stepTexts.length, [...texts].join('\n')).toBeGreaterThanOrEqual(2);
    expect(stepTexts.some((t) => /\(running\): Wait 2 seconds$/.test(t)), [...texts].join('\n')).toBe(true);
    expect(srcs.size, [...srcs].join('\n')).toBeGreaterThanOrEqual(2);
    for (const s of srcs) expect(s).toMatch(new RegExp(`^/portal/runs/${live}/artifacts/steps/step-\\d{3}\\.jpg$`));
    // The finished report took the preview's place in the same page.
    await page.locator('h2#steps').waitFor();
    expect(await page.locator('ol.fe-steps > li.fe-step').count()).toBe(plan.length);
    expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
    expect(await page.locator('#live').count()).toBe(0);
  }, 120_000);

  it('streams a run as server-sent events to its owner only', async () => {
    const res = await page.request.get(`/portal/runs/${runId}/events`);
    expect(res.headers()['content-type']).toMatch(/^text\/event-stream/);
    const body = await res.text();
    expect(body).toMatch(/^event: progress\ndata: \{"runId":"[^"]+","status":"passed"/);
    expect(body).toContain('event: done');
    expect((await fetch(`${server.url}/portal/runs/${runId}/events`, { redirect: 'manual' })).status).toBe(303);
    const bob = await browser.newContext({ baseURL: server.url });
    const p = await bob.newPage();
    await signIn(p, await server.mintKey({ name: 'bob' }));
    expect((await p.request.get(`/portal/runs/${runId}/events`)).status()).toBe(404);
    expect((await p.request.get('/portal/runs/run_nope/events')).status()).toBe(404);
    await bob.close();
  });
});
