import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { svc, type CliEnv } from '../helpers/cli.js';
import { ROOT } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

/** The frontend lifecycle through the CLI in real Chromium: explore → plan → accept → run. */
let server: TestServer;
let app: WebApp;
let ctx: CliEnv;
let project: string;
const statuses = (e: any) => Object.fromEntries(e.features.map((f: any) => [f.id, f.status]));

beforeAll(async () => {
  [server, app] = await Promise.all([startServer(), startWebApp()]);
  ctx = userCtx(server, await server.mintKey({ name: 'web' }), { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Tasks', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
});
afterAll(async () => {
  await Promise.all([server?.stop(), app?.close()]);
});

describe('frontend generation end to end', () => {
  it('explores with the account, retries one feature, drafts a plan and runs it green', async () => {
    await json(ctx, ['project', 'prd', 'put', project, '--file', join(ROOT, 'fixtures/prd/web-app-prd.md')]);
    const exploring = svc(['--output', 'json', 'project', 'explore', project, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
    // While it runs, the text view names the step each feature is on (and its newest screenshot).
    const inFlight: string[] = [];
    for (let t = Date.now(); !inFlight.some((l) => /: step \d+ \((running|passed|failed)\): /.test(l)) && Date.now() - t < 120_000; ) {
      const now = await svc(['project', 'exploration', project], { ctx });
      if (now.exitCode === 0 && /^exploration exp_\S+: running/.test(now.stdout)) {
        const block = now.stdout.split('\nin flight:\n')[1];
        if (block) inFlight.push(...block.split('\n').filter((l) => l.startsWith('  ')));
      }
    }
    expect(inFlight.length, 'no feature was seen in flight').toBeGreaterThan(0);
    const step = inFlight.find((l) => /: step \d+ \(/.test(l))!;
    expect(step).toMatch(/^ {2}[a-z0-9-]+: step \d+ \((running|passed|failed)\): \S.*?(; latest screenshot explorations\/exp_\S+\/features\/\S+\.jpg)?$/);
    const explored = await exploring;
    expect(explored.exitCode, explored.stderr).toBe(0);
    const e = explored.json();
    expect(e).toMatchObject({ status: 'done', withAccount: true, signedIn: true, only: [] });
    expect(statuses(e)).toMatchObject({
      signin: 'done', 'nav-dashboard': 'done', 'nav-todos': 'done', 'form-todos-add': 'done', 'nav-profile': 'done',
      'nav-settings': 'done', 'nav-about': 'done', 'nav-reports': 'failed',
    });
    const reports = e.features.find((f: any) => f.id === 'nav-reports');
    expect(reports.reason).toContain('HTTP 500');
    for (const f of e.features.filter((x: any) => x.status === 'done')) {
      expect(f.recordings.some((r: string) => r.endsWith('.jpg')), f.id).toBe(true);
      expect(f.recordings.some((r: string) => r.endsWith('.webm')), f.id).toBe(true);
      expect(existsSync(join(e.artifactsDir, f.recordings[0]))).toBe(true);
    }
    const text = await svc(['project', 'exploration', project], { ctx });
    expect(text.stdout).toMatch(/^nav-reports\s+Reports\s+failed\s+\/reports\s+\d+\s+step "The page shows no error"/m);
    // Once it has ended, nothing is in flight.
    expect(text.stdout).not.toContain('in flight:');

    // Retrying one feature updates only that one; the others keep their recordings.
    const retry = await json(ctx, ['project', 'explore', project, '--only', 'nav-todos', '--wait']);
    expect(retry.only).toEqual(['nav-todos']);
    expect(statuses(retry)).toEqual(statuses(e));
    const byId = Object.fromEntries(retry.features.map((f: any) => [f.id, f.explorationId]));
    expect(byId['nav-todos']).toBe(retry.id);
    expect(byId['nav-profile']).toBe(e.id);

    const plan = await json(ctx, ['plan', 'generate', '--project', project]);
    const sources = Object.fromEntries(plan.cases.map((c: any) => [c.id, c.category]));
    expect(sources).toMatchObject({ 'case-form-todos-add': 'exploration', 'case-nav-about': 'exploration', 'case-nav-reports': 'description' });
    // The broken page cannot pass, and PRD fallbacks (features the explorer did not find) quote requirements
    // that need rewriting into steps before they can run: both are left out of this suite.
    await json(ctx, ['plan', 'deselect', '--project', project, 'case-nav-reports']);
    if (Object.values(sources).includes('prd')) await json(ctx, ['plan', 'deselect', '--project', project, '--category', 'prd']);
    const edited = await json(ctx, ['plan', 'edit', '--project', project, '--case', 'case-nav-about', 'also check that "About" is visible; rename to About page']);
    expect(edited.cases.find((c: any) => c.id === 'case-nav-about')).toMatchObject({ title: 'About page' });
    await fails(ctx, ['plan', 'edit', '--project', project, 'rename to X'], 5);

    const acc = await json(ctx, ['plan', 'accept', '--project', project]);
    expect(acc.created.length).toBe(plan.cases.filter((c: any) => c.category === 'exploration').length);
    expect((await json(ctx, ['plan', 'accept', '--project', project])).created).toEqual([]);
    const t = await json(ctx, ['test', 'get', acc.created.find((c: any) => c.caseId === 'case-nav-about').testId]);
    expect(t).toMatchObject({ type: 'frontend', name: 'About page', planStepCount: 4 });

    const run = await svc(['--output', 'json', 'test', 'run', '--all', '--project', project, '--wait', '--timeout', '600'], { ctx, timeout: 660_000 });
    const results = run.json().wait.results.map((r: any) => `${r.testName}: ${r.status}${r.run?.reason ? ` ${r.run.reason}` : ''}`);
    expect(run.exitCode, results.join('\n')).toBe(0);
    expect(results).toHaveLength(acc.created.length);
  }, 600_000);

  it('without a test account the protected pages are blocked', async () => {
    const anon = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Anonymous', '--url', app.url])).id;
    await fails(ctx, ['project', 'exploration', anon], 4);
    const e = await json(ctx, ['project', 'explore', anon, '--wait', '--timeout', '300']);
    expect(e).toMatchObject({ status: 'done', withAccount: false, signedIn: false });
    expect(statuses(e)).toMatchObject({ 'nav-about': 'done', 'nav-todos': 'blocked', 'nav-profile': 'blocked', 'nav-settings': 'blocked', 'nav-dashboard': 'blocked' });
    expect(e.features.find((f: any) => f.id === 'nav-todos').reason).toBe('sign-in is required and no test account is configured');
    const plan = await json(ctx, ['plan', 'generate', '--project', anon]);
    expect(plan.cases.find((c: any) => c.id === 'case-nav-todos')).toMatchObject({ category: 'description', frontend: { steps: expect.arrayContaining([{ type: 'action', description: 'Sign in' }]) } });
    const backend = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Not a web app'])).id;
    await fails(ctx, ['project', 'explore', backend], 5);
  }, 300_000);
});
