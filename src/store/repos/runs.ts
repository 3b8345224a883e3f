import type { Selectable } from 'kysely';
import type { RunView, RunStatus } from '../../contract/runs.js';
import { newId } from '../../util/ids.js';
import { parseJson } from '../db.js';
import { byColumn, prepared, preparedInsert, type Bound } from '../prepared.js';
import type { Db } from '../schema.js';
import type { RunCallsTable, RunsTable } from '../schema-runs.js';
import type { RecordedCall, StepRecord } from '../../engine/types.js';

export type RunRow = Selectable<RunsTable>;

const runById = prepared((db, id: string) => db.selectFrom('runs').selectAll().where('id', '=', id));
const usersRunById = prepared((db, id: string, userId: string) => db.selectFrom('runs').selectAll().where('id', '=', id).where('user_id', '=', userId));

/** A run, or undefined; with a user, only that user's run. */
export async function getRunRow(db: Db, runId: string, userId?: string): Promise<RunRow | undefined> {
  const [row] = userId ? await usersRunById(db, runId, userId) : await runById(db, runId);
  return row;
}

const countSteps = (db: Db) =>
  db
    .selectFrom('run_steps')
    .select(['run_id', 'status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['run_id', 'status']);
const stepCountsOfRun = prepared((db, runId: string) => countSteps(db).where('run_id', '=', runId));

export async function stepCounts(db: Db, runIds: string[]): Promise<Map<string, RunView['steps']>> {
  const out = new Map<string, RunView['steps']>();
  if (!runIds.length) return out;
  const rows = runIds.length === 1 ? await stepCountsOfRun(db, runIds[0]!) : await countSteps(db).where('run_id', 'in', runIds).execute();
  for (const r of rows) {
    const s = out.get(r.run_id) ?? { total: 0, passed: 0, failed: 0 };
    const n = Number(r.n);
    s.total += n;
    if (r.status === 'passed') s.passed += n;
    if (r.status === 'failed') s.failed += n;
    out.set(r.run_id, s);
  }
  return out;
}

export function phaseOf(r: Pick<RunRow, 'status' | 'verdict'>): RunView['phase'] {
  if (r.status === 'queued') return 'queued';
  if (r.status === 'running') return r.verdict ? 'cleanup' : 'tests';
  return 'done';
}

/** The columns a run's view reads: a list of many runs selects these, not the outputs and scripts. */
export const RUN_VIEW_COLUMNS = ['id', 'batch_id', 'project_id', 'test_id', 'test_name', 'test_type', 'status', 'verdict', 'role', 'wave', 'source', 'target_url', 'code_version', 'reason', 'failure', 'replay', 'created_at', 'started_at', 'finished_at', 'extra'] as const;
export type RunViewRow = Pick<RunRow, (typeof RUN_VIEW_COLUMNS)[number]>;

export function toRunView(r: RunViewRow, steps: RunView['steps'] | undefined, publicUrl: string): RunView {
  const view: RunView = {
    runId: r.id,
    batchId: r.batch_id,
    projectId: r.project_id,
    testId: r.test_id,
    testName: r.test_name,
    type: r.test_type as RunView['type'],
    status: r.status as RunStatus,
    verdict: (r.verdict as RunStatus | null) ?? null,
    phase: phaseOf(r),
    role: r.role as RunView['role'],
    wave: r.wave,
    source: r.source,
    targetUrl: r.target_url,
    codeVersion: r.code_version,
    reason: r.reason,
    failure: parseJson(r.failure, null),
    replay: !!r.replay,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    steps: steps ?? { total: 0, passed: 0, failed: 0 },
    dashboard: `${publicUrl}/portal/runs/${r.id}`,
  };
  const live = r.status === 'running' && !r.verdict ? parseJson<{ live?: { step: Record<string, unknown>; screenshot: string | null } }>(r.extra, {}).live : undefined;
  if (live) {
    const rel = live.screenshot?.split(`/runs/${r.id}/`)[1];
    view.live = { step: live.step, screenshot: rel ? `${publicUrl}/portal/runs/${r.id}/artifacts/${rel}` : null };
  }
  return view;
}

export async function runViews(db: Db, rows: RunViewRow[], publicUrl: string): Promise<RunView[]> {
  const counts = await stepCounts(db, rows.map((r) => r.id));
  return rows.map((r) => toRunView(r, counts.get(r.id), publicUrl));
}

/** Rows written per statement when many are written at once (a trigger's runs, a batch's statuses). */
export const ROWS_PER_STATEMENT = 100;

function callRow(batchId: string, runId: string | null, origin: string, c: RecordedCall) {
  return {
    id: newId('call'),
    batch_id: batchId,
    run_id: runId,
    origin,
    seq: c.seq,
    method: c.method,
    url: c.url,
    path: c.path,
    request_headers: JSON.stringify(c.requestHeaders ?? {}),
    request_body: c.requestBody,
    status: c.status,
    response_headers: JSON.stringify(c.responseHeaders ?? {}),
    response_body: c.responseBody,
    latency_ms: c.latencyMs,
    started_at: c.startedAt,
    error: c.error ?? null,
  };
}
const insertCallRows = preparedInsert('run_calls', ROWS_PER_STATEMENT);

/** Records calls (a test's, or the engine's own) and returns their ids. */
export async function insertCalls(db: Db, batchId: string, runId: string | null, origin: string, calls: RecordedCall[]): Promise<string[]> {
  const rows = calls.map((c) => callRow(batchId, runId, origin, c));
  await insertCallRows(db, rows);
  return rows.map((r) => r.id);
}

/**
 * A running test's calls as they settle (origin `live`): in the shared database, so that whichever
 * process resumes its batch after the worker died can clean up what it created. Writes are chained
 * in order; settle() waits for the last one and ignores any later push.
 */
export function liveCalls(db: Db, batchId: string, runId: string): { push(calls: RecordedCall[]): void; settle(): Promise<void> } {
  let chain = Promise.resolve();
  let open = true;
  return {
    push(calls) {
      if (open) chain = chain.then(() => insertCalls(db, batchId, runId, 'live', calls)).then(() => undefined, () => undefined);
    },
    async settle() {
      open = false;
      await chain;
    },
  };
}

/** The run's live calls dropped (its whole record is written instead) or kept as its record (`keep`). */
export async function endLiveCalls(db: Db, runId: string, keep: boolean): Promise<void> {
  const q = db.updateTable('run_calls').where('run_id', '=', runId).where('origin', '=', 'live');
  if (keep) await q.set({ origin: 'test' }).execute();
  else await db.deleteFrom('run_calls').where('run_id', '=', runId).where('origin', '=', 'live').execute();
}

function stepRow(runId: string, s: StepRecord, idx: number) {
  return {
    id: newId('stp'),
    run_id: runId,
    idx,
    kind: s.kind,
    description: s.description,
    status: s.status,
    duration_ms: s.durationMs,
    started_at: s.startedAt,
    error: s.error ?? null,
    detail: s.detail ? JSON.stringify(s.detail) : null,
  };
}
const insertStepRows = preparedInsert('run_steps', ROWS_PER_STATEMENT);

export async function insertSteps(db: Db, runId: string, steps: StepRecord[]): Promise<void> {
  await insertStepRows(db, steps.map((s, idx) => stepRow(runId, s, idx)));
}

export async function updateRun(db: Db, runId: string, patch: Partial<Omit<RunsTable, 'id'>>): Promise<void> {
  await db.updateTable('runs').set(patch).where('id', '=', runId).execute();
}

const runStarted = prepared((db, id: string, startedAt: string) =>
  db.updateTable('runs').set({ status: 'running', started_at: startedAt }).where('id', '=', id).where('status', '=', 'queued').returning('id'),
);

/**
 * A queued run and its test are running: one commit. false when the run is no longer queued (it was
 * cancelled while it waited for its turn), and then nothing is written: a cancel is never undone.
 */
export async function startRun(db: Db, runId: string, testId: string, startedAt: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await runStarted(trx, runId, startedAt)).length) return false;
    await testStatus(trx, testId, 'running');
    return true;
  });
}

