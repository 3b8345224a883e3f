import type { Command } from 'commander';
import { registerAgentInstall } from './agent/install.js';
import { registerAgentList } from './agent/list.js';
import { registerAgentStatus } from './agent/status.js';
import type { Runtime } from '../runtime.js';

export function registerAgent(program: Command, rt: Runtime): void {
  const agent = program.command('agent').description('coding-agent skill files (local: no network, no credentials)');
  registerAgentInstall(agent, rt);
  registerAgentList(agent, rt);
  registerAgentStatus(agent, rt);
}
