import { z } from 'zod';
import { Id } from '../contract/common.js';
import { getTest, Test } from '../contract/tests.js';
import { defineOp, READ } from './op.js';
import { sampleTest } from './samples.js';

export const testGet = defineOp({
  name: 'test.get',
  title: 'Get a test',
  description: 'Every field of a test: project, name, type, createdFrom, status, priority, plan steps (frontend) or code summary and produces/consumes/category (backend), codeVersion.',
  input: z.object({ testId: Id }),
  output: Test,
  annotations: READ,
  sample: (i) => sampleTest({ id: i.testId }),
  run: (ctx, i) => ctx.client().call(getTest, { params: { testId: i.testId } }),
});
