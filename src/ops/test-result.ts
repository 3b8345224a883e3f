import { z } from 'zod';
import { Id } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { getRunResult, getTestResult, LatestResult } from '../contract/results.js';
import { defineOp, READ } from './op.js';
import { SAMPLE_ANALYSIS, sampleResult } from './triage-samples.js';

export const testResult = defineOp({
  name: 'test.result',
  title: "A test's latest result",
  description:
    "The latest run's result record of a test (or of one run with runId): status, verdict, failure, apiOutput (stdout) and trace (Python traceback) in full. includeAnalysis adds analysis {rootCauseHypothesis, recommendedFixTarget, failureKind, snapshotId, evidence, reproducer (curl of the failing call)}.",
  input: z.object({
    testId: Id.optional().describe('The test (its latest run)'),
    runId: Id.optional().describe('Instead of testId: this run'),
    includeAnalysis: z.boolean().default(false),
  }),
  output: LatestResult,
  annotations: READ,
  sample: (i) => sampleResult({ ...(i.testId ? { testId: i.testId } : {}), ...(i.runId ? { runId: i.runId } : {}), ...(i.includeAnalysis ? { analysis: { ...SAMPLE_ANALYSIS, snapshotId: i.runId ?? SAMPLE_ANALYSIS.snapshotId } } : {}) }),
  run: (ctx, i) => {
    if (!!i.testId === !!i.runId) throw new SvcError('VALIDATION_ERROR', 'give exactly one of testId and runId');
    return i.runId
      ? ctx.client().call(getRunResult, { params: { runId: i.runId }, query: { includeAnalysis: i.includeAnalysis ? 'true' : 'false' } })
      : ctx.client().call(getTestResult, { params: { testId: i.testId! }, query: { includeAnalysis: i.includeAnalysis ? 'true' : 'false' } });
  },
});
