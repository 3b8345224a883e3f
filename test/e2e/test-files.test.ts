import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeRecord, CodeUpdated, PlanUpdated } from '../../src/contract/test-content.js';
import { CliPlanInput } from '../../src/contract/test-fields.js';
import { Test, TestBatchCreated, TestCreated, TestDeleted, TestPage } from '../../src/contract/tests.js';
import { LintReport } from '../../src/ops/test-lint.js';
import { DeleteBatchResult } from '../../src/ops/test-delete-batch.js';
import { ScaffoldResult } from '../../src/ops/test-scaffold.js';
import { cliEnv, svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

/** Scaffold, lint, create-batch and the size limits of SPEC.md 8 at their edges. */
let server: TestServer;
let key: string;
let ctx: CliEnv;
let fe: string;
let be: string;

const file = (name: string, content: string) => {
  writeFileSync(join(ctx.cwd, name), content);
  return name;
};
const spec = (name: string, over: Record<string, unknown> = {}) => ({ projectId: fe, type: 'frontend', name, planSteps: [{ type: 'action', description: `Open ${name}` }], ...over });
/** `text` padded with trailing spaces to exactly `bytes` bytes (JSON and Python both allow it). */
const padded = (text: string, bytes: number) => text + ' '.repeat(bytes - Buffer.byteLength(text));
const count = async (projectId: string) => TestPage.parse(await json(ctx, ['test', 'list', '--project', projectId, '--page-size', '100', '--max-items', '1000'])).items.length;

beforeAll(async () => {
  server = await startServer();
  key = await server.mintKey({ name: 'fay', email: 'fay@example.com' });
  ctx = userCtx(server, key);
  fe = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Web', '--url', 'https://app.example.com'])).id;
  be = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'API'])).id;
});
afterAll(async () => {
  await server?.stop();
});

describe('test scaffold (local)', () => {
  it('frontend: a CliPlanInput with $schema; projectId from SVC_PROJECT_ID; works without a key or server', async () => {
    const offline = cliEnv({ SVC_PROJECT_ID: 'prj_from_env' });
    const r = await svc(['test', 'scaffold'], { ctx: offline });
    expect(r.exitCode).toBe(0);
    const plan = JSON.parse(r.stdout);
    expect(CliPlanInput.parse(plan).projectId).toBe('prj_from_env');
    expect(plan.$schema).toBe('./node_modules/svc/schemas/plan.schema.json');
    const j = ScaffoldResult.parse(JSON.parse((await svc(['--output', 'json', 'test', 'scaffold'], { ctx: cliEnv() })).stdout));
    expect(JSON.parse(j.content).projectId).toBe('prj_REPLACE_WITH_YOUR_PROJECT_ID');
  });

  it('--out writes the file, refuses to overwrite without --force (exit 6)', async () => {
    const local = cliEnv();
    expect((await svc(['test', 'scaffold', '--type', 'backend', '--out', 'test_api.py'], { ctx: local })).stdout).toBe('wrote backend scaffold to test_api.py');
    const py = readFileSync(join(local.cwd, 'test_api.py'), 'utf8');
    expect(py).toMatch(/__AUTH_HEADERS__/);
    const again = await svc(['--output', 'json', 'test', 'scaffold', '--type', 'backend', '--out', 'test_api.py'], { ctx: local });
    expect(again.exitCode).toBe(6);
    expect(again.error().nextAction).toMatch(/--force/);
    expect((await svc(['test', 'scaffold', '--out', 'test_api.py', '--force'], { ctx: local })).exitCode).toBe(0);
    expect(readFileSync(join(local.cwd, 'test_api.py'), 'utf8')).toMatch(/"planSteps"/);
  });

  it('the backend skeleton passes lint and becomes a test; the frontend one does once projectId is real', async () => {
    await svc(['test', 'scaffold', '--type', 'backend', '--out', 'skel.py', '--force'], { ctx });
    const lint = LintReport.parse(await json(ctx, ['test', 'lint', '--code-file', 'skel.py']));
    expect(lint).toEqual({ checked: 1, valid: true, issues: [] });
    TestCreated.parse(await json(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'Skeleton', '--code-file', 'skel.py']));
    const r = await svc(['test', 'scaffold'], { ctx, env: { SVC_PROJECT_ID: fe } });
    file('scaffold.json', r.stdout);
    expect((await json(ctx, ['test', 'create', '--plan-from', 'scaffold.json'])).type).toBe('frontend');
  });
});

