import { z } from 'zod';
import { Id } from '../contract/common.js';
import { CodeRecord, getTestCode } from '../contract/test-content.js';
import { defineOp, READ } from './op.js';

export const testCodeGet = defineOp({
  name: 'test.code-get',
  title: "Get a backend test's code",
  description: 'The full Python code of a backend test with its codeVersion (pass it as expectedVersion to svc_test_code_put).',
  input: z.object({ testId: Id }),
  output: CodeRecord,
  annotations: READ,
  sample: (i) => ({ testId: i.testId, language: 'python' as const, framework: 'svc-python-harness', code: 'def test_health():\n    assert True\n', codeVersion: 1 }),
  run: (ctx, i) => ctx.client().call(getTestCode, { params: { testId: i.testId } }),
});
