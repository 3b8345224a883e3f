import { getRunBundle } from '../../contract/bundle.js';
import { SvcError } from '../../contract/errors.js';
import { listTestRuns } from '../../contract/results.js';
import { diffRuns, listTestSteps } from '../../contract/triage.js';
import { getRunRow } from '../../store/repos/runs.js';
import { runHistory, runSteps, stepLog } from '../../store/repos/results.js';
import { buildBundle } from '../bundle-view.js';
import type { ServerDeps } from '../context.js';
import type { RouteRegistrar } from '../routes.js';
import { ownTest } from '../test-view.js';
import { buildDiff, toHistoryItem, toStepItem } from '../triage-view.js';

const RUN_STATUSES = new Set(['queued', 'running', 'passed', 'failed', 'blocked', 'cancelled']);

async function ownRun(deps: ServerDeps, userId: string, runId: string) {
  const row = await getRunRow(deps.store.db, runId, userId);
  if (!row) throw new SvcError('NOT_FOUND', `run ${runId} not found`, { nextAction: "Check the run id; 'svc test result <test-id> --history' lists a test's runs." });
  return row;
}

/** History, step log, run comparison and failure bundles: the read side of triage. */
export const registerTriage: RouteRegistrar = (app, { mount }) => {
  mount(app, listTestRuns, async ({ params, query, auth, deps }) => {
    const t = await ownTest(deps, auth.userId, params.testId);
    const statuses = query.status?.split(',').filter(Boolean);
    const bad = statuses?.find((s) => !RUN_STATUSES.has(s));
    if (bad) throw new SvcError('VALIDATION_ERROR', `status: '${bad}' is not a run status (${[...RUN_STATUSES].join(', ')})`);
    const page = await runHistory(deps.store.db, { testId: t.id, userId: auth.userId, source: query.source, since: query.since, statuses, cursor: query.cursor, limit: query.pageSize });
    return { runs: page.rows.map(toHistoryItem), nextCursor: page.nextCursor };
  });

  mount(app, listTestSteps, async ({ params, query, auth, deps }) => {
    const t = await ownTest(deps, auth.userId, params.testId);
    if (query.runId) {
      const r = await ownRun(deps, auth.userId, query.runId);
      if (r.test_id !== t.id) throw new SvcError('NOT_FOUND', `run ${r.id} is not a run of test ${t.id}`, { nextAction: `List the test's runs with 'svc test result ${t.id} --history'.` });
    }
    const page = await stepLog(deps.store.db, { testId: t.id, userId: auth.userId, runId: query.runId, token: query.startingToken, limit: query.pageSize });
    return { items: page.rows.map(toStepItem), nextToken: page.nextToken };
  });

  mount(app, diffRuns, async ({ params, auth, deps }) => {
    const a = await ownRun(deps, auth.userId, params.runIdA);
    const b = await ownRun(deps, auth.userId, params.runIdB);
    return buildDiff(a, await runSteps(deps.store.db, a.id), b, await runSteps(deps.store.db, b.id));
  });

  mount(app, getRunBundle, async ({ params, auth, deps }) => {
    const r = await ownRun(deps, auth.userId, params.runId);
    if (r.status === 'queued' || r.status === 'running') {
      throw new SvcError('CONFLICT', `run ${r.id} is still ${r.status}; a bundle is made of a finished run`, { nextAction: `Wait for it with 'svc test wait ${r.id}', then fetch the bundle.` });
    }
    return buildBundle(deps.store, r, deps.config.publicUrl);
  });
};
