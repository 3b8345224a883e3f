import { z } from 'zod';
import { Id } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { FlakyReport, startFlaky } from '../contract/flaky.js';
import { getRunResult } from '../contract/results.js';
import { defineOp } from './op.js';
import { sampleFlaky } from './triage-samples.js';
import { waitForRuns } from './wait-runs.js';

export const testFlaky = defineOp({
  name: 'test.flaky',
  title: 'Replay a test to measure flakiness',
  description:
    'Replays a test N times one after another (runs 1-10, default 5; each backend replay runs its dependency closure and is billed like any run) and reports {testId, runs, passed, failed, stableRatio, verdict: stable|flaky|failing, failures[]}. Needs a replayable earlier run (not found otherwise). Waits up to timeout seconds.',
  input: z.object({
    testId: Id,
    runs: z.number().int().min(1).max(10).default(5).describe('Replays, 1-10'),
    timeout: z.number().int().min(1).max(3600).default(600).describe('Seconds to wait for all replays'),
  }),
  output: FlakyReport,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  sample: (i) => sampleFlaky(i.testId, i.runs),
  async run(ctx, i): Promise<FlakyReport> {
    const started = await ctx.client().call(startFlaky, { params: { testId: i.testId }, body: { runs: i.runs } });
    ctx.log.verbose(`flaky: ${started.runs} replay(s) queued: ${started.runIds.join(', ')}`);
    const polled = await waitForRuns(ctx, started.runIds, { timeoutSeconds: i.timeout, maxConcurrency: 10 });
    const open = polled.filter((p) => p.timedOut || p.error);
    if (open.length) {
      throw new SvcError('TIMEOUT', `flaky: ${open.length} of ${polled.length} replay(s) did not finish within ${i.timeout}s`, {
        nextAction: `Wait for them with 'svc test wait ${open.map((p) => p.runId).join(' ')}', or retry with a longer --timeout.`,
        details: { runIds: started.runIds, unfinished: open.map((p) => p.runId) },
      });
    }
    const failures: FlakyReport['failures'] = [];
    for (const p of polled) {
      if (p.view!.status === 'passed') continue;
      const r = await ctx.client().call(getRunResult, { params: { runId: p.runId }, query: { includeAnalysis: 'false' } });
      failures.push({ runId: p.runId, status: r.status, failureKind: r.failureKind, reason: r.reason });
    }
    const runs = polled.length;
    const passed = runs - failures.length;
    return {
      testId: i.testId,
      runs,
      passed,
      failed: failures.length,
      stableRatio: Math.round((passed / runs) * 1000) / 1000,
      verdict: passed === runs ? 'stable' : passed === 0 ? 'failing' : 'flaky',
      failures,
      runIds: started.runIds,
    };
  },
});
