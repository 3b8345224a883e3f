import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

/** `test flaky` on a frontend test: replays of the saved script, no planning, no auto-heal. */
let server: TestServer;
let app: WebApp;
let renamed: WebApp;
let ctx: CliEnv;
let project: string;
let testId: string;

beforeAll(async () => {
  [server, app, renamed] = await Promise.all([startServer(), startWebApp(), startWebApp({ renameTestIds: { 'add-button': 'add-item-button' } })]);
  const key = await server.mintKey({ name: 'flaky-fe' });
  ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Todos', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
  const steps = [['action', 'Sign in'], ['action', 'Go to /todos'], ['action', 'Type "eggs" into the "New item" field'], ['action', 'Click "Add"'], ['assertion', 'Verify "eggs" is visible']];
  writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: project, type: 'frontend', name: 'Add eggs', planSteps: steps.map(([type, description]) => ({ type, description })) }));
  testId = (await json(ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId;
});
afterAll(async () => {
  await Promise.all([server?.stop(), app?.close(), renamed?.close()]);
});

describe('test flaky on a frontend test', () => {
  it('needs a saved script first (exit 4)', async () => {
    const r = await svc(['test', 'flaky', testId, '--runs', '2'], { ctx });
    expect(r.exitCode).toBe(4);
  });

  it('replays a passing script as stable (exit 0)', async () => {
    const first = await svc(['test', 'run', testId, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
    expect(first.exitCode, first.stderr).toBe(0);
    const r = await svc(['--output', 'json', 'test', 'flaky', testId, '--runs', '2', '--timeout', '300'], { ctx, timeout: 330_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ testId, runs: 2, passed: 2, failed: 0, stableRatio: 1, verdict: 'stable' });
  });

  it('does not heal: a renamed test id makes every replay fail (failing, exit 1)', async () => {
    expect((await svc(['project', 'update', project, '--url', renamed.url], { ctx })).exitCode).toBe(0);
    const r = await svc(['--output', 'json', 'test', 'flaky', testId, '--runs', '2', '--timeout', '300'], { ctx, timeout: 330_000 });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.json()).toMatchObject({ runs: 2, passed: 0, failed: 2, verdict: 'failing' });
  });
});
