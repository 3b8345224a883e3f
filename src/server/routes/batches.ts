import { SvcError } from '../../contract/errors.js';
import { getBatch, getBatchCalls } from '../../contract/batches.js';
import { waitersOf } from '../waiters.js';
import { getBatchTriage } from '../../contract/triage.js';
import { buildBatchTriage } from '../batch-triage.js';
import type { RouteRegistrar } from '../routes.js';
import { buildBatchView, buildDataFlow } from '../batch-view.js';

const notFound = (id: string) => new SvcError('NOT_FOUND', `batch ${id} not found`, { nextAction: 'Use the batchId printed by svc test run.' });

export const registerBatches: RouteRegistrar = (app, { mount }) => {
  mount(app, getBatch, async ({ params, query, auth, deps }) => {
    let v = await buildBatchView(deps.store.db, params.batchId, auth.userId, deps.config.publicUrl);
    if (!v) throw notFound(params.batchId);
    if (query.waitSeconds && v.phase !== 'done') {
      await waitersOf(deps).batchDone(v.batchId, query.waitSeconds * 1000);
      v = (await buildBatchView(deps.store.db, params.batchId, auth.userId, deps.config.publicUrl)) ?? v;
    }
    return v;
  });
  mount(app, getBatchCalls, async ({ params, auth, deps }) => {
    const b = await deps.store.db.selectFrom('batches').select('id').where('id', '=', params.batchId).where('user_id', '=', auth.userId).executeTakeFirst();
    if (!b) throw notFound(params.batchId);
    const flow = await buildDataFlow(deps.store.db, b.id);
    return { batchId: b.id, endpoints: flow.endpoints, otherObservedBehaviors: flow.other };
  });
  mount(app, getBatchTriage, async ({ params, auth, deps }) => {
    const t = await buildBatchTriage(deps.store.db, params.batchId, auth.userId);
    if (!t) throw notFound(params.batchId);
    return t;
  });
};
