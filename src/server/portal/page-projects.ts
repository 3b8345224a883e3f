import type { Db } from '../../store/schema.js';
import { parseJson } from '../../store/db.js';
import { buildBatchView } from '../batch-view.js';
import { html, type Html } from './html.js';
import { badges, BASE, empty, fields, status, when } from './layout.js';
import { rerunForm } from './actions.js';
import { chainList } from './run-batch-tabs.js';

const PAGE_SIZE = 50;

export async function projectListBody(db: Db, userId: string, pageNo: number): Promise<Html> {
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'name', 'type', 'created_from', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .offset((pageNo - 1) * PAGE_SIZE)
    .execute();
  const more = rows.length > PAGE_SIZE;
  const list = rows.slice(0, PAGE_SIZE);
  const table = list.length
    ? html`<table><thead><tr><th>ID</th><th>NAME</th><th>TYPE</th><th>FROM</th><th>CREATED</th></tr></thead><tbody>
      ${list.map((p) => html`<tr><td class="mono"><a href="${BASE}/projects/${p.id}">${p.id}</a></td><td><a href="${BASE}/projects/${p.id}">${p.name}</a></td><td>${p.type}</td><td>${p.created_from}</td><td>${when(p.created_at)}</td></tr>`)}
      </tbody></table>`
    : empty("No projects yet. Create one with 'svc project create'.");
  const nav = html`<p>${pageNo > 1 ? html`<a href="${BASE}/projects?page=${pageNo - 1}">← Newer</a> ` : ''}${more ? html`<a href="${BASE}/projects?page=${pageNo + 1}">Older →</a>` : ''}</p>`;
  return html`<h1>Projects</h1>${table}${nav}`;
}

/** A secret is only ever reported as present or absent; the value is not even read into the page. */
const isSet = (v: string | null) => (v ? html`<span class="badge">set</span>` : html`<span class="muted">not set</span>`);

export async function projectBody(db: Db, userId: string, projectId: string, publicUrl: string): Promise<{ title: string; body: Html } | undefined> {
  const p = await db.selectFrom('projects').selectAll().where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  if (!p) return undefined;
  const tests = await db.selectFrom('tests').selectAll().where('project_id', '=', p.id).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
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
        ] as [string, Html][])
      : ([
          ['Test account', p.username ? html`${p.username} · password ${isSet(p.password)}` : p.password ? html`password only (no user name)` : html`<span class="muted">none</span>`],
          ['Instruction', p.instruction],
        ] as [string, Html | string | null][])),
  ]);
  const testRows = tests.length
    ? html`<table><thead><tr><th>STATUS</th><th>NAME</th><th>PRIORITY</th>${backend ? html`<th>CATEGORY</th><th>PRODUCES / NEEDS</th>` : html`<th>STEPS</th>`}<th>LAST RUN</th><th>UPDATED</th></tr></thead><tbody>
      ${tests.map((t) => html`<tr><td>${status(t.status)}</td><td><a href="${BASE}/tests/${t.id}">${t.name}</a></td><td>${t.priority ?? '—'}</td>
        ${backend ? html`<td>${t.category ?? '—'}</td><td>${badges(parseJson<string[]>(t.produces, []), 'produced')}${badges(parseJson<string[]>(t.consumes, []), 'consumed')}</td>` : html`<td class="num">${parseJson<unknown[]>(t.plan_steps, []).length}</td>`}
        <td class="mono">${t.last_run_id ? html`<a href="${BASE}/runs/${t.last_run_id}">${t.last_run_id}</a>` : '—'}</td><td>${when(t.updated_at)}</td></tr>`)}
      </tbody></table>`
    : empty("No tests yet. Add one with 'svc test create'.");
  const batchRows = batches.length
    ? html`<table><thead><tr><th>BATCH</th><th>KIND</th><th>STATUS</th><th>PHASE</th><th>RESULTS</th><th>SOURCE</th><th>CREATED</th></tr></thead><tbody>
      ${batches.map((b) => {
        const counts = parseJson<{ counts?: Record<string, number> }>(b.summary, {}).counts;
        return html`<tr><td class="mono"><a href="${BASE}/batches/${b.id}">${b.id}</a></td><td>${b.kind}</td><td>${status(b.status)}</td><td>${b.phase}</td>
          <td>${counts ? Object.entries(counts).map(([k, n]) => html`<span class="badge">${k} ${n}</span>`) : '—'}</td><td>${b.source}</td><td>${when(b.created_at)}</td></tr>`;
      })}</tbody></table>`
    : empty('No runs yet.');
  let flows: Html | string = '';
  // Chains are assembled as a batch finishes, so an in-flight batch would show none: prefer the latest finished one.
  const chainBatch = batches.find((b) => b.phase === 'done') ?? batches[0];
  if (backend && chainBatch) {
    const view = await buildBatchView(db, chainBatch.id, userId, publicUrl);
    if (view) {
      flows = html`<h2>Use Case / Integration chains <span class="muted">(batch <a class="mono" href="${BASE}/batches/${view.batchId}">${view.batchId}</a>)</span></h2>
        ${chainList(view.chains)}
        <h3>Endpoint tests</h3>
        ${view.endpointTests.length ? html`<table class="list"><tbody>${view.endpointTests.map((t) => html`<tr><td>${status(t.status)}</td><td><a href="${BASE}/runs/${t.runId}">${t.testName}</a></td></tr>`)}</tbody></table>` : empty('Every test of this batch is part of a chain.')}`;
    }
  }
  const body = html`<h1>${p.name}</h1><p class="sub">${p.type} project</p>
    <div class="card">${info}</div>
    <h2>Tests</h2>${tests.length ? html`<div class="actions">${rerunForm(`${BASE}/projects/${p.id}/rerun`, 'Rerun all')}</div>` : ''}${testRows}
    <h2>Recent runs</h2>${batchRows}
    ${flows}`;
  return { title: p.name, body };
}
