import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BatchView, CallRecord, CleanupSummary } from '../contract/batches.js';
import type { RunStatus } from '../contract/runs.js';
import { parseJson } from '../store/db.js';
import type { Db } from '../store/schema.js';
import { RUN_VIEW_COLUMNS, runViews } from '../store/repos/runs.js';
import type { ChainBody } from '../engine/chains.js';

/** The whole batch as SPEC.md 1.2 step 7 shows it: runs, variables, chains, cleanup. */
export async function buildBatchView(db: Db, batchId: string, userId: string, publicUrl: string): Promise<BatchView | undefined> {
  const b = await db.selectFrom('batches').selectAll().where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst();
  if (!b) return undefined;
  // A large batch's view takes the API's thread a few milliseconds (SQLite answers synchronously):
  // between its queries other requests get their turn, instead of waiting for all of it.
  const runRows = await db.selectFrom('runs').select(RUN_VIEW_COLUMNS).where('batch_id', '=', batchId).orderBy('wave').orderBy('test_id').execute();
  await nextTurn();
  const runs = await runViews(db, runRows, publicUrl);
  await nextTurn();
  const names = new Map(runRows.map((r) => [r.test_id, r.test_name]));
  const vars = await db.selectFrom('variables').selectAll().where('batch_id', '=', batchId).orderBy('created_at').execute();
  await nextTurn();
  const chainRows = await db.selectFrom('chains').selectAll().where('batch_id', '=', batchId).execute();
  const chains = chainRows.map((c) => parseJson<ChainBody>(c.body, { name: c.name, steps: [], captures: [], stats: { steps: 0, captures: 0, passed: 0, failed: 0, blocked: 0 } }));
  const inChain = new Set(chains.flatMap((c) => c.steps.map((s) => s.testId)));
  const plan = parseJson<{ waves: string[][]; notes: string[] }>(b.plan, { waves: [], notes: [] });
  const counts: Record<string, number> = {};
  for (const r of runs) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return {
    batchId: b.id,
    projectId: b.project_id,
    kind: b.kind,
    status: b.status as RunStatus,
    phase: b.phase as BatchView['phase'],
    source: b.source,
    error: b.error,
    notes: plan.notes ?? [],
    waves: plan.waves ?? [],
    createdAt: b.created_at,
    startedAt: b.started_at,
    finishedAt: b.finished_at,
    counts,
    runs,
    cleanup: await cleanupSummary(db, batchId, b.phase, parseJson<{ cleanup?: { durationMs?: number } }>(b.summary, {}).cleanup?.durationMs ?? null),
    variables: vars.map((v) => ({
      name: v.name,
      value: parseJson(v.value, null),
      capturedFrom: { testId: v.producer_test_id, runId: v.producer_run_id, testName: names.get(v.producer_test_id) ?? v.producer_test_id },
      usedBy: parseJson<string[]>(v.consumers, []).map((id) => ({ testId: id, testName: names.get(id) ?? id })),
      deletedBy: v.deleted_by,
    })),
    chains: chains as BatchView['chains'],
    endpointTests: runs.filter((r) => !inChain.has(r.testId)).map((r) => ({ testId: r.testId, testName: r.testName, runId: r.runId, status: r.status })),
  };
}

export async function cleanupSummary(db: Db, batchId: string, phase: string, durationMs: number | null): Promise<CleanupSummary> {
  const rows = await db.selectFrom('cleanup_records').selectAll().where('batch_id', '=', batchId).orderBy('depth', 'desc').orderBy('created_at').execute();
  const n = (s: string) => rows.filter((r) => r.status === s).length;
  return {
    status: phase === 'done' ? 'done' : phase === 'cleanup' ? 'running' : 'pending',
    deleted: n('deleted'),
    alreadyGone: n('already-gone'),
    failed: n('failed'),
    orphaned: n('orphaned'),
    durationMs,
    records: rows.map((r) => ({
      resourcePath: r.resource_path,
      resourceId: r.resource_id,
      resourceType: r.resource_type,
      sourceEndpoint: r.source_endpoint,
      deleteEndpoint: r.delete_endpoint,
      parentPath: r.parent_path,
      status: r.status as CleanupSummary['records'][number]['status'],
      responseStatus: r.response_status,
      responseBody: r.response_body,
      attempts: r.attempts,
      retainedFrom: r.origin_batch_id !== batchId ? r.origin_batch_id : null,
    })),
  };
}

