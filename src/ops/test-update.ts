import { z } from 'zod';
import { Id, IdempotencyKey } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { Test, updateTest } from '../contract/tests.js';
import { Description, Priority, TestName, UpdateCategory, Variables } from '../contract/test-fields.js';
import { defineOp } from './op.js';
import { sampleTest } from './samples.js';

const FIELDS = ['name', 'description', 'priority', 'produces', 'consumes', 'category'] as const;

export const testUpdate = defineOp({
  name: 'test.update',
  title: 'Update a test',
  description: 'Change name, description, priority; backend only: produces, consumes, category (setup, main, teardown). At least one field.',
  input: z.object({
    testId: Id,
    name: TestName.optional(),
    description: Description.optional(),
    priority: Priority.optional(),
    produces: Variables.optional(),
    consumes: Variables.optional(),
    category: UpdateCategory.optional(),
    idempotencyKey: IdempotencyKey.optional(),
  }),
  output: Test,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleTest({ id: i.testId, ...(i.name ? { name: i.name } : {}), ...(i.priority ? { priority: i.priority } : {}) }),
  async run(ctx, { testId, idempotencyKey, ...body }) {
    if (!FIELDS.some((k) => body[k] !== undefined)) {
      throw new SvcError('VALIDATION_ERROR', 'nothing to update: give at least one of --name, --description, --priority, --produces, --needs, --category');
    }
    return ctx.client().call(updateTest, { params: { testId }, body, idempotencyKey });
  },
});
