import { z } from 'zod';
import { Id } from '../contract/common.js';
import { listTestSteps, StepPage } from '../contract/triage.js';
import { defineOp, READ } from './op.js';
import { collectPages, PagingInput } from './paging.js';
import { sampleStep } from './triage-samples.js';

export const testSteps = defineOp({
  name: 'test.steps',
  title: "A test's step log",
  description:
    'The cumulative step log of a test across its runs, newest run first and steps in order within a run. A backend step is a recorded HTTP call or an assertion; each has status and timing. runId scopes to one run; nextToken is set when another page exists; maxItems auto-pages.',
  input: z.object({ testId: Id, runId: Id.optional().describe('Only the steps of this run'), ...PagingInput }),
  output: StepPage,
  annotations: READ,
  sample: (i) => ({
    items: [
      sampleStep({ ...(i.runId ? { runId: i.runId } : {}) }),
      sampleStep({ ...(i.runId ? { runId: i.runId } : {}), index: 1, kind: 'assertion', description: 'assert r.status == 201', status: 'failed', durationMs: 0, error: 'assert 500 == 201', detail: { line: 3 } }),
    ],
    nextToken: null,
  }),
  run: (ctx, { testId, runId, ...paging }) =>
    collectPages((pageSize, startingToken) => ctx.client().call(listTestSteps, { params: { testId }, query: { runId, pageSize, startingToken } }), paging),
});
