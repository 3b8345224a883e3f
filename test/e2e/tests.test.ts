import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Test, TestCreated, TestPage } from '../../src/contract/tests.js';
import { svc, type CliEnv } from '../helpers/cli.js';
import type { TestServer } from '../helpers/server.js';
import { CODE, testsWorld, type TestsWorld } from '../helpers/tests-world.js';
import { fails, json, userCtx } from '../helpers/user.js';

let server: TestServer;
let key: string;
let ctx: CliEnv;
let fe: string;
let be: string;
let file: TestsWorld['file'];
let plan: TestsWorld['plan'];
let backend: TestsWorld['backend'];

beforeAll(async () => {
  ({ server, key, ctx, fe, be, file, plan, backend } = await testsWorld());
});
afterAll(async () => {
  await server?.stop();
});

describe('test create', () => {
  it('backend from --code-file (text): testId, type, codeVersion, createdAt, dashboardUrl', async () => {
    const r = await svc(backend('Health check', ['--produces', 'item_id', '--produces', 'etag', '--needs', 'token', '--category', 'cleanup', '--priority', 'p0', '--description', 'checks /health']), { ctx });
    expect(r.exitCode, r.stderr).toBe(0);
    for (const f of ['testId', 'type', 'codeVersion', 'createdAt', 'dashboardUrl']) expect(r.stdout).toMatch(new RegExp(`^${f}:`, 'm'));
    expect(r.stdout).toMatch(/^codeVersion:\s+1$/m);
    const testId = /^testId:\s+(\S+)$/m.exec(r.stdout)![1]!;
    const t = Test.parse(await json(ctx, ['test', 'get', testId]));
    expect(t).toMatchObject({
      id: testId, projectId: be, projectName: 'API', name: 'Health check', type: 'backend', createdFrom: 'cli', status: 'ready',
      description: 'checks /health', priority: 'p0', produces: ['item_id', 'etag'], consumes: ['token'], category: 'cleanup', codeVersion: 1, lastRunId: null,
      details: { language: 'python', codeBytes: CODE.length },
    });
    expect(t.dashboardUrl).toBe(`${server.url}/portal/tests/${testId}`);
  });

  it('frontend from --plan-from (json); --name/--priority are ignored with an advisory', async () => {
    const r = await svc(['--output', 'json', 'test', 'create', '--plan-from', file('plan.json', plan('Home loads', { priority: 'p2' })), '--name', 'ignored', '--priority', 'p3'], { ctx });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\[advisory\] --plan-from given: ignoring --name, --priority/);
    const c = TestCreated.parse(r.json());
    expect(c).toMatchObject({ type: 'frontend', codeVersion: 1 });
    const t = Test.parse(await json(ctx, ['test', 'get', c.testId]));
    expect(t).toMatchObject({ name: 'Home loads', priority: 'p2', planStepCount: 2, type: 'frontend' });
    expect(t.details?.planSteps?.[1]).toEqual({ type: 'assertion', description: 'The title is visible' });
    expect(t).not.toHaveProperty('produces');
    const text = await svc(['test', 'get', c.testId], { ctx });
    expect(text.stdout).toMatch(/planSteps:\n\s+1\. \[action\] Open the home page\n\s+2\. \[assertion\] The title is visible/);
  });

  it.each([
    [['test', 'create', '--type', 'backend', '--name', 'x', '--code-file', 'code.py'], 5, /--code-file needs --project/],
    [['test', 'create', '--project', 'P', '--type', 'backend', '--name', 'x'], 5, /--code-file.*--plan-from/],
    [['test', 'create', '--code-file', 'code.py', '--plan-from', 'plan.json'], 5, /mutually exclusive/],
    [['test', 'create', '--project', 'P', '--type', 'frontend', '--name', 'x', '--code-file', 'code.py'], 5, /backend test/],
    [['test', 'create', '--plan-from', 'plan.json', '--produces', 'x'], 5, /only to backend/],
    [['test', 'create', '--project', 'P', '--type', 'backend', '--name', 'x', '--code-file', 'code.py', '--priority', 'p4'], 5, /--priority/],
    [['test', 'create', '--project', 'P', '--type', 'backend', '--name', 'x', '--code-file', 'missing.py'], 5, /cannot read/],
    [['test', 'create', '--project', 'prj_nope', '--type', 'backend', '--name', 'x', '--code-file', 'code.py'], 4, /not found/],
  ])('refuses %j with exit %i', async (args, exit, why) => {
    file('code.py', CODE);
    file('plan.json', plan('p'));
    expect((await fails(ctx, args, exit)).error().message).toMatch(why);
  });

  it('a project holds one test type: a backend test in a frontend project is exit 5', async () => {
    const r = await fails(ctx, ['test', 'create', '--project', fe, '--type', 'backend', '--name', 'x', '--code-file', file('code.py', CODE)], 5);
    expect(r.error().message).toMatch(/frontend project and cannot hold a backend test/);
  });

  it('idempotency: same key + same body is the same test; another body is a conflict (exit 6)', async () => {
    const a = await json(ctx, backend('Idem', ['--idempotency-key', 'test-idem-1']));
    const b = await json(ctx, backend('Idem', ['--idempotency-key', 'test-idem-1']));
    expect(b.testId).toBe(a.testId);
    expect((await fails(ctx, backend('Idem other', ['--idempotency-key', 'test-idem-1']), 6)).error().code).toBe('CONFLICT');
    const page = TestPage.parse(await json(ctx, ['test', 'list', '--project', be, '--page-size', '100']));
    expect(page.items.filter((t) => t.name === 'Idem')).toHaveLength(1);
  });
});

