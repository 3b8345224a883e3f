import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { startWebApp, DEMO_USER, type WebApp } from '../../fixtures/web-app/server.mjs';
import { BrowserPool, CHROMIUM_ARGS, findChromium } from '../../src/engine/frontend/browser.js';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { ROOT, tempDir } from '../helpers/paths.js';
import { zipEntry } from '../helpers/zip.js';

const PLAN = [
  { type: 'action' as const, description: 'Sign in' },
  { type: 'assertion' as const, description: 'Verify "Welcome, demo" is visible' },
];

let app: WebApp;
let server: BrowserServer;
beforeAll(async () => {
  app = await startWebApp();
  server = await chromium.launchServer({ executablePath: findChromium(), args: CHROMIUM_ARGS, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

describe('browser sources', () => {
  it('runs against a remote browser through its WebSocket endpoint, video included', async () => {
    const pool = new BrowserPool({ wsEndpoint: server.wsEndpoint(), size: 1 });
    expect(pool.remote).toBe(true);
    try {
      const artifactsDir = tempDir('svc-fe-remote-');
      const r = await runPlan({ steps: PLAN, baseUrl: app.url, account: DEMO_USER, artifactsDir, pool });
      expect(r.verdict).toBe('passed');
      expect([...readFileSync(join(artifactsDir, r.video!)).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    } finally {
      await pool.close();
    }
  });

  it('reports the verdict with its video and trace written, without waiting for Chromium to close the run\'s context', async () => {
    const pool = new BrowserPool({ size: 1 });
    try {
      const artifactsDir = tempDir('svc-fe-close-');
      const r = await runPlan({ steps: PLAN, baseUrl: app.url, account: DEMO_USER, artifactsDir, pool });
      let settled = false;
      const settling = pool.settled().then(() => (settled = true));
      // The files are whole when the verdict comes: the video's header and the trace's events.
      expect(r.verdict).toBe('passed');
      expect([...readFileSync(join(artifactsDir, r.video!)).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
      expect(zipEntry(join(artifactsDir, r.trace!), 'trace.trace')!.toString('utf8')).toContain('"frame-snapshot"');
      // The run's context is still closing (about 0.1 s with a video); the pool finishes it.
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      await settling;
      const browser = await (pool as unknown as { browser: Promise<Browser> }).browser;
      expect(browser.contexts().length).toBeLessThanOrEqual(1); // the next run's spare at most
      // The slot is free again: the next run takes it.
      const again = await runPlan({ steps: PLAN, baseUrl: app.url, account: DEMO_USER, artifactsDir: tempDir('svc-fe-close-'), pool, video: false });
      expect(again.verdict).toBe('passed');
    } finally {
      await pool.close();
    }
  });

  it('keeps no run\'s video or trace data in the browser\'s own directories once the run is saved, and each trace whole', () => {
    // A server's browser lives for days: what Playwright keeps for each run until the browser closes
    // (the video's first copy, the raw trace, its page snapshots and frames) must go with the run.
    const tmp = tempDir('svc-fe-tmp-');
    const runs = tempDir('svc-fe-runs-');
    const dist = (p: string) => pathToFileURL(join(ROOT, 'dist/src/engine/frontend', p)).href;
    const script = `
      import { readdirSync, statSync } from 'node:fs';
      import { join } from 'node:path';
      import { startWebApp, DEMO_USER } from ${JSON.stringify(pathToFileURL(join(ROOT, 'fixtures/web-app/server.mjs')).href)};
      import { runPlan } from ${JSON.stringify(dist('runner.js'))};
      import { BrowserPool } from ${JSON.stringify(dist('browser.js'))};
      const app = await startWebApp();
      const pool = new BrowserPool({ size: 1 });
      const results = [];
      for (let i = 0; i < 3; i++) {
        const r = await runPlan({ steps: ${JSON.stringify(PLAN)}, baseUrl: app.url, account: DEMO_USER, artifactsDir: join(${JSON.stringify(runs)}, String(i)), pool, video: i !== 1 });
        results.push({ verdict: r.verdict, video: r.video ?? null, trace: r.trace ?? null });
      }
      await pool.settled();
      const files = (d) => statSync(d).isDirectory() ? readdirSync(d).flatMap((f) => files(join(d, f))) : [d];
      const left = readdirSync(process.env.TMPDIR).filter((d) => /^(playwright-artifacts|svc-traces)-/.test(d)).flatMap((d) => files(join(process.env.TMPDIR, d)));
      console.log(JSON.stringify({ results, left }));
      await pool.close(); await app.close();`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8', timeout: 90_000 });
    const r = JSON.parse(out.trim().split('\n').pop()!);
    expect(r.results).toEqual([0, 1, 2].map((i) => ({ verdict: 'passed', video: i === 1 ? null : 'video.webm', trace: 'trace.zip' })));
    expect(r.left).toEqual([]);
    for (const i of [0, 1, 2]) {
      const zip = join(runs, String(i), 'trace.zip');
      const events = zipEntry(zip, 'trace.trace')!.toString('utf8');
      // The trace's film strip only where no video shows the run; page snapshots in every trace.
      expect(events.includes('"screencast-frame"')).toBe(i === 1);
      expect(events.includes('"frame-snapshot"')).toBe(true);
      // Every picture and resource a saved trace names is in it: clearing between runs took nothing
      // a later run needed.
      const named = [...(events + zipEntry(zip, 'trace.network')!.toString('utf8')).matchAll(/"_?file":"(resources\/[^"]+)"/g)].map((m) => m[1]!);
      expect(named.length).toBeGreaterThan(0);
      expect(named.filter((file) => zipEntry(zip, file) === undefined)).toEqual([]);
    }
  });

  it('falls back to step screenshots and says why when ffmpeg is not usable', () => {
    // Playwright looks for its ffmpeg under PLAYWRIGHT_BROWSERS_PATH; an empty one makes video unusable.
    const artifactsDir = tempDir('svc-fe-novideo-');
    const dist = (p: string) => pathToFileURL(join(ROOT, 'dist/src/engine/frontend', p)).href;
    const script = `
      import { startWebApp, DEMO_USER } from ${JSON.stringify(pathToFileURL(join(ROOT, 'fixtures/web-app/server.mjs')).href)};
      import { runPlan } from ${JSON.stringify(dist('runner.js'))};
      import { closeDefaultPool } from ${JSON.stringify(dist('browser.js'))};
      const app = await startWebApp();
      const r = await runPlan({ steps: ${JSON.stringify(PLAN)}, baseUrl: app.url, account: DEMO_USER, artifactsDir: ${JSON.stringify(artifactsDir)} });
      console.log(JSON.stringify({ verdict: r.verdict, video: r.video ?? null, videoNote: r.videoNote, shots: r.steps.map((s) => s.screenshot) }));
      await closeDefaultPool(); await app.close();`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: tempDir('svc-no-ffmpeg-') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const r = JSON.parse(out.trim().split('\n').pop()!);
    expect(r.verdict).toBe('passed');
    expect(r.video).toBeNull();
    expect(r.videoNote).toMatch(/^video disabled: ffmpeg is not usable/);
    expect(r.shots).toEqual(['steps/step-001.jpg', 'steps/step-002.jpg']);
  });
});
