import { z } from 'zod';
import { TARGETS, type Target } from './targets.js';

export const AgentSetupResult = z.object({
  status: z.enum(['installed', 'up-to-date', 'skipped', 'blocked']),
  target: z.enum(TARGETS).nullable(),
  files: z.array(z.string()),
  message: z.string(),
});
export type AgentSetupResult = z.infer<typeof AgentSetupResult>;

/** The skill-install step of `svc setup`. */
export function installForSetup(o: { target: Target; dir: string; force: boolean; cwd: string }): AgentSetupResult {
  void o;
  return { status: 'skipped', target: o.target, files: [], message: 'skill installer pending' };
}
