import type { Command } from 'commander';
import { planList } from '../../../src/ops/plan-list.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderPlan } from './render.js';

export function registerPlanList(plan: Command, rt: Runtime): void {
  plan
    .command('list')
    .description('the drafted cases: selection, category, priority and the test accepted from each')
    .requiredOption('--project <id>', 'the project')
    .option('--category <category>', 'only cases of this category')
    .option('--page-size <n>', 'cases per page, 1-500 (default all)', intFlag(1, 500))
    .option('--starting-token <token>', 'continue from the nextToken of a previous page')
    .action(async (o) => {
      rt.emit(await rt.exec(planList, { projectId: o.project, category: o.category, pageSize: o.pageSize, startingToken: o.startingToken }), renderPlan);
    });
}
