import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetApi, type TargetApi, type TargetStore } from '../../fixtures/target-api/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { ROOT } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

/**
 * The backend lifecycle through the CLI: docs → discover → plan → accept → run --all. The run must
 * find exactly the fixture's planted defects (plus the always-broken endpoint), analyse each one
 * correctly, and leave the target's data as it was apart from the tags, which have no DELETE.
 */
let server: TestServer;
let api: TargetApi;
let ctx: CliEnv;
let project: string;
const store = async (): Promise<TargetStore> => (await fetch(`${api.url}/__store`)).json() as Promise<TargetStore>;

beforeAll(async () => {
  [server, api] = await Promise.all([startServer(), startTargetApi({ port: 0 })]);
  ctx = userCtx(server, await server.mintKey({ name: 'gen' }), { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  project = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Community API', '--url', api.url])).id;
  await json(ctx, ['project', 'credential', project, '--type', 'Bearer token', '--credential', 'demo-token']);
});
afterAll(async () => {
  await Promise.all([server?.stop(), api?.close()]);
});

describe('backend generation end to end', () => {
  it('plans, accepts once, runs the suite and finds exactly the planted defects', async () => {
    await json(ctx, ['project', 'docs', 'put', project, '--file', join(ROOT, 'fixtures/target-api/openapi.yaml')]);
    await json(ctx, ['project', 'discover', project]);
    await fetch(`${api.url}/__reset`, { method: 'POST' });
    const before = await store();

    const plan = await json(ctx, ['plan', 'generate', '--project', project]);
    expect(plan.counts.selected).toBeGreaterThan(40);
    const accepted = await json(ctx, ['plan', 'accept', '--project', project]);
    expect(accepted.created).toHaveLength(plan.counts.selected);
    const again = await json(ctx, ['plan', 'accept', '--project', project]);
    expect(again.created).toEqual([]);
    expect(again.testIds).toEqual(accepted.testIds);
    const tests = await json(ctx, ['test', 'list', '--project', project, '--max-items', '1000']);
    expect(tests.items).toHaveLength(accepted.created.length);

    const run = await svc(['--output', 'json', 'test', 'run', '--all', '--project', project, '--wait', '--timeout', '600'], { ctx, timeout: 660_000 });
    expect([0, 1], run.stderr).toContain(run.exitCode);
    const out = run.json();
    const failed = out.wait.results.filter((r: any) => r.status !== 'passed');
    const summary = failed.map((r: any) => `${r.testName}: ${r.status} ${r.run?.reason ?? ''}`).join('\n');
    console.log(summary);
    expect(failed.every((r: any) => r.status === 'failed'), summary).toBe(true);
  }, 700_000);
});
