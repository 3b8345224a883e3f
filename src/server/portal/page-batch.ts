import { sql } from 'kysely';
import type { BatchTriage } from '../../contract/triage.js';
import { testTriage } from '../../ops/test-triage.js';
import { parseJson } from '../../store/db.js';
import { batchProgress, type BatchProgress } from './events.js';
import type { PortalContext } from './guard.js';
import { html, type Html } from './html.js';
import type { PortalKit } from './kit.js';
import { BASE, duration, empty, fields, page, status, when } from './layout.js';
import { progressText } from './page-lifecycle.js';
import { hrefWith, pageNumber, pager } from './pager.js';

const RUNS_PER_PAGE = 50;
/** Failures listed under each cause; the rest are a filter of the run list away. */
const PER_GROUP = 10;
const STATUSES = ['failed', 'blocked', 'cancelled', 'running', 'queued', 'passed'] as const;
/** Failures first in the run list, then what is still going, then passes. */
const rank = sql<number>`case status when 'failed' then 0 when 'blocked' then 1 when 'cancelled' then 2 when 'running' then 3 when 'queued' then 4 else 5 end`;

function summary(b: { kind: string; source: string; options: string; created_at: string; started_at: string | null; finished_at: string | null; error: string | null }, p: BatchProgress, cleanup: Record<string, number>): Html {
  const o = parseJson<{ targetUrl?: string; skipDependencies?: boolean; rerun?: boolean; filter?: unknown }>(b.options, {});
  const trigger = [b.kind, o.rerun ? 'rerun' : '', o.skipDependencies ? 'dependencies skipped' : ''].filter(Boolean).join(' · ');
  const inFlight = p.phase !== 'done';
  const counts = STATUSES.filter((s) => p.counts[s]).map((s) => html`<a class="count" href="${hrefWith(`${BASE}/batches/${p.batchId}`, { status: s })}#runs">${status(s)} <strong>${p.counts[s]}</strong></a>`);
  const swept = Object.entries(cleanup).map(([k, n]) => `${n} ${k}`).join(', ');
  return html`<div class="card">${fields([
    ['Status', html`${status(inFlight && p.status !== 'cancelled' ? 'running' : p.status)} <span class="muted">phase ${p.phase}</span>`],
    ['Runs', html`<strong>${p.total}</strong> ${counts.length ? html`<span class="counts">${counts}</span>` : ''}`],
    ['Duration', b.finished_at ? duration(b.started_at ?? b.created_at, b.finished_at) : html`running since ${when(b.started_at ?? b.created_at)}`],
    ['Source', b.source],
    ['Trigger', trigger],
    ['Target URL', o.targetUrl ? html`<span class="mono">${o.targetUrl}</span>` : null],
    ['Created', when(b.created_at)],
    ['Finished', when(b.finished_at)],
    ['Cleanup', swept || null],
    ['Error', b.error],
  ], 2)}</div>
  ${inFlight ? html`<div class="run-progress live" data-events="${BASE}/batches/${p.batchId}/events">
    <progress max="${Math.max(p.total, 1)}" value="${p.finished}" aria-label="Finished runs">${p.finished} / ${p.total}</progress>
    <p class="progress-text" role="status" aria-live="polite" data-progress-text>${progressText(p)}</p></div>` : ''}`;
}

/** The batch triage of `svc test triage`: failures grouped by cause, biggest group first. */
function triageSection(t: BatchTriage | undefined, error: string | undefined, batchId: string, inFlight: boolean): Html {
  let inner: Html;
  if (!t) inner = html`<div class="banner bad" role="alert">${error ?? 'The triage could not be built.'}</div>`;
  else if (!t.groups.length) inner = empty(inFlight ? 'No failures so far.' : 'No failures: every run passed.');
  else
    inner = html`<p>${t.failed} of ${t.total} runs did not pass, in ${t.groups.length} group${t.groups.length === 1 ? '' : 's'} by cause (the check that failed, the endpoint and the recommended fix target).</p>
    ${t.groups.map((g, i) => html`<details class="group triage"${i < 3 ? html` open` : ''}><summary><strong>${g.count}</strong> × <span class="badge">${g.check}</span>${g.endpoint ? html` <span class="mono">${g.endpoint}</span>` : ''}${g.recommendedFixTarget ? html` · fix in <strong>${g.recommendedFixTarget}</strong>` : ''}</summary>
      ${g.failures[0]?.rootCauseHypothesis ? html`<p class="small">${g.failures[0].rootCauseHypothesis}</p>` : ''}
      <ul class="failures">${g.failures.slice(0, PER_GROUP).map((f) => html`<li>${status(f.status)} <a href="${BASE}/runs/${f.runId}">${f.testName}</a>
        <div class="muted small msg">${f.message.split('\n')[0]!.slice(0, 300)}</div>
        ${f.failingCall ? html`<div class="small mono">${f.failingCall.method} ${f.failingCall.path} → ${f.failingCall.status ?? 'no answer'}</div>` : ''}</li>`)}</ul>
      ${g.count > PER_GROUP ? html`<p class="small">and ${g.count - PER_GROUP} more: <a href="${hrefWith(`${BASE}/batches/${batchId}`, { status: g.failures[PER_GROUP]?.status })}#runs">see them in the run list</a></p>` : ''}
    </details>`)}`;
  return html`<section id="triage" aria-labelledby="triage-h"><h2 id="triage-h">Failures by cause</h2>${inner}</section>`;
}

