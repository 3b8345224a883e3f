import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeRecord, CodeUpdated, PlanUpdated } from '../../src/contract/test-content.js';
import { Test, TestDeleted, TestPage } from '../../src/contract/tests.js';
import { svc, type CliEnv } from '../helpers/cli.js';
import type { TestServer } from '../helpers/server.js';
import { CODE, testsWorld, type TestsWorld } from '../helpers/tests-world.js';
import { fails, json, userCtx } from '../helpers/user.js';

/** Changing tests after creation: code and plan replacement, delete and delete-batch. */
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

describe('test code get / put', () => {
  it('prints the full code, writes --out, and guards writes with codeVersion', async () => {
    const { testId } = await json(ctx, backend('Code'));
    const text = await svc(['test', 'code', 'get', testId], { ctx });
    expect(text.stdout).toBe(CODE.trimEnd());
    const rec = CodeRecord.parse(await json(ctx, ['test', 'code', 'get', testId]));
    expect(rec).toEqual({ testId, language: 'python', framework: 'svc-python-harness', code: CODE, codeVersion: 1 });
    const out = await json(ctx, ['test', 'code', 'get', testId, '--out', 'saved.py']);
    expect(out).toMatchObject({ testId, codeVersion: 1, out: 'saved.py', bytes: CODE.length });
    expect(readFileSync(join(ctx.cwd, 'saved.py'), 'utf8')).toBe(CODE);

    const v2 = `${CODE}\ndef test_two():\n    assert True\n`;
    const put = CodeUpdated.parse(await json(ctx, ['test', 'code', 'put', testId, '--code-file', file('v2.py', v2), '--expected-version', '1']));
    expect(put.codeVersion).toBe(2);
    const stale = await fails(ctx, ['test', 'code', 'put', testId, '--code-file', file('v3.py', '# lost?\n'), '--expected-version', '1'], 6);
    expect(stale.error()).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(stale.error().message).toMatch(/current codeVersion is 2; nothing was written/);
    expect(stale.error().nextAction).toMatch(/--expected-version 2/);
    // The refusal shows what changed underneath: a unified diff from the current code to the refused one.
    const diff = stale.error().details.diff as string;
    expect(diff).toContain(`--- ${testId} v2 (current)`);
    expect(diff).toContain(`+++ ${testId} (yours, based on v1)`);
    expect(diff).toMatch(/^-def test_two\(\):$/m);
    expect(diff).toMatch(/^\+# lost\?$/m);
    const staleText = await svc(['test', 'code', 'put', testId, '--code-file', 'v3.py', '--expected-version', '1'], { ctx });
    expect(staleText.exitCode).toBe(6);
    expect(staleText.stderr).toMatch(/^error: code changed since version 1[^\n]*\n {2}next: [^\n]*\n(?: {2}request id: [^\n]*\n)?={3,}\n--- /);
    expect((await json(ctx, ['test', 'code', 'get', testId])).code).toBe(v2);
    // Without --expected-version the put is unconditional.
    const putText = await svc(['test', 'code', 'put', testId, '--code-file', 'v3.py'], { ctx });
    expect(putText.stdout).toMatch(/^codeVersion:\s+3$/m);
    const res = await fetch(`${server.apiUrl}/tests/${testId}/code`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.headers.get('etag')).toBe('"v3"');
    expect(Test.parse(await json(ctx, ['test', 'get', testId])).codeVersion).toBe(3);
  });

  it('a frontend test has code only once a run resolved its plan (exit 4 before)', async () => {
    const { testId } = await json(ctx, ['test', 'create', '--plan-from', file('p.json', plan('No code'))]);
    expect((await fails(ctx, ['test', 'code', 'get', testId], 4)).error().message).toMatch(/no resolved script yet/);
  });
});

describe('test plan put', () => {
  it('replaces the steps of a frontend test (array or {planSteps})', async () => {
    const { testId } = await json(ctx, ['test', 'create', '--plan-from', file('p.json', plan('Plan put'))]);
    const steps = [{ type: 'action', description: 'Go to settings' }, { type: 'action', description: 'Toggle dark mode' }, { type: 'assertion', description: 'The page is dark' }];
    const r = PlanUpdated.parse(await json(ctx, ['test', 'plan', 'put', testId, '--steps', file('s.json', JSON.stringify(steps))]));
    expect(r).toMatchObject({ testId, planStepCount: 3, codeVersion: 2 });
    const text = await svc(['test', 'plan', 'put', testId, '--steps', file('o.json', JSON.stringify({ planSteps: steps.slice(0, 1) }))], { ctx });
    expect(text.stdout).toMatch(/^planStepCount:\s+1$/m);
    expect(Test.parse(await json(ctx, ['test', 'get', testId])).details?.planSteps).toEqual(steps.slice(0, 1));
    expect((await fails(ctx, ['test', 'plan', 'put', testId, '--steps', file('bad.json', '[{"type":"hover","description":"x"}]')], 5)).error().message).toMatch(/planSteps\.0\.type/);
  });

  it('a backend test gets HTTP 400 and a clear message (exit 5)', async () => {
    const { testId } = await json(ctx, backend('BE plan'));
    const r = await fails(ctx, ['test', 'plan', 'put', testId, '--steps', file('s.json', '[{"type":"action","description":"x"}]')], 5);
    expect(r.error().message).toMatch(/backend test: it has code, not plan steps/);
    expect(r.error().nextAction).toMatch(/test code put/);
    const res = await fetch(`${server.apiUrl}/tests/${testId}/plan`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ planSteps: [{ type: 'action', description: 'x' }] }),
    });
    expect(res.status).toBe(400);
  });
});