describe('test lint (offline)', () => {
  it('valid plan: text and json, with how each step will be read', async () => {
    file('ok.json', JSON.stringify(spec('ok')));
    const text = (await svc(['test', 'lint', '--plan-from', 'ok.json'], { ctx: { ...ctx, env: { PATH: process.env.PATH, HOME: ctx.home } } })).stdout;
    // A plan's first "Open <name>" opens the app at the project URL.
    expect(text).toBe(['ok.json — ok', '  1. do: Open ok', '     → do open: "the project URL"', 'checked 1: valid'].join('\n'));
    expect(LintReport.parse(await json(ctx, ['test', 'lint', '--plan-from', 'ok.json']))).toEqual({
      checked: 1, valid: true, issues: [],
      readings: [{ file: 'ok.json', plan: 'ok', step: 1, type: 'action', text: 'Open ok', understood: true, confidence: 1, clauses: [{ text: 'Open ok', kind: 'action', does: 'open', value: 'the project URL', confidence: 1 }], remarks: [] }],
    });
  });

  it('reads steps written as people write them, and flags a step with no action and no check (exit 5)', async () => {
    file('people.json', JSON.stringify(spec('people', { planSteps: [
      { type: 'action', description: 'If a cookie banner shows up, dismiss it' },
      { type: 'action', description: 'Enter the e-mail "u@x.test" and the secret "p", then press "Continue"' },
      { type: 'action', description: 'Click the trash button ("Remove") at the bottom of the "Q3" card' },
      { type: 'assertion', description: 'The list shows exactly three invoices, newest first: "c", "b" and "a". "d" is not among them' },
      { type: 'action', description: 'Do a barrel roll' },
    ] })));
    const r = await svc(['--output', 'json', 'test', 'lint', '--plan-from', 'people.json'], { ctx });
    expect(r.exitCode).toBe(5);
    const report = LintReport.parse(r.json());
    expect(report.issues).toEqual([{ file: 'people.json', field: 'planSteps.4.description', reason: expect.stringMatching(/^step 5 is not understood \(not understood: Do a barrel roll\)/) }]);
    const [banner, form, trash, list, roll] = report.readings!;
    expect(banner!.clauses).toMatchObject([{ kind: 'action', does: 'click', optional: true }]);
    expect(form!.clauses.map((c) => [c.does, c.value])).toEqual([['type into', 'u@x.test'], ['type into', 'p'], ['click', undefined]]);
    expect(trash!.clauses[0]!.target).toBe('button "trash" (also "Remove") inside "Q3"');
    expect(list!.clauses.map((c) => c.does)).toEqual(['count is', 'text is shown', 'text is shown', 'text is shown', 'shown in this order', 'text is not shown']);
    expect(roll).toMatchObject({ understood: false, clauses: [] });
    const text = await svc(['test', 'lint', '--plan-from', 'people.json'], { ctx });
    expect(text.stdout).toContain('  5. do: Do a barrel roll  [NOT UNDERSTOOD]');
    expect(text.stdout).toContain('     → do click: element named "dismiss" or "close" or "x" like "dismiss cookie banner" in the cookie banner (only if it is there)');
  });

  it('collects every issue as {file, field, reason} and exits 5', async () => {
    file('bad.json', JSON.stringify({ type: 'frontend', name: 'n'.repeat(201), priority: 'p9', planSteps: [{ type: 'action', description: 'ok' }, { type: 'wiggle', description: '' }] }));
    const r = await svc(['--output', 'json', 'test', 'lint', '--plan-from', 'bad.json'], { ctx });
    expect(r.exitCode).toBe(5);
    const report = LintReport.parse(r.json());
    expect(report.valid).toBe(false);
    expect(report.issues.map((i) => i.field).sort()).toEqual(['name', 'planSteps.1.description', 'planSteps.1.type', 'priority', 'projectId']);
    expect(report.issues.every((i) => i.file === 'bad.json')).toBe(true);
    const text = await svc(['test', 'lint', '--plan-from', 'bad.json'], { ctx });
    expect(text.exitCode).toBe(5);
    expect(text.stdout).toMatch(/^bad\.json: name: name must be at most 200 characters$/m);
    expect(text.stdout).toMatch(/checked 1: 5 issue\(s\)$/);
  });

  it('--plans, --plan-from-dir, --steps and --code-file', async () => {
    file('three.jsonl', [spec('a'), spec('b'), { ...spec('c'), planSteps: [] }].map((s) => JSON.stringify(s)).join('\n'));
    const jl = await svc(['--output', 'json', 'test', 'lint', '--plans', 'three.jsonl'], { ctx });
    expect(jl.exitCode).toBe(5);
    expect(jl.json()).toMatchObject({ checked: 3, valid: false, issues: [{ file: 'three.jsonl:3', field: 'planSteps' }] });
    mkdirSync(join(ctx.cwd, 'lintdir'), { recursive: true });
    file('lintdir/1.json', JSON.stringify(spec('one')));
    file('lintdir/2.json', '{not json');
    const dir = await svc(['--output', 'json', 'test', 'lint', '--plan-from-dir', 'lintdir'], { ctx });
    expect(dir.json()).toMatchObject({ checked: 2, issues: [{ file: 'lintdir/2.json', field: '(file)' }] });
    file('steps.json', JSON.stringify({ planSteps: [{ type: 'assertion', description: 'The page shows "Welcome"' }] }));
    expect((await json(ctx, ['test', 'lint', '--steps', 'steps.json'])).valid).toBe(true);
    file('broken.py', 'def f(:\n    pass\n');
    const py = await svc(['--output', 'json', 'test', 'lint', '--code-file', 'broken.py'], { ctx });
    expect(py.exitCode).toBe(5);
    expect(py.json().issues[0].reason).toMatch(/syntax error at line 1/i);
  });

  it('needs exactly one source (exit 5)', async () => {
    await fails(ctx, ['test', 'lint'], 5);
    await fails(ctx, ['test', 'lint', '--plans', 'a', '--steps', 'b'], 5);
  });
});

