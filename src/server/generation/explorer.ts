import { join } from 'node:path';
import { SvcError } from '../../contract/errors.js';
import type { Exploration, ExploredFeatureView } from '../../contract/generation.js';
import type { ExploredFeature } from '../../engine/frontend/explore.js';
import { EXPLORE_JOB, INTERRUPTED, type ExplorationLive } from '../../engine/explore-state.js';
import { parseJson } from '../../store/db.js';
import type { Db } from '../../store/schema.js';
import { insertExploration, listExplorations, type ExplorationRow } from '../../store/repos/generation.js';
import type { ProjectData } from '../../store/repos/projects.js';
import { newId, nowIso } from '../../util/ids.js';
import type { ServerDeps } from '../context.js';
import { engineOf } from '../services.js';
import { assertTargetUrl } from '../../engine/target-guard.js';

/** An exploration without a job (written before explorations were queued) is alive while its live record is this fresh. */
const STALE_MS = 30_000;

/**
 * The exploration's explorer is alive: its job is queued, or claimed by a worker whose lease holds
 * (a dead worker's job reads as interrupted once its lease lapses; the next worker to claim it
 * ends it so, explore-job.ts).
 */
export async function explorationAlive(db: Db, e: ExplorationRow): Promise<boolean> {
  if (e.status !== 'running') return false;
  const job = await db.selectFrom('jobs').select(['status', 'locked_until']).where('kind', '=', EXPLORE_JOB).where('ref_id', '=', e.id).executeTakeFirst();
  if (job) return job.status === 'queued' || (job.status === 'running' && !!job.locked_until && job.locked_until > nowIso());
  const at = parseJson<ExplorationLive | null>(e.live, null)?.at;
  return !!at && Date.now() - Date.parse(at) < STALE_MS;
}

/**
 * Starts an exploration: the row is written here (status running) and the exploration queued as a
 * job on the same durable queue as runs; a worker with a browser (the in-process engine, or a
 * `svc-server worker`) carries it out, so the API process never launches a browser. One at a time
 * per project.
 */
export async function startExploration(deps: ServerDeps, p: ProjectData, userId: string, only: string[]): Promise<ExplorationRow> {
  const db = deps.store.db;
  const engine = engineOf(deps);
  for (const e of await listExplorations(db, p.id)) {
    if (await explorationAlive(db, e)) throw new SvcError('CONFLICT', `exploration ${e.id} of this project is still running`, { nextAction: `Wait for it: 'svc project exploration ${p.id}'.` });
  }
  if (engine.runsHere && !engine.frontendAvailable) throw new SvcError('UNAVAILABLE', 'this server has no browser to explore with', { nextAction: 'Install Chromium (or set SVC_CHROMIUM_PATH / SVC_BROWSER_WS_ENDPOINT) on the server.' });
  const baseUrl = await assertTargetUrl(deps.config.targetPolicy, p.url ?? '', 'url');
  const id = newId('exp');
  const row: ExplorationRow = {
    id, project_id: p.id, user_id: userId, status: 'running', base_url: baseUrl, with_account: p.password ? 1 : 0,
    only_features: JSON.stringify(only), signed_in: null, sign_in_error: null, error: null, features: '[]',
    artifacts_dir: join('explorations', id), created_at: nowIso(), finished_at: null, live: JSON.stringify({ at: nowIso(), steps: {} }),
  };
  await insertExploration(db, row);
  await engine.enqueueExploration(id);
  return row;
}

function featureView(f: ExploredFeature, e: ExplorationRow): ExploredFeatureView {
  const rel = (s: string) => `${e.artifacts_dir}/${s}`;
  const v: ExploredFeatureView = {
    id: f.id, name: f.name, url: f.url, kind: f.kind, status: f.status, observedSteps: f.observedSteps,
    recordings: [...f.screenshots.map(rel), ...(f.video ? [rel(f.video)] : [])], explorationId: e.id,
  };
  const current = f.status === 'exploring' ? parseJson<ExplorationLive | null>(e.live, null)?.steps[f.id] : undefined;
  if (current) v.current = current;
  if (f.reason) v.reason = f.reason;
  if (f.prdFeature) v.prdFeature = f.prdFeature;
  if (f.videoNote) v.videoNote = f.videoNote;
  return v;
}

/** Every feature's latest state across the project's explorations up to `upTo` (a retry replaces one feature). */
export function mergedFeatures(rows: ExplorationRow[], upTo: ExplorationRow): { feature: ExploredFeature; view: ExploredFeatureView }[] {
  const out = new Map<string, { feature: ExploredFeature; view: ExploredFeatureView }>();
  for (const e of rows) {
    if (e.created_at > upTo.created_at || (e.created_at === upTo.created_at && e.id > upTo.id)) continue;
    // A full exploration starts over; a retry (only) updates the features it visited.
    if (!parseJson<string[]>(e.only_features, []).length && (e.status !== 'failed' || e.id === upTo.id)) out.clear();
    for (const f of parseJson<ExploredFeature[]>(e.features, [])) out.set(f.id, { feature: f, view: featureView(f, e) });
  }
  return [...out.values()];
}

/** `alive`: explorationAlive(e), read by the caller. */
export function explorationView(e: ExplorationRow, all: ExplorationRow[], deps: ServerDeps, alive: boolean): Exploration {
  const interrupted = e.status === 'running' && !alive;
  const features = mergedFeatures(all, e).map((x) => x.view);
  const counts = { exploring: 0, done: 0, failed: 0, blocked: 0 };
  for (const f of features) counts[f.status]++;
  return {
    id: e.id, projectId: e.project_id, status: interrupted ? 'failed' : (e.status as Exploration['status']), baseUrl: e.base_url,
    withAccount: !!e.with_account, only: parseJson<string[]>(e.only_features, []),
    signedIn: e.signed_in === null ? null : !!e.signed_in, signInError: e.sign_in_error,
    error: interrupted ? INTERRUPTED : e.error,
    features, counts, artifactsDir: join(deps.store.dataDir, 'artifacts'), createdAt: e.created_at, finishedAt: e.finished_at,
  };
}
