import { SvcError } from '../../contract/errors.js';
import { getRunResult, getTestResult } from '../../contract/results.js';
import { getRunRow } from '../../store/repos/runs.js';
import type { RouteRegistrar } from '../routes.js';
import { toLatestResult } from '../result-view.js';

export const registerResults: RouteRegistrar = (app, { mount }) => {
  mount(app, getRunResult, async ({ params, query, auth, deps }) => {
    const row = await getRunRow(deps.store.db, params.runId, auth.userId);
    if (!row) throw new SvcError('NOT_FOUND', `run ${params.runId} not found`, { nextAction: 'Check the run id printed by svc test run.' });
    return toLatestResult(row, deps.config.publicUrl, query.includeAnalysis);
  });

  mount(app, getTestResult, async ({ params, query, auth, deps }) => {
    const db = deps.store.db;
    const test = await db.selectFrom('tests').select(['id']).where('id', '=', params.testId).where('user_id', '=', auth.userId).executeTakeFirst();
    if (!test) throw new SvcError('NOT_FOUND', `test ${params.testId} not found`, { nextAction: "List tests with 'svc test list --project <id>'." });
    const row = await db.selectFrom('runs').selectAll().where('test_id', '=', test.id).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!row) throw new SvcError('NOT_FOUND', `test ${params.testId} has no runs yet`, { nextAction: `Run it with 'svc test run ${params.testId} --wait'.` });
    return toLatestResult(row, deps.config.publicUrl, query.includeAnalysis);
  });
};