describe('test list', () => {
  let proj: string;
  const ids: string[] = [];
  beforeAll(async () => {
    proj = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Listing'])).id;
    const f = file('list.py', CODE);
    for (let i = 0; i < 5; i++) ids.push((await json(ctx, ['test', 'create', '--project', proj, '--type', 'backend', '--name', `L${i}`, '--code-file', f])).testId);
    const res = await fetch(`${server.apiUrl}/tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-svc-surface': 'mcp' },
      body: JSON.stringify({ projectId: proj, type: 'backend', name: 'from mcp', code: CODE }),
    });
    expect(res.status).toBe(201);
    ids.push((await res.json()).testId);
  });

  it('pages with --page-size/--starting-token and auto-pages with --max-items', async () => {
    const p1 = TestPage.parse(await json(ctx, ['test', 'list', '--project', proj, '--page-size', '4']));
    expect(p1.items.map((t) => t.id)).toEqual(ids.slice(0, 4));
    const p2 = TestPage.parse(await json(ctx, ['test', 'list', '--project', proj, '--page-size', '4', '--starting-token', p1.nextToken!]));
    expect(p2.items.map((t) => t.id)).toEqual(ids.slice(4));
    expect(p2.nextToken).toBeNull();
    const all = TestPage.parse(await json(ctx, ['test', 'list', '--project', proj, '--page-size', '2', '--max-items', '5']));
    expect(all.items.map((t) => t.id)).toEqual(ids.slice(0, 5));
    expect(all.nextToken).toBeTruthy();
  });

  it('filters by --created-from, --type and --status', async () => {
    const mcp = TestPage.parse(await json(ctx, ['test', 'list', '--project', proj, '--created-from', 'mcp']));
    expect(mcp.items.map((t) => t.name)).toEqual(['from mcp']);
    expect(TestPage.parse(await json(ctx, ['test', 'list', '--project', proj, '--type', 'frontend'])).items).toEqual([]);
    expect(TestPage.parse(await json(ctx, ['test', 'list', '--project', proj, '--status', 'ready,passed'])).items).toHaveLength(6);
    expect(TestPage.parse(await json(ctx, ['test', 'list', '--project', proj, '--status', 'failed'])).items).toEqual([]);
  });

  it('text columns and the nextToken line', async () => {
    const r = await svc(['test', 'list', '--project', proj, '--page-size', '2'], { ctx });
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS\s+PRIORITY\s+FROM\s+CREATED$/);
    expect(lines[1]).toMatch(new RegExp(`^${ids[0]}\\s+L0\\s+backend\\s+ready\\s+-\\s+cli\\s+`));
    expect(lines.at(-1)).toMatch(/^nextToken: /);
  });

  it.each([
    [[], /--project/],
    [['--project', 'P', '--status', 'ready,exploded'], /status/],
    [['--project', 'P', '--created-from', 'email'], /--created-from/],
    [['--project', 'P', '--page-size', '101'], /1 to 100/],
  ])('refuses %j with exit 5', async (args, why) => {
    expect((await fails(ctx, ['test', 'list', ...args], 5)).error().message).toMatch(why);
  });
});

describe('test update', () => {
  it('needs a flag (exit 5); changes are echoed by test get', async () => {
    const { testId } = await json(ctx, backend('Upd'));
    expect((await fails(ctx, ['test', 'update', testId], 5)).error().message).toMatch(/at least one/);
    const u = Test.parse(await json(ctx, ['test', 'update', testId, '--name', 'Updated', '--priority', 'p1', '--description', 'd'.repeat(2000), '--produces', 'a', '--needs', 'b', '--needs', 'c', '--category', 'teardown']));
    expect(u).toMatchObject({ name: 'Updated', priority: 'p1', produces: ['a'], consumes: ['b', 'c'], category: 'teardown' });
    expect(Test.parse(await json(ctx, ['test', 'get', testId]))).toMatchObject({ name: 'Updated', consumes: ['b', 'c'], category: 'teardown' });
    const text = await svc(['test', 'update', testId, '--priority', 'p3'], { ctx });
    expect(text.stdout).toMatch(/^priority:\s+p3$/m);
    expect(text.stdout).toMatch(/^consumes:\s+b, c$/m);
    expect((await fails(ctx, ['test', 'update', testId, '--description', 'd'.repeat(2001)], 5)).error().message).toMatch(/at most 2000/);
    expect((await fails(ctx, ['test', 'update', testId, '--name', 'n'.repeat(201)], 5)).error().message).toMatch(/at most 200/);
    await fails(ctx, ['test', 'update', testId, '--category', 'cleanup'], 5);
  });

  it('a frontend test takes no backend declarations (exit 5)', async () => {
    const { testId } = await json(ctx, ['test', 'create', '--plan-from', file('p.json', plan('FE upd'))]);
    expect((await fails(ctx, ['test', 'update', testId, '--produces', 'x'], 5)).error().message).toMatch(/only backend tests/);
  });
});

describe('isolation', () => {
  it("another user's key gets 404 for tests and cannot create in the project", async () => {
    const { testId } = await json(ctx, backend('Mine'));
    const other = userCtx(server, await server.mintKey({ name: 'mallory', email: 'mallory@example.com' }));
    for (const args of [
      ['test', 'get', testId],
      ['test', 'code', 'get', testId],
      ['test', 'update', testId, '--name', 'x'],
      ['test', 'delete', testId, '--confirm'],
      ['test', 'create', '--project', be, '--type', 'backend', '--name', 'x', '--code-file', join(ctx.cwd, file('code.py', CODE))],
    ]) {
      expect((await fails(other, args, 4)).error().code).toBe('NOT_FOUND');
    }
    const batch = await json(other, ['test', 'delete-batch', testId, '--confirm']);
    expect(batch.summary).toBe('Deleted 0, Skipped 1, Failed 0');
    expect((await json(ctx, ['test', 'get', testId])).name).toBe('Mine');
  });
});
