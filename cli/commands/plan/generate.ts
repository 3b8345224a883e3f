import type { Command } from 'commander';
import { planGenerate } from '../../../src/ops/plan-generate.js';
import type { Runtime } from '../../runtime.js';
import { renderPlan } from './render.js';

export function registerPlanGenerate(plan: Command, rt: Runtime): void {
  plan
    .command('generate')
    .description('draft the test plan (replaces the previous draft; accepted cases keep their tests)')
    .requiredOption('--project <id>', 'the project')
    .option('--instructions <text>', "focus instructions, e.g. 'only users endpoints' (default: the project instruction)")
    .action(async (o) => {
      const v = await rt.exec(planGenerate, { projectId: o.project, instructions: o.instructions });
      rt.emit(v, renderPlan);
    });
}
