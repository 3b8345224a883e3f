import { z } from 'zod';
import { TestType } from '../contract/test-fields.js';
import { defineOp } from './op.js';
import { BACKEND_SKELETON, frontendPlan, PLAN_SCHEMA_REF, PROJECT_PLACEHOLDER } from './scaffold-templates.js';

export const ScaffoldResult = z
  .object({
    type: TestType,
    fileName: z.string().describe('Suggested file name'),
    content: z.string(),
    schema: z.string().nullable().describe('Where the plan JSON Schema is referenced from (frontend)'),
  })
  .meta({ id: 'ScaffoldResult' });
export type ScaffoldResult = z.infer<typeof ScaffoldResult>;

/** Local: no network, no credentials, no file reads. The projectId comes from SVC_PROJECT_ID. */
export const testScaffold = defineOp({
  name: 'test.scaffold',
  title: 'Scaffold a test file',
  description:
    'A starting file: frontend a plan file (projectId from SVC_PROJECT_ID or a placeholder, $schema pointing at the plan JSON Schema); backend a Python skeleton that documents the harness globals and passes svc_test_lint.',
  input: z.object({ type: TestType.default('frontend'), projectId: z.string().min(1).optional().describe('Default: $SVC_PROJECT_ID, else a placeholder') }),
  output: ScaffoldResult,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  local: true,
  sample: (i) => scaffold(i.type, i.projectId ?? PROJECT_PLACEHOLDER),
  run: async (ctx, i) => scaffold(i.type, i.projectId ?? (ctx.env.SVC_PROJECT_ID || PROJECT_PLACEHOLDER)),
});

function scaffold(type: 'frontend' | 'backend', projectId: string): ScaffoldResult {
  return type === 'frontend'
    ? { type, fileName: 'plan.json', content: frontendPlan(projectId), schema: PLAN_SCHEMA_REF }
    : { type, fileName: 'test_api.py', content: BACKEND_SKELETON, schema: null };
}
