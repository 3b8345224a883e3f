import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TARGETS, skillPath, type Target } from './targets.js';

/** Targets under `dir` that hold the svc-verify skill (doctor's last check). */
export function verifySkillTargets(dir: string): Target[] {
  return TARGETS.filter((t) => {
    const p = join(dir, skillPath(t, 'svc-verify'));
    if (!existsSync(p)) return false;
    return t !== 'codex' || readFileSync(p, 'utf8').includes('svc-verify');
  });
}
