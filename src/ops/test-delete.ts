import { z } from 'zod';
import { Id, IdempotencyKey } from '../contract/common.js';
import { deleteTest, TestDeleted } from '../contract/tests.js';
import { defineOp } from './op.js';

export const testDelete = defineOp({
  name: 'test.delete',
  title: 'Delete a test',
  description: 'Permanently delete one test. confirm must be true.',
  input: z.object({
    testId: Id,
    confirm: z.literal(true, { error: 'deleting a test needs confirm: true (--confirm)' }),
    idempotencyKey: IdempotencyKey.optional().describe('A replay with the same key returns the first result instead of 404'),
  }),
  output: TestDeleted,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  sample: (i) => ({ id: i.testId, deleted: true as const }),
  run: (ctx, i) => ctx.client().call(deleteTest, { params: { testId: i.testId }, idempotencyKey: i.idempotencyKey }),
});
