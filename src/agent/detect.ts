import { packageVersion } from '../util/package-root.js';
import { projectRoot } from './fs-safe.js';
import type { FileState } from './report.js';
import { inspectAll } from './state.js';
import { skillPath, TARGETS, type Target } from './targets.js';

/** Where the svc-verify skill is present under `dir`, with its state (doctor's last check). */
export function verifySkillStates(dir: string, version = packageVersion()): { target: Target; state: FileState }[] {
  return inspectAll(projectRoot(dir, dir), TARGETS, ['svc-verify'], version)
    // A target reading another's copy (Copilot, Cline) is not an install of its own.
    .filter((r) => r.state !== 'absent' && r.path === skillPath(r.target, 'svc-verify'))
    .map((r) => ({ target: r.target, state: r.state }));
}
