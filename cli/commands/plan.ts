import type { Command } from 'commander';
import type { Runtime } from '../runtime.js';
import { registerPlanGenerate } from './plan/generate.js';
import { registerPlanList } from './plan/list.js';
import { registerPlanEdit } from './plan/edit.js';
import { registerPlanSelect } from './plan/select.js';
import { registerPlanAccept } from './plan/accept.js';

const VERBS = [registerPlanGenerate, registerPlanList, registerPlanEdit, registerPlanSelect, registerPlanAccept];

export function registerPlan(program: Command, rt: Runtime): void {
  const group = program.command('plan').description("a project's test plan: generate, list, edit, select/deselect, accept into tests");
  for (const register of VERBS) register(group, rt);
}
