import { z } from 'zod';
import { Id } from './common.js';

/** Limits of SPEC.md 8 that the client checks before sending and the server checks again. */
export const LIMITS = {
  testName: 200,
  description: 2000,
  codeBytes: 350 * 1024,
  planBytes: 256 * 1024,
  batchSpecs: 50,
  batchBytes: 5 * 1024 * 1024,
  planStepsMin: 1,
  planStepsMax: 200,
  stepDescription: 2000,
  variables: 50,
} as const;

export function utf8Bytes(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** Whitespace-only text; an empty string is left to min(1) so it is reported once. */
const notBlank = (s: string) => s.length === 0 || s.trim().length > 0;

export const TestType = z.enum(['frontend', 'backend']);
export type TestType = z.infer<typeof TestType>;
export const TestStatus = z.enum(['draft', 'ready', 'queued', 'running', 'passed', 'failed', 'blocked', 'cancelled', 'unknown']).meta({ id: 'TestStatus' });
export type TestStatus = z.infer<typeof TestStatus>;
export const Priority = z.enum(['p0', 'p1', 'p2', 'p3'], { error: 'priority must be one of p0, p1, p2, p3' });

export const TestName = z
  .string()
  .min(1, 'name must not be empty')
  .max(LIMITS.testName, `name must be at most ${LIMITS.testName} characters`)
  .refine(notBlank, 'name must not be empty');
export const Description = z.string().max(LIMITS.description, `description must be at most ${LIMITS.description} characters`);

/** A captured/consumed variable name: the key a producer passes to produce() and a consumer reads from VARS. */
export const VariableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/, 'variable names start with a letter or _ and use letters, digits, _ . - (at most 100)');
export const Variables = z.array(VariableName).max(LIMITS.variables, `at most ${LIMITS.variables} variables`);
/** On create any short label; `teardown` or `cleanup` put the test in the final wave (SPEC.md 3.5). */
export const CreateCategory = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, 'category is a word of at most 50 letters, digits, _ or -');
export const UpdateCategory = z.enum(['setup', 'main', 'teardown'], { error: 'category must be one of setup, main, teardown' });

/** Python source of a backend test (SPEC.md 2.2: at most 350 KB). */
export const Code = z
  .string()
  .min(1, 'code must not be empty')
  .refine(notBlank, 'code must not be empty')
  .refine((s) => utf8Bytes(s) <= LIMITS.codeBytes, `code must be at most ${LIMITS.codeBytes} bytes (350 KB)`);

export const PlanStep = z
  .object({
    type: z.enum(['action', 'assertion'], { error: "step type must be 'action' or 'assertion'" }),
    description: z
      .string({ error: 'step description must be a string' })
      .min(1, 'step description must not be empty')
      .max(LIMITS.stepDescription, `step description must be at most ${LIMITS.stepDescription} characters`)
      .refine(notBlank, 'step description must not be empty'),
  })
  .meta({ id: 'PlanStep', description: 'One plain-language step: an action to perform or an assertion that must hold.' });
export type PlanStep = z.infer<typeof PlanStep>;

export const PlanSteps = z
  .array(PlanStep, { error: 'planSteps must be an array of steps' })
  .min(LIMITS.planStepsMin, 'a plan needs at least 1 step')
  .max(LIMITS.planStepsMax, `a plan has at most ${LIMITS.planStepsMax} steps`);

/**
 * A frontend plan file (`--plan-from`, `create-batch`, `scaffold`). `$schema` lets editors validate
 * it against schemas/plan.schema.json; `description` and `priority` are optional extras.
 */
export const CliPlanInput = z
  .object({
    $schema: z.string().optional(),
    projectId: Id.describe('Project the test belongs to (svc project list)'),
    type: z.literal('frontend', { error: "type must be 'frontend' (backend tests are created with --code-file)" }),
    name: TestName,
    description: Description.optional(),
    priority: Priority.optional(),
    planSteps: PlanSteps,
  })
  .meta({ id: 'CliPlanInput', title: 'svc frontend test plan', description: 'A frontend test plan: ordered plain-language steps (at most 256 KB as a file).' });
export type CliPlanInput = z.infer<typeof CliPlanInput>;

/** JSON Schema of a plan file, published as schemas/plan.schema.json and served by the server. */
export function planJsonSchema(): Record<string, unknown> {
  const js = z.toJSONSchema(CliPlanInput, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // zod emits a root that has an id as a $ref into $defs; inline it so the file reads naturally.
  const defs = { ...(js.$defs as Record<string, Record<string, unknown>>) };
  const root = defs.CliPlanInput ?? {};
  delete defs.CliPlanInput;
  return { $schema: js.$schema, $id: 'plan.schema.json', ...root, $defs: defs };
}
