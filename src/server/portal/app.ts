import { registerSchedule } from './page-schedule.js';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerDeps } from '../context.js';
import { registerActions } from './actions.js';
import { artifactKey, artifactResponse, ownsRun } from './artifacts.js';
import { loadSession, sameOrigin, securityHeaders, type PortalContext, type PortalEnv } from './guard.js';
import { html } from './html.js';
import { BASE, page } from './layout.js';
import { projectListBody } from './page-projects.js';
import { registerEvents } from './events.js';
import { portalKit } from './kit.js';
import type { ApiFetch } from './op-client.js';
import { registerLifecycle } from './actions-lifecycle.js';
import { registerExplore } from './actions-explore.js';
import { registerExploreEvents } from './explore-live.js';
import { registerProjectForms } from './page-project-form.js';
import { batchPage } from './page-batch.js';
import { runResponse } from './page-run.js';
import { registerCleanupActions } from './actions-cleanup.js';
import { testBody } from './page-test.js';
import { SessionStore } from './sessions.js';
import { waitersOf } from '../waiters.js';
import { registerSignIn } from './sign-in.js';
import { registerTraceViewer } from './trace-viewer.js';
import { registerTestEdit } from './page-test-edit.js';
import { registerChat } from './actions-chat.js';

let css: string | undefined;
/** The stylesheet sits beside this module in src/ and (copied by postbuild) in dist/. */
function stylesheet(): string {
  css ??= readFileSync(new URL('./static/portal.css', import.meta.url), 'utf8');
  return css;
}

const scripts = new Map<string, string>();
/** The portal's small progressive scripts: live.js (live runs) and chat.js (the report chat). */
function script(name: 'live.js' | 'chat.js'): string {
  if (!scripts.has(name)) scripts.set(name, readFileSync(new URL(`./static/${name}`, import.meta.url), 'utf8'));
  return scripts.get(name)!;
}

function notFound(c: PortalContext): Response {
  const body = html`<h1>Not found</h1><p class="sub">There is nothing here, or it belongs to someone else.</p><p><a href="${BASE}/projects">Back to projects</a></p>`;
  return c.html(page({ title: 'Not found', session: c.get('session') }, body), 404);
}

/** Form posts are small; an API document upload (5 MB) and a large plan's selection are not. */
function bodyLimitOf(path: string): number {
  if (path.endsWith('/docs') || path.endsWith('/prd')) return 6 * 1024 * 1024;
  if (/\/plan\/(select|accept)$/.test(path)) return 1024 * 1024;
  // A backend test's code (350 KB) or a plan (256 KB), form-encoded.
  if (/\/tests\/(new|[^/]+\/edit)$/.test(path)) return 1024 * 1024;
  return 16 * 1024;
}

/**
 * The web portal: server-rendered pages over the store, signed in with an API key. Mounted by
 * app.ts at /portal. Everything is scoped to the signed-in key's user; another user's id is a 404.
 * `api` is the server's own handler: the portal's actions run the ops through it, in process.
 */
export function portalApp(deps: ServerDeps, o: { api: ApiFetch; sessions?: SessionStore }): Hono<PortalEnv> {
  const sessions = o.sessions ?? new SessionStore(deps.store.db);
  const app = new Hono<PortalEnv>();
  app.use('*', securityHeaders);
  app.onError((err, c) => {
    console.error(`[svc-server] ${c.get('requestId') ?? '-'} portal error:`, err);
    return c.html(page({ title: 'Error', session: c.get('session') }, html`<h1>Something went wrong</h1><p class="sub">Request ${c.get('requestId') ?? ''}</p>`), 500);
  });
  app.get('/static/portal.css', (c) => c.body(stylesheet(), 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=300' }));
  for (const name of ['live.js', 'chat.js'] as const) app.get(`/static/${name}`, (c) => c.body(script(name), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }));
  // '/portal/' and 'x/' forms of a page URL: one canonical address per page.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' && c.req.path.length > 1 && c.req.path.endsWith('/')) {
      const url = new URL(c.req.url);
      return c.redirect(url.pathname.replace(/\/+$/, '') + url.search, 301);
    }
    return next();
  });
  app.use('*', loadSession(sessions));
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (!sameOrigin(c)) return c.html(page({ title: 'Forbidden' }, html`<h1>Forbidden</h1><p class="sub">This form was not sent from the portal.</p>`), 403);
    return next();
  });
  app.use('*', (c, next) => bodyLimit({ maxSize: bodyLimitOf(c.req.path), onError: (cc) => cc.text('form too large', 413) })(c, next));

  registerSignIn(app, sessions);

  // Everything below needs a session: pages send the browser to sign in and come back after.
  app.use('*', async (c, next) => {
    if (c.get('session')) return next();
    if (c.req.method !== 'GET') return c.redirect(BASE, 303);
    const url = new URL(c.req.url);
    return c.redirect(`${BASE}?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  });

  const s = (c: PortalContext) => c.get('session')!;
  const db = deps.store.db;

  const kit = portalKit(deps, o.api, notFound);

  app.get('/projects', async (c) => {
    const n = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
    return c.html(page({ title: 'Projects', session: s(c) }, await projectListBody(db, s(c).userId, n, c.req.query('q') ?? '')));
  });
  // /projects/new before /projects/:id, which would take 'new' for an id.
  registerProjectForms(app, kit);
  registerLifecycle(app, kit);
  registerSchedule(app, kit);
  registerExplore(app, kit);
  registerEvents(app, kit);
  registerExploreEvents(app, kit);
  registerTestEdit(app, kit);
  registerChat(app, kit);
  app.get('/tests/:id', async (c) => {
    const t = await testBody(db, s(c).userId, c.req.param('id'), c.req.query('saved'));
    if (!t) return notFound(c);
    return c.html(page({ title: t.title, session: s(c), crumbs: t.crumbs }, t.body));
  });
  app.get('/batches/:id', (c) => batchPage(c, kit));
  app.get('/runs/:id', (c) => runResponse(c, kit, c.req.param('id')));
  registerCleanupActions(app, kit);
  // Held until the run has finished (cleanup included) or 25 s have passed: live.js reloads then.
  app.get('/runs/:id/wait', async (c) => {
    const runId = c.req.param('id');
    if (!(await ownsRun(db, s(c).userId, runId))) return notFound(c);
    await waitersOf(deps).runDone(runId, 25_000);
    return c.body(null, 204);
  });
  app.get('/runs/:id/artifacts/*', async (c) => {
    const runId = c.req.param('id');
    if (!(await ownsRun(db, s(c).userId, runId))) return notFound(c);
    // The raw (still percent-encoded) remainder, so that an encoded '..' is seen and refused.
    const rawPath = new URL(c.req.url).pathname;
    const marker = `/runs/${runId}/artifacts/`;
    const at = rawPath.indexOf(marker);
    const key = at < 0 ? null : artifactKey(['runs', runId], rawPath.slice(at + marker.length));
    const res = key ? await artifactResponse(deps.store.artifacts, key, c.req.header('range')) : null;
    return res ?? notFound(c);
  });

  registerTraceViewer(app, notFound);
  registerActions(app, deps);
  app.all('*', (c) => notFound(c));
  return app;
}
