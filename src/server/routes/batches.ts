import { SvcError } from '../../contract/errors.js';
import type { Db } from '../../store/schema.js';
import { dismissOrphans, getBatch, getBatchCalls } from '../../contract/batches.js';
import { dismissOrphans as dismiss } from '../cleanup-dismiss.js';
import { waitersOf } from '../waiters.js';
import { getBatchTriage } from '../../contract/triage.js';
import { buildBatchTriage } from '../batch-triage.js';
import type { RouteRegistrar } from '../routes.js';
import { buildBatchView, buildDataFlow } from '../batch-view.js';

const notFound = (id: string) => new SvcError('NOT_FOUND', `batch ${id} not found`, { nextAction: 'Use the batchId printed by svc test run.' });

/** The caller's batch (its id and phase), or NOT_FOUND. */
async function ownBatch(db: Db, batchId: string, userId: string): Promise<{ id: string; phase: string; project_id: string }> {
  const b = await db.selectFrom('batches').select(['id', 'phase', 'project_id']).where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst();
  if (!b) throw notFound(batchId);
  return b;
}

export const registerBatches: RouteRegistrar = (app, { mount }) => {
  mount(app, getBatch, async ({ params, query, auth, deps }) => {
    // A long-poll looks at the batch's phase only and builds the whole view (every run) once, when
    // it answers: the view of a large batch costs the API's thread milliseconds.
    if (query.waitSeconds) {
      const b = await ownBatch(deps.store.db, params.batchId, auth.userId);
      if (b.phase !== 'done') await waitersOf(deps).batchDone(b.id, query.waitSeconds * 1000);
    }
    const v = await buildBatchView(deps.store.db, params.batchId, auth.userId, deps.config.publicUrl);
    if (!v) throw notFound(params.batchId);
    return v;
  });
  mount(app, getBatchCalls, async ({ params, auth, deps }) => {
    const b = await ownBatch(deps.store.db, params.batchId, auth.userId);
    const flow = await buildDataFlow(deps.store.db, b.id);
    return { batchId: b.id, endpoints: flow.endpoints, otherObservedBehaviors: flow.other };
  });
  mount(app, dismissOrphans, async ({ params, body, auth, deps, surface }) => {
    const b = await ownBatch(deps.store.db, params.batchId, auth.userId);
    return dismiss(deps.store.db, b.id, b.project_id, body.resources, surface);
  });
  mount(app, getBatchTriage, async ({ params, auth, deps }) => {
    const t = await buildBatchTriage(deps.store.db, params.batchId, auth.userId);
    if (!t) throw notFound(params.batchId);
    return t;
  });
};