/** Template of a concrete path for grouping: numeric and uuid-like segments become {id}. */
export function templateOf(path: string): string {
  return path.replace(/\/(\d+|[0-9a-f]{8}-[0-9a-f-]{27,}|[0-9a-f]{24,})(?=\/|$)/gi, '/{id}');
}

type CallRow = Awaited<ReturnType<typeof callRowsOf>>[number];
type CallRun = { id: string; test_name: string; produced: string | null; consumed: string | null };

const callRowsOf = (db: Db, batchId: string) => db.selectFrom('run_calls').selectAll().where('batch_id', '=', batchId).orderBy('started_at').orderBy('seq').execute();

/** A recorded call as the API and the portal show it, with its producing test and variable badges. */
export function toCallRecord(r: CallRow, run: CallRun | undefined): CallRecord {
  const produced = parseJson<Record<string, unknown>>(run?.produced, {});
  const consumed = parseJson<Record<string, unknown>>(run?.consumed, {});
  const body = `${r.response_body ?? ''}`;
  const req = `${r.url} ${r.request_body ?? ''}`;
  return {
    id: r.id,
    runId: r.run_id,
    testName: run?.test_name ?? null,
    origin: r.origin as CallRecord['origin'],
    seq: r.seq,
    method: r.method,
    url: r.url,
    path: r.path,
    endpoint: `${r.method} ${templateOf(r.path)}`,
    status: r.status,
    latencyMs: r.latency_ms,
    startedAt: r.started_at,
    requestHeaders: parseJson(r.request_headers, {}),
    requestBody: r.request_body,
    responseHeaders: parseJson(r.response_headers, {}),
    responseBody: r.response_body,
    error: r.error,
    // Badges: a produced value seen in this response, a consumed value sent in this request.
    produced: Object.entries(produced).filter(([, v]) => body.includes(String(v))).map(([k]) => k),
    consumed: Object.entries(consumed).filter(([, v]) => req.includes(String(v))).map(([k]) => k),
  };
}

/** The calls with these ids (or those of a run), whole, in the order they were made. */
export async function callRecords(db: Db, by: { ids: string[] } | { runId: string; origin: string }): Promise<CallRecord[]> {
  let q = db.selectFrom('run_calls').selectAll();
  if ('ids' in by) {
    if (!by.ids.length) return [];
    q = q.where('id', 'in', by.ids);
  } else q = q.where('run_id', '=', by.runId).where('origin', '=', by.origin);
  const rows = await q.orderBy('started_at').orderBy('seq').execute();
  const runIds = [...new Set(rows.map((r) => r.run_id).filter((x): x is string => !!x))];
  const runs = runIds.length ? await db.selectFrom('runs').select(['id', 'test_name', 'produced', 'consumed']).where('id', 'in', runIds).execute() : [];
  const byId = new Map(runs.map((r) => [r.id, r]));
  return rows.map((r) => toCallRecord(r, r.run_id ? byId.get(r.run_id) : undefined));
}

export async function buildDataFlow(db: Db, batchId: string): Promise<{ endpoints: { endpoint: string; calls: CallRecord[] }[]; other: CallRecord[] }> {
  const rows = await callRowsOf(db, batchId);
  const runs = await db.selectFrom('runs').select(['id', 'test_name', 'produced', 'consumed']).where('batch_id', '=', batchId).execute();
  const runById = new Map(runs.map((r) => [r.id, r]));
  const calls: CallRecord[] = rows.map((r) => toCallRecord(r, r.run_id ? runById.get(r.run_id) : undefined));
  const groups = new Map<string, CallRecord[]>();
  for (const c of calls.filter((x) => x.origin === 'test')) (groups.get(c.endpoint) ?? groups.set(c.endpoint, []).get(c.endpoint)!).push(c);
  return { endpoints: [...groups].map(([endpoint, list]) => ({ endpoint, calls: list })), other: calls.filter((c) => c.origin !== 'test') };
}
