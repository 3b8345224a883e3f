import { sql } from 'kysely';
import type { Db } from '../../store/schema.js';
import { parseJson } from '../../store/db.js';
import { buildBatchView } from '../batch-view.js';
import { html, type Html } from './html.js';
import { BASE, empty, fields, status, when } from './layout.js';
import { rerunForm } from './actions.js';
import { chainList } from './run-batch-tabs.js';
import { testFilterOf, testList, type TestFilter } from './project-tests.js';

const PAGE_SIZE = 50;

/** A LIKE pattern that matches `term` anywhere, case-insensitively, with % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Share of tests whose latest verdict is passed, among those that have one. */
export function passRate(counts: Record<string, number>): { passed: number; judged: number; percent: number } | null {
  const passed = counts.passed ?? 0;
  const judged = passed + (counts.failed ?? 0) + (counts.blocked ?? 0);
  return judged ? { passed, judged, percent: Math.round((passed / judged) * 100) } : null;
}

export async function projectListBody(db: Db, userId: string, pageNo: number, search = ''): Promise<Html> {
  const term = search.trim().slice(0, 200);
  let query = db.selectFrom('projects').select(['id', 'name', 'type', 'url', 'created_from', 'created_at']).where('user_id', '=', userId);
  if (term) {
    const pat = containsPattern(term);
    query = query.where(sql<boolean>`(lower(name) like ${pat} escape '\\' or lower(coalesce(url, '')) like ${pat} escape '\\')`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PAGE_SIZE + 1).offset((pageNo - 1) * PAGE_SIZE).execute();
  const more = rows.length > PAGE_SIZE;
  const list = rows.slice(0, PAGE_SIZE);
  const ids = list.map((p) => p.id);
  const statusRows = ids.length
    ? await db.selectFrom('tests').select(['project_id', 'status', (eb) => eb.fn.countAll<number>().as('n')]).where('user_id', '=', userId).where('project_id', 'in', ids).groupBy(['project_id', 'status']).execute()
    : [];
  const counts = new Map<string, Record<string, number>>();
  for (const r of statusRows) counts.set(r.project_id, { ...counts.get(r.project_id), [r.status]: Number(r.n) });
  const last = new Map(
    await Promise.all(
      ids.map(async (id) => [id, await db.selectFrom('batches').select(['id', 'status', 'phase', 'created_at', 'finished_at']).where('project_id', '=', id).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()] as const),
    ),
  );
  const q = term ? `&q=${encodeURIComponent(term)}` : '';
  const table = list.length
    ? html`<div class="scroll"><table class="projects stack"><thead><tr><th>ID</th><th>NAME</th><th>TYPE</th><th>LAST RUN</th><th class="num">PASS RATE</th><th>FROM</th><th>CREATED</th></tr></thead><tbody>
      ${list.map((p) => {
        const b = last.get(p.id);
        const tests = counts.get(p.id) ?? {};
        const total = Object.values(tests).reduce((a, n) => a + n, 0);
        const rate = passRate(tests);
        return html`<tr><td class="mono small" data-label="ID"><a href="${BASE}/projects/${p.id}">${p.id}</a></td><td data-label="Name"><a href="${BASE}/projects/${p.id}">${p.name}</a>${p.url ? html`<div class="muted mono small">${p.url}</div>` : ''}</td><td data-label="Type">${p.type}</td>
          <td data-label="Last run">${b ? html`<a href="${BASE}/batches/${b.id}">${status(b.phase !== 'done' && b.status !== 'cancelled' ? 'running' : b.status)}</a><div class="small">${when(b.finished_at ?? b.created_at)}</div>` : html`<span class="muted">never run</span>`}</td>
          <td class="num" data-label="Pass rate">${rate ? html`<strong>${rate.percent}%</strong><div class="muted small">${rate.passed}/${rate.judged} tests</div>` : html`<span class="muted">—</span>`}${total && !rate ? html`<div class="muted small">${total} test${total === 1 ? '' : 's'}</div>` : ''}</td>
          <td data-label="From">${p.created_from}</td><td class="small" data-label="Created">${when(p.created_at)}</td></tr>`;
      })}
      </tbody></table></div>`
    : term
      ? empty(`No project's name or URL contains "${term}".`)
      : empty('No projects yet. Create one with the button above, or with \'svc project create\'.');
  const nav = html`<p>${pageNo > 1 ? html`<a href="${BASE}/projects?page=${pageNo - 1}${q}">← Newer</a> ` : ''}${more ? html`<a href="${BASE}/projects?page=${pageNo + 1}${q}">Older →</a>` : ''}</p>`;
  const searchForm = html`<form class="search" method="get" action="${BASE}/projects" role="search">
    <label for="q">Search projects</label>
    <input id="q" name="q" type="search" value="${term}" placeholder="Name or URL" aria-describedby="q-hint">
    <button class="btn secondary" type="submit">Search</button>${term ? html` <a href="${BASE}/projects">Clear</a>` : ''}
    <span id="q-hint" class="hint">${term ? `${list.length}${more ? '+' : ''} match${list.length === 1 && !more ? '' : 'es'}` : 'Matches any part of a name or URL.'}</span>
  </form>`;
  return html`<div class="page-head"><h1>Projects</h1><a class="btn" href="${BASE}/projects/new">New project</a></div>${searchForm}${table}${nav}`;
}

/** Chains and endpoint tests shown on the project page; the batch's Integration Tests tab has them all. */
const SHOWN = 20;
function more(n: number, what: string, view: { runs: { runId: string }[] }): Html | string {
  const first = view.runs[0];
  return n > SHOWN && first ? html`<p class="small">${SHOWN} of ${n} ${what} shown: <a href="${BASE}/runs/${first.runId}?tab=chains">all of them</a></p>` : '';
}

/** A secret is only ever reported as present or absent; the value is not even read into the page. */
const isSet = (v: string | null) => (v ? html`<span class="badge">set</span>` : html`<span class="muted">not set</span>`);

export async function projectBody(
  db: Db,
  userId: string,
  projectId: string,
  publicUrl: string,
  extra: { notice?: Html | string; steps?: Html | string; filter?: TestFilter } = {},
): Promise<{ title: string; body: Html } | undefined> {
  const p = await db.selectFrom('projects').selectAll().where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  if (!p) return undefined;
  const batches = await db.selectFrom('batches').selectAll().where('project_id', '=', p.id).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(10).execute();
  const backend = p.type === 'backend';
  const info = fields([
    ['ID', html`<span class="mono">${p.id}</span>`],
    ['Type', p.type],
    ['Created from', p.created_from],
    ['Created', when(p.created_at)],
    ['Updated', when(p.updated_at)],
    [backend ? 'Base URL' : 'Starting URL', p.url ? html`<span class="mono">${p.url}</span>` : null],
    ...(backend
      ? ([
          ['Credential', isSet(p.credential)],
          ['Auto-Auth', p.auto_auth ? html`<span class="badge">configured</span>` : html`<span class="muted">not configured</span>`],
          ['Instruction', p.instruction],
        ] as [string, Html | string | null][])
      : ([
          ['Test account', p.username ? html`${p.username} · password ${isSet(p.password)}` : p.password ? html`password only (no user name)` : html`<span class="muted">none</span>`],
          ['Instruction', p.instruction],
        ] as [string, Html | string | null][])),
  ]);
  const tests = await testList(db, userId, p.id, backend, extra.filter ?? testFilterOf(() => undefined));
  const batchRows = batches.length
    ? html`<div class="scroll"><table><thead><tr><th>BATCH</th><th>KIND</th><th>STATUS</th><th>PHASE</th><th>RESULTS</th><th>SOURCE</th><th>CREATED</th></tr></thead><tbody>
      ${batches.map((b) => {
        const counts = parseJson<{ counts?: Record<string, number> }>(b.summary, {}).counts;
        return html`<tr><td class="mono"><a href="${BASE}/batches/${b.id}">${b.id}</a></td><td>${b.kind}</td><td>${status(b.status)}</td><td>${b.phase}</td>
          <td>${counts ? Object.entries(counts).map(([k, n]) => html`<span class="badge">${k} ${n}</span>`) : '—'}</td><td>${b.source}</td><td>${when(b.created_at)}</td></tr>`;
      })}</tbody></table></div>`
    : empty('No runs yet.');
  let flows: Html | string = '';
  // Chains are assembled as a batch finishes, so an in-flight batch would show none: prefer the latest finished one.
  const chainBatch = batches.find((b) => b.phase === 'done') ?? batches[0];
  if (backend && chainBatch) {
    const view = await buildBatchView(db, chainBatch.id, userId, publicUrl);
    if (view) {
      flows = html`<h2>Use Case / Integration chains <span class="muted">(batch <a class="mono" href="${BASE}/batches/${view.batchId}">${view.batchId}</a>)</span></h2>
        ${chainList(view.chains.slice(0, SHOWN))}${more(view.chains.length, 'chains', view)}
        <h3>Endpoint tests</h3>
        ${view.endpointTests.length ? html`<div class="scroll"><table class="list"><tbody>${view.endpointTests.slice(0, SHOWN).map((t) => html`<tr><td>${status(t.status)}</td><td><a href="${BASE}/runs/${t.runId}">${t.testName}</a></td></tr>`)}</tbody></table></div>${more(view.endpointTests.length, 'endpoint tests', view)}` : empty('Every test of this batch is part of a chain.')}`;
    }
  }
  const body = html`${extra.notice ?? ''}<div class="page-head"><h1>${p.name}</h1><a class="btn secondary" href="${BASE}/projects/${p.id}/edit">Edit project</a></div><p class="sub">${p.type} project</p>
    <div class="card">${info}</div>
    ${extra.steps ?? ''}
    <div id="results"><h2>Tests</h2><div class="actions"><a class="btn secondary" href="${BASE}/projects/${p.id}/tests/new">New test</a>${tests.total ? rerunForm(`${BASE}/projects/${p.id}/rerun`, 'Rerun all', p.type) : ''}</div>${tests.html}
    <h2>Recent runs</h2>${batchRows}
    ${flows}</div>`;
  return { title: p.name, body };
}
