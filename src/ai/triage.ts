import type { Analysis } from './analysis.js';

/**
 * The one-screen failure summary (text mode of the failure summary and of results with analysis):
 * verdict, kind, fix target, hypothesis, the failing call, a few evidence lines and the reproducer.
 */
export function summarizeForTriage(analysis: Analysis, status: string, opts: { testId?: string; snapshotId?: string | null; maxEvidence?: number } = {}): string[] {
  const lines: string[] = [];
  const field = (k: string, v: string) => lines.push(`${`${k}:`.padEnd(22)}${v}`);
  if (opts.testId) field('testId', opts.testId);
  field('status', status);
  field('failureKind', `${analysis.failureKind} (confidence ${analysis.confidence}, ${analysis.provider})`);
  field('recommendedFixTarget', analysis.recommendedFixTarget);
  if (opts.snapshotId) field('snapshotId', opts.snapshotId);
  const [first, ...rest] = wrap(analysis.rootCauseHypothesis, 76);
  field('rootCauseHypothesis', first ?? '');
  for (const l of rest) lines.push(`${' '.repeat(22)}${l}`);
  if (analysis.failingCall) {
    const c = analysis.failingCall;
    field('failingCall', `#${c.seq} ${c.method} ${c.path} -> ${c.status ?? 'no response'}`);
  }
  const max = opts.maxEvidence ?? 5;
  if (analysis.evidence.length) {
    lines.push('evidence:');
    for (const ev of analysis.evidence.slice(0, max)) lines.push(`  - ${ev}`);
    if (analysis.evidence.length > max) lines.push(`  (+${analysis.evidence.length - max} more in --output json)`);
  }
  if (analysis.reproducer) {
    lines.push('reproduce:');
    for (const l of analysis.reproducer.split('\n')) lines.push(`  ${l}`);
  }
  return lines;
}

/** Greedy word wrap; words longer than the width stay whole. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (cur && cur.length + 1 + word.length > width) {
      out.push(cur);
      cur = word;
    } else {
      cur = cur ? `${cur} ${word}` : word;
    }
  }
  if (cur) out.push(cur);
  return out;
}
