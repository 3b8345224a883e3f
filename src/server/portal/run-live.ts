/**
 * The live preview of a frontend run in flight (SPEC.md 1.1 step 6): the step being run and the
 * newest step screenshot, read from the run's live record (`runs.extra.live`, which the engine
 * writes as each step starts and as each step's screenshot is saved; the verdict replaces it).
 * The page renders it once; live.js follows `/portal/runs/<id>/events` and updates it in place.
 */
import { TERMINAL } from '../../contract/runs.js';
import { parseJson } from '../../store/db.js';
import type { Db } from '../../store/schema.js';
import { html, type Html } from './html.js';
import { artifactHref } from './run-frontend.js';

export interface RunLive {
  runId: string;
  status: string;
  phase: string;
  /** Plan steps of the run; 0 when unknown. */
  total: number;
  step: { index: number; description: string; status: string } | null;
  shot: { index: number; description: string; status: string; src: string } | null;
}

interface LiveRecord {
  step?: { index?: unknown; description?: unknown; status?: unknown };
  shot?: { index?: unknown; description?: unknown; status?: unknown; screenshot?: unknown };
}

const text = (v: unknown, or = ''): string => (typeof v === 'string' ? v : or);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

export async function runLive(db: Db, runId: string, userId: string): Promise<RunLive | undefined> {
  const r = await db
    .selectFrom('runs')
    .innerJoin('batches', 'batches.id', 'runs.batch_id')
    .select(['runs.id', 'runs.status', 'runs.extra', 'runs.snapshot', 'batches.phase'])
    .where('runs.id', '=', runId)
    .where('runs.user_id', '=', userId)
    .executeTakeFirst();
  if (!r) return undefined;
  const live = parseJson<{ live?: LiveRecord }>(r.extra, {}).live ?? {};
  const plan = parseJson<unknown>(r.snapshot, null);
  const s = live.step;
  const stepIndex = int(s?.index);
  const shotIndex = int(live.shot?.index);
  const src = artifactHref(runId, live.shot?.screenshot);
  return {
    runId: r.id,
    status: r.status,
    phase: r.phase,
    total: Array.isArray(plan) ? plan.length : 0,
    step: s && stepIndex !== null ? { index: stepIndex, description: text(s.description), status: text(s.status, 'running') } : null,
    shot: live.shot && shotIndex !== null && src ? { index: shotIndex, description: text(live.shot.description), status: text(live.shot.status, 'unknown'), src } : null,
  };
}

/** The run has its verdict and its batch is not still sweeping: the finished report can be shown. */
export function runFinished(p: RunLive): boolean {
  return (TERMINAL as readonly string[]).includes(p.status) && p.phase !== 'cleanup';
}

/** The line live.js writes too (static/live.js, liveStepText): keep the two alike. */
export function liveStepText(p: RunLive): string {
  if (p.status === 'queued') return 'Queued: waiting for a browser…';
  if (!p.step) return 'Starting the browser…';
  const of = p.total ? ` of ${p.total}` : '';
  return `Step ${p.step.index + 1}${of} (${p.step.status}): ${p.step.description}`;
}

/** The caption (and the image's text) live.js writes too (static/live.js, liveShotText). */
export function liveShotText(shot: NonNullable<RunLive['shot']>): string {
  return `Latest screenshot, after step ${shot.index + 1} (${shot.status}): ${shot.description}`;
}

export function liveBlock(p: RunLive, eventsUrl: string): Html {
  const shot = p.shot;
  return html`<section class="card live-preview" id="live" data-run-events="${eventsUrl}" aria-labelledby="live-h">
    <h2 id="live-h">Live preview</h2>
    <p class="hint"><span class="spinner"></span>This run is in progress; its report replaces this preview when it finishes.</p>
    <p class="live-step" role="status" aria-live="polite" data-live-step>${liveStepText(p)}</p>
    <figure class="live-shot" data-live-figure${shot ? '' : html` hidden`}>
      <img data-live-img${shot ? html` src="${shot.src}"` : ''} alt="${shot ? liveShotText(shot) : ''}" width="640" height="360">
      <figcaption data-live-caption>${shot ? liveShotText(shot) : ''}</figcaption>
    </figure>
    <p class="empty small" data-live-none${shot ? html` hidden` : ''}>No step screenshot yet.</p>
  </section>`;
}
