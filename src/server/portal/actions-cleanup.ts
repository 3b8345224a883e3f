import type { Hono } from 'hono';
import { testCleanupDismiss } from '../../ops/test-cleanup-dismiss.js';
import type { PortalEnv } from './guard.js';
import { html } from './html.js';
import type { PortalKit } from './kit.js';
import { BASE, page } from './layout.js';
import { runResponse } from './page-run.js';

/**
 * Dismissing a 'Might be orphaned' row (SPEC.md 3.6 rule 6) from a run's Cleanup tab: the op of
 * `svc test cleanup dismiss`, then back to the tab it was sent from; a refusal shows the tab again
 * with the reason above the rows.
 */
export function registerCleanupActions(app: Hono<PortalEnv>, kit: PortalKit): void {
  app.post('/batches/:id/cleanup/dismiss', async (c) => {
    const form = await c.req.parseBody();
    const batchId = c.req.param('id');
    const resource = typeof form.resource === 'string' ? form.resource.trim() : '';
    const runId = typeof form.run === 'string' ? form.run : '';
    const db = kit.deps.store.db;
    const run = runId ? await db.selectFrom('runs').select('id').where('id', '=', runId).where('batch_id', '=', batchId).where('user_id', '=', c.get('session')!.userId).executeTakeFirst() : undefined;
    const r = await kit.run(c, testCleanupDismiss, { batchId, resources: resource ? [resource] : [] });
    if (r.ok) return c.redirect(run ? `${BASE}/runs/${run.id}?tab=cleanup&dismissed=${encodeURIComponent(resource)}#orphans` : `${BASE}/batches/${batchId}`, 303);
    const code = r.error.status === 404 ? 404 : r.error.status === 409 ? 409 : r.error.status === 403 ? 403 : 400;
    const banner = html`<div class="banner bad" role="alert">Could not dismiss${resource ? html` <span class="mono">${resource}</span>` : ''}: ${r.error.message.replace(/^resources(\.\d+)?: /, '')}</div>`;
    if (run) return runResponse(c, kit, run.id, banner, code);
    return c.html(page({ title: 'Could not dismiss', session: c.get('session') }, html`<h1>Could not dismiss</h1>${banner}<p class="sub">${r.error.nextAction}</p><p><a href="${BASE}/projects">Back to projects</a></p>`), code);
  });
}
