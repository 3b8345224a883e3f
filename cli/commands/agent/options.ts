import { InvalidArgumentError, Option } from 'commander';
import { SKILLS, TARGETS } from '../../../src/agent/targets.js';
import type { AgentFile } from '../../../src/agent/report.js';
import { renderTable } from '../../../src/output/table.js';

/** A repeatable flag that also takes comma lists (--target claude,cursor --target codex); `all` expands. */
function listOf(allowed: readonly string[], flag: string) {
  return (v: string, prev: string[] = []): string[] => {
    const items = v.split(',').map((s) => s.trim()).filter(Boolean);
    if (!items.length) throw new InvalidArgumentError(`${flag} needs a value`);
    const out = [...prev];
    for (const it of items) {
      if (it === 'all') out.push(...allowed);
      else if (allowed.includes(it)) out.push(it);
      else throw new InvalidArgumentError(`'${it}' is not one of ${allowed.join(', ')}, all`);
    }
    return [...new Set(out)];
  };
}

export const skillOption = () => new Option('--skill <name>', `skill(s): ${SKILLS.join(', ')} or all; repeatable or comma-separated (default: all)`).argParser(listOf(SKILLS, '--skill'));
export const targetOption = (dflt: string) =>
  new Option('--target <agent>', `agent(s): ${TARGETS.join(', ')} or all; repeatable or comma-separated (default: ${dflt})`).argParser(listOf(TARGETS, '--target'));
export const dirOption = () => new Option('--dir <path>', 'project root (default: current directory)');

export function renderFiles(files: AgentFile[]): string {
  return renderTable(
    ['TARGET', 'SKILL', 'STATUS', 'MODE', 'PATH'],
    files.map((f) => [f.target, f.skill, f.state, f.mode, f.path]),
  );
}
