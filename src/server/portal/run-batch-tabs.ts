import type { BatchView } from '../../contract/batches.js';
import { html, type Html } from './html.js';
import { graphSvg, type GraphEdge, type GraphNode } from './graph.js';
import { badges, BASE, empty, status } from './layout.js';

/** Values are stored as JSON; strings show bare, anything else as compact JSON. */
export function showValue(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export function variablesTab(view: BatchView): Html {
  if (!view.variables.length) return empty('No dynamic variables were captured in this batch.');
  return html`<table><thead><tr><th>NAME</th><th>VALUE</th><th>CAPTURED FROM</th><th>USED BY</th><th>DELETED BY</th></tr></thead><tbody>
    ${view.variables.map((v) => html`<tr>
      <td><span class="badge b-produced">${v.name}</span></td>
      <td class="mono">${showValue(v.value)}</td>
      <td><a href="${BASE}/runs/${v.capturedFrom.runId}">${v.capturedFrom.testName}</a></td>
      <td>${v.usedBy.length ? v.usedBy.map((u, i) => html`${i ? ', ' : ''}<a href="${BASE}/tests/${u.testId}">${u.testName}</a>`) : html`<span class="muted">—</span>`}</td>
      <td class="mono">${v.deletedBy ?? html`<span class="muted">—</span>`}</td></tr>`)}
    </tbody></table>`;
}

type Step = BatchView['chains'][number]['steps'][number];

/**
 * Who produced each value the batch's tests consume: the engine picks one producer per name
 * consistently, the first by test id (engine/plan.ts producersOf), and a chain holds it with its consumers.
 */
export function producersIn(chains: BatchView['chains']): Map<string, Step> {
  const m = new Map<string, Step>();
  for (const ch of chains) for (const st of ch.steps) for (const v of st.produces) {
    const cur = m.get(v);
    if (!cur || st.testId < cur.testId) m.set(v, st);
  }
  return m;
}

/** The producer/consumer graph of a batch: a node per test of a chain, an edge per value flowing (SPEC.md 2.4, 3.5). */
export function dependencyGraph(chains: BatchView['chains']): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const producerOf = producersIn(chains);
  const nodes = new Map<string, GraphNode>();
  const flows = new Map<string, GraphEdge>();
  for (const ch of chains) for (const st of ch.steps) {
    nodes.set(st.testId, { id: st.testId, label: st.testName, status: st.status, href: st.runId ? `${BASE}/runs/${st.runId}` : `${BASE}/tests/${st.testId}` });
    for (const v of st.needs) {
      const p = producerOf.get(v);
      if (!p || p.testId === st.testId) continue;
      const key = `${p.testId} ${st.testId}`;
      const e = flows.get(key);
      if (e) e.label = `${e.label}, ${v}`;
      else flows.set(key, { from: p.testId, to: st.testId, label: v });
    }
  }
  return { nodes: [...nodes.values()], edges: [...flows.values()] };
}

/** Each chain as a list: its tests in run order, what each needs and from which test, what it produces. */
export function chainList(chains: BatchView['chains']): Html {
  if (!chains.length) return empty('No integration chains: no test of this batch consumes a value another one produces.');
  const producerOf = producersIn(chains);
  const link = (st: Step) => (st.runId ? html`<a href="${BASE}/runs/${st.runId}">${st.testName}</a>` : st.testName);
  return html`${chains.map((ch) => html`<div class="card">
    <h3>${ch.name}</h3>
    <ol class="chain-steps">${ch.steps.map((st) => {
      const from = st.needs.map((v) => ({ v, p: producerOf.get(v) }));
      return html`<li>${status(st.status)} ${link(st)}
        <div class="small">${from.length ? html`needs ${from.map(({ v, p }, i) => html`${i ? '; ' : ''}${badges([v], 'consumed')}${p && p.testId !== st.testId ? html` from ${p.testName}` : html` <span class="muted">(no producer in this batch)</span>`}`)}` : ''}${from.length && st.produces.length ? ' · ' : ''}${st.produces.length ? html`produces ${badges(st.produces, 'produced')}` : ''}</div></li>`;
    })}</ol>
    <p class="muted">${ch.stats.steps} steps · ${ch.stats.captures} captures flowing through${ch.captures.length ? html` (${ch.captures.join(', ')})` : ''} · ${ch.stats.passed} passed · ${ch.stats.failed} failed · ${ch.stats.blocked} blocked</p>
    ${ch.stats.blocked ? html`<p class="banner warn">TEST BLOCKED: a step never ran because a value it needs was not produced upstream.</p>` : ''}
  </div>`)}`;
}

/** Endpoint tests listed under the chains; the batch page pages through all of its runs. */
const ENDPOINT_TESTS_SHOWN = 100;

