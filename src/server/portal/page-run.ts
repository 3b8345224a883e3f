import type { Db } from '../../store/schema.js';
import type { PortalContext } from './guard.js';
import type { PortalKit } from './kit.js';
import { getRunRow } from '../../store/repos/runs.js';
import { buildBatchView, callRecords } from '../batch-view.js';
import { batchProgress } from './events.js';
import { pageNumber } from './pager.js';
import { html, type Html } from './html.js';
import { BASE, duration, fields, page, status, when } from './layout.js';
import { chainsTab, cleanupTab, variablesTab } from './run-batch-tabs.js';
import { dataFlowTab } from './run-dataflow.js';
import { frontendTab } from './run-frontend.js';
import { liveBlock, runLive } from './run-live.js';
import { reportTab } from './run-report.js';
import { chatPanel, type ChatState } from './chat-panel.js';

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
  /** A frontend run in flight follows its event stream instead; without scripts the page refreshes. */
  noscriptRefresh?: number;
}

export async function runPage(db: Db, userId: string, runId: string, q: { tab?: string; view?: string; page?: string; endpoint?: string; notice?: Html; chat?: ChatState }, publicUrl: string): Promise<RunPage | undefined> {
  const r = await getRunRow(db, runId, userId);
  if (!r) return undefined;
  const [batch, progress, project] = await Promise.all([
    db.selectFrom('batches').select(['id', 'kind']).where('id', '=', r.batch_id).where('user_id', '=', userId).executeTakeFirst(),
    batchProgress(db, r.batch_id, userId),
    db.selectFrom('projects').select(['id', 'name']).where('id', '=', r.project_id).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  if (!batch || !progress) return undefined;
  const inFlight = r.status === 'queued' || r.status === 'running';
  const href = `${BASE}/runs/${r.id}`;
  const sweeping = progress.phase === 'cleanup';

  // A frontend run in flight shows its live preview, which follows the run's event stream.
  const live = inFlight && r.test_type === 'frontend' ? await runLive(db, r.id, userId) : undefined;
  const head = html`<h1>${r.test_name}</h1>
    <p class="sub mono">${r.id}</p>
    ${inFlight && !live ? html`<div class="banner info"><span class="spinner"></span>${sweeping ? 'Running cleanup sweep…' : r.status === 'queued' ? 'Queued…' : 'Running…'} This page updates when it finishes.</div>` : ''}
    <div class="card">${fields([
      ['Status', status(r.status)],
      ['Verdict', r.verdict ? status(r.verdict) : null],
      ['Test', html`<a href="${BASE}/tests/${r.test_id}">${r.test_name}</a> <span class="muted">(${r.test_type})</span>`],
      ['Batch', html`<a class="mono" href="${BASE}/batches/${batch.id}">${batch.id}</a> · ${batch.kind} · ${progress.total > 1 ? html`<a href="${BASE}/batches/${batch.id}#runs">${progress.total} runs</a>` : '1 run'} · phase ${progress.phase}`],
      ['Role / wave', `${r.role} / ${r.wave}`],
      ['Source', r.source],
      ['Target URL', r.target_url ? html`<span class="mono">${r.target_url}</span>` : null],
      ['Code version', r.code_version === null ? null : String(r.code_version)],
      ['Started', when(r.started_at)],
      ['Finished', when(r.finished_at)],
      ['Duration', duration(r.started_at, r.finished_at)],
    ], 2)}</div>`;

  let content: Html;
  if (live) content = liveBlock(live, `${href}/events`);
  else if (r.test_type === 'frontend') {
    const steps = await db.selectFrom('run_steps').selectAll().where('run_id', '=', r.id).orderBy('idx').execute();
    content = frontendTab(r, steps);
  } else {
    const tab: Tab = BACKEND_TABS.some(([k]) => k === q.tab) ? (q.tab as Tab) : 'report';
    const tabs = html`<nav class="tabs">${BACKEND_TABS.map(([k, label]) => html`<a class="${k === tab ? 'on' : ''}" href="${href}?tab=${k}"${k === tab ? html` aria-current="page"` : ''}>${label}${k === 'cleanup' && sweeping ? html` <span class="spinner"></span>` : ''}</a>`)}</nav>`;
    let inner: Html;
    if (tab === 'report') inner = reportTab(r, (await callRecords(db, { runId: r.id, origin: 'test' })).sort((a, b) => a.seq - b.seq));
    else if (tab === 'dataflow') inner = await dataFlowTab(db, r.batch_id, href, { view: q.view === 'calls' ? 'calls' : 'flow', page: pageNumber(q.page), endpoint: q.endpoint || undefined });
    else {
      // The batch-wide tabs read the whole batch view, as the API's GET /batches/{id} does.
      const view = await buildBatchView(db, r.batch_id, userId, publicUrl);
      if (!view) return undefined;
      inner = tab === 'variables' ? variablesTab(view) : tab === 'chains' ? chainsTab(view) : cleanupTab(view, r.id, q.notice);
    }
    content = html`${tabs}<section class="tab-${tab}">${inner}</section>`;
  }
  // The report chat, once there is a verdict to ask about.
  const chat = inFlight ? '' : await chatPanel(db, userId, r.test_id, { runId: r.id, ...q.chat });
  return {
    title: `${r.test_name} · run`,
    crumbs: [
      { label: 'Projects', href: `${BASE}/projects` },
      ...(project ? [{ label: project.name, href: `${BASE}/projects/${project.id}` }] : []),
      { label: r.test_name, href: `${BASE}/tests/${r.test_id}` },
      { label: 'Run' },
    ],
    body: html`${head}${content}${chat}`,
    waitUrl: (inFlight || sweeping) && !live ? `${BASE}/runs/${r.id}/wait` : undefined,
    noscriptRefresh: live ? 2 : undefined,
  };
}

/** `/portal/runs/<id>` as a response: the page (with a notice above the Cleanup tab's orphans), or the 404 page. */
export async function runResponse(c: PortalContext, kit: PortalKit, runId: string, notice?: Html, code: 200 | 400 | 403 | 404 | 409 = 200, chat?: ChatState): Promise<Response> {
  const q = (k: string) => c.req.query(k);
  const dismissed = q('dismissed');
  const shown = notice ?? (dismissed ? html`<div class="banner info" role="status">Dismissed <span class="mono">${dismissed}</span>: it is no longer listed as might be orphaned.</div>` : undefined);
  const session = c.get('session')!;
  const r = await runPage(kit.deps.store.db, session.userId, runId, { tab: notice ? 'cleanup' : q('tab'), view: q('view'), page: q('page'), endpoint: q('endpoint'), notice: shown, chat }, kit.deps.config.publicUrl);
  if (!r) return kit.notFound(c);
  return c.html(page({ title: r.title, session, crumbs: r.crumbs, waitUrl: r.waitUrl, noscriptRefresh: r.noscriptRefresh }, r.body), code);
}
