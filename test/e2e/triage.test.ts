import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleMeta, BundleWritten } from '../../src/contract/bundle.js';
import { FlakyReport } from '../../src/contract/flaky.js';
import { RunDiff } from '../../src/contract/triage.js';
import { svc } from '../helpers/cli.js';
import { backendWorld, type BackendWorld } from '../helpers/backend-project.js';
import { fails, json } from '../helpers/user.js';

let w: BackendWorld;
let flaky: string;
let health: string;
let broken: string;
const flakyRuns: string[] = [];
let healthRun: string;
let brokenRun: string;
const FLAKY_V1 = "r = api.get('/flaky')\nprint('flaky said', r.status)\nassert r.status == 200, r.text\n";
const BROKEN = "r = api.post('/users', json={'name': 'Ada', 'email': 'demo@example.com'})\nassert r.status == 409, r.text\n";

beforeAll(async () => {
  w = await backendWorld();
  flaky = await w.addTest('flaky endpoint', FLAKY_V1);
  health = await w.addTest('health', "assert api.get('/health').json() == {'status': 'ok'}\n");
  broken = await w.addTest('duplicate email is a conflict', BROKEN);
  w.api.reset();
  for (let i = 0; i < 2; i++) flakyRuns.push((await w.run(flaky)).runId);
  healthRun = (await w.run(health)).runId;
  brokenRun = (await w.run(broken)).runId;
}, 240_000);
afterAll(async () => {
  await w?.stop();
});

describe('test diff', () => {
  it('verdicts differ → exit 1 with failureKind, failed step and the step that flipped', async () => {
    const r = await svc(['--output', 'json', 'test', 'diff', flakyRuns[0]!, flakyRuns[1]!], { ctx: w.ctx });
    expect(r.exitCode, r.stderr).toBe(1);
    const d = RunDiff.parse(r.json());
    expect(d).toMatchObject({
      sameTest: true, warning: null, verdictA: 'passed', verdictB: 'failed', verdictsMatch: false,
      failureKindA: null, failureKindB: 'server_error', failedStepIndexA: null, failedStepIndexB: 1,
      codeVersionA: 1, codeVersionB: 1, codeVersionDrift: false,
    });
    expect(d.stepFlips).toEqual([{ index: 1, description: 'assert r.status == 200, r.text', from: 'passed', to: 'failed' }]);
    const text = await svc(['test', 'diff', flakyRuns[0]!, flakyRuns[1]!], { ctx: w.ctx });
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toMatch(/^verdict:\s+passed -> failed \(differ\)$/m);
  });

  it('verdicts match → exit 0; runs of different tests are compared with a warning', async () => {
    const same = await svc(['--output', 'json', 'test', 'diff', flakyRuns[0]!, healthRun], { ctx: w.ctx });
    expect(same.exitCode, same.stderr).toBe(0);
    const d = RunDiff.parse(same.json());
    expect(d).toMatchObject({ sameTest: false, verdictA: 'passed', verdictB: 'passed', verdictsMatch: true, testIdA: flaky, testIdB: health });
    expect(d.warning).toMatch(/different tests/);
    expect(same.stderr).toMatch(/\[advisory\] the runs belong to different tests/);
  });

  it('reports codeVersion drift after the code changed', async () => {
    writeFileSync(join(w.ctx.cwd, 'flaky2.py'), `${FLAKY_V1}# v2\n`);
    await json(w.ctx, ['test', 'code', 'put', flaky, '--code-file', 'flaky2.py']);
    flakyRuns.push((await w.run(flaky)).runId);
    const d = RunDiff.parse((await svc(['--output', 'json', 'test', 'diff', flakyRuns[0]!, flakyRuns[2]!], { ctx: w.ctx })).json());
    expect(d).toMatchObject({ codeVersionA: 1, codeVersionB: 2, codeVersionDrift: true });
  });

  it('an unknown run is not found (exit 4)', async () => {
    await fails(w.ctx, ['test', 'diff', flakyRuns[0]!, 'run_missing'], 4);
  });
});

