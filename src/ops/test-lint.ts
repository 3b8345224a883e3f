import { z } from 'zod';
import { SvcError } from '../contract/errors.js';
import { defineOp } from './op.js';
import { loadCodeFile, loadPlanDir, loadPlanFile, loadPlansJsonl, loadStepsFile, type Loaded } from './plan-files.js';

export const LintReport = z
  .object({
    checked: z.number().int().describe('Plan specs, files or step lists checked'),
    valid: z.boolean(),
    issues: z.array(z.object({ file: z.string(), field: z.string(), reason: z.string() })),
  })
  .meta({ id: 'LintReport' });
export type LintReport = z.infer<typeof LintReport>;

const SOURCES = ['planFrom', 'planFromDir', 'plans', 'steps', 'codeFile'] as const;

/** Offline: the validators of test create, collecting every problem instead of stopping. */
export const testLint = defineOp({
  name: 'test.lint',
  title: 'Lint test files offline',
  description:
    'Check plan files (planFrom), a directory of plans (planFromDir), JSONL plans (plans), a plan-steps file (steps) or backend Python (codeFile) with the same rules as svc_test_create, without the network. Exactly one source.',
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
    let r: Loaded<unknown>;
    if (i.planFrom) r = loadPlanFile(i.planFrom, ctx.cwd);
    else if (i.planFromDir) r = loadPlanDir(i.planFromDir, ctx.cwd);
    else if (i.plans) r = loadPlansJsonl(i.plans, ctx.cwd);
    else if (i.steps) r = loadStepsFile(i.steps, ctx.cwd);
    else r = loadCodeFile(i.codeFile!, ctx.cwd, ctx.env);
    return { checked: r.checked, valid: r.issues.length === 0, issues: r.issues };
  },
});
