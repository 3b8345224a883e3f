import { IdempotencyKey } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { createTest, TestCreated, TestCreateFields, testCreateProblems } from '../contract/tests.js';
import { uuid } from '../util/ids.js';
import { defineOp, WRITE } from './op.js';
import { sampleCreated } from './samples.js';

/** The cross-field rules of create as one validation error (the CLI checks before --dry-run too). */
export function assertTestCreate(input: Partial<TestCreateFields>): void {
  const problems = testCreateProblems(input);
  if (problems.length) {
    throw new SvcError('VALIDATION_ERROR', problems.map(([f, m]) => `${f}: ${m}`).join('; '), {
      details: { issues: problems.map(([field, reason]) => ({ field, reason })) },
    });
  }
}

export const testCreate = defineOp({
  name: 'test.create',
  title: 'Create a test',
  description:
    'Create one test: backend with Python code (type backend, code at most 350 KB; produces, consumes, category optional) or frontend with planSteps (type frontend, 1 to 200 steps of {type: action|assertion, description}). name at most 200 characters, description at most 2000, priority p0-p3.',
  input: TestCreateFields.extend({ idempotencyKey: IdempotencyKey.optional().describe('Same key + same input returns the same test (default: a fresh UUID)') }),
  output: TestCreated,
  annotations: WRITE,
  sample: (i) => sampleCreated(i.type),
  async run(ctx, { idempotencyKey, ...body }) {
    assertTestCreate(body);
    return ctx.client().call(createTest, { body, idempotencyKey: idempotencyKey ?? uuid() });
  },
});