describe('test flaky', () => {
  it('replays a test on an endpoint that fails every other call: flaky, exit 1', async () => {
    w.api.reset();
    const r = await svc(['--output', 'json', 'test', 'flaky', flaky, '--runs', '4'], { ctx: w.ctx, timeout: 200_000 });
    expect(r.exitCode, r.stderr).toBe(1);
    const f = FlakyReport.parse(r.json());
    expect(f).toMatchObject({ testId: flaky, runs: 4, passed: 2, failed: 2, stableRatio: 0.5, verdict: 'flaky' });
    expect(f.failures.map((x) => [x.runId, x.status, x.failureKind])).toEqual([[f.runIds[1], 'failed', 'server_error'], [f.runIds[3], 'failed', 'server_error']]);
    // Replays run one after another and are recorded as their own kind in the history.
    const h = await json(w.ctx, ['test', 'result', flaky, '--history', '--page-size', '4']);
    expect(h.runs.map((x: { runId: string }) => x.runId)).toEqual([...f.runIds].reverse());
    expect(h.runs.every((x: { batchKind: string }) => x.batchKind === 'flaky')).toBe(true);
  }, 200_000);

  it('a stable test: exit 0 (text); an always-failing one: failing, exit 1', async () => {
    const s = await svc(['test', 'flaky', health, '--runs', '2'], { ctx: w.ctx, timeout: 200_000 });
    expect(s.exitCode, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/^verdict:\s+stable$/m);
    expect(s.stdout).toMatch(/^stableRatio:\s+1$/m);
    const f = FlakyReport.parse((await fails(w.ctx, ['test', 'flaky', broken, '--runs', '2'], 1)).json());
    expect(f).toMatchObject({ verdict: 'failing', passed: 0, failed: 2, stableRatio: 0 });
    expect(f.failures.every((x) => x.failureKind === 'server_error')).toBe(true);
  }, 200_000);

  it('no replayable run → exit 4; --runs outside 1-10 → exit 5', async () => {
    const fresh = await w.addTest('never run', 'assert True\n');
    expect((await fails(w.ctx, ['test', 'flaky', fresh], 4)).error().message).toMatch(/no replayable run/);
    await fails(w.ctx, ['test', 'flaky', health, '--runs', '11'], 5);
    await fails(w.ctx, ['test', 'flaky', health, '--runs', '0'], 5);
    await fails(w.ctx, ['test', 'flaky', 'tst_missing'], 4);
  });
});

const FILES = ['result.json', 'analysis.json', 'test_code.py', 'calls.json', 'variables.json', 'steps.json', 'stdout.txt', 'traceback.txt', 'reproducer.sh', 'meta.json'];

