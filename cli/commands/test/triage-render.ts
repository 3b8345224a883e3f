import type { Analysis } from '../../../src/ai/analysis.js';
import { summarizeForTriage } from '../../../src/ai/triage.js';
import type { BundleWritten } from '../../../src/contract/bundle.js';
import type { FlakyReport } from '../../../src/contract/flaky.js';
import type { LatestResult, RunHistory } from '../../../src/contract/results.js';
import type { BatchTriage, FailureSummary, RunDiff, StepPage } from '../../../src/contract/triage.js';
import { oneLine, renderFields, renderTable } from '../../../src/output/table.js';

/** The last n lines of a captured text, with a header saying how much was cut. */
export function tail(label: string, text: string | null, n = 20): string {
  if (text === null || text === '') return `${label}: (none)\n`;
  const lines = text.replace(/\n$/, '').split('\n');
  const shown = lines.slice(-n);
  const head = lines.length > n ? `${label} (last ${n} of ${lines.length} lines; --output json has all):` : `${label}:`;
  return `${head}\n${shown.map((l) => `  ${l}`).join('\n')}\n`;
}

function asAnalysis(a: NonNullable<LatestResult['analysis']>): Analysis {
  return {
    failureKind: a.failureKind as Analysis['failureKind'],
    rootCauseHypothesis: a.rootCauseHypothesis,
    recommendedFixTarget: a.recommendedFixTarget,
    confidence: (a.confidence ?? 'medium') as Analysis['confidence'],
    evidence: a.evidence ?? [],
    provider: a.provider ?? 'builtin',
    ...(a.failingCall ? { failingCall: a.failingCall } : {}),
    ...(a.reproducer ? { reproducer: a.reproducer } : {}),
  };
}

export function renderResult(r: LatestResult): string {
  let s = renderFields([
    ['test', `${r.testName} (${r.testId})`],
    ['runId', r.runId],
    ['status', r.status],
    ['failureKind', r.failureKind],
    ['reason', r.reason],
    ['source', r.source],
    ['targetUrl', r.targetUrl],
    ['codeVersion', r.codeVersion],
    ['startedAt', r.startedAt],
    ['finishedAt', r.finishedAt],
    ['durationMs', r.durationMs],
    ['dashboard', r.dashboard],
  ]);
  if (r.analysis) s += `analysis:\n${summarizeForTriage(asAnalysis(r.analysis), r.status, { snapshotId: r.analysis.snapshotId }).map((l) => `  ${l}`).join('\n')}\n`;
  if (r.type === 'backend') s += tail('apiOutput', r.apiOutput) + tail('trace', r.trace);
  return s;
}

export function renderHistory(h: RunHistory): string {
  const rows = h.runs.map((r) => [r.runId, r.status, r.source, r.batchKind, r.createdAt, r.durationMs ?? '-', r.codeVersion ?? '-', r.failureKind ?? '-']);
  let s = renderTable(['RUN', 'STATUS', 'SOURCE', 'KIND', 'CREATED', 'MS', 'CODEVER', 'FAILUREKIND'], rows);
  if (h.nextCursor) s += `nextCursor: ${h.nextCursor}\n`;
  return s;
}

export function renderSteps(p: StepPage): string {
  let s = renderTable(
    ['RUN', '#', 'KIND', 'STATUS', 'MS', 'DESCRIPTION'],
    p.items.map((x) => [x.runId, x.index, x.kind, x.status, x.durationMs, x.error && x.status === 'failed' ? `${x.description} — ${x.error.split('\n')[0]}` : x.description]),
  );
  if (p.nextToken) s += `nextToken: ${p.nextToken}\n`;
  return s;
}

