import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the corpus tooling
import { loadSet } from '../corpus/confirm.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

/**
 * A slice of the first-sight set that joined the corpus (test/corpus/first-sight/set-1: plans written
 * by someone who never saw how svc reads steps, for MailDev, DokuWiki and Prometheus), through the real
 * server and CLI: the right verdict on the first run and on the replay, a real defect of the app
 * failing the plan at its step with the app blamed, and the project's test account used to sign in.
 */
interface Plan { name: string; app: string; account?: { username: string; password: string }; expect: 'pass' | 'fail'; failAt?: number; steps: Array<{ type: string; description: string }> }
interface Set { plans: Plan[]; apps: { startApp(key: string): Promise<{ url: string; stop(): Promise<void> }>; stopApps(): Promise<void> } }

const PICK = ['Log in and log out', 'Unread count after deleting a read email', 'Mark all as read', 'Home page lands on the graph page'];

let set: Set;
let server: TestServer;
let ctx: CliEnv;
const apps: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  set = (await loadSet('test/corpus/first-sight/set-1')) as Set;
  server = await startServer();
  const key = await server.mintKey({ name: 'first-sight' });
  ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await set?.apps.stopApps();
  await server?.stop();
});

describe('first-sight plans on real web apps', () => {
  for (const name of PICK) {
    it(`${name}: the right verdict, first run and replay`, async () => {
      const plan = set.plans.find((p) => p.name === name)!;
      const app = await set.apps.startApp(plan.app);
      apps.push(app);
      const account = plan.account ? ['--username', plan.account.username, '--password', plan.account.password] : [];
      const project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', `${plan.app} ${name}`.slice(0, 60), '--url', app.url, ...account])).id;
      writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: project, type: 'frontend', name, planSteps: plan.steps }));
      // Read before running: every step is understood.
      const lint = await json(ctx, ['test', 'lint', '--plan-from', 'plan.json']);
      expect(lint.valid).toBe(true);
      const testId = (await json(ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId as string;
      for (const run of [['test', 'run', testId], ['test', 'rerun', testId]]) {
        if (run[1] === 'rerun') {
          // These apps keep their state on the server: the replay gets a fresh instance, as a later run would.
          const again = await set.apps.startApp(plan.app);
          apps.push(again);
          expect((await svc(['project', 'update', project, '--url', again.url], { ctx })).exitCode).toBe(0);
        }
        const r = await svc([...run, '--wait', '--timeout', '300'], { ctx, timeout: 330_000 });
        const result = await json(ctx, ['test', 'result', testId, '--include-analysis']);
        if (plan.expect === 'pass') {
          expect(r.exitCode, String(result.reason)).toBe(0);
          expect(result.status).toBe('passed');
        } else {
          expect(r.exitCode).toBe(1);
          expect(result.status).toBe('failed');
          expect(result.reason).toMatch(new RegExp(`^Step ${plan.failAt} `));
          expect(['assertion_failed', 'page_error']).toContain(result.analysis.failureKind);
          expect(result.analysis.recommendedFixTarget).toBe('app');
        }
      }
    }, 900_000);
  }
});
