import { z } from 'zod';
import { Id } from '../contract/common.js';
import { defineOp, READ } from './op.js';
import { toWaitResult, WaitResult } from './run-outcome.js';
import { sampleRunView } from './run-samples.js';
import { waitForRuns } from './wait-runs.js';

export const testWait = defineOp({
  name: 'test.wait',
  title: 'Wait for runs',
  description: 'Wait for one or more runs until each is terminal (cleanup included) or the timeout; answers within moments of the last verdict. The worst status decides the outcome.',
  input: z.object({
    runIds: z.array(Id).min(1).max(1000),
    timeout: z.number().int().min(1).max(3600).default(600).describe('Seconds, shared by all ids'),
    maxConcurrency: z.number().int().min(1).max(100).default(10),
  }),
  output: WaitResult,
  annotations: READ,
  sample: (i) => ({
    results: i.runIds.map((id) => ({ runId: id, status: 'passed', testId: 'tst_sample0001', testName: 'Create a user', run: sampleRunView({ runId: id }) })),
    summary: { total: i.runIds.length, passed: i.runIds.length, failed: 0, blocked: 0, cancelled: 0, timeout: 0, error: 0 },
    exitCode: 0,
  }),
  async run(ctx, i) {
    return toWaitResult(await waitForRuns(ctx, i.runIds, { timeoutSeconds: i.timeout, maxConcurrency: i.maxConcurrency }));
  },
});
