import type { Command } from 'commander';
import { planSelect } from '../../../src/ops/plan-select.js';
import type { Runtime } from '../../runtime.js';
import { renderPlan } from './render.js';

export function registerPlanSelect(plan: Command, rt: Runtime): void {
  for (const [verb, selected] of [['select', true], ['deselect', false]] as const) {
    plan
      .command(`${verb} [case-ids...]`)
      .description(`${verb} cases by id, or every case of --category`)
      .requiredOption('--project <id>', 'the project')
      .option('--category <category>', `${verb} every case of this category`)
      .action(async (caseIds: string[], o) => {
        rt.emit(await rt.exec(planSelect, { projectId: o.project, selected, caseIds: caseIds.length ? caseIds : undefined, category: o.category }), renderPlan);
      });
  }
}
