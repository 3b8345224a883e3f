import { join } from 'node:path';
import { publishDir } from '../store/artifacts/open.js';
import type { EngineContext } from './context.js';

export interface RunArtifacts {
  /** Where the executor writes the run's files (the store's own directory, or a local staging one). */
  dir: string;
  /**
   * Live progress in order: a new screenshot is put into the store before the record naming it is
   * written, so a portal on any process can show it at once.
   */
  progress(live: Record<string, unknown>, write: (live: Record<string, unknown>) => Promise<unknown>): void;
  /** Hands the run's files to the store (call before the verdict is written); never throws. */
  publish(): Promise<void>;
}

/**
 * A run's recordings on their way to the artifact store. Playwright needs local files, so with an
 * object store the engine writes under `<data dir>/artifacts/runs/<runId>/` and uploads the run's
 * files when it finishes, removing the local copy; a directory store is written in place.
 */
export function runArtifacts(ctx: EngineContext, runId: string): RunArtifacts {
  const store = ctx.store.artifacts;
  const prefix = `runs/${runId}`;
  const inPlace = store.localDir(prefix);
  const dir = inPlace ?? join(ctx.artifactsRoot, 'runs', runId);
  const sent = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();
  return {
    dir,
    progress(live, write) {
      chain = chain
        .then(async () => {
          const shot = (live.shot as { screenshot?: unknown } | undefined)?.screenshot;
          if (!inPlace && typeof shot === 'string' && !sent.has(`${prefix}/${shot}`)) {
            await store.putFile(`${prefix}/${shot}`, join(dir, ...shot.split('/')));
            sent.add(`${prefix}/${shot}`);
          }
          await write(live);
        })
        .catch(() => undefined);
    },
    async publish() {
      await chain;
      if (inPlace) return;
      try {
        // Everything, live screenshots included: the final files are the ones kept.
        await publishDir(store, prefix, dir);
      } catch (err) {
        ctx.log(`run ${runId}: artifacts not stored in ${store.location} (kept in ${dir}): ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}
