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
    .option('--no-mcp', "skills only: leave the agents' MCP files alone")
    .addOption(dirOption())
    .addHelpText(
      'after',
      `
Besides the skills, the svc-mcp server is added to each agent's project MCP file, beside the servers
already there: .mcp.json (claude), .cursor/mcp.json (cursor), .vscode/mcp.json (copilot),
.kiro/settings/mcp.json (kiro), .codex/config.toml (codex). Windsurf, Cline and Antigravity read MCP
servers only from user settings: the report shows the entry to add there.

Examples:
  svc agent install                          # claude: skills and .mcp.json
  svc agent install --target cursor,codex
  svc agent install --target all --no-mcp
`,
    )
    .action(async (o: { skill?: string[]; target?: string[]; force: boolean; mcp: boolean; dir?: string }) => {
      const input = { skills: o.skill, targets: o.target, force: o.force, mcp: o.mcp, dir: o.dir ?? '.' };
      // --dry-run promises no filesystem use: show the canned report instead of writing.
      const report = rt.globals().dryRun
        ? (rt.advise('dry run: nothing was written; this is a sample report'), agentInstall.sample(agentInstall.input.parse(input)))
        : await rt.exec(agentInstall, input);
      rt.emit(report, renderInstall);
    });
}

function renderInstall(r: AgentInstallReport): string {
  let s = renderTable(
    ['TARGET', 'SKILL', 'ACTION', 'PATH', 'BACKUP'],
    r.files.map((f) => [f.target, f.skill, f.action, f.path, f.backup]),
  );
  const files = r.mcp.filter((m) => m.path !== null);
  if (files.length) s += `\n${renderTable(['TARGET', 'MCP SERVER', 'ACTION', 'PATH', 'BACKUP'], files.map((m) => [m.target, 'svc', m.action, m.path, m.backup]))}`;
  for (const m of r.mcp.filter((x) => x.path === null)) s += `note: ${m.note}\n`;
  return `${s}${r.written} file(s) written in ${r.dir} (svc ${r.version})\n`;
}
