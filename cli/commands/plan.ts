import type { Command } from 'commander';
import { registerVerbs, type Verb } from '../lazy.js';
import type { Runtime } from '../runtime.js';

const VERBS: Verb[] = [
  { names: ['generate'], load: async () => (await import('./plan/generate.js')).registerPlanGenerate },
  { names: ['list'], load: async () => (await import('./plan/list.js')).registerPlanList },
  { names: ['edit'], load: async () => (await import('./plan/edit.js')).registerPlanEdit },
  { names: ['select', 'deselect'], load: async () => (await import('./plan/select.js')).registerPlanSelect },
  { names: ['accept'], load: async () => (await import('./plan/accept.js')).registerPlanAccept },
];

export async function registerPlan(program: Command, rt: Runtime, verb?: string): Promise<void> {
  await registerVerbs(program.command('plan'), rt, VERBS, verb);
}
