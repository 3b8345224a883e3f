import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArtifactStore } from '../store/artifacts/artifact-store.js';
import { readProjectFile, storedFiles } from '../store/project-files.js';

export interface FilesDir {
  /** undefined when the project has no files. */
  dir: string | undefined;
  /** Removes the directory (idempotent; never throws). */
  dispose(): Promise<void>;
}

/**
 * A run's copy of its project's files (what a frontend step picks in a file chooser), in a fresh
 * temporary directory of this process. Read from the artifact store, not the server's disk, so a
 * worker on another machine gets the same files. A run cannot change them for the next one.
 */
export async function materialiseProjectFiles(store: ArtifactStore, projectId: string): Promise<FilesDir> {
  const files = await storedFiles(store, projectId);
  if (!files.length) return { dir: undefined, dispose: async () => undefined };
  const dir = await mkdtemp(join(tmpdir(), 'svc-files-'));
  const dispose = () => rm(dir, { recursive: true, force: true }).catch(() => undefined);
  try {
    for (const f of files) {
      const content = await readProjectFile(store, projectId, f.name);
      // Removed between the listing and now: the run sees the files as they are.
      if (content) await writeFile(join(dir, f.name), content);
    }
  } catch (err) {
    await dispose();
    throw err;
  }
  return { dir, dispose };
}