export function chainsTab(view: BatchView): Html {
  const eps = view.endpointTests;
  const g = dependencyGraph(view.chains);
  const drawing = g.nodes.length ? html`<h3>Dependency graph</h3>${graphSvg(g.nodes, g.edges, { id: 'deps', caption: `${g.nodes.length} tests linked by ${g.edges.length} value flow${g.edges.length === 1 ? '' : 's'}: an arrow runs from the test that produces a value to each test that consumes it. The same links are listed below.` })}` : '';
  return html`${drawing}<h3>Chains</h3>${chainList(view.chains)}
    <h3>Endpoint tests</h3>
    ${eps.length ? html`<table class="list"><tbody>${eps.slice(0, ENDPOINT_TESTS_SHOWN).map((t) => html`<tr><td>${status(t.status)}</td><td><a href="${BASE}/runs/${t.runId}">${t.testName}</a></td></tr>`)}</tbody></table>
      ${eps.length > ENDPOINT_TESTS_SHOWN ? html`<p class="small">${ENDPOINT_TESTS_SHOWN} of ${eps.length} endpoint tests shown: <a href="${BASE}/batches/${view.batchId}#runs">every run of the batch</a></p>` : ''}` : empty('Every test of this batch is part of a chain.')}`;
}

/** The Cleanup tab; `runId` is the run whose page shows it (where a dismissal comes back to). */
export function cleanupTab(view: BatchView, runId: string, notice: Html | string = ''): Html {
  const c = view.cleanup;
  const sweeping = view.phase === 'cleanup';
  const orphans = c.records.filter((r) => r.status === 'orphaned');
  const dismissed = c.records.filter((r) => r.status === 'dismissed');
  const head = sweeping
    ? html`<div class="banner info" role="status"><span class="spinner"></span>Running cleanup sweep… The run is complete once it ends; this page updates then.</div>`
    : c.status === 'pending' || view.phase === 'queued' || view.phase === 'tests'
      ? html`<div class="banner info">Cleanup starts once every test of the batch has finished.</div>`
      : html`<p class="muted">Cleanup finished${c.durationMs !== null ? ` in ${(c.durationMs / 1000).toFixed(1)} s` : ''}: ${c.deleted} deleted · ${c.alreadyGone} already gone · ${c.failed} failed · ${c.orphaned} might be orphaned${dismissed.length ? ` · ${dismissed.length} dismissed` : ''}.</p>`;
  const table = c.records.length
    ? html`<div class="scroll"><table class="stack"><thead><tr><th>STATUS</th><th>RESOURCE</th><th>ID</th><th>CREATED BY</th><th>DELETE ENDPOINT</th><th class="num">HTTP</th><th class="num">TRIES</th></tr></thead><tbody>
      ${c.records.map((r) => html`<tr><td>${status(r.status)}</td><td class="mono" data-label="Resource">${r.resourcePath}${r.retainedFrom ? html` <span class="badge" title="captured by an earlier run">retained from ${r.retainedFrom}</span>` : ''}</td>
        <td class="mono" data-label="ID">${r.resourceId}</td><td class="mono" data-label="Created by">${r.sourceEndpoint}</td><td class="mono" data-label="DELETE endpoint">${r.deleteEndpoint ?? '—'}</td>
        <td class="num" data-label="HTTP">${r.responseStatus ?? '—'}</td><td class="num" data-label="Tries">${r.attempts}</td></tr>`)}
      </tbody></table></div>`
    : empty('No created resources were captured for cleanup.');
  const action = `${BASE}/batches/${view.batchId}/cleanup/dismiss`;
  const orphanList = html`<section id="orphans" aria-labelledby="orphans-h"><h3 id="orphans-h">Might be orphaned</h3>${notice}
    ${orphans.length
      ? html`<p class="muted">No DELETE endpoint was discovered for these. Add one and re-run discovery, or delete them by hand and dismiss their rows.</p>
        <div class="scroll"><table class="stack"><thead><tr><th>ID</th><th>SOURCE ENDPOINT</th><th>RESOURCE</th><th><span class="sr-only">Action</span></th></tr></thead><tbody>
        ${orphans.map((r) => html`<tr><td class="mono" data-label="ID">${r.resourceId}</td><td class="mono" data-label="Source endpoint">${r.sourceEndpoint}</td><td class="mono" data-label="Resource">${r.resourcePath}</td>
          <td><form class="inline" method="post" action="${action}"><input type="hidden" name="resource" value="${r.resourcePath}"><input type="hidden" name="run" value="${runId}">
            <button class="btn secondary small" type="submit" aria-label="Dismiss ${r.resourcePath} (deleted by hand)">Dismiss</button></form></td></tr>`)}</tbody></table></div>`
      : empty(dismissed.length ? 'Nothing left: every row was dismissed.' : 'Nothing: every captured resource had a DELETE endpoint.')}
    ${dismissed.length ? html`<h4>Dismissed</h4><ul>${dismissed.map((r) => html`<li><span class="mono">${r.resourcePath}</span> <span class="muted small">(${r.sourceEndpoint}; ${r.responseBody ?? 'dismissed'})</span></li>`)}</ul>` : ''}</section>`;
  return html`${head}${table}${orphanList}`;
}
