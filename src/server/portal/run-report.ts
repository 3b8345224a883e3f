import type { CallRecord } from '../../contract/batches.js';
import { parseJson } from '../../store/db.js';
import type { RunRow } from '../../store/repos/runs.js';
import { callDetail, httpStatus } from './calls.js';
import { html, type Html } from './html.js';
import { BASE, empty, fields, pre, status } from './layout.js';
import { showValue } from './run-batch-tabs.js';

interface Assertion { ok: boolean; source: string; message: string | null; line: number }
interface Analysis {
  failureKind?: string;
  rootCauseHypothesis?: string;
  recommendedFixTarget?: string;
  confidence?: string;
  evidence?: string[];
  reproducer?: string;
  provider?: string;
}
interface Failure { kind?: string; message?: string; exceptionType?: string; line?: number }

export function analysisBlock(raw: string | null): Html {
  const a = parseJson<Analysis | null>(raw, null);
  if (!a) return html``;
  return html`<div class="card analysis"><h2>Suspected cause and suggested fix</h2>
    ${fields([
      ['Failure kind', a.failureKind ? html`<span class="badge">${a.failureKind}</span>` : null],
      ['Root cause hypothesis', a.rootCauseHypothesis],
      ['Recommended fix target', a.recommendedFixTarget ? html`<strong>${a.recommendedFixTarget}</strong>` : null],
      ['Confidence', a.confidence],
      ['Analysed by', a.provider],
    ])}
    ${a.evidence?.length ? html`<h3>Evidence</h3><ul>${a.evidence.map((e) => html`<li>${e}</li>`)}</ul>` : ''}
    ${a.reproducer ? html`<h3>Reproduce with curl</h3><pre class="curl" tabindex="0">${a.reproducer}</pre>` : ''}
  </div>`;
}

function varTable(title: string, vals: Record<string, unknown> | null, kind: 'produced' | 'consumed'): Html {
  if (!vals || !Object.keys(vals).length) return html``;
  return html`<h3>${title}</h3><table class="kv"><tbody>${Object.entries(vals).map(([k, v]) => html`<tr><td><span class="badge b-${kind}">${k}</span></td><td class="mono">${showValue(v)}</td></tr>`)}</tbody></table>`;
}

/** Test Report (SPEC.md 1.2 step 7): verdict, assertions, every call of the run, output, analysis. */
export function reportTab(r: RunRow, calls: CallRecord[]): Html {
  const failure = parseJson<Failure | null>(r.failure, null);
  const assertions = parseJson<Assertion[]>(r.assertions, []);
  const extra = parseJson<{ blockedBy?: { testId: string; testName: string; variables: string[] }[]; missingVariables?: string[] }>(r.extra, {});
  const firstBad = calls.findIndex((c) => c.status === null || c.status >= 400);
  const verdict = html`<div class="card"><p class="verdict">${status(r.verdict ?? r.status)} ${r.reason ? html`<span>${r.reason}</span>` : ''}</p>
    ${failure ? fields([
      ['Failure', failure.kind ? html`<span class="badge">${failure.kind}</span>` : null],
      ['Message', failure.message ? html`<span class="mono">${failure.message}</span>` : null],
      ...(failure.exceptionType ? [['Exception', failure.exceptionType] as [string, string]] : []),
      ...(failure.line ? [['Line', html`<a href="${BASE}/tests/${r.test_id}#L${failure.line}">${failure.line}</a>`] as [string, Html]] : []),
    ]) : ''}
    ${extra.blockedBy?.length ? html`<p class="banner warn">TEST BLOCKED: never ran because ${extra.blockedBy.map((b, i) => html`${i ? ', ' : ''}<a href="${BASE}/tests/${b.testId}">${b.testName}</a> did not produce ${b.variables.join(', ')}`)}.</p>` : ''}
    ${extra.missingVariables?.length ? html`<p class="muted">Missing variables: ${extra.missingVariables.join(', ')}</p>` : ''}
  </div>`;
  const asserts = assertions.length
    ? html`<table><thead><tr><th>RESULT</th><th>ASSERTION</th><th>MESSAGE</th><th class="num">LINE</th></tr></thead><tbody>
      ${assertions.map((a) => html`<tr><td>${status(a.ok ? 'passed' : 'failed')}</td><td class="mono">${a.source}</td><td>${a.message ?? ''}</td><td class="num">${a.line}</td></tr>`)}</tbody></table>`
    : empty('No assertions were recorded.');
  const callList = calls.length
    ? html`<table><thead><tr><th>#</th><th>CALL</th><th class="num">STATUS</th><th class="num">LATENCY</th></tr></thead><tbody>
      ${calls.map((c, i) => html`<tr><td class="num">${i + 1}</td><td class="mono">${c.method} ${c.path}${callDetail(c, i === firstBad)}</td><td class="num">${httpStatus(c.status, c.error)}</td><td class="num">${Math.round(c.latencyMs)} ms</td></tr>`)}</tbody></table>`
    : empty('This run made no HTTP calls.');
  return html`${verdict}
    ${analysisBlock(r.analysis)}
    <h2>Assertions</h2>${asserts}
    <h2>Requests and responses</h2>${callList}
    ${varTable('Produced variables', parseJson(r.produced, null), 'produced')}
    ${varTable('Consumed variables', parseJson(r.consumed, null), 'consumed')}
    <h2>API output</h2>${pre(r.api_output)}
    <h2>Trace</h2>${pre(r.trace)}`;
}
