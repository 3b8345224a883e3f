import { describe, expect, it } from 'vitest';
import { cancelExit } from '../../src/ops/test-cancel.js';
import { waitExitCode, type Polled } from '../../src/ops/wait-runs.js';

const view = (status: string) => ({ runId: 'r', view: { status } }) as unknown as Polled;

describe('exit codes of several-id cancel and wait (SPEC.md 7.1)', () => {
  const e = { runId: 'r', code: 'INTERNAL', message: 'x' };
  const c = { runId: 'r', message: 'finished' };
  it.each([
    [{ cancelled: ['a'], alreadyCancelled: ['b'], conflicts: [], notFound: [], errors: [] }, 0],
    [{ cancelled: [], alreadyCancelled: [], conflicts: [c], notFound: [], errors: [] }, 6],
    [{ cancelled: [], alreadyCancelled: [], conflicts: [c], notFound: [], errors: [e] }, 1],
    [{ cancelled: [], alreadyCancelled: [], conflicts: [c], notFound: ['x'], errors: [e] }, 4],
    [{ cancelled: ['a'], alreadyCancelled: [], conflicts: [], notFound: ['x'], errors: [] }, 4],
  ])('cancel %j → %i', (report, exit) => {
    expect(cancelExit(report)).toBe(exit);
  });

  it.each([
    [['passed', 'passed'], 0],
    [['passed', 'cancelled'], 1],
    [['passed', 'blocked'], 1],
    [['failed', 'passed'], 1],
  ])('wait %j → %i', (statuses, exit) => {
    expect(waitExitCode(statuses.map(view))).toBe(exit);
  });

  it('a timeout or a poll error gives 7, over any verdict', () => {
    expect(waitExitCode([view('failed'), { runId: 'x', timedOut: true }])).toBe(7);
    expect(waitExitCode([view('passed'), { runId: 'x', error: 'error:NOT_FOUND' }])).toBe(7);
  });
});
