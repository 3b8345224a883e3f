import type { Command } from 'commander';
import { registerVerbs, type Verb } from '../lazy.js';
import type { Runtime } from '../runtime.js';

const VERBS: Verb[] = [
  { names: ['status'], load: async () => (await import('./auth/status.js')).registerAuthStatus },
  { names: ['remove'], load: async () => (await import('./auth/remove.js')).registerAuthRemove },
];

export async function registerAuth(program: Command, rt: Runtime, verb?: string): Promise<void> {
  await registerVerbs(program.command('auth'), rt, VERBS, verb);
}
