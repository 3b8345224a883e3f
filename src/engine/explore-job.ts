import { join } from 'node:path';
import type { FeatureMap } from '../contract/discovery.js';
import { publishDir } from '../store/artifacts/open.js';
import { parseJson } from '../store/db.js';
import { getSpecs, updateExploration, type ExplorationRow } from '../store/repos/generation.js';
import { nowIso } from '../util/ids.js';
import type { EngineContext } from './context.js';
import { BrowserPool } from './frontend/browser.js';
import { explore, type ExploredFeature } from './frontend/explore.js';
import type { VisitStep } from './frontend/explore-visit.js';
import { INTERRUPTED, type ExplorationLive } from './explore-state.js';

const HEARTBEAT_MS = 5_000;

/**
 * One exploration, claimed from the job queue by a worker (the in-process engine or a
 * `svc-server worker`): it visits the app in a browser of its own and writes each feature's state
 * and the step in flight to the exploration's row as they change, so any API process follows it
 * from the database. A job claimed a second time lost its first worker: the visits it made are not
 * repeated (forms may have been sent), the exploration fails with a reason and the features still
 * in flight end as failed. Stopping the worker (signal) closes the browser and ends it the same way.
 */
export async function executeExploration(ctx: EngineContext, id: string, attempt: number, signal: AbortSignal): Promise<void> {
  const db = ctx.store.db;
  const row = await db.selectFrom('explorations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status !== 'running') return;
  if (attempt > 1) return failExploration(ctx, row, INTERRUPTED);
  const seen = new Map<string, ExploredFeature>();
  const live: ExplorationLive = { at: nowIso(), steps: {} };
  let writes = Promise.resolve();
  const write = (patch: () => Parameters<typeof updateExploration>[2]) => {
    writes = writes.then(() => updateExploration(db, row.id, patch())).catch(() => undefined);
  };
  const beat = () => write(() => ({ live: JSON.stringify({ ...live, at: nowIso() }) }));
  const heartbeat = setInterval(beat, HEARTBEAT_MS).unref();
  const onStep = (featureId: string, step: VisitStep) => {
    const screenshot = step.screenshot ? `${row.artifacts_dir}/${step.screenshot}` : live.steps[featureId]?.screenshot;
    live.steps[featureId] = { index: step.index, description: step.description, status: step.status, ...(screenshot ? { screenshot } : {}) };
    beat();
  };
  // A browser of its own, under the process-wide target policy (setBrowserPolicy): closing it is how a stop cuts the exploration short.
  const pool = new BrowserPool({});
  const stop = () => void pool.close();
  signal.addEventListener('abort', stop, { once: true });
  try {
    await ctx.checkTarget(row.base_url);
    const only = parseJson<string[]>(row.only_features, []);
    const account = row.with_account ? ((await ctx.loadAuth(row.project_id)).account ?? undefined) : undefined;
    const hints = parseJson<FeatureMap | null>((await getSpecs(db, row.project_id))?.feature_map, null)?.features.map((f) => f.name) ?? [];
    const r = await explore({
      baseUrl: row.base_url, account, featureHints: hints, only: only.length ? only : undefined, pool,
      artifactsDir: join(ctx.artifactsRoot, row.artifacts_dir),
      onFeature: (f) => {
        seen.set(f.id, f);
        if (f.status !== 'exploring') delete live.steps[f.id];
        write(() => ({ features: JSON.stringify([...seen.values()]), live: JSON.stringify({ ...live, at: nowIso() }) }));
      },
      onStep,
    });
    clearInterval(heartbeat);
    await writes;
    if (signal.aborted) return failExploration(ctx, { ...row, features: JSON.stringify([...seen.values()]) }, INTERRUPTED);
    await updateExploration(db, row.id, {
      status: 'done', features: JSON.stringify(r.features), signed_in: r.signedIn ? 1 : 0, sign_in_error: r.signInError ?? null, finished_at: nowIso(), live: null,
    });
  } catch (err) {
    clearInterval(heartbeat);
    await writes;
    const message = signal.aborted ? INTERRUPTED : err instanceof Error ? err.message : String(err);
    await failExploration(ctx, { ...row, features: JSON.stringify([...seen.values()]) }, message).catch(() => undefined);
  } finally {
    signal.removeEventListener('abort', stop);
    await pool.close().catch(() => undefined);
    // Its recordings go to the artifact store, readable from every API process (a no-op for the data dir itself).
    await publishDir(ctx.store.artifacts, row.artifacts_dir, join(ctx.artifactsRoot, row.artifacts_dir)).catch(() => undefined);
  }
}

/** Ends an exploration as failed; the features it was still visiting end as failed with the same reason. */
async function failExploration(ctx: EngineContext, row: ExplorationRow, reason: string): Promise<void> {
  const features = parseJson<ExploredFeature[]>(row.features, []).map((f) => (f.status === 'exploring' ? { ...f, status: 'failed' as const, reason } : f));
  await updateExploration(ctx.store.db, row.id, { status: 'failed', error: reason, features: JSON.stringify(features), finished_at: nowIso(), live: null });
  ctx.log(`exploration ${row.id} failed: ${reason}`);
}
