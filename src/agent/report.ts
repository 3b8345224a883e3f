import { z } from 'zod';
import { SKILLS, TARGETS } from './targets.js';

/** Wire shapes of `svc agent install|list|status` (local commands: no API behind them). */
export const FileState = z.enum(['ok', 'stale', 'modified', 'unmarked', 'absent', 'corrupt']).meta({ id: 'AgentFileState' });
export type FileState = z.infer<typeof FileState>;

export const AgentFile = z
  .object({
    target: z.enum(TARGETS),
    skill: z.enum(SKILLS),
    state: FileState,
    mode: z.enum(['file', 'section']).describe('file: one file per skill; section: a managed section of AGENTS.md'),
    path: z.string().describe('Relative to the project dir'),
    installedVersion: z.string().nullable().describe('svc version recorded in the provenance marker'),
    note: z.string().optional(),
    diff: z.string().optional().describe('With diff: what an install would change in this file, as a unified diff'),
  })
  .meta({ id: 'AgentFile' });
export type AgentFile = z.infer<typeof AgentFile>;

export const McpEntry = z
  .object({
    target: z.enum(TARGETS),
    path: z.string().nullable().describe("The agent's project MCP file; null when it reads MCP servers only from user settings"),
    state: FileState.describe('ok: the svc server entry is as installed; modified: it differs; absent: no entry (or no file); corrupt: the file cannot be read'),
    note: z.string().optional(),
    diff: z.string().optional().describe('With diff: what an install would change in this file, as a unified diff'),
  })
  .meta({ id: 'AgentMcpEntry' });
export type McpEntry = z.infer<typeof McpEntry>;

export const AgentStatusReport = z
  .object({
    dir: z.string(),
    version: z.string().describe('The svc version whose skills are compared'),
    files: z.array(AgentFile),
    mcp: z.array(McpEntry).describe('The svc-mcp server entry in each agent\'s MCP configuration'),
    attention: z.number().int().describe('Files (each counted once) in a state other than ok or absent'),
  })
  .meta({ id: 'AgentStatusReport' });
export type AgentStatusReport = z.infer<typeof AgentStatusReport>;

export const InstallAction = z.enum(['created', 'updated', 'unchanged', 'replaced', 'shared']).describe("shared: the agent reads another target's copy installed by the same call");
export const McpInstallRow = z.object({
  target: z.enum(TARGETS),
  path: z.string().nullable(),
  before: FileState,
  action: z.enum(['created', 'updated', 'unchanged', 'replaced', 'skipped']).describe('skipped: the agent has no project MCP file (see note)'),
  backup: z.string().nullable(),
  note: z.string().optional(),
});
export const AgentInstallReport = z
  .object({
    dir: z.string(),
    version: z.string(),
    files: z.array(
      z.object({
        target: z.enum(TARGETS),
        skill: z.enum(SKILLS),
        path: z.string(),
        before: FileState,
        action: InstallAction,
        backup: z.string().nullable().describe('Backup kept before a --force overwrite'),
      }),
    ),
    mcp: z.array(McpInstallRow).describe('The svc-mcp server entry merged into each agent\'s MCP configuration'),
    removed: z.array(z.string()).describe('svc-owned, unedited files no longer needed (a duplicate of a shared skill, an earlier layout), deleted'),
    written: z.number().int().describe('Files written'),
  })
  .meta({ id: 'AgentInstallReport' });
export type AgentInstallReport = z.infer<typeof AgentInstallReport>;

/** States `agent install` overwrites only with --force, and `agent status` flags. */
export const BLOCKING: readonly FileState[] = ['modified', 'unmarked', 'corrupt'];
export const needsAttention = (s: FileState) => s !== 'ok' && s !== 'absent';
