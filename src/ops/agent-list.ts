import { z } from 'zod';
import { projectRoot } from '../agent/fs-safe.js';
import { AgentStatusReport, needsAttention, type AgentFile } from '../agent/report.js';
import { inspectAll } from '../agent/state.js';
import { SKILLS, skillPath, TARGETS, modeOf } from '../agent/targets.js';
import { packageVersion } from '../util/package-root.js';
import { defineOp, READ, type OpContext } from './op.js';

export const AgentScanInput = z.object({
  skills: z.array(z.enum(SKILLS)).min(1).default([...SKILLS]).describe('Skills to check (default: all)'),
  targets: z.array(z.enum(TARGETS)).min(1).default([...TARGETS]).describe('Agents to check (default: all eight)'),
  dir: z.string().default('.').describe('Project root (default: the current directory)'),
});
type ScanInput = z.infer<typeof AgentScanInput>;

export function scan(ctx: OpContext, input: ScanInput): AgentStatusReport {
  const root = projectRoot(input.dir, ctx.cwd);
  const version = packageVersion();
  const files = inspectAll(root, input.targets, input.skills, version);
  return { dir: root, version, files, attention: files.filter((f) => needsAttention(f.state)).length };
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
  return { dir: '/path/to/project', version: packageVersion(), files, attention: 0 };
}

/** Local and read-only: one row per target and skill with its state. */
export const agentList = defineOp({
  name: 'agent.list',
  title: 'List agent skill files',
  description: 'One row per agent target and skill: state (ok, stale, modified, unmarked, absent, corrupt), mode and path under the project dir.',
  input: AgentScanInput,
  output: AgentStatusReport,
  annotations: READ,
  local: true,
  sample: sampleScan,
  run: async (ctx, input) => scan(ctx, input),
});