describe('test delete and delete-batch', () => {
  it('delete needs --confirm; then the test is 404; a keyed retry replays the first result', async () => {
    const { testId } = await json(ctx, backend('Del'));
    expect((await fails(ctx, ['test', 'delete', testId], 5)).error().message).toMatch(/--confirm/);
    const d = TestDeleted.parse(await json(ctx, ['test', 'delete', testId, '--confirm', '--idempotency-key', 'del-1']));
    expect(d).toEqual({ id: testId, deleted: true });
    await fails(ctx, ['test', 'get', testId], 4);
    await fails(ctx, ['test', 'delete', testId, '--confirm'], 4);
    expect(await json(ctx, ['test', 'delete', testId, '--confirm', '--idempotency-key', 'del-1'])).toEqual(d);
  });

  it('delete in text mode', async () => {
    const { testId } = await json(ctx, backend('Del text'));
    const r = await svc(['test', 'delete', testId, '--confirm'], { ctx });
    expect(r.stdout).toBe(`deleted test ${testId}`);
  });

  it("prints 'Deleted N, Skipped M, Failed K'; a 404 counts as skipped (exit 0)", async () => {
    const a = (await json(ctx, backend('B1'))).testId;
    const b = (await json(ctx, backend('B2'))).testId;
    const r = await svc(['test', 'delete-batch', a, 'tst_gone', b, '--confirm'], { ctx });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('Deleted 2, Skipped 1, Failed 0');
    await fails(ctx, ['test', 'get', a], 4);
  });

  it('--all --project [--status] deletes the matching tests of a project', async () => {
    const proj = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Sweep'])).id;
    const f = file('sweep.py', CODE);
    for (const n of ['s1', 's2', 's3']) await json(ctx, ['test', 'create', '--project', proj, '--type', 'backend', '--name', n, '--code-file', f]);
    const none = await json(ctx, ['test', 'delete-batch', '--all', '--project', proj, '--status', 'failed,blocked', '--confirm']);
    expect(none).toMatchObject({ deleted: [], summary: 'Deleted 0, Skipped 0, Failed 0' });
    const all = await json(ctx, ['test', 'delete-batch', '--all', '--project', proj, '--status', 'ready', '--confirm']);
    expect(all.deleted).toHaveLength(3);
    expect(TestPage.parse(await json(ctx, ['test', 'list', '--project', proj])).items).toEqual([]);
  });

  it('exit 1 when a delete fails (here: a key without write:tests)', async () => {
    const { testId } = await json(ctx, backend('Keep'));
    const reader = userCtx(server, await server.mintKey({ name: 'tess-ro', email: 'tess@example.com', scopes: 'read:me,read:projects,read:tests' }));
    const r = await svc(['--output', 'json', 'test', 'delete-batch', testId, '--confirm'], { ctx: reader });
    expect(r.exitCode).toBe(1);
    expect(r.json()).toMatchObject({ deleted: [], skipped: [], failed: [{ testId, code: 'FORBIDDEN' }], summary: 'Deleted 0, Skipped 0, Failed 1' });
    expect(r.stderr).toMatch(new RegExp(`failed: ${testId}: FORBIDDEN`));
  });

  it.each([
    [['tst_x'], /--confirm/],
    [['--all', '--confirm'], /--all needs --project/],
    [['tst_x', '--all', '--project', 'p', '--confirm'], /not both/],
    [['tst_x', '--status', 'ready', '--confirm'], /--status works only with --all/],
    [['--confirm'], /one or more test ids/],
  ])('refuses %j with exit 5', async (args, why) => {
    expect((await fails(ctx, ['test', 'delete-batch', ...args], 5)).error().message).toMatch(why);
  });
});

