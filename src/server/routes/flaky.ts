import { SvcError } from '../../contract/errors.js';
import { startFlaky } from '../../contract/flaky.js';
import type { RouteRegistrar } from '../routes.js';
import { engineOf } from '../services.js';
import { ownTest } from '../test-view.js';

/**
 * `test flaky`: N replays created at once (charged together, or refused together) and executed one
 * after another as one series job, each with the test's dependency closure like a fresh run.
 */
export const registerFlaky: RouteRegistrar = (app, { mount }) => {
  mount(app, startFlaky, async ({ params, body, auth, deps, surface }) => {
    const db = deps.store.db;
    const t = await ownTest(deps, auth.userId, params.testId);
    const replayable =
      t.type === 'frontend'
        ? !!t.resolved_script
        : !!(await db.selectFrom('runs').select('id').where('test_id', '=', t.id).where('status', 'in', ['passed', 'failed', 'blocked']).limit(1).executeTakeFirst());
    if (!replayable) {
      throw new SvcError('NOT_FOUND', `test ${t.id} has no replayable run: ${t.type === 'frontend' ? 'no saved resolved script yet' : 'it has never finished a run'}`, {
        nextAction: `Run it once first: 'svc test run ${t.id} --wait'.`,
        details: { reason: 'no-replayable-run' },
      });
    }
    const engine = engineOf(deps);
    const batches = await engine.createBatches(
      {
        userId: auth.userId,
        keyId: auth.keyId,
        source: surface,
        projectId: t.project_id,
        kind: 'single',
        testIds: [t.id],
        rerun: false,
        skipDependencies: false,
        frontendAvailable: engine.frontendAvailable,
        label: 'flaky',
        replay: t.type === 'frontend',
      },
      body.runs,
    );
    await engine.enqueueSeries(batches[0]!.batchId);
    return { testId: t.id, runs: body.runs, runIds: batches.map((b) => b.runId), batches };
  });
};
