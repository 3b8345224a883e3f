import type { BatchView } from '../../contract/batches.js';
import { html, type Html } from './html.js';
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

export function chainList(chains: BatchView['chains']): Html {
  if (!chains.length) return empty('No integration chains: no test of this batch consumes a value another one produces.');
  return html`${chains.map((ch) => html`<div class="card">
    <h3>${ch.name}</h3>
    <div class="chain">${ch.steps.map((s, i) => html`${i ? html`<span class="arrow">→</span>` : ''}<div class="step">${status(s.status)}
      ${s.runId ? html`<a href="${BASE}/runs/${s.runId}">${s.testName}</a>` : s.testName}
      <div>${badges(s.needs, 'consumed')}${badges(s.produces, 'produced')}</div></div>`)}</div>
    <p class="muted">${ch.stats.steps} steps · ${ch.stats.captures} captures flowing through${ch.captures.length ? html` (${ch.captures.join(', ')})` : ''} · ${ch.stats.passed} passed · ${ch.stats.failed} failed · ${ch.stats.blocked} blocked</p>
    ${ch.stats.blocked ? html`<p class="banner warn">TEST BLOCKED: a step never ran because a value it needs was not produced upstream.</p>` : ''}
  </div>`)}`;
}

/** Endpoint tests listed under the chains; the batch page pages through all of its runs. */
const ENDPOINT_TESTS_SHOWN = 100;

export function chainsTab(view: BatchView): Html {
  const eps = view.endpointTests;
  return html`${chainList(view.chains)}
    <h3>Endpoint tests</h3>
    ${eps.length ? html`<table class="list"><tbody>${eps.slice(0, ENDPOINT_TESTS_SHOWN).map((t) => html`<tr><td>${status(t.status)}</td><td><a href="${BASE}/runs/${t.runId}">${t.testName}</a></td></tr>`)}</tbody></table>
      ${eps.length > ENDPOINT_TESTS_SHOWN ? html`<p class="small">${ENDPOINT_TESTS_SHOWN} of ${eps.length} endpoint tests shown: <a href="${BASE}/batches/${view.batchId}#runs">every run of the batch</a></p>` : ''}` : empty('Every test of this batch is part of a chain.')}`;
}

export function cleanupTab(view: BatchView): Html {
  const c = view.cleanup;
  const sweeping = view.phase === 'cleanup';
  const orphans = c.records.filter((r) => r.status === 'orphaned');
  const head = sweeping
    ? html`<div class="banner info"><span class="spinner"></span>Running cleanup sweep…</div>`
    : c.status === 'pending' || view.phase === 'queued' || view.phase === 'tests'
      ? html`<div class="banner info">Cleanup starts once every test of the batch has finished.</div>`
      : html`<p class="muted">Cleanup finished${c.durationMs !== null ? ` in ${(c.durationMs / 1000).toFixed(1)} s` : ''}: ${c.deleted} deleted · ${c.alreadyGone} already gone · ${c.failed} failed · ${c.orphaned} might be orphaned.</p>`;
  const table = c.records.length
    ? html`<table><thead><tr><th>STATUS</th><th>RESOURCE</th><th>ID</th><th>CREATED BY</th><th>DELETE ENDPOINT</th><th class="num">HTTP</th><th class="num">TRIES</th></tr></thead><tbody>
      ${c.records.map((r) => html`<tr><td>${status(r.status)}</td><td class="mono">${r.resourcePath}${r.retainedFrom ? html` <span class="badge" title="captured by an earlier run">retained from ${r.retainedFrom}</span>` : ''}</td>
        <td class="mono">${r.resourceId}</td><td class="mono">${r.sourceEndpoint}</td><td class="mono">${r.deleteEndpoint ?? '—'}</td>
        <td class="num">${r.responseStatus ?? '—'}</td><td class="num">${r.attempts}</td></tr>`)}
      </tbody></table>`
    : empty('No created resources were captured for cleanup.');
  const orphanList = html`<h3>Might be orphaned</h3>
    ${orphans.length
      ? html`<p class="muted">No DELETE endpoint was discovered for these. Add one and re-run discovery, or delete them by hand.</p>
        <table><thead><tr><th>ID</th><th>SOURCE ENDPOINT</th><th>RESOURCE</th></tr></thead><tbody>
        ${orphans.map((r) => html`<tr><td class="mono">${r.resourceId}</td><td class="mono">${r.sourceEndpoint}</td><td class="mono">${r.resourcePath}</td></tr>`)}</tbody></table>`
      : empty('Nothing: every captured resource had a DELETE endpoint.')}`;
  return html`${head}${table}${orphanList}`;
}
