import type { Command } from 'commander';
import { registerAuthStatus } from './auth/status.js';
import { registerAuthRemove } from './auth/remove.js';
import type { Runtime } from '../runtime.js';

export function registerAuth(program: Command, rt: Runtime): void {
  const auth = program.command('auth').description('identity and stored credentials');
  registerAuthStatus(auth, rt);
  registerAuthRemove(auth, rt);
}
