import { z } from 'zod';
import { AuthorSurface, Id, PageQuery, pageOf, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import {
  CliPlanInput, Code, CreateCategory, Description, LIMITS, PlanStep, PlanSteps, Priority, TestName, TestStatus, TestType, UpdateCategory, Variables,
} from './test-fields.js';

/** `test get` (SPEC.md 2.2). Optional fields are omitted when they do not apply. */
export const Test = z
  .object({
    id: Id,
    projectId: Id,
    projectName: z.string().optional(),
    name: z.string(),
    type: TestType,
    createdFrom: AuthorSurface,
    status: TestStatus,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    description: z.string().nullable(),
    priority: Priority.optional(),
    planStepCount: z.number().int().optional().describe('Frontend'),
    details: z
      .object({
        planSteps: z.array(PlanStep).optional().describe('Frontend: the ordered plan'),
        language: z.literal('python').optional().describe('Backend'),
        codeBytes: z.number().int().optional().describe('Backend: size of the code'),
      })
      .optional()
      .describe('The test content: plan steps (frontend) or a summary of the code (backend); omitted in lists'),
    produces: z.array(z.string()).optional().describe('Backend: variables the test captures'),
    consumes: z.array(z.string()).optional().describe('Backend: variables the test uses (--needs)'),
    category: z.string().optional().describe('Backend wave-ordering category'),
    codeVersion: z.number().int(),
    lastRunId: z.string().nullable(),
    dashboardUrl: z.string(),
  })
  .meta({ id: 'Test' });
export type Test = z.infer<typeof Test>;

export const TestPage = pageOf(Test).meta({ id: 'TestPage' });
export type TestPage = z.infer<typeof TestPage>;

/** Create output (SPEC.md 2.2); the run engine merges a `run` object in for --run. */
export const TestCreated = z
  .object({ testId: Id, type: TestType, codeVersion: z.number().int(), createdAt: Timestamp, dashboardUrl: z.string().optional() })
  .meta({ id: 'TestCreated' });
export type TestCreated = z.infer<typeof TestCreated>;

/** Body of POST /tests. Exactly one of `code` (backend) or `planSteps` (frontend). */
export const TestCreateFields = z.object({
  projectId: Id,
  type: TestType,
  name: TestName,
  description: Description.optional(),
  priority: Priority.optional(),
  code: Code.optional().describe('Backend: Python source, at most 350 KB'),
  planSteps: PlanSteps.optional().describe('Frontend: 1 to 200 steps'),
  produces: Variables.optional().describe('Backend only'),
  consumes: Variables.optional().describe('Backend only: variables the test needs'),
  category: CreateCategory.optional().describe('Backend only; teardown or cleanup runs in the final wave'),
});
export type TestCreateFields = z.infer<typeof TestCreateFields>;

/** The cross-field rules of `test create`, as [field, message] pairs (empty: valid). */
export function testCreateProblems(b: Partial<TestCreateFields>): [string, string][] {
  const out: [string, string][] = [];
  if (b.code !== undefined && b.planSteps !== undefined) out.push(['code', 'give either code (backend) or planSteps (frontend), not both']);
  else if (b.code === undefined && b.planSteps === undefined) out.push(['code', 'give code (backend, --code-file) or planSteps (frontend, --plan-from)']);
  else if (b.code !== undefined && b.type !== 'backend') out.push(['type', 'a test with code is a backend test: use --type backend']);
  else if (b.planSteps !== undefined && b.type !== 'frontend') out.push(['type', 'a test with planSteps is a frontend test: use --type frontend']);
  if (b.type === 'frontend' || b.planSteps !== undefined) {
    for (const k of ['produces', 'consumes', 'category'] as const) {
      if (b[k] !== undefined) out.push([k, `${k === 'consumes' ? 'needs' : k} applies only to backend tests created with --code-file`]);
    }
  }
  if (b.planSteps && new TextEncoder().encode(JSON.stringify(b.planSteps)).length > LIMITS.planBytes) {
    out.push(['planSteps', `a plan must be at most ${LIMITS.planBytes} bytes (256 KB)`]);
  }
  return out;
}

export const TestCreateBody = TestCreateFields.superRefine((b, ctx) => {
  for (const [path, message] of testCreateProblems(b)) ctx.addIssue({ code: 'custom', path: [path], message });
}).meta({ id: 'TestCreate' });

export const TestBatchBody = z
  .object({
    specs: z
      .array(CliPlanInput)
      .min(1, 'give at least one plan spec')
      .max(LIMITS.batchSpecs, `at most ${LIMITS.batchSpecs} plan specs per batch`),
  })
  .meta({ id: 'TestCreateBatch' });
export const TestBatchCreated = z
  .object({ created: z.array(TestCreated).describe('In input order'), count: z.number().int() })
  .meta({ id: 'TestBatchCreated' });
export type TestBatchCreated = z.infer<typeof TestBatchCreated>;

export const TestUpdateBody = z
  .object({
    name: TestName.optional(),
    description: Description.optional(),
    priority: Priority.optional(),
    produces: Variables.optional(),
    consumes: Variables.optional(),
    category: UpdateCategory.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'give at least one field to change')
  .meta({ id: 'TestUpdate' });
export type TestUpdateBody = z.infer<typeof TestUpdateBody>;

export const TestDeleted = z.object({ id: Id, deleted: z.literal(true) }).meta({ id: 'TestDeleted' });
export type TestDeleted = z.infer<typeof TestDeleted>;

/** `status=ready,failed` or repeated `status` parameters. */
const StatusList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(TestStatus));

export const TestListQuery = PageQuery.extend({
  projectId: Id,
  type: TestType.optional(),
  createdFrom: AuthorSurface.optional(),
  status: StatusList.optional(),
});

const byId = z.object({ testId: Id });

export const listTests = endpoint({
  id: 'test.list', method: 'GET', path: '/tests', tag: 'tests', scope: 'read:tests',
  summary: "List a project's tests, oldest first, with filters",
  query: TestListQuery, response: TestPage,
});
export const getTest = endpoint({
  id: 'test.get', method: 'GET', path: '/tests/{testId}', tag: 'tests', scope: 'read:tests',
  summary: 'One test with its plan or code summary', params: byId, response: Test,
});
export const createTest = endpoint({
  id: 'test.create', method: 'POST', path: '/tests', tag: 'tests', scope: 'write:tests',
  summary: 'Create a backend test from code or a frontend test from plan steps',
  body: TestCreateBody, response: TestCreated, status: 201, idempotent: true,
});
export const createTestBatch = endpoint({
  id: 'test.create-batch', method: 'POST', path: '/tests/batch', tag: 'tests', scope: 'write:tests',
  summary: 'Create up to 50 frontend tests from plan specs in one transaction',
  body: TestBatchBody, response: TestBatchCreated, status: 201, idempotent: true,
});
export const updateTest = endpoint({
  id: 'test.update', method: 'PATCH', path: '/tests/{testId}', tag: 'tests', scope: 'write:tests',
  summary: 'Change name, description, priority or backend dependency declarations',
  params: byId, body: TestUpdateBody, response: Test, idempotent: true,
});
export const deleteTest = endpoint({
  id: 'test.delete', method: 'DELETE', path: '/tests/{testId}', tag: 'tests', scope: 'write:tests',
  summary: 'Delete a test permanently', params: byId, response: TestDeleted, idempotent: true,
});
