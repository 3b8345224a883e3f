import type { Insertable } from 'kysely';
import { parseJson } from '../store/db.js';
import type { CleanupRecordsTable } from '../store/schema-runs.js';
import type { Db } from '../store/schema.js';
import { ROWS_PER_STATEMENT, insertCalls, lastVerdict, setTestStatus, toRecordedCall, updateRun, type RunRow } from '../store/repos/runs.js';
import { newId, nowIso } from '../util/ids.js';
import { extractHandles, pathOf, type Handle } from './cleanup.js';
import { runCleanup } from './cleanup-run.js';
import { assembleChains } from './chains.js';
import type { EngineContext } from './context.js';
import type { AssembledPlan, PlanTest } from './plan.js';
import type { InjectedAuth, MadeRecord } from './types.js';

const SEVERITY = ['passed', 'cancelled', 'blocked', 'failed'];

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Cleanup carries the project's credential, so it goes only to the run's own target, and only
 * while the target policy in force allows it; a record elsewhere is left alone and says why.
 */
async function cleanupTargets(ctx: EngineContext, pending: Handle[], targets: (string | null)[]): Promise<{ allowed: Handle[]; refused: { handle: Handle; reason: string }[] }> {
  const origins = new Set(targets.map((t) => (t ? originOf(t) : null)).filter((o): o is string => !!o));
  const allowed: Handle[] = [];
  const refused: { handle: Handle; reason: string }[] = [];
  const verdicts = new Map<string, Promise<string | null>>(); // one policy check per origin
  for (const h of pending) {
    const origin = originOf(h.url);
    if (!origin || !origins.has(origin)) {
      refused.push({ handle: h, reason: `not deleted: ${origin ?? h.url} is not this run's target (${[...origins].join(', ') || 'none'}), and svc sends the project's credential nowhere else` });
      continue;
    }
    if (!verdicts.has(origin)) verdicts.set(origin, ctx.checkTarget(h.url).then(() => null, (e: Error) => e.message));
    const why = await verdicts.get(origin)!;
    if (why) refused.push({ handle: h, reason: `not deleted: ${why}` });
    else allowed.push(h);
  }
  return { allowed, refused };
}

export function worstStatus(statuses: string[]): string {
  return statuses.reduce((w, s) => (SEVERITY.indexOf(s) > SEVERITY.indexOf(w) ? s : w), 'passed');
}

/**
 * The end of a batch (SPEC.md 3.6): the cleanup sweep over every resource the run created (and
 * resources kept from an earlier run that a skip-dependencies rerun used), chains, analysis, and
 * only then the terminal statuses: a run is not done until cleanup ends.
 */
