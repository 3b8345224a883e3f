import type { Db } from '../../store/schema.js';
import { callRecords, templateOf } from '../batch-view.js';
import { callRows } from './calls.js';
import { html, type Html } from './html.js';
import { empty } from './layout.js';
import { hrefWith, pager } from './pager.js';

/** Calls a page of the Calls view holds; the Flow view shows this many of each endpoint. */
export const CALLS_PER_PAGE = 100;
const PER_ENDPOINT = 5;

export interface DataFlowQuery {
  view: 'flow' | 'calls';
  page: number;
  /** Calls view: only this `METHOD /template`. */
  endpoint?: string;
}

interface CallIndex {
  id: string;
  endpoint: string;
  origin: string;
  status: number | null;
}

/**
 * Every call of a batch in the order made, without bodies or headers: a batch of 50,000 calls is
 * grouped and counted from this, and only the calls a page shows are read whole.
 */
async function callIndex(db: Db, batchId: string): Promise<CallIndex[]> {
  const rows = await db.selectFrom('run_calls').select(['id', 'origin', 'method', 'path', 'status']).where('batch_id', '=', batchId).orderBy('started_at').orderBy('seq').execute();
  return rows.map((r) => ({ id: r.id, origin: r.origin, status: r.status, endpoint: `${r.method} ${templateOf(r.path)}` }));
}

function statusSpread(calls: CallIndex[]): string {
  const n = new Map<string, number>();
  for (const c of calls) {
    const k = c.status === null ? 'no response' : `${Math.floor(c.status / 100)}xx`;
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  return [...n].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${v} × ${k}`).join(', ');
}

/**
 * Data Flow (SPEC.md 2.4): every call of the batch grouped by endpoint (Flow) or in the order
 * made (Calls, paged, narrowed to one endpoint on request), and, collapsed, the calls no planned
 * test made (auth, cleanup, probes).
 */
export async function dataFlowTab(db: Db, batchId: string, runHref: string, q: DataFlowQuery): Promise<Html> {
  const index = await callIndex(db, batchId);
  const tested = index.filter((c) => c.origin === 'test');
  const other = index.filter((c) => c.origin !== 'test');
  const groups = new Map<string, CallIndex[]>();
  for (const c of tested) (groups.get(c.endpoint) ?? groups.set(c.endpoint, []).get(c.endpoint)!).push(c);
  const link = (o: Record<string, string | number | undefined>) => hrefWith(runHref, { tab: 'dataflow', ...o });
  const toggle = html`<nav class="toggle" aria-label="Data Flow view">
    <a class="${q.view === 'flow' ? 'on' : ''}" href="${link({ view: 'flow' })}"${q.view === 'flow' ? html` aria-current="page"` : ''}>Flow</a>
    <a class="${q.view === 'calls' ? 'on' : ''}" href="${link({ view: 'calls' })}"${q.view === 'calls' ? html` aria-current="page"` : ''}>Calls</a></nav>`;
  let main: Html;
  if (!tested.length) main = empty('No test made an HTTP call in this batch.');
  else if (q.view === 'calls') {
    const list = q.endpoint ? (groups.get(q.endpoint) ?? []) : tested;
    const shown = list.slice((q.page - 1) * CALLS_PER_PAGE, q.page * CALLS_PER_PAGE);
    const pick = html`<form class="search" method="get" action="${runHref}"><input type="hidden" name="tab" value="dataflow"><input type="hidden" name="view" value="calls">
      <label for="df-endpoint">Endpoint</label><select id="df-endpoint" name="endpoint"><option value="">all (${tested.length})</option>${[...groups].map(([ep, calls]) => html`<option value="${ep}"${ep === q.endpoint ? html` selected` : ''}>${ep} (${calls.length})</option>`)}</select>
      <button class="btn secondary" type="submit">Show</button></form>`;
    const pages = pager({ path: runHref, q: { tab: 'dataflow', view: 'calls', endpoint: q.endpoint }, page: q.page, size: CALLS_PER_PAGE, shown: shown.length, total: list.length, label: 'Pages of calls' });
    main = html`${pick}${shown.length ? callRows(await callRecords(db, { ids: shown.map((c) => c.id) }), { withEndpoint: true }) : empty('No calls on this page.')}${pages}`;
  } else {
    const first = await callRecords(db, { ids: [...groups.values()].flatMap((calls) => calls.slice(0, PER_ENDPOINT).map((c) => c.id)) });
    main = html`${[...groups].map(([endpoint, calls]) => {
      const [method, ...rest] = endpoint.split(' ');
      const mine = first.filter((c) => c.endpoint === endpoint);
      return html`<section class="endpoint"><h3><span class="method">${method}</span> <span class="mono">${rest.join(' ')}</span> <span class="muted">· ${calls.length} call${calls.length === 1 ? '' : 's'}${calls.length > PER_ENDPOINT ? ` · ${statusSpread(calls)}` : ''}</span></h3>${callRows(mine)}
        ${calls.length > PER_ENDPOINT ? html`<p class="small">${PER_ENDPOINT} of ${calls.length} shown: <a href="${link({ view: 'calls', endpoint })}">all ${calls.length} calls of ${endpoint}</a></p>` : ''}</section>`;
    })}`;
  }
  const otherShown = await callRecords(db, { ids: other.slice(0, CALLS_PER_PAGE).map((c) => c.id) });
  const otherBlock = html`<details class="other"><summary>Other observed behaviors (${other.length})</summary>
    <p class="muted">Calls that come from no planned test: discovery probes, auth verification, cleanup DELETEs.${other.length > CALLS_PER_PAGE ? ` The first ${CALLS_PER_PAGE} of ${other.length}.` : ''}</p>
    ${other.length ? callRows(otherShown, { withEndpoint: true, withOrigin: true }) : empty('None.')}</details>`;
  return html`${toggle}${main}${otherBlock}`;
}
