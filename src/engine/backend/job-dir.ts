/** Where backend tests' job directories live, and how a finished one goes. */
import { mkdtempSync, rmdirSync, rmSync, statfsSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TMPFS_MAGIC = 0x01021994;
const RAM_FS_MIN_FREE = 2 * 1024 ** 3;

/**
 * The runner's directory (job directories, the interpreter's home). A test creates and removes a
 * handful of files, which on a disk file system costs more than the test's own work: when TMPDIR
 * names no place of the operator's choosing and /dev/shm is a RAM file system with room (2 GiB
 * free), the jobs live there; otherwise in the temp dir.
 */
export function jobsRoot(): string {
  if (!process.env.TMPDIR) {
    try {
      const fs = statfsSync('/dev/shm');
      if (fs.type === TMPFS_MAGIC && fs.bavail * fs.bsize >= RAM_FS_MIN_FREE) return mkdtempSync('/dev/shm/svc-backend-');
    } catch {
      /* no usable RAM file system: the temp dir */
    }
  }
  return mkdtempSync(join(tmpdir(), 'svc-backend-'));
}

/**
 * Removes a finished test's job directory. Most hold just what the harness made (its three files
 * and an empty work/): those go with five system calls; anything else, recursively.
 */
export function removeJobDir(dir: string): void {
  try {
    for (const f of ['events.jsonl', 'stdout', 'stderr']) unlinkSync(join(dir, f));
    rmdirSync(join(dir, 'work'));
    rmdirSync(dir);
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}
