import { SvcError } from '../../contract/errors.js';
import { cancelRun, getRun, rerunTests, runProject, runTest, TERMINAL, type CancelResult, type TriggerResult } from '../../contract/runs.js';
import { getRunRow, lastVerdict, runViews, setTestStatus, updateRun } from '../../store/repos/runs.js';
import { discardBatch, type TriggerRequest } from '../../engine/trigger.js';
import { closureMessage, type Role } from '../../engine/plan.js';
import { nowIso } from '../../util/ids.js';
import type { ServerDeps } from '../context.js';
import type { RouteRegistrar } from '../routes.js';
import { engineOf } from '../services.js';
import { waitersOf } from '../waiters.js';

async function checkTarget(deps: ServerDeps, url: string | undefined): Promise<void> {
  if (url) await engineOf(deps).checkTarget(url);
}

/** Creates the batch (frontend tests only where a browser is available) and queues it. */
async function queue(deps: ServerDeps, req: Omit<TriggerRequest, 'frontendAvailable'>): Promise<TriggerResult> {
  const engine = engineOf(deps);
  const [res] = await engine.createBatches({ ...req, frontendAvailable: engine.frontendAvailable });
  await engine.enqueueBatch(res.batchId);
  return res;
}

export const registerRuns: RouteRegistrar = (app, { mount }) => {
  mount(app, runTest, async ({ params, body, auth, deps, surface }) => {
    const test = await deps.store.db.selectFrom('tests').select(['id', 'project_id']).where('id', '=', params.testId).where('user_id', '=', auth.userId).executeTakeFirst();
    if (!test) throw new SvcError('NOT_FOUND', `test ${params.testId} not found`, { nextAction: "List tests with 'svc test list --project <id>'." });
    await checkTarget(deps, body.targetUrl);
    return queue(deps, {
      userId: auth.userId,
      keyId: auth.keyId,
      source: surface,
      projectId: test.project_id,
      kind: 'single',
      testIds: [test.id],
      rerun: body.rerun,
      skipDependencies: body.skipDependencies,
      targetUrl: body.targetUrl,
    });
  });

  mount(app, runProject, async ({ params, body, auth, deps, surface }) => {
    if (body.targetUrl && !body.testIds?.length) {
      throw new SvcError('VALIDATION_ERROR', 'targetUrl works only with testIds: a whole-project run uses each project URL', { nextAction: 'Drop targetUrl, or pass the test ids.' });
    }
    await checkTarget(deps, body.targetUrl);
    return queue(deps, {
      userId: auth.userId,
      keyId: auth.keyId,
      source: surface,
      projectId: params.projectId,
      kind: 'project',
      testIds: body.testIds,
      filter: body.filter,
      statuses: body.statuses,
      skipTerminal: body.skipTerminal,
      rerun: body.rerun,
      skipDependencies: body.skipDependencies,
      targetUrl: body.targetUrl,
    });
  });

  mount(app, rerunTests, async ({ body, auth, deps, surface }) => {
    const db = deps.store.db;
    const rows = await db.selectFrom('tests').select(['id', 'project_id']).where('id', 'in', body.testIds).where('user_id', '=', auth.userId).execute();
    const missing = body.testIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new SvcError('NOT_FOUND', `test(s) not found: ${missing.join(', ')}`, { nextAction: "List tests with 'svc test list --project <id>'." });
    const byProject = new Map<string, string[]>();
    for (const id of body.testIds) {
      const p = rows.find((r) => r.id === id)!.project_id;
      if (!byProject.get(p)?.includes(id)) (byProject.get(p) ?? byProject.set(p, []).get(p)!).push(id);
    }
    const engine = engineOf(deps);
    const batches: TriggerResult[] = [];
    try {
      for (const [projectId, testIds] of byProject) {
        const [res] = await engine.createBatches({
          userId: auth.userId,
          keyId: auth.keyId,
          source: surface,
          projectId,
          kind: 'project',
          testIds,
          rerun: true,
          skipDependencies: body.skipDependencies,
          frontendAvailable: engine.frontendAvailable,
        });
        batches.push(res);
      }
    } catch (err) {
      // All or nothing: batches already made for other projects are undone, charge included.
      for (const b of batches) await discardBatch(db, b.batchId);
      throw err;
    }
    for (const b of batches) await engine.enqueueBatch(b.batchId);
    const roles: Record<string, Role> = {};
    for (const b of batches) for (const r of b.runs) roles[r.testId] = r.role;
    return { message: closureMessage(roles), batches };
  });

  mount(app, getRun, async ({ params, query, auth, deps }) => {
    let row = await getRunRow(deps.store.db, params.runId, auth.userId);
    if (!row) throw new SvcError('NOT_FOUND', `run ${params.runId} not found`, { nextAction: 'Check the run id printed by svc test run.' });
    if (query.waitSeconds && !(TERMINAL as readonly string[]).includes(row.status)) {
      await waitersOf(deps).runDone(row.id, query.waitSeconds * 1000);
      row = (await getRunRow(deps.store.db, params.runId, auth.userId)) ?? row;
    }
    return (await runViews(deps.store.db, [row], deps.config.publicUrl))[0]!;
  });

  mount(app, cancelRun, async ({ params, auth, deps }): Promise<CancelResult> => {
    const db = deps.store.db;
    const row = await getRunRow(db, params.runId, auth.userId);
    if (!row) throw new SvcError('NOT_FOUND', `run ${params.runId} not found`, { nextAction: 'Check the run id printed by svc test run.' });
    if (row.status === 'cancelled') return { runId: row.id, status: 'cancelled', alreadyCancelled: true };
    if (row.verdict || (row.status !== 'queued' && row.status !== 'running')) {
      throw new SvcError('CONFLICT', `run ${row.id} already finished (${row.verdict ?? row.status}); nothing to cancel`, {
        nextAction: `Read its result with 'svc test result ${row.test_id}' or start a new run.`,
        details: { status: row.status, verdict: row.verdict },
      });
    }
    const res = await db
      .updateTable('runs')
      .set({ status: 'cancelled', reason: 'cancelled by user', finished_at: nowIso() })
      .where('id', '=', row.id)
      .where('verdict', 'is', null)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      const now = await getRunRow(db, row.id);
      if (now?.status === 'cancelled') return { runId: row.id, status: 'cancelled', alreadyCancelled: true };
      throw new SvcError('CONFLICT', `run ${row.id} finished while cancelling (${now?.verdict ?? now?.status})`, { nextAction: `Read its result with 'svc test result ${row.test_id}'.` });
    }
    // The test is re-runnable at once, with its last verdict untouched (SPEC.md 3.2).
    await setTestStatus(db, row.test_id, await lastVerdict(db, row.test_id, row.id));
    await updateRun(db, row.id, { verdict: 'cancelled' });
    return { runId: row.id, status: 'cancelled', alreadyCancelled: false };
  });
};
