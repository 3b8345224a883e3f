import type { Command } from 'commander';
import { registerVerbs, type Verb } from '../lazy.js';
import type { Runtime } from '../runtime.js';

const VERBS: Verb[] = [
  { names: ['install'], load: async () => (await import('./agent/install.js')).registerAgentInstall },
  { names: ['list'], load: async () => (await import('./agent/list.js')).registerAgentList },
  { names: ['status'], load: async () => (await import('./agent/status.js')).registerAgentStatus },
];

export async function registerAgent(program: Command, rt: Runtime, verb?: string): Promise<void> {
  await registerVerbs(program.command('agent'), rt, VERBS, verb);
}
