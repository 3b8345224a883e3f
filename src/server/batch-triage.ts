import type { BatchTriage, TriageFailure, TriageGroup } from '../contract/triage.js';
import { parseJson } from '../store/db.js';
import type { Db } from '../store/schema.js';

const BODY_CAP = 2000;

/**
 * The check a failed backend assertion broke, read from the message the generated code writes
 * (README, "The check catalogue"); a hand-written test's failure falls back to its kind.
 */
export function checkOf(message: string, failureKind: string | null): string {
  const rules: [RegExp, string][] = [
    [/leaks internals/i, 'no-leak'],
    [/server error \d{3}|got 5\d\d\b|answered 5\d\d/i, 'no-5xx'],
    [/does not match the documented schema/i, 'schema'],
    [/accepted an invalid body|where the document wants an object|accepted a second record|gave a record the \S+ another record has|stored a record under a parent|accepted \S+=/i, 'refused'],
    [/does not return what was written/i, 'read-after-write'],
    [/also removed or changed/i, 'others-untouched'],
    [/GET still finds the record/i, 'gone-after-delete'],
    [/let the client set read-only field/i, 'readonly-ignored'],
    [/echoes unescaped HTML/i, 'no-html-echo'],
    [/served a request (without credentials|with an invalid credential|with a wrong-scheme credential)/i, 'auth'],
    [/expected [\d/]+\b.*?, got \d{3}/i, 'status'],
  ];
  return rules.find(([re]) => re.test(message))?.[1] ?? failureKind ?? 'failed';
}

/** `METHOD /path` of a generated test's name, else of the blamed call with ids as `{id}`. */
export function endpointOf(testName: string, call: { method: string; path: string } | null): string | null {
  const named = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\/\S*)/.exec(testName);
  if (named) return `${named[1]} ${named[2]}`;
  if (!call) return null;
  const path = call.path.split('?')[0]!.replace(/\/(\d+|[0-9a-f]{8}-[0-9a-f-]{27,}|[0-9a-z]{20,})(?=\/|$)/gi, '/{id}');
  return `${call.method} ${path}`;
}

const cap = (s: string | null) => (s === null ? null : s.length > BODY_CAP ? `${s.slice(0, BODY_CAP)}…` : s);

/** Every run of a batch that did not pass, grouped by (check, endpoint, fix target), biggest group first. */
export async function buildBatchTriage(db: Db, batchId: string, userId: string): Promise<BatchTriage | undefined> {
  const batch = await db.selectFrom('batches').select(['id', 'project_id', 'status']).where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst();
  if (!batch) return undefined;
  const runs = await db.selectFrom('runs').selectAll().where('batch_id', '=', batchId).orderBy('created_at').orderBy('id').execute();
  const bad = runs.filter((r) => r.status !== 'passed' && r.status !== 'queued' && r.status !== 'running');
  const calls = bad.length
    ? await db.selectFrom('run_calls').select(['run_id', 'seq', 'method', 'path', 'status', 'request_body', 'response_body']).where('run_id', 'in', bad.map((r) => r.id)).where('origin', '=', 'test').execute()
    : [];
  const groups = new Map<string, TriageGroup>();
  for (const r of bad) {
    const analysis = parseJson<{ failureKind?: string; rootCauseHypothesis?: string; recommendedFixTarget?: string; failingCall?: { seq: number }; reproducer?: string } | null>(r.analysis, null);
    const failure = parseJson<{ kind?: string; message?: string } | null>(r.failure, null);
    const assertions = parseJson<{ ok: boolean; message: string | null; source: string }[]>(r.assertions, []);
    const failed = assertions.find((a) => !a.ok);
    const message = (failed ? failed.message ?? failed.source : failure?.message ?? r.reason ?? r.status).slice(0, 600);
    const own = calls.filter((c) => c.run_id === r.id).sort((a, b) => a.seq - b.seq);
    const blamed = (analysis?.failingCall && own.find((c) => c.seq === analysis.failingCall!.seq)) || own[own.length - 1];
    const failingCall = blamed ? { method: blamed.method, path: blamed.path, status: blamed.status, requestBody: cap(blamed.request_body), responseBody: cap(blamed.response_body) } : null;
    const failureKind = analysis?.failureKind ?? failure?.kind ?? null;
    const item: TriageFailure = {
      testId: r.test_id,
      testName: r.test_name,
      runId: r.id,
      status: r.status as TriageFailure['status'],
      message,
      rootCauseHypothesis: analysis?.rootCauseHypothesis ?? null,
      failingCall,
      reproducer: analysis?.reproducer ?? null,
    };
    const check = checkOf(message, failureKind);
    const endpoint = r.test_type === 'backend' ? endpointOf(r.test_name, failingCall) : null;
    const fix = analysis?.recommendedFixTarget ?? null;
    const key = JSON.stringify([check, endpoint, fix]);
    const g = groups.get(key) ?? { check, endpoint, failureKind, recommendedFixTarget: fix, count: 0, failures: [] };
    g.count += 1;
    g.failures.push(item);
    groups.set(key, g);
  }
  return {
    batchId: batch.id,
    projectId: batch.project_id,
    status: batch.status,
    total: runs.length,
    passed: runs.filter((r) => r.status === 'passed').length,
    failed: bad.length,
    groups: [...groups.values()].sort((a, b) => b.count - a.count || (a.endpoint ?? '').localeCompare(b.endpoint ?? '') || a.check.localeCompare(b.check)),
  };
}
