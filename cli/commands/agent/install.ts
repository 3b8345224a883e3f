import type { Command } from 'commander';
import { agentInstall } from '../../../src/ops/agent-install.js';
import type { AgentInstallReport } from '../../../src/agent/report.js';
import { renderTable } from '../../../src/output/table.js';
import type { Runtime } from '../../runtime.js';
import { dirOption, skillOption, targetOption } from './options.js';

export function registerAgentInstall(agent: Command, rt: Runtime): void {
  agent
    .command('install')
    .description('write the svc-verify and svc-onboard skills into the project; blocked targets exit 6 unless --force')
    .addOption(skillOption())
    .addOption(targetOption('claude'))
    .option('--force', 'overwrite modified, unmarked or corrupt targets (a .bak backup of each is kept)', false)
    .addOption(dirOption())
    .action(async (o: { skill?: string[]; target?: string[]; force: boolean; dir?: string }) => {
      const input = { skills: o.skill, targets: o.target, force: o.force, dir: o.dir ?? '.' };
      // --dry-run promises no filesystem use: show the canned report instead of writing.
      const report = rt.globals().dryRun
        ? (rt.advise('dry run: nothing was written; this is a sample report'), agentInstall.sample(agentInstall.input.parse(input)))
        : await rt.exec(agentInstall, input);
      rt.emit(report, renderInstall);
    });
}

function renderInstall(r: AgentInstallReport): string {
  const table = renderTable(
    ['TARGET', 'SKILL', 'ACTION', 'PATH', 'BACKUP'],
    r.files.map((f) => [f.target, f.skill, f.action, f.path, f.backup]),
  );
  return `${table}${r.written} file(s) written in ${r.dir} (svc ${r.version})\n`;
}
