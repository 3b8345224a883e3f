import { z } from 'zod';
import { projectRoot } from '../agent/fs-safe.js';
import { pendingChanges } from '../agent/install.js';
import { inspectMcp, mcpConfigOf } from '../agent/mcp-config.js';
import { AgentStatusReport, needsAttention, type AgentFile, type McpEntry } from '../agent/report.js';
import { inspectAll } from '../agent/state.js';
import { SKILLS, skillPath, TARGETS, modeOf } from '../agent/targets.js';
import { packageVersion } from '../util/package-root.js';
import { defineOp, READ, type OpContext } from './op.js';

export const AgentScanInput = z.object({
  skills: z.array(z.enum(SKILLS)).min(1).default([...SKILLS]).describe('Skills to check (default: all)'),
  targets: z.array(z.enum(TARGETS)).min(1).default([...TARGETS]).describe('Agents to check (default: all eight)'),
  dir: z.string().default('.').describe('Project root (default: the current directory)'),
  diff: z.boolean().default(false).describe('Add, for each file an install would change, a unified diff of the change'),
});
type ScanInput = z.infer<typeof AgentScanInput>;

export function scan(ctx: OpContext, input: ScanInput): AgentStatusReport {
  const root = projectRoot(input.dir, ctx.cwd);
  const version = packageVersion();
  const files = inspectAll(root, input.targets, input.skills, version);
  const mcp = input.targets.map((target): McpEntry => {
    const spec = mcpConfigOf(target);
    if (!spec) return { target, path: null, state: 'absent', note: 'reads MCP servers only from its user settings' };
    const m = inspectMcp(root, spec);
    return { target, path: m.rel, state: m.state, ...(m.note ? { note: m.note } : {}) };
  });
  if (input.diff) {
    const changes = pendingChanges({ root, targets: input.targets, skills: input.skills, force: true, version });
    for (const row of [...files, ...mcp]) {
      const d = row.path !== null && needsAttention(row.state) ? changes.get(row.path) : undefined;
      if (d) row.diff = d;
    }
  }
  return { dir: root, version, files, mcp, attention: attentionOf([...files, ...mcp]) };
}

/** Files needing attention, each counted once (AGENTS.md holds several skills). */
export function attentionOf(rows: { path: string | null; state: AgentFile['state'] }[]): number {
  return new Set(rows.filter((r) => r.path !== null && needsAttention(r.state)).map((r) => r.path)).size;
}

export function sampleScan(input: ScanInput): AgentStatusReport {
  const files: AgentFile[] = input.targets.flatMap((target) =>
    input.skills.map((skill) => ({
      target,
      skill,
      state: target === 'claude' ? ('ok' as const) : ('absent' as const),
      mode: modeOf(target),
      path: skillPath(target, skill),
      installedVersion: target === 'claude' ? packageVersion() : null,
    })),
  );
  const mcp: McpEntry[] = input.targets.map((target) => {
    const spec = mcpConfigOf(target);
    return spec ? { target, path: spec.path, state: target === 'claude' ? 'ok' : 'absent' } : { target, path: null, state: 'absent', note: 'reads MCP servers only from its user settings' };
  });
  return { dir: '/path/to/project', version: packageVersion(), files, mcp, attention: 0 };
}

/** Local and read-only: one row per target and skill with its state. */
export const agentList = defineOp({
  name: 'agent.list',
  title: 'List agent skill files',
  description: "One row per agent target and skill: state (ok, stale, modified, unmarked, absent, corrupt), mode and path under the project dir; and the svc-mcp entry of each agent's MCP file.",
  input: AgentScanInput,
  output: AgentStatusReport,
  annotations: READ,
  local: true,
  sample: sampleScan,
  run: async (ctx, input) => scan(ctx, input),
});
