import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

/** A hand-written frontend plan through the server: artifacts, a failing assertion's analysis, and auto-heal on rerun. */
let server: TestServer;
let app: WebApp;
let ctx: CliEnv;
let key: string;
let project: string;
const act = (description: string) => ({ type: 'action', description });
const check = (description: string) => ({ type: 'assertion', description });
const api = async (path: string) => (await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${key}` } })).json() as Promise<any>;
const create = async (name: string, planSteps: object[]) => {
  writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: project, type: 'frontend', name, planSteps }));
  const testId = (await json(ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId as string;
  return { testId, run: await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 }) };
};

beforeAll(async () => {
  [server, app] = await Promise.all([startServer(), startWebApp()]);
  key = await server.mintKey({ name: 'fe' });
  ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Tasks', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
});
afterAll(async () => {
  await Promise.all([server?.stop(), app?.close()]);
});

/** One stored JSON column, read straight from the server's database (read-only). */
function stored(sql: string, id: string): any {
  const db = new Database(join(server.dataDir, 'svc.db'), { readonly: true, fileMustExist: true });
  try {
    return JSON.parse(Object.values(db.prepare(sql).get(id) as Record<string, string>)[0]!);
  } finally {
    db.close();
  }
}
/** The run's stored record beyond the result view: the runner's steps, heals, video. */
const runExtra = (runId: string) => stored('select extra from runs where id = ?', runId);
/** The resolved script saved with a test. */
const savedScript = (testId: string) => stored('select resolved_script from tests where id = ?', testId);

describe('a hand-written frontend plan', () => {
  it('passes with screenshots and a playable video, then heals a renamed test id on rerun', async () => {
    await fetch(`${app.url}/__reset`, { method: 'POST' });
    const { testId, run: r } = await create('Add a todo', [act('Sign in'), act('Go to /todos'), act('Type "milk" into the "New item" field'), act('Click "Add"'), check('Verify "milk" is visible')]);
    expect(r.exitCode, r.stderr).toBe(0);
    const runId = r.json().runId as string;
    const dir = join(server.dataDir, 'artifacts', 'runs', runId);
    const extra = runExtra(runId);
    expect(extra.steps.map((x: any) => x.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);
    expect(extra.steps[3]).toMatchObject({ action: 'click', locator: "getByTestId('add-button')" });
    for (const step of extra.steps) expect([...readFileSync(join(dir, step.screenshot)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(extra.video).toBe('video.webm');
    expect([...readFileSync(join(dir, extra.video)).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    // The app renames the button's test id; the replay finds it again and records the heal.
    const renamed = await startWebApp({ renameTestIds: { 'add-button': 'add-item-button' } });
    try {
      await json(ctx, ['project', 'update', project, '--url', renamed.url]);
      const rerun = await svc(['--output', 'json', 'test', 'rerun', testId, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
      expect(rerun.exitCode, rerun.stderr).toBe(0);
      const replay = rerun.json().batches[0].runId as string;
      expect(rerun.json().wait.results).toMatchObject([{ runId: replay, status: 'passed' }]);
      const healed = runExtra(replay);
      expect(healed.heals).toEqual([{ index: 3, from: "getByTestId('add-button')", to: "getByTestId('add-item-button')" }]);
      expect(healed.steps[3].healed).toEqual({ from: "getByTestId('add-button')", to: "getByTestId('add-item-button')" });
      expect((await api(`/tests/${testId}/result`)).targetUrl).toBe(`${renamed.url}/`);
    } finally {
      await json(ctx, ['project', 'update', project, '--url', app.url]);
      await renamed.close();
    }
  }, 600_000);

  it('fails an assertion that does not hold, naming the step', async () => {
    await fetch(`${app.url}/__reset`, { method: 'POST' });
    const { testId, run: r } = await create('Wrong count', [act('Sign in'), act('Go to /todos'), act('Type "milk" into the "New item" field'), act('Click "Add"'), check('Assert the page shows "5 items"')]);
    expect(r.exitCode, r.stderr).toBe(1);
    const res = await api(`/tests/${testId}/result?includeAnalysis=true`);
    expect(res).toMatchObject({ status: 'failed', failureKind: 'assertion_failed', reason: expect.stringMatching(/^Step 5 "Assert the page shows "5 items"" failed/) });
    expect(res.analysis).toMatchObject({ failureKind: 'assertion_failed', recommendedFixTarget: 'app' });
    expect(res.analysis.rootCauseHypothesis).toMatch(/^Step \d \(assertion: "Assert the page shows "5 items""\) did not hold/);
    expect(runExtra(res.runId).failedStepIndex).toBe(4);
    // The steps that worked are saved: the replay starts from them instead of planning again.
    const saved = savedScript(testId);
    expect(saved.complete).toBe(false);
    expect(saved.steps.map((s: any) => [s.index, s.action.kind])).toEqual([[0, 'sign-in'], [1, 'navigate'], [2, 'fill'], [3, 'click'], [4, 'expect-text']]);
    const exported = await svc(['test', 'code', 'get', testId], { ctx });
    expect(exported.exitCode).toBe(4);
    expect(exported.stderr).toMatch(/resolved script for 5 step\(s\) only, saved by a failing run/);
  }, 300_000);
});
