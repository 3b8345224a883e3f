import { sql } from 'kysely';
import { analyzeFailure } from '../ai/analysis.js';
import { FailureEvidence, RunFailureKind } from '../ai/evidence.js';
import type { ModelProvider } from '../ai/provider.js';
import { analyzeWithModel } from '../ai/refine.js';
import { parseJson, type Store } from '../store/db.js';
import { toRecordedCall, updateRun } from '../store/repos/runs.js';
import type { Analyzer } from './context.js';

/**
 * Builds the evidence of a failed or blocked run from what was stored and records the analysis.
 * The built-in rules decide; a configured model may only refine the wording (src/ai/refine.ts).
 */
export function makeAnalyzer(provider: ModelProvider, evidenceExtras?: (projectId: string) => Promise<Partial<FailureEvidence>>): Analyzer {
  return async (store: Store, runId: string) => {
    const db = store.db;
    const r = await db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirst();
    if (!r || !r.verdict || r.verdict === 'passed') return;
    const calls = await db.selectFrom('run_calls').selectAll().where('run_id', '=', runId).orderBy('seq').execute();
    const failure = parseJson<{ kind: string; message: string; exceptionType?: string; line?: number } | null>(r.failure, null);
    const extra = parseJson<Record<string, unknown>>(r.extra, {});
    const kind = RunFailureKind.safeParse(failure?.kind === 'interrupted' || failure?.kind === 'environment' ? 'crash' : failure?.kind);
    const evidence: FailureEvidence = {
      testType: r.test_type as 'backend',
      testId: r.test_id,
      testName: r.test_name,
      runId: r.id,
      status: r.verdict === 'blocked' ? 'blocked' : r.verdict === 'cancelled' ? 'cancelled' : 'failed',
      targetUrl: r.target_url,
      trace: r.trace,
      stdout: r.api_output,
      calls: calls.map(toRecordedCall),
      assertions: parseJson(r.assertions, []),
      consumedVariables: parseJson(r.consumed, undefined),
      ...(await evidenceExtras?.(r.project_id)),
    };
    if (failure && kind.success) evidence.failure = { ...failure, kind: kind.data };
    if (extra.blockedBy) evidence.blockedBy = await withUpstreamFailures(store, r.batch_id, extra.blockedBy as NonNullable<FailureEvidence['blockedBy']>);
    if (extra.missingVariables) evidence.missingVariables = extra.missingVariables as string[];
    if (extra.steps) evidence.steps = extra.steps as FailureEvidence['steps'];
    if (typeof extra.failedStepIndex === 'number') evidence.failedStepIndex = extra.failedStepIndex;
    const unanswered = calls.find((c) => c.status === null);
    if (unanswered && r.batch_id) {
      const last = await lastAnswerBefore(store, r.batch_id, runId, unanswered.url, unanswered.started_at);
      if (last) evidence.targetLastAnswer = last;
      const alongside = await unansweredAlongside(store, r.batch_id, runId, unanswered);
      if (alongside.length) evidence.droppedAlongside = alongside;
    }
    const parsed = FailureEvidence.parse(evidence);
    const base = analyzeFailure(parsed);
    const analysis = provider.available ? await analyzeWithModel(parsed, provider, base) : base;
    await updateRun(db, runId, { analysis: JSON.stringify(analysis) });
  };
}

/** The last answer another test of the batch got from the same origin before `before`. */
async function lastAnswerBefore(store: Store, batchId: string, runId: string, url: string, before: string): Promise<FailureEvidence['targetLastAnswer']> {
  const origin = originOf(url);
  if (!origin) return undefined;
  const row = await store.db
    .selectFrom('run_calls')
    .innerJoin('runs', 'runs.id', 'run_calls.run_id')
    .select(['runs.test_name', 'run_calls.method', 'run_calls.path', 'run_calls.status', 'run_calls.started_at'])
    .where('run_calls.batch_id', '=', batchId)
    .where('run_calls.origin', '=', 'test')
    .where('run_calls.run_id', '!=', runId)
    .where('run_calls.status', 'is not', null)
    .where('run_calls.started_at', '<', before)
    .where(sql<string>`substr(run_calls.url, 1, ${sql.lit(origin.length + 1)})`, '=', `${origin}/`)
    .orderBy('run_calls.started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && row.status !== null ? { testName: row.test_name, method: row.method, path: row.path, status: row.status, at: row.started_at } : undefined;
}

/** Requests of other tests of the batch to the same origin, unanswered, in flight while `call` was. */
async function unansweredAlongside(store: Store, batchId: string, runId: string, call: { url: string; started_at: string; latency_ms: number }): Promise<NonNullable<FailureEvidence['droppedAlongside']>> {
  const origin = originOf(call.url);
  const start = Date.parse(call.started_at);
  if (!origin || Number.isNaN(start)) return [];
  const end = start + Math.max(0, call.latency_ms);
  const rows = await store.db
    .selectFrom('run_calls')
    .innerJoin('runs', 'runs.id', 'run_calls.run_id')
    .select(['runs.test_name', 'run_calls.method', 'run_calls.path', 'run_calls.started_at', 'run_calls.latency_ms', 'run_calls.error'])
    .where('run_calls.batch_id', '=', batchId)
    .where('run_calls.origin', '=', 'test')
    .where('run_calls.run_id', '!=', runId)
    .where('run_calls.status', 'is', null)
    .where('run_calls.started_at', '<=', new Date(end).toISOString())
    .where('run_calls.started_at', '>=', new Date(start - 60_000).toISOString())
    .where(sql<string>`substr(run_calls.url, 1, ${sql.lit(origin.length + 1)})`, '=', `${origin}/`)
    .orderBy('run_calls.started_at')
    .limit(20)
    .execute();
  return rows
    .filter((x) => Date.parse(x.started_at) + Math.max(0, x.latency_ms) >= start && x.error)
    .slice(0, 5)
    .map((x) => ({ testName: x.test_name, method: x.method, path: x.path, at: x.started_at, error: x.error! }));
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Names each blocking producer's own failure (its failing call and kind, from its analysis, which
 * runs first because analysis goes in wave order), so a blocked test's hypothesis points at the
 * endpoint that broke the chain.
 */
async function withUpstreamFailures(store: Store, batchId: string, blockers: NonNullable<FailureEvidence['blockedBy']>): Promise<NonNullable<FailureEvidence['blockedBy']>> {
  const out: NonNullable<FailureEvidence['blockedBy']> = [];
  for (const b of blockers) {
    const p = await store.db.selectFrom('runs').select(['analysis', 'failure', 'verdict']).where('batch_id', '=', batchId).where('test_id', '=', b.testId).executeTakeFirst();
    const a = parseJson<{ failureKind?: string; failingCall?: { method: string; path: string; status: number | null } } | null>(p?.analysis, null);
    const f = parseJson<{ kind?: string; message?: string } | null>(p?.failure, null);
    const call = a?.failingCall ? `${a.failingCall.method} ${a.failingCall.path} → ${a.failingCall.status ?? 'no response'}` : null;
    const kind = a?.failureKind ?? f?.kind;
    const failure = call ? `${call}${kind ? ` (${kind})` : ''}` : kind ? `${kind}${f?.message ? `: ${f.message.split('\n')[0]!.slice(0, 160)}` : ''}` : undefined;
    out.push(failure ? { ...b, failure } : b);
  }
  return out;
}
