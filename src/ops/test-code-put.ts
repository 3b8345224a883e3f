import { z } from 'zod';
import { Id } from '../contract/common.js';
import { fillPath } from '../contract/endpoint.js';
import { CodeUpdated, etagFor, putTestCode } from '../contract/test-content.js';
import { Code } from '../contract/test-fields.js';
import { defineOp } from './op.js';

export const testCodePut = defineOp({
  name: 'test.code-put',
  title: "Replace a backend test's code",
  description:
    'Replace the Python code (at most 350 KB). With expectedVersion the write happens only if the codeVersion is still that one; otherwise it is a conflict and nothing is written. Returns the new codeVersion.',
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
    const res = await ctx.client().send(putTestCode.method, fillPath(putTestCode.path, { testId: i.testId }), {
      body: { code: i.code },
      headers: i.expectedVersion === undefined ? undefined : { 'if-match': etagFor(i.expectedVersion) },
    });
    return CodeUpdated.parse(JSON.parse(res.body.toString('utf8')));
  },
});
