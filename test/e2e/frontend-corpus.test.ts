import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus, startApp, stopApps } from '../corpus/apps.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

/**
 * A representative part of the frontend corpus (test/corpus/frontend), run through the real server
 * and CLI against real third-party web apps from npm: plans written as people write them reach the
 * right verdict on the first run and on the replay of the saved script, real defects of the apps
 * fail the plan at the right step blaming the app, and a sentence nobody could read blames the test.
 */
interface CorpusPlan { name: string; app: string; expect: 'pass' | 'fail'; failAt?: number; steps: Array<{ type: string; description: string }> }
const PICK = ['Add a few todos', 'Edit a todo in place', 'Remove a todo with the delete button', 'Adding a todo', 'The app loads without errors', 'Sign in to the editor'];
const plans = (readCorpus() as CorpusPlan[]).filter((p) => PICK.some((n) => p.name.startsWith(n)));

let server: TestServer;
let ctx: CliEnv;
const apps: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  server = await startServer();
  const key = await server.mintKey({ name: 'corpus' });
  ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await stopApps();
  await server?.stop();
});

async function runPlan(plan: CorpusPlan, name = plan.name) {
  const app = await startApp(plan.app);
  apps.push(app);
  const project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', `${plan.app} ${name}`.slice(0, 60), '--url', app.url])).id;
  writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: project, type: 'frontend', name, planSteps: plan.steps }));
  const testId = (await json(ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId as string;
  const first = await svc(['test', 'run', testId, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
  const firstResult = await json(ctx, ['test', 'result', testId, '--include-analysis']);
  const replay = await svc(['test', 'rerun', testId, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
  const replayResult = await json(ctx, ['test', 'result', testId, '--include-analysis']);
  return { first, firstResult, replay, replayResult };
}

/** Points the test's project at another app (a redesign, an upgrade) and replays its saved script there: the steps of that replay. */
async function replayOn(key: string, testId: string): Promise<string> {
  const app = await startApp(key);
  apps.push(app);
  const project = (await json(ctx, ['test', 'get', testId])).projectId as string;
  expect((await svc(['project', 'update', project, '--url', app.url], { ctx })).exitCode).toBe(0);
  const rerun = await svc(['test', 'rerun', testId, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
  const healed = await json(ctx, ['test', 'result', testId]);
  expect(rerun.exitCode, `${healed.reason ?? ''} ${rerun.stderr}`).toBe(0);
  expect(healed.status).toBe('passed');
  return JSON.stringify(await json(ctx, ['test', 'steps', testId, '--run-id', healed.runId]));
}

describe('frontend corpus on real web apps', () => {
  it('has the plans this test runs', () => {
    expect(plans.map((p) => p.name.split(' (')[0])).toEqual(expect.arrayContaining(PICK));
  });

  for (const plan of plans) {
    it(`${plan.app}: ${plan.name}`, async () => {
      const { first, firstResult, replay, replayResult } = await runPlan(plan);
      for (const [r, res] of [[first, firstResult], [replay, replayResult]] as const) {
        if (plan.expect === 'pass') {
          expect(r.exitCode, `${res.reason ?? ''} ${r.stderr}`).toBe(0);
          expect(res.status).toBe('passed');
        } else {
          expect(r.exitCode, r.stderr).toBe(1);
          expect(res.reason).toMatch(new RegExp(`^Step ${plan.failAt} `));
          expect(['assertion_failed', 'page_error']).toContain(res.analysis.failureKind);
          expect(res.analysis.recommendedFixTarget).toBe('app');
        }
      }
    }, 900_000);
  }

  it('exploring a single-page app finds its entry field and the routes that appear with content', async () => {
    const app = await startApp('todomvc/vanillajs');
    apps.push(app);
    const project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'todomvc exploration', '--url', app.url])).id;
    const explored = await svc(['--output', 'json', 'project', 'explore', project, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
    expect(explored.exitCode, explored.stderr).toBe(0);
    const features = explored.json().features as Array<{ name: string; url: string; status: string; observedSteps: Array<{ description: string }> }>;
    const done = features.filter((f) => f.status === 'done');
    expect(done.map((f) => f.name)).toEqual(expect.arrayContaining(['All', 'Active', 'Completed', 'All: What needs to be done?']));
    const path = new URL(app.url).pathname;
    expect(done.find((f) => f.name === 'Active')!.url).toBe(`${path}#/active`);
    // Every visit starts at the project URL's path.
    for (const f of done) expect(f.observedSteps[0]!.description).toMatch(new RegExp(`^Go to ${path.replace(/\//g, '\\/')}`));
  }, 900_000);

  it('a saved script replayed on a redesign heals its drifted locators: the plan resolved on one TodoMVC implementation, replayed on another', async () => {
    const plan = plans.find((p) => p.name === 'Edit a todo in place')!;
    expect(plan.app).toBe('todomvc/backbone');
    const { replayResult } = await runPlan(plan, 'Edit in place, then redesigned');
    expect(replayResult.status).toBe('passed');
    // The app behind the project's URL is rewritten: angularjs's edit field sits inside a form.
    const steps = await replayOn('todomvc/angularjs', replayResult.testId as string);
    expect(steps).toContain(`"healed":{"from":"locator('#todo-list > li > input')","to":"locator('#todo-list > li > form > input')"}`);
  }, 900_000);

  it('a script saved before an upgrade replays after it (Node-RED 3.1 → 4): ports named by their class, not their place', async () => {
    const plan = (readCorpus() as CorpusPlan[]).find((p) => p.name === 'Build a flow with drag and drop')!;
    const { replayResult } = await runPlan({ ...plan, app: 'node-red@3' }, 'Drag and drop, then upgraded');
    expect(replayResult.status, replayResult.reason).toBe('passed');
    const steps = await replayOn('node-red', replayResult.testId as string);
    // Node-RED 4 draws one more group before a node's ports: a path by position ended on an empty
    // group there; one by the port's own class still finds it.
    expect(steps).toContain('> g.red-ui-flow-port-output');
    expect(steps).not.toContain('"healed"');
    // No locator on the ids Node-RED draws at random for every node.
    expect(steps).not.toMatch(/#[0-9a-f]{16}/);
  }, 900_000);

  it('a step nobody could read blames the test and says which words', async () => {
    const todo = plans.find((p) => p.app === 'todomvc/vanillajs')!;
    const steps = [{ type: 'action', description: 'Open the todo app' }, { type: 'action', description: 'Juggle the todos around a bit' }];
    const { first, firstResult } = await runPlan({ ...todo, steps, expect: 'fail' }, 'Unreadable step');
    expect(first.exitCode).toBe(1);
    expect(firstResult.reason).toMatch(/^Step 2 "Juggle the todos around a bit" failed: the words "Juggle the todos around a bit" were not understood\. Rephrase the step, e\.g\. /);
    expect(firstResult.analysis).toMatchObject({ failureKind: 'step_not_understood', recommendedFixTarget: 'test' });
    // The same record by run id, as run tables print them.
    const byRun = await json(ctx, ['test', 'result', '--run-id', firstResult.runId, '--include-analysis']);
    expect(byRun).toMatchObject({ runId: firstResult.runId, reason: firstResult.reason, analysis: { failureKind: 'step_not_understood' } });
    const both = await svc(['test', 'result', 'tst_x', '--run-id', firstResult.runId], { ctx });
    expect(both.exitCode).toBe(5);
  }, 900_000);
});
