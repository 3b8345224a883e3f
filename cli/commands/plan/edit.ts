import type { Command } from 'commander';
import { planEdit } from '../../../src/ops/plan-edit.js';
import type { Runtime } from '../../runtime.js';
import { renderPlan } from './render.js';

export function registerPlanEdit(plan: Command, rt: Runtime): void {
  plan
    .command('edit <instruction>')
    .description('edit the plan in natural language (backend: the whole plan; frontend: one case with --case)')
    .requiredOption('--project <id>', 'the project')
    .option('--case <case-id>', 'frontend: the case to edit')
    .action(async (instruction: string, o) => {
      rt.emit(await rt.exec(planEdit, { projectId: o.project, instruction, caseId: o.case }), renderPlan);
    });
}