async function runList(kit: PortalKit, batchId: string, userId: string, filter: string | undefined, pageNo: number, total: number): Promise<Html> {
  const db = kit.deps.store.db;
  let q = db.selectFrom('runs').select(['id', 'test_id', 'test_name', 'test_type', 'status', 'role', 'wave', 'reason', 'started_at', 'finished_at']).where('batch_id', '=', batchId).where('user_id', '=', userId);
  if (filter) q = q.where('status', '=', filter);
  const rows = await q.orderBy(rank).orderBy('wave').orderBy('test_name').orderBy('id').limit(RUNS_PER_PAGE).offset((pageNo - 1) * RUNS_PER_PAGE).execute();
  const path = `${BASE}/batches/${batchId}`;
  const filters = html`<p class="filters">Show: ${[undefined, ...STATUSES].map((s) => (s === filter ? html`<strong aria-current="true">${s ?? 'all'}</strong> ` : html`<a href="${hrefWith(path, { status: s })}#runs">${s ?? 'all'}</a> `))}</p>`;
  const table = rows.length
    ? html`<div class="scroll"><table class="runs stack"><thead><tr><th>STATUS</th><th>TEST</th><th>TYPE</th><th>WAVE</th><th class="num">DURATION</th><th>REASON</th></tr></thead><tbody>
      ${rows.map((r) => html`<tr><td>${status(r.status)}</td><td data-label="Test"><a href="${BASE}/runs/${r.id}">${r.test_name}</a>${['producer', 'consumer', 'teardown'].includes(r.role) ? html` <span class="muted small">${r.role}</span>` : ''}</td><td data-label="Type">${r.test_type}</td>
        <td data-label="Wave">${r.wave}</td><td class="num" data-label="Duration">${duration(r.started_at, r.finished_at)}</td><td class="small" data-label="Reason">${(r.reason ?? '').slice(0, 200)}</td></tr>`)}
      </tbody></table></div>`
    : empty(filter ? `No ${filter} runs in this batch.` : 'No runs.');
  return html`<section id="runs" aria-labelledby="runs-h"><h2 id="runs-h">Runs</h2>${filters}${table}
    ${pager({ path, q: { status: filter }, page: pageNo, size: RUNS_PER_PAGE, shown: rows.length, total, label: 'Pages of runs' })}</section>`;
}

/** `/portal/batches/<id>`: the batch's summary, its triage and its runs (paged, failures first); live while it runs. */
export async function batchPage(c: PortalContext, kit: PortalKit): Promise<Response> {
  const userId = c.get('session')!.userId;
  const db = kit.deps.store.db;
  const batchId = c.req.param('id') ?? '';
  const b = await db.selectFrom('batches').selectAll().where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst();
  const p = b && (await batchProgress(db, b.id, userId));
  if (!b || !p) return kit.notFound(c);
  const filter = STATUSES.find((s) => s === c.req.query('status'));
  const [project, cleanupRows, triage] = await Promise.all([
    db.selectFrom('projects').select(['id', 'name']).where('id', '=', b.project_id).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('cleanup_records').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('batch_id', '=', b.id).groupBy('status').execute(),
    kit.run(c, testTriage, { batchId: b.id }),
  ]);
  const cleanup = Object.fromEntries(cleanupRows.map((r) => [r.status, Number(r.n)]));
  const inFlight = p.phase !== 'done';
  const shownTotal = filter ? (p.counts[filter] ?? 0) : p.total;
  const body = html`<h1>Batch <span class="mono">${b.id}</span></h1><p class="sub">${project ? html`<a href="${BASE}/projects/${project.id}">${project.name}</a> · ` : ''}${b.kind} run from ${b.source}</p>
    ${summary(b, p, cleanup)}
    ${triageSection(triage.ok ? triage.value : undefined, triage.ok ? undefined : triage.error.message, b.id, inFlight)}
    ${await runList(kit, b.id, userId, filter, pageNumber(c.req.query('page')), shownTotal)}`;
  const crumbs = [{ label: 'Projects', href: `${BASE}/projects` }, ...(project ? [{ label: project.name, href: `${BASE}/projects/${project.id}` }] : []), { label: `Batch ${b.id}` }];
  return c.html(page({ title: `Batch ${b.id}`, session: c.get('session'), crumbs, noscriptRefresh: inFlight ? 3 : undefined }, body));
}