describe('limits at their edges', () => {
  it('name: 200 characters pass, 201 do not (both create paths)', async () => {
    file('c.py', 'def test_x():\n    assert True\n');
    expect((await json(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'n'.repeat(200), '--code-file', 'c.py'])).testId).toMatch(/^tst_/);
    expect((await fails(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'n'.repeat(201), '--code-file', 'c.py'], 5)).error().message).toMatch(/name: name must be at most 200/);
    file('n200.json', JSON.stringify(spec('n'.repeat(200))));
    file('n201.json', JSON.stringify(spec('n'.repeat(201))));
    await json(ctx, ['test', 'create', '--plan-from', 'n200.json']);
    expect((await fails(ctx, ['test', 'create', '--plan-from', 'n201.json'], 5)).error().message).toMatch(/n201\.json: name: name must be at most 200/);
  });

  it('description: 2000 characters pass, 2001 do not', async () => {
    await json(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'd', '--code-file', 'c.py', '--description', 'd'.repeat(2000)]);
    expect((await fails(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'd', '--code-file', 'c.py', '--description', 'd'.repeat(2001)], 5)).error().message).toMatch(/at most 2000/);
  });

  it('code: exactly 350 KB passes (create and code put), one byte more is refused by client and server', async () => {
    const ok = padded('def test_x():\n    assert True\n', 350 * 1024);
    file('350.py', ok);
    file('351.py', `${ok} `);
    const c = await json(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'big', '--code-file', '350.py']);
    expect(CodeRecord.parse(await json(ctx, ['test', 'code', 'get', c.testId])).code).toHaveLength(358400);
    expect((await fails(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'big', '--code-file', '351.py'], 5)).error().message).toMatch(/358401 bytes; the limit is 358400 bytes \(350 KB\)/);
    await fails(ctx, ['test', 'code', 'put', c.testId, '--code-file', '351.py'], 5);
    CodeUpdated.parse(await json(ctx, ['test', 'code', 'put', c.testId, '--code-file', '350.py']));
    const res = await fetch(`${server.apiUrl}/tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: be, type: 'backend', name: 'raw', code: `${ok} ` }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/at most 358400 bytes/);
  });

  it('plan file: exactly 256 KB passes, one byte more does not', async () => {
    file('256.json', padded(JSON.stringify(spec('big plan')), 256 * 1024));
    file('257.json', padded(JSON.stringify(spec('big plan')), 256 * 1024 + 1));
    expect((await json(ctx, ['test', 'create', '--plan-from', '256.json'])).type).toBe('frontend');
    expect((await fails(ctx, ['test', 'create', '--plan-from', '257.json'], 5)).error().message).toMatch(/262145 bytes; the limit is 262144 bytes/);
  });

  it('plan steps: 200 pass, 201 do not', async () => {
    const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'action', description: `step ${i}` }));
    file('s200.json', JSON.stringify(spec('s200', { planSteps: steps(200) })));
    file('s201.json', JSON.stringify(spec('s201', { planSteps: steps(201) })));
    await json(ctx, ['test', 'create', '--plan-from', 's200.json']);
    expect((await fails(ctx, ['test', 'create', '--plan-from', 's201.json'], 5)).error().message).toMatch(/at most 200 steps/);
  });
});

describe('test create-batch', () => {
  it('--plans JSONL creates every spec in input order (text and json)', async () => {
    file('batch.jsonl', [spec('Z first'), spec('A second'), spec('M third')].map((s) => JSON.stringify(s)).join('\n'));
    const r = TestBatchCreated.parse(await json(ctx, ['test', 'create-batch', '--plans', 'batch.jsonl']));
    expect(r.count).toBe(3);
    const names = await Promise.all(r.created.map(async (c) => (await json(ctx, ['test', 'get', c.testId])).name));
    expect(names).toEqual(['Z first', 'A second', 'M third']);
    const text = await svc(['test', 'create-batch', '--plans', 'batch.jsonl'], { ctx });
    expect(text.stdout).toMatch(/^TEST ID\s+TYPE\s+CODE VERSION\s+CREATED$/m);
    expect(text.stdout).toMatch(/created 3 test\(s\)$/);
  });

  it('--plan-from-dir takes *.json files sorted by file name', async () => {
    mkdirSync(join(ctx.cwd, 'plans'), { recursive: true });
    file('plans/20-b.json', JSON.stringify(spec('from 20')));
    file('plans/10-a.json', JSON.stringify(spec('from 10')));
    file('plans/30-c.json', JSON.stringify(spec('from 30')));
    file('plans/readme.md', 'not a plan');
    const r = await json(ctx, ['test', 'create-batch', '--plan-from-dir', 'plans']);
    const names = await Promise.all(r.created.map(async (c: { testId: string }) => (await json(ctx, ['test', 'get', c.testId])).name));
    expect(names).toEqual(['from 10', 'from 20', 'from 30']);
  });

  it('50 specs pass, 51 are refused before anything is sent', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify(spec(`bulk ${i}`))).join('\n');
    file('50.jsonl', lines(50));
    file('51.jsonl', lines(51));
    expect((await json(ctx, ['test', 'create-batch', '--plans', '50.jsonl'])).count).toBe(50);
    expect((await fails(ctx, ['test', 'create-batch', '--plans', '51.jsonl'], 5)).error().message).toMatch(/51 plan specs; the limit is 50/);
    mkdirSync(join(ctx.cwd, 'many'), { recursive: true });
    for (let i = 0; i < 51; i++) file(`many/${String(i).padStart(2, '0')}.json`, JSON.stringify(spec(`f${i}`)));
    expect((await fails(ctx, ['test', 'create-batch', '--plan-from-dir', 'many'], 5)).error().message).toMatch(/51 plan files; the limit is 50/);
  });

  it('a file over 5 MB is refused', async () => {
    file('huge.jsonl', `${JSON.stringify(spec('x'))}\n${' '.repeat(5 * 1024 * 1024)}`);
    expect((await fails(ctx, ['test', 'create-batch', '--plans', 'huge.jsonl'], 5)).error().message).toMatch(/limit is 5242880 bytes/);
  });

  it('all or nothing: one bad project creates none of the specs', async () => {
    const before = await count(fe);
    file('mixed.jsonl', [spec('ok 1'), spec('bad', { projectId: 'prj_missing' })].map((s) => JSON.stringify(s)).join('\n'));
    expect((await fails(ctx, ['test', 'create-batch', '--plans', 'mixed.jsonl'], 4)).error().message).toMatch(/specs\.1\.projectId|prj_missing/);
    file('be.jsonl', JSON.stringify(spec('in backend', { projectId: be })));
    expect((await fails(ctx, ['test', 'create-batch', '--plans', 'be.jsonl'], 5)).error().message).toMatch(/backend project/);
    expect(await count(fe)).toBe(before);
  });

  it('replays on the batch idempotency key; another body under it is a conflict', async () => {
    file('idem.jsonl', [spec('i1'), spec('i2')].map((s) => JSON.stringify(s)).join('\n'));
    const a = await json(ctx, ['test', 'create-batch', '--plans', 'idem.jsonl', '--idempotency-key', 'batch-1']);
    const b = await json(ctx, ['test', 'create-batch', '--plans', 'idem.jsonl', '--idempotency-key', 'batch-1']);
    expect(b.created.map((c: { testId: string }) => c.testId)).toEqual(a.created.map((c: { testId: string }) => c.testId));
    file('idem2.jsonl', JSON.stringify(spec('i3')));
    await fails(ctx, ['test', 'create-batch', '--plans', 'idem2.jsonl', '--idempotency-key', 'batch-1'], 6);
  });

  it('needs exactly one of --plans or --plan-from-dir', async () => {
    await fails(ctx, ['test', 'create-batch'], 5);
    await fails(ctx, ['test', 'create-batch', '--plans', 'a', '--plan-from-dir', 'b'], 5);
  });
});

describe('--dry-run samples validate against the contract (no network, key or file reads)', () => {
  const offline = () => cliEnv({ SVC_API_URL: 'http://127.0.0.1:9/api/v1' });
  it.each([
    [['test', 'list', '--project', 'prj_x'], TestPage],
    [['test', 'get', 'tst_x'], Test],
    [['test', 'create', '--project', 'prj_x', '--type', 'backend', '--name', 'n', '--code-file', '/nonexistent.py'], TestCreated],
    [['test', 'create', '--plan-from', '/nonexistent.json'], TestCreated],
    [['test', 'create-batch', '--plans', '/nonexistent.jsonl'], TestBatchCreated],
    [['test', 'update', 'tst_x', '--name', 'n'], Test],
    [['test', 'delete', 'tst_x', '--confirm'], TestDeleted],
    [['test', 'delete-batch', 'tst_x', '--confirm'], DeleteBatchResult],
    [['test', 'code', 'get', 'tst_x'], CodeRecord],
    [['test', 'code', 'put', 'tst_x', '--code-file', '/nonexistent.py', '--expected-version', '3'], CodeUpdated],
    [['test', 'plan', 'put', 'tst_x', '--steps', '/nonexistent.json'], PlanUpdated],
  ] as const)('%j', async (args, schema) => {
    const r = await svc(['--dry-run', '--output', 'json', ...args], { ctx: offline() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(() => schema.parse(r.json())).not.toThrow();
  });

  it('dry-run writes nothing', async () => {
    const local = offline();
    const r = await svc(['--dry-run', 'test', 'code', 'get', 'tst_x', '--out', 'x.py'], { ctx: local });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/x\.py not written/);
    expect(existsSync(join(local.cwd, 'x.py'))).toBe(false);
  });
});
