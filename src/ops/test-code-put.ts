import { z } from 'zod';
import { Id } from '../contract/common.js';
import { fillPath } from '../contract/endpoint.js';
import { createTwoFilesPatch } from 'diff';
import { SvcError } from '../contract/errors.js';
import { CodeUpdated, etagFor, getTestCode, putTestCode } from '../contract/test-content.js';
import { Code } from '../contract/test-fields.js';
import { defineOp } from './op.js';

export const testCodePut = defineOp({
  name: 'test.code-put',
  title: "Replace a backend test's code",
  description:
    'Replace the Python code (at most 350 KB). With expectedVersion the write happens only if the codeVersion is still that one; otherwise it is a conflict, nothing is written, and the error details carry a unified diff from the current code to yours. Returns the new codeVersion.',
  input: z.object({
    testId: Id,
    code: Code,
    expectedVersion: z.number().int().min(1).optional().describe('codeVersion the change was based on (sent as If-Match)'),
  }),
  output: CodeUpdated,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  sample: (i) => ({ testId: i.testId, codeVersion: (i.expectedVersion ?? 1) + 1, updatedAt: '2025-01-01T00:00:00.000Z' }),
  async run(ctx, i) {
    // If-Match carries the expected version, so the server can refuse a stale write atomically.
    try {
      const res = await ctx.client().send(putTestCode.method, fillPath(putTestCode.path, { testId: i.testId }), {
        body: { code: i.code },
        headers: i.expectedVersion === undefined ? undefined : { 'if-match': etagFor(i.expectedVersion) },
      });
      return CodeUpdated.parse(JSON.parse(res.body.toString('utf8')));
    } catch (err) {
      if (!(err instanceof SvcError) || err.code !== 'PRECONDITION_FAILED') throw err;
      // Show what changed underneath: the current code against the one that was refused.
      const now = await ctx.client().call(getTestCode, { params: { testId: i.testId } });
      const diff = createTwoFilesPatch(`${i.testId} v${now.codeVersion} (current)`, `${i.testId} (yours, based on v${i.expectedVersion})`, now.code, i.code, undefined, undefined, { context: 3 });
      throw new SvcError(err.code, err.message, { nextAction: err.nextAction, requestId: err.requestId, status: err.status, details: { ...(err.details as object), diff } });
    }
  },
});
