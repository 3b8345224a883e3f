import { z } from 'zod';
import { SvcError } from '../contract/errors.js';
import type { PlanStep } from '../contract/test-fields.js';
import { readPlan } from '../steps/describe.js';
import { defineOp } from './op.js';
import { loadCodeFile, loadPlanDir, loadPlanFile, loadPlansJsonl, loadStepsFile, type LintIssue, type Loaded } from './plan-files.js';

const ClauseReading = z.object({
  text: z.string().describe('The clause as written'),
  kind: z.enum(['action', 'check']),
  does: z.string().describe('What will be done or checked, e.g. "click", "type into", "text is shown"'),
  target: z.string().optional().describe('The target as read: role, name, relations, place'),
  value: z.string().optional(),
  optional: z.boolean().optional().describe('Done only when its target is on the page (a condition in the step)'),
  confidence: z.number(),
});

const StepReading = z
  .object({
    file: z.string(),
    plan: z.string().optional().describe('The plan name, for plan files'),
    step: z.number().int().describe('1-based'),
    type: z.enum(['action', 'assertion']),
    text: z.string(),
    understood: z.boolean().describe('false: no action and no check could be read from the step'),
    confidence: z.number().describe('0-1: lower when words could not be placed or a check was read loosely'),
    clauses: z.array(ClauseReading),
    remarks: z.array(z.string()).describe('Conditions, purposes and remarks not acted on, and parts not understood'),
  })
  .meta({ id: 'StepReading' });

export const LintReport = z
  .object({
    checked: z.number().int().describe('Plan specs, files or step lists checked'),
    valid: z.boolean(),
    issues: z.array(z.object({ file: z.string(), field: z.string(), reason: z.string() })),
    readings: z.array(StepReading).optional().describe('How each frontend plan step will be read, offline (frontend plans and step files)'),
  })
  .meta({ id: 'LintReport' });
export type LintReport = z.infer<typeof LintReport>;
export type StepReading = z.infer<typeof StepReading>;

const SOURCES = ['planFrom', 'planFromDir', 'plans', 'steps', 'codeFile'] as const;

/** Read each frontend step as the engine will; a step with no action and no check is an issue. */
function readings(lists: Array<{ file: string; plan?: string; steps: PlanStep[] }>): { readings: StepReading[]; issues: LintIssue[] } {
  const out: StepReading[] = [];
  const issues: LintIssue[] = [];
  for (const { file, plan, steps } of lists) {
    for (const r of readPlan(steps)) {
      out.push({ file, ...(plan ? { plan } : {}), ...r });
      if (!r.understood) {
        issues.push({ file, field: `planSteps.${r.step - 1}.description`, reason: `step ${r.step} is not understood (${r.remarks.join('; ')}): name one action or check and what it is about, e.g. Click "Save"; the "Save" button is disabled` });
      }
    }
  }
  return { readings: out, issues };
}

/** Offline: the validators of test create, collecting every problem instead of stopping. */
export const testLint = defineOp({
  name: 'test.lint',
  title: 'Lint test files offline',
  description:
    'Check plan files (planFrom), a directory of plans (planFromDir), JSONL plans (plans), a plan-steps file (steps) or backend Python (codeFile) with the same rules as svc_test_create, without the network. For frontend plans it also returns how each step will be read (clauses, action or check, target, value, confidence) and flags steps that cannot be read. Exactly one source.',
  input: z.object({
    planFrom: z.string().min(1).optional(),
    planFromDir: z.string().min(1).optional(),
    plans: z.string().min(1).optional(),
    steps: z.string().min(1).optional(),
    codeFile: z.string().min(1).optional(),
  }),
  output: LintReport,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  local: true,
  sample: () => ({ checked: 1, valid: true, issues: [] }),
  async run(ctx, i) {
    const given = SOURCES.filter((k) => i[k] !== undefined);
    if (given.length !== 1) {
      throw new SvcError('VALIDATION_ERROR', 'give exactly one of --plan-from, --plan-from-dir, --plans, --steps, --code-file');
    }
    if (i.codeFile) {
      const r = loadCodeFile(i.codeFile, ctx.cwd, ctx.env);
      return { checked: r.checked, valid: r.issues.length === 0, issues: r.issues };
    }
    let lists: Array<{ file: string; plan?: string; steps: PlanStep[] }>;
    let r: Loaded<unknown>;
    if (i.steps) {
      const s = loadStepsFile(i.steps, ctx.cwd);
      r = s;
      lists = s.values.map((steps, k) => ({ file: s.labels[k]!, steps }));
    } else {
      const p = i.planFrom ? loadPlanFile(i.planFrom, ctx.cwd) : i.planFromDir ? loadPlanDir(i.planFromDir, ctx.cwd) : loadPlansJsonl(i.plans!, ctx.cwd);
      r = p;
      lists = p.values.flatMap((plan, k) => (plan.type === 'frontend' ? [{ file: p.labels[k]!, plan: plan.name, steps: plan.planSteps }] : []));
    }
    const read = readings(lists);
    const issues = [...r.issues, ...read.issues];
    return { checked: r.checked, valid: issues.length === 0, issues, ...(read.readings.length ? { readings: read.readings } : {}) };
  },
});
