import type { Hono } from 'hono';
import { projectExplore } from '../../ops/project-explore.js';
import { findExploration } from '../../store/repos/generation.js';
import { join } from 'node:path';
import { DirArtifactStore } from '../../store/artifacts/dir-store.js';
import { artifactKey, artifactResponse } from './artifacts.js';
import type { PortalContext, PortalEnv } from './guard.js';
import type { PortalKit } from './kit.js';
import { BASE } from './layout.js';
import { projectPage } from './page-lifecycle.js';

/**
 * Site Exploration's actions (SPEC.md 1.1 step 4, 3.3): explore the app, retry one feature (the op
 * of `svc project explore --only`), and the recordings of an exploration. The page follows one in
 * flight through its event stream (explore-live.ts).
 */
export function registerExplore(app: Hono<PortalEnv>, kit: PortalKit): void {
  const db = kit.deps.store.db;
  const explore = async (c: PortalContext, only: string[] | undefined) => {
    const r = await kit.run(c, projectExplore, { projectId: c.req.param('id'), only });
    if (r.ok) return c.redirect(`${BASE}/projects/${c.req.param('id')}?saved=exploring#exploration`, 303);
    const code = r.error.status === 403 ? 403 : r.error.status === 409 ? 409 : r.error.status === 429 ? 429 : 400;
    return projectPage(c, kit, { section: 'explore', error: r.error.message }, code);
  };
  app.post('/projects/:id/explore', (c) => explore(c, undefined));
  app.post('/projects/:id/explore/retry', async (c) => {
    const form = await c.req.parseBody();
    const feature = typeof form.feature === 'string' ? form.feature.trim() : '';
    if (!feature) return projectPage(c, kit, { section: 'explore', error: 'feature: choose the feature to retry' }, 400);
    return explore(c, [feature]);
  });

  /** The exploration, when the signed-in user owns its project. */
  const owned = async (c: PortalContext) => {
    const p = await db.selectFrom('projects').select('id').where('id', '=', c.req.param('id') ?? '').where('user_id', '=', c.get('session')!.userId).executeTakeFirst();
    return p ? findExploration(db, p.id, c.req.param('eid') ?? '') : undefined;
  };
  app.get('/projects/:id/explorations/:eid/artifacts/*', async (c) => {
    const e = await owned(c);
    if (!e) return kit.notFound(c);
    const rawPath = new URL(c.req.url).pathname;
    const marker = `/explorations/${e.id}/artifacts/`;
    const at = rawPath.indexOf(marker);
    const key = at < 0 ? null : artifactKey(['explorations', e.id], rawPath.slice(at + marker.length));
    if (!key) return kit.notFound(c);
    // From the artifact store, else from this process's data dir (where an exploration records).
    const range = c.req.header('range');
    const store = kit.deps.store;
    const local = new DirArtifactStore(join(store.dataDir, 'artifacts'));
    const res = (await artifactResponse(store.artifacts, key, range)) ?? (store.artifacts.location === local.location ? null : await artifactResponse(local, key, range));
    return res ?? kit.notFound(c);
  });
}
