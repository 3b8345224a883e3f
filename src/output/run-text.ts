import type { RunView } from '../contract/runs.js';
import { renderFields, renderTable } from './table.js';

/** The run view of SPEC.md 2.3 as text (test wait with one id, test run --wait). */
export function renderRunView(r: RunView): string {
  return renderFields([
    ['runId', r.runId],
    ['test', `${r.testName} (${r.testId})`],
    ['status', r.phase === 'cleanup' ? `${r.status} (cleanup running; verdict ${r.verdict})` : r.status],
    ['reason', r.reason ?? undefined],
    ['targetUrl', r.targetUrl],
    ['codeVersion', r.codeVersion],
    ['startedAt', r.startedAt],
    ['finishedAt', r.finishedAt],
    ['steps', `${r.steps.total} (${r.steps.passed} passed, ${r.steps.failed} failed)`],
    ['dashboard', r.dashboard],
  ]);
}

export function renderRunTable(rows: { runId: string; testName: string | null; status: string; wave?: number; reason?: string | null }[]): string {
  return renderTable(
    ['RUN', 'TEST', 'WAVE', 'STATUS', 'REASON'],
    rows.map((r) => [r.runId, r.testName, r.wave ?? '-', r.status, r.reason ? truncate(r.reason, 80) : '-']),
  );
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
