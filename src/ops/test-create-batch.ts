import { z } from 'zod';
import { IdempotencyKey } from '../contract/common.js';
import { createTestBatch, TestBatchCreated } from '../contract/tests.js';
import { CliPlanInput, LIMITS } from '../contract/test-fields.js';
import { uuid } from '../util/ids.js';
import { defineOp, WRITE } from './op.js';
import { sampleCreated } from './samples.js';

export const testCreateBatch = defineOp({
  name: 'test.create-batch',
  title: 'Create frontend tests in a batch',
  description: `Create up to ${LIMITS.batchSpecs} frontend tests from plan specs ({projectId, type: frontend, name, planSteps}) in one transaction: all or nothing. Output lists the created tests in input order.`,
  input: z.object({
    specs: z.array(CliPlanInput).min(1).max(LIMITS.batchSpecs, `at most ${LIMITS.batchSpecs} plan specs per batch`),
    idempotencyKey: IdempotencyKey.optional().describe('Batch-level key: a replay returns the same tests (default: a fresh UUID)'),
  }),
  output: TestBatchCreated,
  annotations: WRITE,
  sample: (i) => ({ created: i.specs.map((_, n) => sampleCreated('frontend', n)), count: i.specs.length }),
  run: (ctx, { specs, idempotencyKey }) => ctx.client().call(createTestBatch, { body: { specs }, idempotencyKey: idempotencyKey ?? uuid() }),
});
