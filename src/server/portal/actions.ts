import type { Hono } from 'hono';
import { SvcError } from '../../contract/errors.js';
import type { ServerDeps } from '../context.js';
import { TriggerLimiter } from '../rate-limit.js';
import { engineOf } from '../services.js';
import type { PortalContext, PortalEnv } from './guard.js';
import { html } from './html.js';
import { BASE, page } from './layout.js';

/**
 * The Rerun control of SPEC.md 4.7: a POST form, with the 'Skip dependencies' toggle for backend
 * tests only (frontend tests have no producers or consumers: the toggle would mean nothing there).
 */
export function rerunForm(action: string, label: string, type: 'backend' | 'frontend'): ReturnType<typeof html> {
  return html`<form class="inline" method="post" action="${action}">
    <button class="btn" type="submit">${label}</button>
    ${type === 'backend' ? html`<label title="On: run against values kept from the previous run. Off: producers run first and fresh values are captured."><input type="checkbox" name="skipDependencies" value="on"> Skip dependencies</label>` : ''}
  </form>`;
}

function errorPage(c: PortalContext, e: SvcError): Response {
  const body = html`<h1>Could not start the run</h1><div class="banner bad" role="alert">${e.message}</div><p class="sub">${e.nextAction}</p>
    <p><a href="${BASE}/projects">Back to projects</a></p>`;
  return c.html(page({ title: 'Could not start the run', session: c.get('session') }, body), e.status as 400);
}

/**
 * Portal actions (SPEC.md 4.7): rerun one test (producers cascade to consumers unless
 * dependencies are skipped) and rerun all of a project. Both go through the same trigger the API
 * uses, so ordering, blocking and cleanup are identical; cleanup ends every rerun.
 */
export function registerActions(app: Hono<PortalEnv>, deps: ServerDeps): void {
  const limiter = new TriggerLimiter(deps.store.db, deps.config.triggerRatePerMinute);
  const db = deps.store.db;

  async function trigger(c: PortalContext, projectId: string, type: string, testIds: string[] | undefined): Promise<Response> {
    const s = c.get('session')!;
    const form = await c.req.parseBody();
    const skipDependencies = form.skipDependencies === 'on';
    try {
      if (skipDependencies && type !== 'backend') throw new SvcError('VALIDATION_ERROR', 'skipDependencies: only backend tests have dependencies to skip', { nextAction: 'Rerun the frontend test without skipping dependencies.' });
      if (!s.scopes.includes('run:tests')) throw new SvcError('FORBIDDEN', "this key lacks the 'run:tests' scope", { nextAction: "Sign in with a key that has the 'run:tests' scope." });
      const engine = engineOf(deps);
      await limiter.check(s.keyId);
      const [res] = await engine.createBatches({
        userId: s.userId,
        keyId: s.keyId,
        source: 'portal',
        projectId,
        kind: testIds ? 'single' : 'project',
        testIds,
        rerun: true,
        skipDependencies,
        frontendAvailable: engine.frontendAvailable,
      });
      await engine.enqueueBatch(res.batchId);
      const mine = testIds ? res.runs.find((r) => r.testId === testIds[0]) : undefined;
      return c.redirect(testIds ? `${BASE}/runs/${mine?.runId ?? res.runId}` : `${BASE}/projects/${projectId}`, 303);
    } catch (err) {
      if (err instanceof SvcError) return errorPage(c, err);
      throw err;
    }
  }

  app.post('/tests/:id/rerun', async (c) => {
    const t = await db.selectFrom('tests').select(['id', 'project_id', 'type']).where('id', '=', c.req.param('id')).where('user_id', '=', c.get('session')!.userId).executeTakeFirst();
    if (!t) return errorPage(c, new SvcError('NOT_FOUND', 'test not found'));
    return trigger(c, t.project_id, t.type, [t.id]);
  });

  app.post('/projects/:id/rerun', async (c) => {
    const p = await db.selectFrom('projects').select(['id', 'type']).where('id', '=', c.req.param('id')).where('user_id', '=', c.get('session')!.userId).executeTakeFirst();
    if (!p) return errorPage(c, new SvcError('NOT_FOUND', 'project not found'));
    return trigger(c, p.id, p.type, undefined);
  });
}
