import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { py, runsWorld, until, type RunsWorld } from '../helpers/runs.js';
import { userCtx } from '../helpers/user.js';
import { svc } from '../helpers/cli.js';

// test cancel (SPEC.md 3.2, 4.6, 7.1): queued/running → cancelled; again → advisory; finished → 6.
let w: RunsWorld;
let slow: string;
let after: string;
let quick: string;

const status = async (runId: string) => (await w.api('GET', `/runs/${runId}`)).status as string;
const trigger = async (testId: string) => (await w.json(['test', 'run', testId])).runs as { runId: string; testId: string }[];

beforeAll(async () => {
  w = await runsWorld();
  slow = await w.addTest('Slow producer', py`
    for _ in range(10):
        http.get('/slow', params={'ms': 2000}, auth=False)
    produce('slow_value', 1)
  `, { produces: ['slow_value'] });
  after = await w.addTest('After slow', "print(VARS['slow_value'])\n", { needs: ['slow_value'] });
  quick = await w.addTest('Quick', "assert http.get('/health').status == 200\n");
});
afterAll(async () => {
  await w?.close();
});

describe('test cancel', () => {
  it('cancels a running and a queued run (exit 0); cancelling again is success with an advisory', async () => {
    const runs = await trigger(after);
    const running = runs.find((r) => r.testId === slow)!.runId;
    const queued = runs.find((r) => r.testId === after)!.runId;
    await until(async () => (await status(running)) === 'running', 30_000, 'the slow run to start');
    expect(await status(queued)).toBe('queued');

    const q = await w.svc(['test', 'cancel', queued]);
    expect(q.exitCode, q.stderr).toBe(0);
    expect(q.stdout).toBe(`cancelled ${queued}`);
    expect(q.stderr).not.toContain('[advisory]');
    const r = await w.svc(['--output', 'json', 'test', 'cancel', running]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ cancelled: [running], alreadyCancelled: [], exitCode: 0 });

    const again = await w.svc(['test', 'cancel', running]);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toBe(`cancelled ${running} (already cancelled)`);
    expect(again.stderr).toMatch(/^\[advisory\] run \S+ was already cancelled$/m);

    // Both stay cancelled after the batch ends; the test keeps its last verdict and is re-runnable.
    const waited = await w.svc(['--output', 'json', 'test', 'wait', running, queued, '--timeout', '60']);
    expect(waited.exitCode).toBe(1);
    expect(waited.json().results.map((x: any) => x.status)).toEqual(['cancelled', 'cancelled']);
    const t = await w.json(['test', 'get', slow]);
    expect(t.status).toBe('ready');
  });

  it('a finished run is a conflict (exit 6)', async () => {
    const [run] = await trigger(quick);
    await w.svc(['test', 'wait', run!.runId, '--timeout', '60']);
    const r = await w.svc(['--output', 'json', 'test', 'cancel', run!.runId]);
    expect(r.exitCode).toBe(6);
    expect(r.error()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already finished \(passed\)/) });
    expect((await w.svc(['test', 'cancel', 'run_does_not_exist'])).exitCode).toBe(4);
  });

  it('several ids: {cancelled, alreadyCancelled, conflicts, notFound, errors} with exit 4 > 1 > 6 > 0', async () => {
    const [done] = await trigger(quick);
    await w.svc(['test', 'wait', done!.runId, '--timeout', '60']);
    const runs = await trigger(after);
    const live = runs.find((r) => r.testId === slow)!.runId;
    const queued = runs.find((r) => r.testId === after)!.runId;
    expect((await w.svc(['test', 'cancel', queued])).exitCode).toBe(0);

    const mixed = await w.svc(['--output', 'json', 'test', 'cancel', live, queued, done!.runId, 'run_missing']);
    expect(mixed.exitCode).toBe(4);
    expect(mixed.json()).toMatchObject({
      cancelled: [live],
      alreadyCancelled: [queued],
      conflicts: [{ runId: done!.runId, message: expect.stringContaining('already finished') }],
      notFound: ['run_missing'],
      errors: [],
    });
    // Without notFound, a conflict decides (6); text lists every group.
    const six = await w.svc(['test', 'cancel', live, done!.runId]);
    expect(six.exitCode).toBe(6);
    expect(six.stdout).toBe(`cancelled: -\nalready cancelled: ${live}\nconflicts: ${done!.runId}\nnot found: -\nerrors: -`);
    expect((await w.svc(['test', 'cancel', live, queued])).exitCode).toBe(0);

    // A key without run:tests gets an error per id: errors decide over conflicts (1).
    const readOnly = await w.server.mintKey({ name: 'viewer', email: (await w.json(['auth', 'status'])).email, scopes: 'read:me,read:projects,read:tests' });
    const r = await svc(['--output', 'json', 'test', 'cancel', live, done!.runId], { ctx: userCtx(w.server, readOnly) });
    expect(r.exitCode).toBe(1);
    expect(r.json().errors.map((e: any) => e.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect((await w.svc(['--output', 'json', 'test', 'wait', live, '--timeout', '60'])).json().status).toBe('cancelled');
  });

  it('test wait on a run id that does not exist: one id exits 4, several record it on its row (exit 7)', async () => {
    const one = await w.svc(['--output', 'json', 'test', 'wait', 'run_doesnotexist', '--timeout', '10']);
    expect(one.exitCode).toBe(4);
    expect(one.error()).toMatchObject({ code: 'NOT_FOUND' });
    const [run] = await trigger(quick);
    const several = await w.svc(['--output', 'json', 'test', 'wait', run!.runId, 'run_doesnotexist', '--timeout', '60']);
    expect(several.exitCode).toBe(7);
    expect(several.json().results.map((r: { runId: string; status: string }) => [r.runId, r.status])).toEqual([[run!.runId, 'passed'], ['run_doesnotexist', 'error:NOT_FOUND']]);
  });
});