export function renderDiff(d: RunDiff): string {
  let s = renderFields([
    ['runs', `${d.runIdA} -> ${d.runIdB}`],
    ['verdict', `${d.verdictA} -> ${d.verdictB}${d.verdictsMatch ? ' (match)' : ' (differ)'}`],
    ['failureKind', `${d.failureKindA ?? '-'} -> ${d.failureKindB ?? '-'}`],
    ['failedStepIndex', `${d.failedStepIndexA ?? '-'} -> ${d.failedStepIndexB ?? '-'}`],
    ['codeVersion', `${d.codeVersionA ?? '-'} -> ${d.codeVersionB ?? '-'}${d.codeVersionDrift ? ' (drift)' : ''}`],
    ['warning', d.warning ?? undefined],
  ]);
  s += d.stepFlips.length ? renderTable(['#', 'FROM', 'TO', 'STEP'], d.stepFlips.map((f) => [f.index, f.from, f.to, f.description])) : 'no step changed status\n';
  return s;
}

export function renderFlaky(f: FlakyReport): string {
  let s = renderFields([
    ['testId', f.testId],
    ['verdict', f.verdict],
    ['runs', f.runs],
    ['passed', f.passed],
    ['failed', f.failed],
    ['stableRatio', f.stableRatio],
  ]);
  if (f.failures.length) s += renderTable(['RUN', 'STATUS', 'FAILUREKIND', 'REASON'], f.failures.map((x) => [x.runId, x.status, x.failureKind, x.reason ? x.reason.split('\n')[0]!.slice(0, 80) : '-']));
  return s;
}

export function renderSummary(f: FailureSummary): string {
  if (!f.failureKind || !f.rootCauseHypothesis || !f.recommendedFixTarget) {
    return renderFields([['testId', f.testId], ['status', f.status], ['snapshotId', f.snapshotId], ['failureKind', f.failureKind], ['rootCauseHypothesis', f.rootCauseHypothesis], ['recommendedFixTarget', f.recommendedFixTarget]]);
  }
  const a: Analysis = {
    failureKind: f.failureKind as Analysis['failureKind'],
    rootCauseHypothesis: f.rootCauseHypothesis,
    recommendedFixTarget: f.recommendedFixTarget as Analysis['recommendedFixTarget'],
    confidence: (f.confidence ?? 'medium') as Analysis['confidence'],
    evidence: f.evidence,
    provider: f.provider ?? 'builtin',
    ...(f.failingCall ? { failingCall: f.failingCall } : {}),
    ...(f.reproducer ? { reproducer: f.reproducer } : {}),
  };
  return `${summarizeForTriage(a, f.status, { testId: f.testId, snapshotId: f.snapshotId }).join('\n')}\n`;
}

export function renderWritten(w: BundleWritten): string {
  return `${w.replaced ? 'replaced' : 'wrote'} bundle of run ${w.runId} (${w.status}, test ${w.testId}): ${w.files.length} files in ${w.path}\n`;
}

/** A batch's failures by cause: one header per group, then each failure with its blamed call. */
export function renderBatchTriage(t: BatchTriage): string {
  const clip = (s: string | null, n: number) => {
    const one = oneLine(s ?? '');
    return one.length > n ? `${one.slice(0, n)}…` : one;
  };
  const out = [`batch ${t.batchId} (${t.status}): ${t.total} runs, ${t.passed} passed, ${t.failed} not passed, ${t.groups.length} cause${t.groups.length === 1 ? '' : 's'}`];
  for (const g of t.groups) {
    out.push('', `[${g.count}] ${g.check}${g.endpoint ? `  ${g.endpoint}` : ''}  fix: ${g.recommendedFixTarget ?? '-'}${g.failureKind ? `  (${g.failureKind})` : ''}`);
    for (const f of g.failures) {
      out.push(`  ${f.testName} — ${f.status}, run ${f.runId}`, `    ${clip(f.message, 200)}`);
      const c = f.failingCall;
      if (c) out.push(`    ${c.method} ${c.path} → ${c.status ?? 'no answer'}${c.requestBody ? `  sent ${clip(c.requestBody, 100)}` : ''}`, `    answer ${clip(c.responseBody, 160) || '(empty)'}`);
    }
  }
  return `${out.join('\n')}\n`;
}
