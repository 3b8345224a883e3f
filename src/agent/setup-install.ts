import { z } from 'zod';
import { SvcError } from '../contract/errors.js';
import { packageVersion } from '../util/package-root.js';
import { projectRoot } from './fs-safe.js';
import { installSkills } from './install.js';
import { SKILLS, TARGETS, type Target } from './targets.js';

export const AgentSetupResult = z.object({
  status: z.enum(['installed', 'up-to-date', 'skipped', 'blocked']),
  target: z.enum(TARGETS).nullable(),
  files: z.array(z.string()),
  message: z.string(),
});
export type AgentSetupResult = z.infer<typeof AgentSetupResult>;

/**
 * The skill-install step of `svc setup`: the same installer as `svc agent install` with every
 * skill and the agent's MCP entry. A blocked target does not fail setup (the credentials are already stored); it is reported
 * with the way out.
 */
export function installForSetup(o: { target: Target; dir: string; force: boolean; cwd: string; version?: string }): AgentSetupResult {
  try {
    const root = projectRoot(o.dir, o.cwd);
    const r = installSkills({ root, targets: [o.target], skills: SKILLS, force: o.force, version: o.version ?? packageVersion() });
    const rows = [...r.files, ...r.mcp.filter((m) => m.path !== null && m.action !== 'skipped')] as { path: string; action: string; backup: string | null }[];
    const changed = rows.filter((f) => f.action !== 'unchanged');
    const files = [...new Set(rows.map((f) => f.path))];
    if (!changed.length) return { status: 'up-to-date', target: o.target, files, message: `skills already installed (svc ${r.version})` };
    const backups = [...new Set(changed.map((f) => f.backup).filter((b): b is string => !!b))];
    const counts = ['created', 'updated', 'replaced'].map((a) => [a, changed.filter((f) => f.action === a).length] as const).filter(([, n]) => n);
    const what = counts.map(([a, n]) => `${n} ${a}`).join(', ');
    return { status: 'installed', target: o.target, files, message: `${what}${backups.length ? `; backups: ${backups.join(', ')}` : ''}` };
  } catch (err) {
    if (!(err instanceof SvcError)) throw err;
    return { status: err.code === 'CONFLICT' ? 'blocked' : 'skipped', target: o.target, files: [], message: `${err.message} — ${err.nextAction}` };
  }
}
