import { z } from 'zod';
import { Id } from '../contract/common.js';
import { getTestResult } from '../contract/results.js';
import { FailureSummary } from '../contract/triage.js';
import { defineOp, READ } from './op.js';
import { sampleSummary } from './triage-samples.js';

export const testFailureSummary = defineOp({
  name: 'test.failure-summary',
  title: 'Triage card of a test',
  description:
    "One-screen triage card of a test's latest run: testId, status, failureKind, snapshotId (the run), rootCauseHypothesis, recommendedFixTarget, plus the failing call, evidence and a curl reproducer where there is one. A passing latest run has null failure fields.",
  input: z.object({ testId: Id }),
  output: FailureSummary,
  annotations: READ,
  sample: (i) => sampleSummary(i.testId),
  async run(ctx, i) {
    const r = await ctx.client().call(getTestResult, { params: { testId: i.testId }, query: { includeAnalysis: 'true' } });
    const a = r.analysis;
    return {
      testId: r.testId,
      runId: r.runId,
      status: r.status,
      failureKind: a?.failureKind ?? r.failureKind,
      snapshotId: a?.snapshotId ?? r.runId,
      rootCauseHypothesis: a?.rootCauseHypothesis ?? (r.status === 'passed' ? null : r.reason),
      recommendedFixTarget: a?.recommendedFixTarget ?? null,
      confidence: a?.confidence ?? null,
      failingCall: a?.failingCall ?? null,
      evidence: a?.evidence ?? [],
      reproducer: a?.reproducer ?? null,
      provider: a?.provider ?? null,
    };
  },
});
