import type { Db } from '../../store/schema.js';
import { buildDataFlow } from '../batch-view.js';
import { callRows } from './calls.js';
import { html, type Html } from './html.js';
import { empty } from './layout.js';

/**
 * Data Flow (SPEC.md 2.4): every call of the batch grouped by endpoint (Flow) or in the order
 * made (Calls), and, collapsed, the calls no planned test made (auth, cleanup, probes).
 */
export async function dataFlowTab(db: Db, batchId: string, runHref: string, view: 'flow' | 'calls'): Promise<Html> {
  const flow = await buildDataFlow(db, batchId);
  const toggle = html`<div class="toggle" role="tablist">
    <a class="${view === 'flow' ? 'on' : ''}" href="${runHref}?tab=dataflow&amp;view=flow">Flow</a>
    <a class="${view === 'calls' ? 'on' : ''}" href="${runHref}?tab=dataflow&amp;view=calls">Calls</a></div>`;
  const all = flow.endpoints.flatMap((e) => e.calls);
  let main: Html;
  if (!all.length) main = empty('No test made an HTTP call in this batch.');
  else if (view === 'calls') {
    const ordered = [...all].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.seq - b.seq);
    main = callRows(ordered, { withEndpoint: true });
  } else {
    main = html`${flow.endpoints.map((e) => {
      const [method, ...rest] = e.endpoint.split(' ');
      return html`<section class="endpoint"><h3><span class="method">${method}</span> <span class="mono">${rest.join(' ')}</span> <span class="muted">· ${e.calls.length} call${e.calls.length === 1 ? '' : 's'}</span></h3>${callRows(e.calls)}</section>`;
    })}`;
  }
  const other = html`<details class="other"><summary>Other observed behaviors (${flow.other.length})</summary>
    <p class="muted">Calls that come from no planned test: discovery probes, auth verification, cleanup DELETEs.</p>
    ${flow.other.length ? callRows(flow.other, { withEndpoint: true, withOrigin: true }) : empty('None.')}</details>`;
  return html`${toggle}${main}${other}`;
}
