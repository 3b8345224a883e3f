import type { ChatEvidence, ChatRun } from '../../ai/chat-evidence.js';
import { SvcError } from '../../contract/errors.js';
import { parseJson } from '../../store/db.js';
import { runSteps } from '../../store/repos/results.js';
import { getRunRow, toRecordedCall, type RunRow } from '../../store/repos/runs.js';
import type { TestRow } from '../../store/repos/tests.js';
import type { Db } from '../../store/schema.js';
import { buildDiff } from '../triage-view.js';

const HISTORY = 20;

async function chatRun(db: Db, r: RunRow, steps: Awaited<ReturnType<typeof runSteps>>): Promise<ChatRun> {
  const calls = await db.selectFrom('run_calls').selectAll().where('run_id', '=', r.id).where('origin', '=', 'test').orderBy('seq').execute();
  const extra = parseJson<{ blockedBy?: ChatRun['blockedBy'] }>(r.extra, {});
  return {
    id: r.id,
    status: r.status,
    verdict: r.verdict,
    reason: r.reason,
    source: r.source,
    codeVersion: r.code_version,
    targetUrl: r.target_url,
    createdAt: r.created_at,
    failure: parseJson(r.failure, null),
    assertions: parseJson(r.assertions, []),
    calls: calls.map(toRecordedCall),
    steps: steps.map((s) => ({ index: s.idx, kind: s.kind, description: s.description, status: s.status, error: s.error })),
    analysis: parseJson(r.analysis, null),
    snapshot: r.snapshot,
    consumed: parseJson(r.consumed, null),
    blockedBy: extra.blockedBy ?? [],
  };
}

/**
 * The evidence the report chat answers from: the run asked about (the test's latest by default),
 * the last run of the same test that passed before it, and the test's recent runs.
 */
export async function chatEvidence(db: Db, t: TestRow, userId: string, runId?: string): Promise<ChatEvidence> {
  let run: RunRow | undefined;
  if (runId) {
    run = await getRunRow(db, runId, userId);
    if (!run || run.test_id !== t.id) throw new SvcError('NOT_FOUND', `run ${runId} is not a run of test ${t.id}`, { nextAction: `List the test's runs with 'svc test result ${t.id} --history'.` });
  } else {
    run = await db.selectFrom('runs').selectAll().where('test_id', '=', t.id).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  }
  const history = await db.selectFrom('runs').select(['id', 'status', 'created_at', 'code_version']).where('test_id', '=', t.id).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(HISTORY).execute();
  const test = { id: t.id, name: t.name, type: t.type as 'backend' | 'frontend', codeVersion: t.code_version };
  const hist = history.map((h) => ({ id: h.id, status: h.status, createdAt: h.created_at, codeVersion: h.code_version }));
  if (!run) return { test, run: null, lastPassed: null, history: hist, diff: null };
  const passed = await db
    .selectFrom('runs')
    .selectAll()
    .where('test_id', '=', t.id)
    .where('user_id', '=', userId)
    .where('status', '=', 'passed')
    .where('id', '!=', run.id)
    .where('created_at', '<=', run.created_at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const stepsB = await runSteps(db, run.id);
  const stepsA = passed ? await runSteps(db, passed.id) : [];
  return {
    test,
    run: await chatRun(db, run, stepsB),
    lastPassed: passed ? await chatRun(db, passed, stepsA) : null,
    history: hist,
    diff: passed ? buildDiff(passed, stepsA, run, stepsB) : null,
  };
}
