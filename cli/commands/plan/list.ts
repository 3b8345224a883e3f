import type { Command } from 'commander';
import { planList } from '../../../src/ops/plan-list.js';
import type { Runtime } from '../../runtime.js';
import { renderPlan } from './render.js';

export function registerPlanList(plan: Command, rt: Runtime): void {
  plan
    .command('list')
    .description('the drafted cases: selection, category, priority and the test accepted from each')
    .requiredOption('--project <id>', 'the project')
    .option('--category <category>', 'only cases of this category')
    .action(async (o) => {
      rt.emit(await rt.exec(planList, { projectId: o.project, category: o.category }), renderPlan);
    });
}
