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
  })
  .meta({ id: 'AgentFile' });
export type AgentFile = z.infer<typeof AgentFile>;

export const AgentStatusReport = z
  .object({
    dir: z.string(),
    version: z.string().describe('The svc version whose skills are compared'),
    files: z.array(AgentFile),
    attention: z.number().int().describe('Files in a state other than ok or absent'),
  })
  .meta({ id: 'AgentStatusReport' });
export type AgentStatusReport = z.infer<typeof AgentStatusReport>;

export const InstallAction = z.enum(['created', 'updated', 'unchanged', 'replaced']);
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
    written: z.number().int(),
  })
  .meta({ id: 'AgentInstallReport' });
export type AgentInstallReport = z.infer<typeof AgentInstallReport>;

/** States `agent install` overwrites only with --force, and `agent status` flags. */
export const BLOCKING: readonly FileState[] = ['modified', 'unmarked', 'corrupt'];
export const needsAttention = (s: FileState) => s !== 'ok' && s !== 'absent';