export async function finishBatch(
  ctx: EngineContext,
  batchId: string,
  d: { auth: InjectedAuth; slots: { run: RunRow; plan: PlanTest }[]; plan: AssembledPlan; skipDependencies: boolean; vars: Map<string, { value: unknown; runId: string; testId: string }> },
): Promise<void> {
  const db = ctx.store.db;
  const batch = (await db.selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirst())!;
  await db.updateTable('batches').set({ phase: 'cleanup' }).where('id', '=', batchId).execute();
  const cleanupStarted = Date.now();

  const project = await db.selectFrom('projects').select(['url']).where('id', '=', batch.project_id).executeTakeFirst();
  const options = await ctx.cleanupOptions(batch.project_id);
  // Cleanup records survive a crash: compute them once, then only finish pending ones.
  let records = await db.selectFrom('cleanup_records').selectAll().where('batch_id', '=', batchId).execute();
  if (!records.length) {
    const rows = await db.selectFrom('run_calls').selectAll().where('batch_id', '=', batchId).where('origin', '=', 'test').orderBy('started_at').orderBy('seq').execute();
    const calls = rows.map(toRecordedCall);
    // The paths the target URLs carry (`/admin`); a bare origin adds none.
    const basePaths = [...new Set(d.slots.map((s) => s.run.target_url ?? project?.url).filter((u): u is string => !!u).map(pathOf))];
    // Records tests reported making where the answer does not say so (a PUT that creates).
    const reported = await db.selectFrom('runs').select('extra').where('batch_id', '=', batchId).where('extra', 'like', '%"records":%').execute();
    const made = reported.flatMap((r) => parseJson<{ records?: MadeRecord[] }>(r.extra, {}).records ?? []);
    const handles = extractHandles(calls, { ...options, basePaths }, made);
    const now = nowIso();
    const insert = (h: Handle, origin: string): Insertable<CleanupRecordsTable> => ({
      id: newId('cln'),
      batch_id: batchId,
      project_id: batch.project_id,
      resource_url: h.url,
      resource_path: h.resourcePath,
      resource_id: h.resourceId,
      resource_type: h.resourceType,
      source_endpoint: h.sourceEndpoint,
      delete_endpoint: h.deleteEndpoint,
      parent_path: h.parentPath,
      depth: h.depth,
      status: h.status,
      response_status: null,
      response_body: null,
      attempts: 0,
      origin_batch_id: origin,
      created_at: now,
      finished_at: h.status === 'pending' ? null : now,
    });
    const values = handles.map((h) => insert(h, batchId));
    if (d.skipDependencies) values.push(...(await retainedRecords(batchId, batch.project_id, d.vars)).map((r) => ({ ...r, id: newId('cln'), batch_id: batchId, status: 'pending', created_at: now, finished_at: null, attempts: 0, response_status: null })));
    if (values.length) await db.insertInto('cleanup_records').values(values).execute();
    records = await db.selectFrom('cleanup_records').selectAll().where('batch_id', '=', batchId).execute();
  }

  const pending: Handle[] = records
    .filter((r) => r.status === 'pending')
    .map((r) => ({ url: r.resource_url, resourcePath: r.resource_path, resourceId: r.resource_id, resourceType: r.resource_type, sourceEndpoint: r.source_endpoint, parentPath: r.parent_path, depth: r.depth, deleteEndpoint: r.delete_endpoint, status: 'pending' }));
  const byPath = new Map(records.map((r) => [r.resource_path, r]));
  const { allowed, refused } = await cleanupTargets(ctx, pending, d.slots.map((s) => s.run.target_url ?? project?.url ?? null));
  for (const { handle, reason } of refused) {
    await db.updateTable('cleanup_records').set({ status: 'failed', response_body: reason, finished_at: nowIso() }).where('id', '=', byPath.get(handle.resourcePath)!.id).execute();
  }
  if (allowed.length) {
    let seq = 0;
    const outcomes = await runCleanup(allowed, {
      auth: d.auth,
      headersFor: (h) => (h.deleteEndpoint ? options.deleteHeaders?.[h.deleteEndpoint.replace(/^DELETE /, '')] : undefined),
      concurrency: ctx.targetConnections,
      fetch: ctx.targetFetch,
      record: (c) => {
        c.seq = ++seq;
        void insertCalls(db, batchId, null, 'cleanup', [c]);
      },
    });
    // Every outcome in one transaction: one commit instead of one per record.
    await db.transaction().execute(async (trx) => {
      for (const o of outcomes) {
        await trx
          .updateTable('cleanup_records')
          .set({ status: o.status, response_status: o.responseStatus, response_body: o.responseBody, attempts: o.attempts, finished_at: nowIso() })
          .where('id', '=', byPath.get(o.handle.resourcePath)!.id)
          .execute();
      }
    });
  }
  // Values that identified a deleted resource are gone for later skip-dependencies reruns.
  const finalRecords = await db.selectFrom('cleanup_records').selectAll().where('batch_id', '=', batchId).execute();
  // Only this batch's variables and those of the batches its records came from can name one of
  // them: the project's whole history (every batch keeps its variables) is not read.
  const originBatches = [...new Set([batchId, ...finalRecords.map((r) => r.origin_batch_id)])];
  const varRows = finalRecords.length
    ? await db.selectFrom('variables').selectAll().where('project_id', '=', batch.project_id).where('deleted_by', 'is', null).where('batch_id', 'in', originBatches).execute()
    : [];
  for (const v of varRows) {
    const value = String(parseJson(v.value, ''));
    const candidates = finalRecords.filter((r) => r.resource_id === value && (r.origin_batch_id === v.batch_id || v.batch_id === batchId));
    if (!candidates.length) continue;
    // Ids repeat across types (user 2, post 2, tag 2): the variable names the resource its own
    // producer created with that id, nothing else.
    const produced = await db.selectFrom('run_calls').selectAll().where('run_id', '=', v.producer_run_id).where('origin', '=', 'test').orderBy('started_at').orderBy('seq').execute();
    const own = extractHandles(produced.map(toRecordedCall)).find((h) => h.resourceId === value);
    const rec = own && candidates.find((r) => r.resource_path === own.resourcePath);
    if (!rec) continue;
    const gone = rec.status === 'deleted' || rec.status === 'already-gone' || rec.status === 'deleted-by-test';
    await db
      .updateTable('variables')
      .set({ handle: rec.resource_path, deleted_by: gone ? `DELETE ${rec.resource_path}` : null })
      .where('batch_id', '=', v.batch_id)
      .where('name', '=', v.name)
      .execute();
  }

  const fresh = await db.selectFrom('runs').select(['id', 'test_id', 'status', 'verdict', 'wave']).where('batch_id', '=', batchId).execute();
  await db.deleteFrom('chains').where('batch_id', '=', batchId).execute();
  const chains = assembleChains(d.slots.map((s) => s.plan), fresh, d.plan);
  if (chains.length) await db.insertInto('chains').values(chains.map((c) => ({ id: newId('chn'), batch_id: batchId, name: c.name, body: JSON.stringify(c) }))).execute();

  // Wave order: a producer's analysis exists before its blocked consumers are analysed.
  for (const r of [...fresh].sort((x, y) => x.wave - y.wave)) {
    if (ctx.analyze && (r.verdict === 'failed' || r.verdict === 'blocked')) {
      await ctx.analyze(ctx.store, r.id).catch((err) => ctx.log(`analysis of ${r.id} failed: ${err instanceof Error ? err.message : err}`));
    }
  }

  const finishedAt = nowIso();
  // The final statuses in one commit and a few statements a status (a test has one run a batch).
  const byStatus = new Map<string, typeof fresh>();
  for (const r of fresh) {
    const status = r.status === 'cancelled' ? 'cancelled' : (r.verdict ?? 'failed');
    const rows = byStatus.get(status);
    if (rows) rows.push(r);
    else byStatus.set(status, [r]);
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('runs').set({ finished_at: finishedAt }).where('batch_id', '=', batchId).where('finished_at', 'is', null).execute();
    for (const [status, rows] of byStatus) {
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
        await trx.updateTable('runs').set({ status, verdict: status }).where('id', 'in', chunk.map((r) => r.id)).execute();
        if (status === 'cancelled') {
          // A cancelled run leaves its test with the verdict it had before.
          for (const r of chunk) await setTestStatus(trx, r.test_id, await lastVerdict(trx, r.test_id, r.id), r.id);
          continue;
        }
        await trx
          .updateTable('tests')
          .set((eb) => ({ status, last_run_id: eb.selectFrom('runs').select('runs.id').whereRef('runs.test_id', '=', 'tests.id').where('runs.batch_id', '=', batchId).limit(1) }))
          .where('id', 'in', chunk.map((r) => r.test_id))
          .execute();
      }
    }
  });
  const counts = Object.fromEntries([...byStatus].map(([status, rows]) => [status, rows.length]));
  const cl = finalRecords;
  const summary = {
    counts,
    cleanup: {
      deleted: cl.filter((r) => r.status === 'deleted').length,
      alreadyGone: cl.filter((r) => r.status === 'already-gone').length,
      failed: cl.filter((r) => r.status === 'failed').length,
      orphaned: cl.filter((r) => r.status === 'orphaned').length,
      durationMs: Date.now() - cleanupStarted,
    },
  };
  await db
    .updateTable('batches')
    .set({ status: worstStatus([...byStatus.keys()]), phase: 'done', finished_at: finishedAt, summary: JSON.stringify(summary) })
    .where('id', '=', batchId)
    .execute();

  async function retainedRecords(currentBatch: string, projectId: string, vars: Map<string, { value: unknown; runId: string; testId: string }>) {
    const fromEarlier = [...vars.values()].filter((v) => v.runId && !d.slots.some((s) => s.run.id === v.runId)).map((v) => String(v.value));
    if (!fromEarlier.length) return [];
    const rows = await db
      .selectFrom('cleanup_records')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('batch_id', '!=', currentBatch)
      .where('resource_id', 'in', fromEarlier)
      .where('status', 'not in', ['deleted', 'already-gone', 'deleted-by-test', 'dismissed'])
      .execute();
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.resource_path) && seen.add(r.resource_path));
  }
}

