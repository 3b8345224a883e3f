import type { Db } from '../../store/schema.js';
import { getRunRow } from '../../store/repos/runs.js';
import { buildBatchView, buildDataFlow } from '../batch-view.js';
import { html, type Html } from './html.js';
import { BASE, duration, fields, status, when } from './layout.js';
import { chainsTab, cleanupTab, variablesTab } from './run-batch-tabs.js';
import { dataFlowTab } from './run-dataflow.js';
import { frontendTab } from './run-frontend.js';
import { reportTab } from './run-report.js';

export const BACKEND_TABS = [
  ['report', 'Test Report'],
  ['dataflow', 'Data Flow'],
  ['variables', 'Dynamic Variables'],
  ['chains', 'Integration Tests'],
  ['cleanup', 'Cleanup'],
] as const;
type Tab = (typeof BACKEND_TABS)[number][0];

export interface RunPage {
  title: string;
  crumbs: { label: string; href?: string }[];
  body: Html;
  /** While the run (or its batch's cleanup) is still going: where to wait for it to finish. */
  waitUrl?: string;
}

export async function runPage(db: Db, userId: string, runId: string, q: { tab?: string; view?: string }, publicUrl: string): Promise<RunPage | undefined> {
  const r = await getRunRow(db, runId, userId);
  if (!r) return undefined;
  const view = await buildBatchView(db, r.batch_id, userId, publicUrl);
  if (!view) return undefined;
  const project = await db.selectFrom('projects').select(['id', 'name']).where('id', '=', r.project_id).where('user_id', '=', userId).executeTakeFirst();
  const inFlight = r.status === 'queued' || r.status === 'running';
  const href = `${BASE}/runs/${r.id}`;
  const sweeping = view.phase === 'cleanup';

  const head = html`<h1>${r.test_name}</h1>
    <p class="sub mono">${r.id}</p>
    ${inFlight ? html`<div class="banner info"><span class="spinner"></span>${sweeping ? 'Running cleanup sweep…' : r.status === 'queued' ? 'Queued…' : 'Running…'} This page updates when it finishes.</div>` : ''}
    <div class="card">${fields([
      ['Status', status(r.status)],
      ['Verdict', r.verdict ? status(r.verdict) : null],
      ['Test', html`<a href="${BASE}/tests/${r.test_id}">${r.test_name}</a> <span class="muted">(${r.test_type})</span>`],
      ['Batch', html`<span class="mono">${view.batchId}</span> · ${view.kind} · ${view.runs.length} run${view.runs.length === 1 ? '' : 's'} · phase ${view.phase}`],
      ['Role / wave', `${r.role} / ${r.wave}`],
      ['Source', r.source],
      ['Target URL', r.target_url ? html`<span class="mono">${r.target_url}</span>` : null],
      ['Code version', r.code_version === null ? null : String(r.code_version)],
      ['Started', when(r.started_at)],
      ['Finished', when(r.finished_at)],
      ['Duration', duration(r.started_at, r.finished_at)],
    ], 2)}</div>
    ${view.runs.length > 1 ? html`<details><summary>Other runs in this batch (${view.runs.length - 1})</summary><table><tbody>
      ${view.runs.filter((x) => x.runId !== r.id).map((x) => html`<tr><td>${status(x.status)}</td><td><a href="${BASE}/runs/${x.runId}">${x.testName}</a></td><td class="muted">wave ${x.wave}</td></tr>`)}</tbody></table></details>` : ''}`;

  let content: Html;
  if (r.test_type === 'frontend') {
    const steps = await db.selectFrom('run_steps').selectAll().where('run_id', '=', r.id).orderBy('idx').execute();
    content = frontendTab(r, steps);
  } else {
    const tab: Tab = BACKEND_TABS.some(([k]) => k === q.tab) ? (q.tab as Tab) : 'report';
    const tabs = html`<nav class="tabs">${BACKEND_TABS.map(([k, label]) => html`<a class="${k === tab ? 'on' : ''}" href="${href}?tab=${k}">${label}${k === 'cleanup' && sweeping ? html` <span class="spinner"></span>` : ''}</a>`)}</nav>`;
    let inner: Html;
    if (tab === 'report') {
      const flow = await buildDataFlow(db, r.batch_id);
      inner = reportTab(r, flow.endpoints.flatMap((e) => e.calls).filter((c) => c.runId === r.id).sort((a, b) => a.seq - b.seq));
    } else if (tab === 'dataflow') inner = await dataFlowTab(db, r.batch_id, href, q.view === 'calls' ? 'calls' : 'flow');
    else if (tab === 'variables') inner = variablesTab(view);
    else if (tab === 'chains') inner = chainsTab(view);
    else inner = cleanupTab(view);
    content = html`${tabs}<section class="tab-${tab}">${inner}</section>`;
  }
  return {
    title: `${r.test_name} · run`,
    crumbs: [
      { label: 'Projects', href: `${BASE}/projects` },
      ...(project ? [{ label: project.name, href: `${BASE}/projects/${project.id}` }] : []),
      { label: r.test_name, href: `${BASE}/tests/${r.test_id}` },
      { label: 'Run' },
    ],
    body: html`${head}${content}`,
    waitUrl: inFlight || sweeping ? `${BASE}/runs/${r.id}/wait` : undefined,
  };
}

/** A batch link lands on its most telling run: the first failure, else the first run. */
export async function batchLanding(db: Db, userId: string, batchId: string): Promise<string | undefined> {
  const runs = await db.selectFrom('runs').select(['id', 'status', 'verdict']).where('batch_id', '=', batchId).where('user_id', '=', userId).orderBy('wave').orderBy('created_at').execute();
  if (!runs.length) return undefined;
  const pick = runs.find((x) => (x.verdict ?? x.status) === 'failed') ?? runs[0]!;
  return `${BASE}/runs/${pick.id}`;
}