const END_COLUMNS = ['verdict', 'reason', 'failure', 'produced', 'consumed', 'api_output', 'trace', 'assertions', 'extra', 'finished_at'] as const;
/** What a finished run records (every column written; null clears). */
export type RunEnd = Pick<RunsTable, (typeof END_COLUMNS)[number]>;
const runEnded = prepared((db, id: string, ...values: Bound[]) => db.updateTable('runs').set(byColumn<RunEnd>(END_COLUMNS, values)).where('id', '=', id));
const runEndedStartedAt = prepared((db, id: string, startedAt: string, ...values: Bound[]) =>
  db.updateTable('runs').set({ ...byColumn<RunEnd>(END_COLUMNS, values), started_at: startedAt }).where('id', '=', id),
);

/** A run's verdict and what it recorded; with startedAt, the time it really started too. */
export async function endRun(db: Db, runId: string, end: RunEnd, startedAt?: string): Promise<void> {
  const values = END_COLUMNS.map((k) => end[k]);
  if (startedAt) await runEndedStartedAt(db, runId, startedAt, ...values);
  else await runEnded(db, runId, ...values);
}

/** Test status follows its runs: queued/running while one is in flight, else the last verdict. */
export async function lastVerdict(db: Db, testId: string, excludeRunId?: string): Promise<string> {
  let q = db
    .selectFrom('runs')
    .select(['status'])
    .where('test_id', '=', testId)
    .where('status', 'in', ['passed', 'failed', 'blocked'])
    .orderBy('finished_at', 'desc')
    .limit(1);
  if (excludeRunId) q = q.where('id', '!=', excludeRunId);
  const r = await q.executeTakeFirst();
  return r?.status ?? 'ready';
}

const testStatus = prepared((db, id: string, status: string) => db.updateTable('tests').set({ status }).where('id', '=', id));

export async function setTestStatus(db: Db, testId: string, status: string, lastRunId?: string): Promise<void> {
  if (lastRunId) await db.updateTable('tests').set({ status, last_run_id: lastRunId }).where('id', '=', testId).execute();
  else await testStatus(db, testId, status);
}

/** A stored call as the runners recorded it. */
export function toRecordedCall(c: Selectable<RunCallsTable>): RecordedCall {
  return {
    seq: c.seq,
    method: c.method,
    url: c.url,
    path: c.path,
    requestHeaders: parseJson(c.request_headers, {}),
    requestBody: c.request_body,
    status: c.status,
    responseHeaders: parseJson(c.response_headers, {}),
    responseBody: c.response_body,
    latencyMs: c.latency_ms,
    startedAt: c.started_at,
    ...(c.error ? { error: c.error } : {}),
  };
}
