import { z } from 'zod';
import { projectRoot } from '../agent/fs-safe.js';
import { installSkills } from '../agent/install.js';
import { AgentInstallReport } from '../agent/report.js';
import { mcpConfigOf } from '../agent/mcp-config.js';
import { alsoReads, SKILLS, skillPath, TARGETS } from '../agent/targets.js';
import { packageVersion } from '../util/package-root.js';
import { defineOp } from './op.js';

export const AgentInstallInput = z.object({
  skills: z.array(z.enum(SKILLS)).min(1).default([...SKILLS]).describe('Skills to install (default: all)'),
  targets: z.array(z.enum(TARGETS)).min(1).default(['claude']).describe('Agents to install for (default: claude)'),
  force: z.boolean().default(false).describe('Overwrite modified, unmarked or corrupt targets; a .bak backup of each is kept'),
  dir: z.string().default('.').describe('Project root (default: the current directory)'),
  mcp: z.boolean().default(true).describe("Also add the svc-mcp server to each agent's project MCP file (.mcp.json, .cursor/mcp.json, .vscode/mcp.json, .kiro/settings/mcp.json, .codex/config.toml), beside the servers already there"),
});

/**
 * Local: writes skill files into a project dir; no key, no network, no scope. Replacing a stale
 * file (or a --force overwrite) is a destructive update; running it again changes nothing.
 */
export const agentInstall = defineOp({
  name: 'agent.install',
  title: 'Install agent skills',
  description: "Write the svc-verify and svc-onboard skills into a project for a coding agent (claude, cursor, cline, antigravity, kiro, windsurf, copilot, codex), and register svc-mcp in the agent's project MCP file. Blocked targets (edited or foreign files) need force; a .bak backup is kept.",
  input: AgentInstallInput,
  output: AgentInstallReport,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  local: true,
  sample: (i): AgentInstallReport => ({
    dir: '/path/to/project',
    version: packageVersion(),
    files: i.targets.flatMap((target) =>
      i.skills.map((skill) => {
        const sharer = alsoReads(target).find((t) => i.targets.includes(t));
        return { target, skill, path: skillPath(sharer ?? target, skill), before: 'absent' as const, action: sharer ? ('shared' as const) : ('created' as const), backup: null };
      }),
    ),
    removed: [],
    mcp: i.mcp
      ? i.targets.map((target) => {
          const spec = mcpConfigOf(target);
          return { target, path: spec?.path ?? null, before: 'absent' as const, action: spec ? ('created' as const) : ('skipped' as const), backup: null };
        })
      : [],
    written:
      new Set(i.targets.flatMap((t) => (alsoReads(t).some((o) => i.targets.includes(o)) ? [] : i.skills.map((s) => skillPath(t, s))))).size + (i.mcp ? i.targets.filter((t) => mcpConfigOf(t)).length : 0),
  }),
  async run(ctx, input) {
    const root = projectRoot(input.dir, ctx.cwd);
    return installSkills({ root, targets: input.targets, skills: input.skills, force: input.force, version: packageVersion(), mcp: input.mcp });
  },
});