/**
 * Ends a batch the engine could not carry through (a store error mid-run, say) so that nobody waits
 * on it: every run without a verdict fails with the reason, their tests show it, and the batch is
 * done and failed, its error said. Cleanup is not attempted; what the runs recorded stays listed.
 */
export async function abandonBatch(db: Db, batchId: string, message: string): Promise<void> {
  const now = nowIso();
  const reason = `svc-server could not finish this batch: ${message}`;
  await db.transaction().execute(async (trx) => {
    const open = await trx.selectFrom('runs').select(['id', 'test_id', 'verdict']).where('batch_id', '=', batchId).where('status', 'in', ['queued', 'running']).execute();
    for (const r of open) {
      if (r.verdict === 'cancelled') {
        await updateRun(trx, r.id, { status: 'cancelled', finished_at: now });
        await setTestStatus(trx, r.test_id, await lastVerdict(trx, r.test_id, r.id), r.id);
        continue;
      }
      await updateRun(trx, r.id, { status: 'failed', verdict: 'failed', reason, failure: JSON.stringify({ kind: 'internal', message: reason }), finished_at: now });
      await setTestStatus(trx, r.test_id, 'failed', r.id);
    }
    await trx.updateTable('batches').set({ status: 'failed', phase: 'done', finished_at: now, error: reason }).where('id', '=', batchId).where('phase', '!=', 'done').execute();
  });
}
