import type { Selectable } from 'kysely';
import type { RunHistoryItem } from '../contract/results.js';
import type { RunStatus } from '../contract/runs.js';
import type { RunDiff, StepItem } from '../contract/triage.js';
import { parseJson } from '../store/db.js';
import type { RunRow } from '../store/repos/runs.js';
import type { RunStepsTable } from '../store/schema-runs.js';

type StepRow = Selectable<RunStepsTable>;

/** The analysed failure kind when analysis ran, else the runner's own kind, else null. */
export function failureKindOf(r: Pick<RunRow, 'analysis' | 'failure'>): string | null {
  const a = parseJson<{ failureKind?: string } | null>(r.analysis, null);
  const f = parseJson<{ kind?: string } | null>(r.failure, null);
  return a?.failureKind ?? f?.kind ?? null;
}

export function durationOf(r: Pick<RunRow, 'started_at' | 'finished_at'>): number | null {
  return r.started_at && r.finished_at ? Date.parse(r.finished_at) - Date.parse(r.started_at) : null;
}

export function toHistoryItem(r: RunRow & { batch_kind: string }): RunHistoryItem {
  return {
    runId: r.id,
    batchId: r.batch_id,
    status: r.status as RunStatus,
    source: r.source,
    batchKind: r.batch_kind,
    role: r.role,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    codeVersion: r.code_version,
    failureKind: failureKindOf(r),
    reason: r.reason,
    durationMs: durationOf(r),
    replay: !!r.replay,
    credits: Number(r.credits),
  };
}

export function toStepItem(s: StepRow): StepItem {
  return {
    runId: s.run_id,
    index: s.idx,
    kind: s.kind as StepItem['kind'],
    description: s.description,
    status: s.status as StepItem['status'],
    durationMs: s.duration_ms,
    startedAt: s.started_at,
    error: s.error,
    detail: parseJson(s.detail, null),
  };
}

/** The step a failure is pinned to: the runner's own index (frontend), else the first failed step. */
export function failedStepIndexOf(r: RunRow, steps: StepRow[]): number | null {
  const extra = parseJson<{ failedStepIndex?: unknown }>(r.extra, {});
  if (typeof extra.failedStepIndex === 'number') return extra.failedStepIndex;
  const f = steps.find((s) => s.status === 'failed');
  return f ? f.idx : null;
}

/** Verdict of a finished run; an in-flight run compares by its current status. */
function verdictOf(r: RunRow): RunStatus {
  return (r.status === 'queued' || r.status === 'running' ? (r.verdict ?? r.status) : r.status) as RunStatus;
}

export function buildDiff(a: RunRow, stepsA: StepRow[], b: RunRow, stepsB: StepRow[]): RunDiff {
  const sameTest = a.test_id === b.test_id;
  const flips: RunDiff['stepFlips'] = [];
  for (let i = 0; i < Math.max(stepsA.length, stepsB.length); i++) {
    const sa = stepsA[i];
    const sb = stepsB[i];
    const from = sa?.status ?? 'absent';
    const to = sb?.status ?? 'absent';
    if (from !== to) flips.push({ index: i, description: (sb ?? sa)!.description, from, to });
  }
  const verdictA = verdictOf(a);
  const verdictB = verdictOf(b);
  return {
    runIdA: a.id,
    runIdB: b.id,
    testIdA: a.test_id,
    testIdB: b.test_id,
    sameTest,
    warning: sameTest ? null : `the runs belong to different tests ("${a.test_name}" ${a.test_id} and "${b.test_name}" ${b.test_id}); compared anyway`,
    verdictA,
    verdictB,
    verdictsMatch: verdictA === verdictB,
    failureKindA: failureKindOf(a),
    failureKindB: failureKindOf(b),
    failedStepIndexA: failedStepIndexOf(a, stepsA),
    failedStepIndexB: failedStepIndexOf(b, stepsB),
    stepFlips: flips,
    stepCountA: stepsA.length,
    stepCountB: stepsB.length,
    codeVersionA: a.code_version,
    codeVersionB: b.code_version,
    codeVersionDrift: a.code_version !== b.code_version,
  };
}
