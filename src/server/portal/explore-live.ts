/**
 * Site Exploration live (SPEC.md 1.1 step 4, 3.3): each feature's status as it changes, the step
 * each feature in flight is on and its newest screenshot, and the end, as server-sent events of
 * `/portal/projects/<id>/explorations/<eid>/events`. Read from the exploration's stored record
 * (its features and live record), so the stream follows an exploration run by any API process.
 * live.js swaps in the page's sections when `key` changes and updates the steps in place.
 */
import type { Hono } from 'hono';
import type { Exploration, ExploredFeatureView } from '../../contract/generation.js';
import { findExploration, listExplorations } from '../../store/repos/generation.js';
import { explorationAlive, explorationView } from '../generation/explorer.js';
import { follow } from './events.js';
import type { PortalEnv } from './guard.js';
import { html, type Html } from './html.js';
import type { PortalKit } from './kit.js';
import { BASE } from './layout.js';

/** A recording's portal address: recordings are relative to the artifacts dir, as `explorations/<id>/…`. */
export function recordingUrl(pid: string, f: ExploredFeatureView, rec: string): string | null {
  const prefix = `explorations/${f.explorationId}/`;
  if (!rec.startsWith(prefix)) return null;
  return `${BASE}/projects/${pid}/explorations/${f.explorationId}/artifacts/${rec.slice(prefix.length).split('/').map(encodeURIComponent).join('/')}`;
}

export interface ExploreLive {
  explorationId: string;
  status: Exploration['status'];
  /** Which features there are and where each stands: when it changes, the page's sections are fetched again. */
  key: string;
  /** The features being explored: the step in flight and the newest screenshot. */
  features: { id: string; name: string; step: string; shot: string | null }[];
}

export function exploreKey(e: Exploration): string {
  return `${e.status} ${e.features.map((f) => `${f.id}:${f.status}`).join(' ')}`;
}

/** The line live.js writes too (static/live.js, exploreStepText): keep the two alike. */
export function exploreStepText(f: ExploredFeatureView): string {
  const s = f.current;
  return s ? `Step ${s.index + 1} (${s.status}): ${s.description}` : 'Opening the feature…';
}

export const exploreShotText = (name: string) => `Latest screenshot of ${name}`;

function shotOf(pid: string, f: ExploredFeatureView): string | null {
  return f.current?.screenshot ? recordingUrl(pid, f, f.current.screenshot) : null;
}

export function exploreLive(e: Exploration, pid: string): ExploreLive {
  return {
    explorationId: e.id, status: e.status, key: exploreKey(e),
    features: e.features.filter((f) => f.status === 'exploring').map((f) => ({ id: f.id, name: f.name, step: exploreStepText(f), shot: shotOf(pid, f) })),
  };
}

/** The live part of a feature card while it is explored: its step and newest screenshot. */
export function featureLiveBlock(f: ExploredFeatureView, pid: string): Html {
  const shot = shotOf(pid, f);
  return html`<div class="feature-live" data-feature-live="${f.id}">
    <p class="live-step small" data-live-step>${exploreStepText(f)}</p>
    <figure class="live-shot" data-live-figure${shot ? '' : html` hidden`}><img data-live-img${shot ? html` src="${shot}"` : ''} alt="${exploreShotText(f.name)}" width="640" height="360"></figure>
  </div>`;
}

export function registerExploreEvents(app: Hono<PortalEnv>, kit: PortalKit): void {
  const db = kit.deps.store.db;
  app.get('/projects/:id/explorations/:eid/events', async (c) => {
    const pid = c.req.param('id');
    const owned = await db.selectFrom('projects').select('id').where('id', '=', pid).where('user_id', '=', c.get('session')!.userId).executeTakeFirst();
    const row = owned ? await findExploration(db, pid, c.req.param('eid')) : undefined;
    if (!row) return kit.notFound(c);
    const read = async () => {
      const e = await findExploration(db, pid, row.id);
      return e && exploreLive(explorationView(e, await listExplorations(db, pid), kit.deps, await explorationAlive(db, e)), pid);
    };
    const first = await read();
    if (!first) return kit.notFound(c);
    return follow(c, first, read, (p) => p.status !== 'running');
  });
}
