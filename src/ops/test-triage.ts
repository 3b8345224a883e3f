import { z } from 'zod';
import { Id } from '../contract/common.js';
import { BatchTriage, getBatchTriage } from '../contract/triage.js';
import { defineOp, READ } from './op.js';
import { sampleBatchTriage } from './triage-samples.js';

export const testTriage = defineOp({
  name: 'test.triage',
  title: 'Triage a whole batch',
  description:
    "Every failure of a batch (the batchId that test run prints) in one answer, grouped by cause: the check that failed (no-5xx, status, schema, no-leak, refused, read-after-write, gone-after-delete, others-untouched, readonly-ignored, no-html-echo, auth, or the failure kind), the endpoint and the recommended fix target, biggest group first. Each failure carries its message, root-cause hypothesis, the blamed call with request and response bodies (2000 characters each) and a curl reproducer.",
  input: z.object({ batchId: Id }),
  output: BatchTriage,
  annotations: READ,
  sample: (i) => sampleBatchTriage(i.batchId),
  async run(ctx, i) {
    return ctx.client().call(getBatchTriage, { params: { batchId: i.batchId } });
  },
});
