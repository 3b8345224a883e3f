import { join } from 'node:path';
import { SvcError } from '../../contract/errors.js';
import type { Exploration, ExploredFeatureView } from '../../contract/generation.js';
import { BrowserPool } from '../../engine/frontend/browser.js';
import { explore, type ExploredFeature } from '../../engine/frontend/explore.js';
import type { VisitStep } from '../../engine/frontend/explore-visit.js';
import { browserAvailable } from '../../engine/frontend-executor.js';
import { parseJson } from '../../store/db.js';
import { getSpecs, insertExploration, listExplorations, updateExploration, type ExplorationRow } from '../../store/repos/generation.js';
import type { ProjectData } from '../../store/repos/projects.js';
import { newId, nowIso } from '../../util/ids.js';
import type { ServerDeps } from '../context.js';
import { assertTargetUrl } from '../../engine/target-guard.js';
import { featureMapOf } from './specs.js';

/**
 * What a running exploration writes beside its features: the step each feature is on with its
 * newest screenshot (relative to the exploration's artifacts), and `at`, renewed at least every
 * HEARTBEAT_MS while its explorer lives.
 */
export interface ExplorationLive {
  at: string;
  steps: Record<string, { index: number; description: string; status: VisitStep['status']; screenshot?: string }>;
}

const HEARTBEAT_MS = 5_000;
/** A running exploration whose live record is older than this has lost its explorer. */
const STALE_MS = 30_000;

/** The exploration's explorer is alive: in this process, or in another that wrote lately. */
export function explorationAlive(e: ExplorationRow, activeHere: boolean): boolean {
  if (e.status !== 'running') return false;
  if (activeHere) return true;
  const at = parseJson<ExplorationLive | null>(e.live, null)?.at;
  return !!at && Date.now() - Date.parse(at) < STALE_MS;
}

/**
 * Explorations run in the background inside the server process that accepted them (one at a time
 * per project), writing each feature's state and the step in flight as they change, so that any
 * API process can follow it from the database. An exploration still marked running whose explorer
 * stopped writing was cut short by a restart and reads as failed.
 */
export class Explorer {
  private readonly active = new Map<string, Promise<void>>();
  private pool?: BrowserPool;

  constructor(private readonly deps: ServerDeps) {}

  static of(deps: ServerDeps): Explorer {
    deps.services.explorer ??= new Explorer(deps);
    return deps.services.explorer as Explorer;
  }

  isActive(id: string): boolean {
    return this.active.has(id);
  }

  async start(p: ProjectData, userId: string, only: string[]): Promise<ExplorationRow> {
    const db = this.deps.store.db;
    const running = (await listExplorations(db, p.id)).find((e) => explorationAlive(e, this.active.has(e.id)));
    if (running) throw new SvcError('CONFLICT', `exploration ${running.id} of this project is still running`, { nextAction: `Wait for it: 'svc project exploration ${p.id}'.` });
    if (!browserAvailable()) throw new SvcError('UNAVAILABLE', 'this server has no browser to explore with', { nextAction: 'Install Chromium (or set SVC_CHROMIUM_PATH / SVC_BROWSER_WS_ENDPOINT) on the server.' });
    const baseUrl = await assertTargetUrl(this.deps.config.targetPolicy, p.url ?? '', 'url');
    const account = p.password ? { username: p.username ?? '', password: p.password } : undefined;
    const id = newId('exp');
    const row: ExplorationRow = {
      id, project_id: p.id, user_id: userId, status: 'running', base_url: baseUrl, with_account: account ? 1 : 0,
      only_features: JSON.stringify(only), signed_in: null, sign_in_error: null, error: null, features: '[]',
      artifacts_dir: join('explorations', id), created_at: nowIso(), finished_at: null, live: JSON.stringify({ at: nowIso(), steps: {} }),
    };
    await insertExploration(db, row);
    const hints = featureMapOf(await getSpecs(db, p.id))?.features.map((f) => f.name) ?? [];
    const job = this.run(row, baseUrl, account, hints, only).finally(() => this.active.delete(id));
    this.active.set(id, job);
    return row;
  }

  private async run(row: ExplorationRow, baseUrl: string, account: { username: string; password: string } | undefined, hints: string[], only: string[]): Promise<void> {
    const db = this.deps.store.db;
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
    try {
      // This process's own browser: the engine thread's policy does not reach it, so it is given here.
      this.pool ??= new BrowserPool({ policy: this.deps.config.targetPolicy });
      const r = await explore({
        baseUrl, account, featureHints: hints, only: only.length ? only : undefined, pool: this.pool,
        artifactsDir: join(this.deps.store.dataDir, 'artifacts', row.artifacts_dir),
        onFeature: (f) => {
          seen.set(f.id, f);
          if (f.status !== 'exploring') delete live.steps[f.id];
          write(() => ({ features: JSON.stringify([...seen.values()]), live: JSON.stringify({ ...live, at: nowIso() }) }));
        },
        onStep,
      });
      clearInterval(heartbeat);
      await writes;
      await updateExploration(db, row.id, {
        status: 'done', features: JSON.stringify(r.features), signed_in: r.signedIn ? 1 : 0, sign_in_error: r.signInError ?? null, finished_at: nowIso(), live: null,
      });
    } catch (err) {
      clearInterval(heartbeat);
      await writes;
      await updateExploration(db, row.id, { status: 'failed', error: err instanceof Error ? err.message : String(err), finished_at: nowIso(), live: null }).catch(() => undefined);
    }
  }

  /** Waits for running explorations (bounded) and closes the browser. */
  async close(): Promise<void> {
    await Promise.race([Promise.allSettled([...this.active.values()]), new Promise((r) => setTimeout(r, 5000).unref())]);
    await this.pool?.close();
  }
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

/** `activeHere`: this process runs the exploration (another one may, as its live record tells). */
export function explorationView(e: ExplorationRow, all: ExplorationRow[], deps: ServerDeps, activeHere: boolean): Exploration {
  const interrupted = e.status === 'running' && !explorationAlive(e, activeHere);
  const features = mergedFeatures(all, e).map((x) => x.view);
  const counts = { exploring: 0, done: 0, failed: 0, blocked: 0 };
  for (const f of features) counts[f.status]++;
  return {
    id: e.id, projectId: e.project_id, status: interrupted ? 'failed' : (e.status as Exploration['status']), baseUrl: e.base_url,
    withAccount: !!e.with_account, only: parseJson<string[]>(e.only_features, []),
    signedIn: e.signed_in === null ? null : !!e.signed_in, signInError: e.sign_in_error,
    error: interrupted ? 'interrupted: the server stopped before the exploration ended' : e.error,
    features, counts, artifactsDir: join(deps.store.dataDir, 'artifacts'), createdAt: e.created_at, finishedAt: e.finished_at,
  };
}
