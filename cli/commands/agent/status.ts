import type { Command } from 'commander';
import { EXIT } from '../../../src/contract/errors.js';
import { agentStatus } from '../../../src/ops/agent-status.js';
import type { AgentStatusReport, FileState } from '../../../src/agent/report.js';
import type { Runtime } from '../../runtime.js';
import { renderTable } from '../../../src/output/table.js';
import { dirOption, renderFiles, skillOption, targetOption } from './options.js';

const HINT: Partial<Record<FileState, string>> = {
  stale: "unedited, but not what this svc version installs: 'svc agent install' updates it",
  modified: "edited by hand: keep your edits, or 'svc agent install --force' (keeps a .bak)",
  unmarked: "not written by svc: rename it, or 'svc agent install --force' (keeps a .bak)",
  corrupt: "AGENTS.md markers are broken: fix them, or 'svc agent install --target codex --force' (keeps a .bak)",
};

export function registerAgentStatus(agent: Command, rt: Runtime): void {
  agent
    .command('status')
    .description('compare installed skill files with what this svc version installs; exit 1 when any needs attention')
    .addOption(skillOption())
    .addOption(targetOption('all'))
    .addOption(dirOption())
    .option('--diff', 'show, as a unified diff, what an install would change in each file that needs attention')
    .action(async (o: { skill?: string[]; target?: string[]; dir?: string; diff?: boolean }) => {
      const report = await rt.exec(agentStatus, { skills: o.skill, targets: o.target, dir: o.dir ?? '.', diff: !!o.diff });
      rt.emit(report, renderStatus);
      if (report.attention > 0) rt.exitCode = EXIT.FAILURE;
    });
}

const MCP_HINT: Partial<Record<FileState, string>> = {
  modified: "the svc server entry differs from what svc installs: keep it, or 'svc agent install --force' (keeps a .bak)",
  corrupt: "the MCP file cannot be read: fix it, or 'svc agent install --force' (keeps a .bak; the file is rewritten with the svc entry alone)",
};

function renderStatus(r: AgentStatusReport): string {
  const present = r.files.filter((f) => f.state !== 'absent');
  const mcp = r.mcp.filter((m) => m.path !== null && m.state !== 'absent');
  if (!present.length && !mcp.length) return `no svc skill files or MCP entries in ${r.dir}; install them with 'svc agent install'\n`;
  let s = present.length ? renderFiles(present) : '';
  const states = [...new Set(present.map((f) => f.state))];
  for (const st of states) if (HINT[st]) s += `${st}: ${HINT[st]}\n`;
  if (mcp.length) {
    s += `${s ? '\n' : ''}${renderTable(['TARGET', 'MCP SERVER', 'STATUS', 'PATH'], mcp.map((m) => [m.target, 'svc', m.state, m.path]))}`;
    for (const st of new Set(mcp.map((m) => m.state))) if (MCP_HINT[st]) s += `mcp ${st}: ${MCP_HINT[st]}\n`;
  }
  s += r.attention ? `${r.attention} file(s) need attention (svc ${r.version})\n` : `all installed skill files are current (svc ${r.version})\n`;
  const diffs = new Map([...r.files, ...r.mcp].filter((f) => f.diff && f.path).map((f) => [f.path!, f.diff!]));
  for (const d of diffs.values()) s += `\n${d}`;
  return s;
}