/** Every JSON file that names a run names the same one as meta.json. */
function checkBundle(dir: string, runId: string): BundleMeta {
  const meta = BundleMeta.parse(JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')));
  expect(meta.runId).toBe(runId);
  expect(meta.snapshotId).toBe(runId);
  for (const f of FILES) expect(existsSync(join(dir, f)), f).toBe(true);
  expect(existsSync(join(dir, 'PARTIAL'))).toBe(false);
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    const named = [...text.matchAll(/"(?:runId|snapshotId)":\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(named.length, f).toBeGreaterThan(0);
    expect(new Set(named), f).toEqual(new Set([runId]));
  }
  return meta;
}

describe('failure bundles', () => {
  it('artifact get: one run, every file present, one runId throughout, the code as it was at run time', async () => {
    const r = BundleWritten.parse(await json(w.ctx, ['test', 'artifact', 'get', flakyRuns[1]!, '--out', 'b1']));
    expect(r).toMatchObject({ runId: flakyRuns[1], snapshotId: flakyRuns[1], testId: flaky, status: 'failed', replaced: false });
    const dir = join(w.ctx.cwd, 'b1');
    expect(r.path).toBe(dir);
    const meta = checkBundle(dir, flakyRuns[1]!);
    expect(meta).toMatchObject({ testId: flaky, status: 'failed', failureKind: 'server_error', codeVersion: 1, type: 'backend' });
    // The test's code changed to v2 since; the bundle keeps v1, the code of that run.
    expect(readFileSync(join(dir, 'test_code.py'), 'utf8')).toBe(FLAKY_V1);
    expect(readFileSync(join(dir, 'stdout.txt'), 'utf8')).toBe('flaky said 500\n');
    expect(readFileSync(join(dir, 'traceback.txt'), 'utf8')).toMatch(/AssertionError/);
    const calls = JSON.parse(readFileSync(join(dir, 'calls.json'), 'utf8'));
    expect(calls.calls[0]).toMatchObject({ method: 'GET', path: '/flaky', response: { status: 500 } });
    expect(calls.calls[0].request.headers).toBeTypeOf('object');
    expect(readFileSync(join(dir, 'reproducer.sh'), 'utf8')).toMatch(/curl -sS -i -X GET '.*\/flaky'/);
    expect(JSON.parse(readFileSync(join(dir, 'analysis.json'), 'utf8')).analysis.failureKind).toBe('server_error');
    expect(readdirSync(w.ctx.cwd).filter((f) => f.includes('.partial-'))).toEqual([]);
  });

  it('artifact get again replaces the bundle atomically; the default directory is svc-artifacts/<run-id>', async () => {
    const again = BundleWritten.parse(await json(w.ctx, ['test', 'artifact', 'get', flakyRuns[1]!, '--out', 'b1']));
    expect(again.replaced).toBe(true);
    checkBundle(join(w.ctx.cwd, 'b1'), flakyRuns[1]!);
    const text = await svc(['test', 'artifact', 'get', brokenRun], { ctx: w.ctx });
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^wrote bundle of run ${brokenRun} \\(failed`));
    checkBundle(join(w.ctx.cwd, 'svc-artifacts', brokenRun), brokenRun);
  });

  it('failure get: the latest failed run of the test, replaced by later failures', async () => {
    // The flaky replays above are the test's latest failures by now.
    const newest = (await json(w.ctx, ['test', 'result', broken, '--history', '--page-size', '1'])).runs[0].runId as string;
    expect(newest).not.toBe(brokenRun);
    const first = BundleWritten.parse(await json(w.ctx, ['test', 'failure', 'get', broken, '--out', 'latest']));
    expect(first).toMatchObject({ runId: newest, testId: broken, replaced: false });
    checkBundle(join(w.ctx.cwd, 'latest'), newest);
    const later = (await w.run(broken)).runId;
    const second = BundleWritten.parse(await json(w.ctx, ['test', 'failure', 'get', broken, '--out', 'latest']));
    expect(second).toMatchObject({ runId: later, replaced: true });
    checkBundle(join(w.ctx.cwd, 'latest'), later);
    const dflt = BundleWritten.parse(await json(w.ctx, ['test', 'failure', 'get', broken]));
    expect(dflt.path).toBe(join(w.ctx.cwd, 'svc-artifacts', `${broken}-failure`));
  });

  it('refuses a test without failures (exit 4), an in-use non-bundle directory (exit 5) and unknown runs (exit 4)', async () => {
    expect((await fails(w.ctx, ['test', 'failure', 'get', health], 4)).error().message).toMatch(/no failed, blocked or cancelled run/);
    mkdirSync(join(w.ctx.cwd, 'mine'));
    writeFileSync(join(w.ctx.cwd, 'mine', 'notes.txt'), 'keep me');
    expect((await fails(w.ctx, ['test', 'artifact', 'get', brokenRun, '--out', 'mine'], 5)).error().message).toMatch(/not an svc bundle/);
    expect(readFileSync(join(w.ctx.cwd, 'mine', 'notes.txt'), 'utf8')).toBe('keep me');
    await fails(w.ctx, ['test', 'artifact', 'get', 'run_missing'], 4);
  });
});
