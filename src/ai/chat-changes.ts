import { createTwoFilesPatch } from 'diff';
import type { AskCitation } from '../contract/chat.js';
import { callCitation, verdictOf, type BuiltAnswer, type ChatEvidence, type ChatRun } from './chat-evidence.js';
import type { RecordedCall } from './evidence.js';
import { endpointOf, excerpt, parseJson, statusLine } from './facts.js';

/**
 * "What changed since it last passed?": the run asked about against the last run of the same test
 * that passed before it — verdict, code version (with the diff of the code or plan as each run
 * ran it), target, the answers of the same calls (status and body fields), steps that flipped,
 * consumed variables.
 */

const statusOf = (c: RecordedCall) => (c.status === null ? `no response (${c.error ?? 'unanswered'})` : statusLine(c.status));
const short = (v: unknown) => excerpt(JSON.stringify(v) ?? String(v), 60);

/** Top-level fields of two JSON bodies: removed, added and changed; null when the bodies are not both JSON objects. */
export function bodyChanges(a: string | null, b: string | null): string[] | null {
  const x = parseJson(a);
  const y = parseJson(b);
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length ? [] : [`${x.length} → ${y.length} items`];
  if (!isObj(x) || !isObj(y)) return null;
  const out: string[] = [];
  const removed = Object.keys(x).filter((k) => !(k in y));
  const added = Object.keys(y).filter((k) => !(k in x));
  const changed = Object.keys(y).filter((k) => k in x && JSON.stringify(x[k]) !== JSON.stringify(y[k]));
  if (removed.length) out.push(`fields removed: ${removed.join(', ')}`);
  if (added.length) out.push(`fields added: ${added.map((k) => `${k}=${short(y[k])}`).join(', ')}`);
  if (changed.length) out.push(`fields changed: ${changed.map((k) => `${k} ${short(x[k])} → ${short(y[k])}`).join(', ')}`);
  return out;
}

/** The calls of both runs paired by endpoint, in order: what answered differently, what is new, what is gone. */
function callChanges(a: ChatRun, b: ChatRun): { lines: string[]; citations: AskCitation[] } {
  const lines: string[] = [];
  const citations: AskCitation[] = [];
  const pool = new Map<string, RecordedCall[]>();
  for (const c of a.calls) pool.set(endpointOf(c), [...(pool.get(endpointOf(c)) ?? []), c]);
  for (const c of b.calls) {
    const before = pool.get(endpointOf(c))?.shift();
    if (!before) {
      lines.push(`new call #${c.seq}: ${endpointOf(c)} → ${statusOf(c)}`);
      citations.push(callCitation(c));
      continue;
    }
    const fields = bodyChanges(before.responseBody, c.responseBody);
    const bodyDiffers = fields === null ? (before.responseBody ?? '') !== (c.responseBody ?? '') : fields.length > 0;
    if (before.status === c.status && !bodyDiffers) continue;
    const parts = [before.status === c.status ? `still ${statusOf(c)}` : `${statusOf(before)} → ${statusOf(c)}`];
    if (fields?.length) parts.push(...fields);
    else if (bodyDiffers) parts.push(`body ${excerpt(before.responseBody, 80) || '(empty)'} → ${excerpt(c.responseBody, 80) || '(empty)'}`);
    lines.push(`call #${c.seq} ${endpointOf(c)}: ${parts.join('; ')}`);
    citations.push(callCitation(c));
  }
  for (const [ep, left] of pool) for (const c of left) lines.push(`no longer called: ${ep} (was #${c.seq}, ${statusOf(c)})`);
  return { lines, citations };
}

function snapshotText(r: ChatRun, type: string): string | null {
  if (r.snapshot === null) return null;
  if (type === 'backend') return r.snapshot;
  const steps = parseJson(r.snapshot);
  return Array.isArray(steps) ? steps.map((s: { type?: string; description?: string }, i) => `${i + 1}. [${s.type ?? 'action'}] ${s.description ?? ''}`).join('\n') + '\n' : r.snapshot;
}

export function whatChanged(e: ChatEvidence): BuiltAnswer {
  const b = e.run;
  if (!b) return { intent: 'what-changed', answer: `Test "${e.test.name}" has not run yet; there is nothing to compare. Run it with 'svc test run ${e.test.id} --wait'.`, citations: [] };
  const a = e.lastPassed;
  if (!a) {
    const earlier = e.history.filter((h) => h.id !== b.id);
    return {
      intent: 'what-changed',
      answer: `Run ${b.id} ${verdictOf(b)}, and no earlier run of this test passed${earlier.length ? ` (the ${earlier.length} earlier run(s): ${earlier.slice(0, 10).map((h) => h.status).join(', ')})` : ' (it is the first run)'}, so there is no passing run to compare with. Ask why it failed instead.`,
      citations: [{ kind: 'run', ref: b.id, text: verdictOf(b) }],
    };
  }
  const lines = [`Compared with run ${a.id}, the last run that passed (${a.createdAt}), run ${b.id} (${b.createdAt}):`];
  const citations: AskCitation[] = [{ kind: 'run', ref: a.id, text: `passed at ${a.createdAt}` }, { kind: 'run', ref: b.id, text: `${verdictOf(b)} at ${b.createdAt}` }];
  lines.push(`- verdict: passed → ${verdictOf(b)}${b.analysis?.failureKind ?? b.failure?.kind ? ` (${b.analysis?.failureKind ?? b.failure?.kind})` : ''}`);
  const codeA = snapshotText(a, e.test.type);
  const codeB = snapshotText(b, e.test.type);
  const what = e.test.type === 'backend' ? 'code' : 'plan steps';
  if (a.codeVersion !== b.codeVersion || (codeA !== null && codeB !== null && codeA !== codeB)) {
    lines.push(`- ${what}: version ${a.codeVersion ?? '-'} → ${b.codeVersion ?? '-'}`);
    if (codeA !== null && codeB !== null && codeA !== codeB) {
      const patch = createTwoFilesPatch(`v${a.codeVersion} (run ${a.id})`, `v${b.codeVersion} (run ${b.id})`, codeA, codeB, undefined, undefined, { context: 2 });
      lines.push(patch.split('\n').slice(2).join('\n').trimEnd());
      citations.push({ kind: 'code', ref: `v${a.codeVersion} → v${b.codeVersion}`, text: `the ${what} changed between the runs` });
    }
  } else lines.push(`- ${what}: unchanged (version ${b.codeVersion ?? '-'})`);
  if ((a.targetUrl ?? '') !== (b.targetUrl ?? '')) lines.push(`- target: ${a.targetUrl ?? '-'} → ${b.targetUrl ?? '-'}`);
  if (e.test.type === 'backend') {
    const calls = callChanges(a, b);
    lines.push(...(calls.lines.length ? calls.lines.map((l) => `- ${l}`) : ['- every call answered as before']));
    citations.push(...calls.citations);
  }
  for (const f of e.diff?.stepFlips ?? []) {
    lines.push(`- step ${f.index + 1} (${excerpt(f.description, 100)}): ${f.from} → ${f.to}`);
    citations.push({ kind: 'step', ref: `step ${f.index + 1}`, text: `${f.from} → ${f.to}: ${excerpt(f.description, 200)}` });
  }
  const va = JSON.stringify(a.consumed ?? {});
  const vb = JSON.stringify(b.consumed ?? {});
  if (va !== vb) lines.push(`- consumed variables: ${excerpt(va, 150)} → ${excerpt(vb, 150)}`);
  return { intent: 'what-changed', answer: lines.join('\n'), citations };
}
