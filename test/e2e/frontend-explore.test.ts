import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebApp, DEMO_USER, type WebApp } from '../../fixtures/web-app/server.mjs';
import { BrowserPool } from '../../src/engine/frontend/browser.js';
import { explore, type ExploredFeature } from '../../src/engine/frontend/explore.js';
import { draftPlans } from '../../src/engine/frontend/plan.js';
import { editCase } from '../../src/engine/frontend/plan-edit.js';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { tempDir } from '../helpers/paths.js';

let pool: BrowserPool;
let app: WebApp;
beforeAll(async () => {
  pool = new BrowserPool({ size: 2 });
  app = await startWebApp();
});
afterAll(async () => {
  await pool?.close();
  await app?.close();
});

const byId = (fs: ExploredFeature[]) => Object.fromEntries(fs.map((f) => [f.id, f]));

describe('exploring and planning', () => {
  it('without an account: public pages are explored, the rest is blocked', async () => {
    const updates: string[] = [];
    const r = await explore({ baseUrl: app.url, artifactsDir: tempDir('svc-fe-explore-'), pool, onFeature: (f) => updates.push(`${f.id}:${f.status}`) });
    const f = byId(r.features);
    expect(r.signedIn).toBe(false);
    expect(f['nav-about']?.status).toBe('done');
    for (const id of ['signin', 'nav-dashboard', 'nav-todos', 'nav-profile', 'nav-settings', 'nav-reports']) {
      expect(f[id]).toMatchObject({ status: 'blocked', reason: 'sign-in is required and no test account is configured' });
    }
    expect(updates).toContain('nav-todos:exploring');
    expect(updates).toContain('nav-todos:blocked');
  }, 120_000);

  it('with the test account: finds navigation, forms and the broken page, then the drafted plan runs green', async () => {
    const artifactsDir = tempDir('svc-fe-explore-');
    const r = await explore({ baseUrl: app.url, account: DEMO_USER, artifactsDir, pool, featureHints: ['Todo list', 'Billing'] });
    const f = byId(r.features);
    expect(r.signedIn).toBe(true);
    const statuses = Object.fromEntries(r.features.map((x) => [x.id, x.status]));
    expect(statuses).toMatchObject({
      signin: 'done', 'nav-dashboard': 'done', 'nav-todos': 'done', 'form-todos-add': 'done', 'nav-profile': 'done',
      'form-profile-save-profile': 'done', 'nav-settings': 'done', 'form-settings-save-settings': 'done',
      'nav-reports': 'failed', 'nav-about': 'done', 'prd-billing': 'failed',
    });
    expect(f['form-todos-add']).toMatchObject({ kind: 'form', url: '/todos', prdFeature: 'Todo list' });
    expect(f['nav-reports']!.reason).toContain('HTTP 500');
    for (const x of r.features.filter((y) => y.status === 'done')) {
      expect(x.screenshots.length).toBeGreaterThan(0);
      for (const s of x.screenshots) expect(existsSync(join(artifactsDir, s))).toBe(true);
      expect(existsSync(join(artifactsDir, x.video!))).toBe(true);
    }
    expect(f['form-profile-save-profile']!.observedSteps.map((s) => s.description)).toContain('Verify "Profile saved. Thanks, Alex Explorer!" is visible');

    const cases = draftPlans({ features: r.features, prdFeatures: [{ name: 'Billing', useCases: ['Open the invoices'] }] });
    expect(cases.find((c) => c.featureId === 'nav-reports')?.source).toBe('description');
    expect(cases.find((c) => c.featureId === 'prd-billing')?.source).toBe('prd');
    const todo = editCase(cases.find((c) => c.featureId === 'form-todos-add')!, 'also check that the page shows no error; rename to Add a todo');
    expect(todo.title).toBe('Add a todo');
    const runnable = [todo, ...cases.filter((c) => c.source === 'exploration' && c.featureId !== 'form-todos-add')];
    const results = await Promise.all(
      runnable.map((c) => runPlan({ steps: c.steps, baseUrl: app.url, account: DEMO_USER, artifactsDir: tempDir('svc-fe-case-'), pool, video: false, trace: false })),
    );
    expect(results.map((x, i) => `${runnable[i]!.id}:${x.verdict}${x.failure ? ` ${x.failure.message}` : ''}`)).toEqual(runnable.map((c) => `${c.id}:passed`));

    // Retrying a single feature visits only that one.
    const retry = await explore({ baseUrl: app.url, account: DEMO_USER, artifactsDir, pool, only: ['nav-todos'] });
    expect(retry.features.map((x) => `${x.id}:${x.status}`)).toEqual(['nav-todos:done']);
  }, 180_000);
});
