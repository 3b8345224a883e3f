import type { LatestResult } from '../contract/results.js';
import type { RunStatus } from '../contract/runs.js';
import { parseJson } from '../store/db.js';
import type { RunRow } from '../store/repos/runs.js';

/** A run row as the result record; the analysis block only when asked for and present. */
export function toLatestResult(r: RunRow, publicUrl: string, includeAnalysis: boolean): LatestResult {
  const failure = parseJson<LatestResult['failure']>(r.failure, null);
  const analysis = parseJson<Record<string, unknown> | null>(r.analysis, null);
  const out: LatestResult = {
    testId: r.test_id,
    testName: r.test_name,
    type: r.test_type as LatestResult['type'],
    runId: r.id,
    batchId: r.batch_id,
    status: r.status as RunStatus,
    verdict: (r.verdict as RunStatus | null) ?? null,
    reason: r.reason,
    failure,
    failureKind: (analysis?.failureKind as string | undefined) ?? failure?.kind ?? null,
    source: r.source,
    targetUrl: r.target_url,
    codeVersion: r.code_version,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: r.started_at && r.finished_at ? Date.parse(r.finished_at) - Date.parse(r.started_at) : null,
    produced: parseJson(r.produced, null),
    consumed: parseJson(r.consumed, null),
    assertions: parseJson(r.assertions, null),
    apiOutput: r.api_output,
    trace: r.trace,
    dashboard: `${publicUrl}/portal/runs/${r.id}`,
  };
  if (includeAnalysis && analysis) out.analysis = { ...(analysis as LatestResult['analysis'] & object), snapshotId: r.id };
  return out;
}
