import type { Command } from 'commander';
import { agentList } from '../../../src/ops/agent-list.js';
import type { Runtime } from '../../runtime.js';
import { dirOption, renderFiles, skillOption, targetOption } from './options.js';

export function registerAgentList(agent: Command, rt: Runtime): void {
  agent
    .command('list')
    .description('one row per target and skill: TARGET, SKILL, STATUS, MODE, PATH')
    .addOption(skillOption())
    .addOption(targetOption('all'))
    .addOption(dirOption())
    .action(async (o: { skill?: string[]; target?: string[]; dir?: string }) => {
      const report = await rt.exec(agentList, { skills: o.skill, targets: o.target, dir: o.dir ?? '.' });
      rt.emit(report, (r) => renderFiles(r.files));
    });
}
