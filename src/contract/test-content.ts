import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { Code, PlanSteps } from './test-fields.js';

/** Code record (SPEC.md 2.3): the full code, always. */
export const CodeRecord = z
  .object({
    testId: Id,
    language: z.enum(['python', 'typescript']).describe('python for backend tests; typescript for a frontend test exported as a Playwright test'),
    framework: z.string(),
    code: z.string(),
    codeVersion: z.number().int(),
    filename: z.string().optional(),
  })
  .meta({ id: 'CodeRecord' });
export type CodeRecord = z.infer<typeof CodeRecord>;

export const CodePutBody = z.object({ code: Code }).meta({ id: 'CodePut' });
export const CodeUpdated = z
  .object({ testId: Id, codeVersion: z.number().int(), updatedAt: Timestamp })
  .meta({ id: 'CodeUpdated' });
export type CodeUpdated = z.infer<typeof CodeUpdated>;

export const PlanPutBody = z.object({ planSteps: PlanSteps }).meta({ id: 'PlanPut' });
export const PlanUpdated = z
  .object({ testId: Id, planStepCount: z.number().int(), codeVersion: z.number().int(), updatedAt: Timestamp })
  .meta({ id: 'PlanUpdated' });
export type PlanUpdated = z.infer<typeof PlanUpdated>;

/** The code's ETag: `"v<codeVersion>"`. */
export function etagFor(codeVersion: number): string {
  return `"v${codeVersion}"`;
}

/** The version an If-Match header names: '*' → 'any'; `"v3"`, `W/"v3"`, `v3` and `3` → 3; else null. */
export function versionFromIfMatch(header: string): number | 'any' | null {
  const h = header.trim();
  if (h === '*') return 'any';
  const m = /^(?:W\/)?"?v?(\d{1,9})"?$/.exec(h);
  return m ? Number(m[1]) : null;
}

const byId = z.object({ testId: Id });

export const getTestCode = endpoint({
  id: 'test.code-get', method: 'GET', path: '/tests/{testId}/code', tag: 'tests', scope: 'read:tests',
  summary: "A backend test's full Python code; the ETag header carries the codeVersion",
  params: byId, response: CodeRecord,
});
export const putTestCode = endpoint({
  id: 'test.code-put', method: 'PUT', path: '/tests/{testId}/code', tag: 'tests', scope: 'write:tests',
  summary: 'Replace the code; send If-Match: "v<codeVersion>" to refuse the write when someone changed it since (412)',
  params: byId, body: CodePutBody, response: CodeUpdated,
});
export const putTestPlan = endpoint({
  id: 'test.plan-put', method: 'PUT', path: '/tests/{testId}/plan', tag: 'tests', scope: 'write:tests',
  summary: "Replace a frontend test's planSteps (a backend test gets 400: use the code endpoint)",
  params: byId, body: PlanPutBody, response: PlanUpdated,
});
