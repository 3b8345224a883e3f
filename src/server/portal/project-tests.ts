import { sql } from 'kysely';
import { TestStatus } from '../../contract/test-fields.js';
import { parseJson } from '../../store/db.js';
import type { Db } from '../../store/schema.js';
import { endpointOf } from '../batch-triage.js';
import { html, type Html } from './html.js';
import { badges, BASE, empty, status, when } from './layout.js';
import { hrefWith, pageNumber, pager } from './pager.js';

const PER_PAGE = 50;
/** Failures first, then what has not passed yet, then passes. */
const RANK = ['failed', 'blocked', 'cancelled', 'unknown', 'running', 'queued', 'ready', 'draft', 'passed'];
const rank = sql<number>`case status ${sql.join(RANK.map((s, i) => sql`when ${sql.lit(s)} then ${sql.lit(i)}`), sql` `)} else ${sql.lit(RANK.length)} end`;

/** What the project page's test list is narrowed to (from its query string). */
export interface TestFilter {
  status?: string;
  category?: string;
  endpoint?: string;
  q: string;
  page: number;
}

export function testFilterOf(get: (name: string) => string | undefined): TestFilter {
  const s = get('status');
  return {
    status: TestStatus.options.find((x) => x === s),
    category: get('category')?.slice(0, 100) || undefined,
    endpoint: get('endpoint')?.slice(0, 300) || undefined,
    q: (get('q') ?? '').trim().slice(0, 200),
    page: pageNumber(get('page')),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function option(value: string, label: string, chosen: string | undefined): Html {
  return html`<option value="${value}"${value === (chosen ?? '') ? html` selected` : ''}>${label}</option>`;
}

/**
 * The project page's test list at the scale of a real suite: counts by status, filters by status,
 * category and endpoint (the `METHOD /path` a generated test is named after), a search over names
 * and descriptions, failures first, 50 a page. Everything is narrowed on the server.
 */
export async function testList(db: Db, userId: string, projectId: string, backend: boolean, f: TestFilter): Promise<{ html: Html; total: number }> {
  const mine = () => db.selectFrom('tests').where('project_id', '=', projectId).where('user_id', '=', userId);
  const [byStatus, byCategory, names] = await Promise.all([
    mine().select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
    backend ? mine().select(['category', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('category').orderBy('category').execute() : Promise.resolve([]),
    backend ? mine().select('name').execute() : Promise.resolve([]),
  ]);
  const total = byStatus.reduce((a, r) => a + Number(r.n), 0);
  const endpoints = new Map<string, number>();
  for (const { name } of names) {
    const ep = endpointOf(name, null);
    if (ep) endpoints.set(ep, (endpoints.get(ep) ?? 0) + 1);
  }
  let q = mine();
  if (f.status) q = q.where('status', '=', f.status);
  if (f.category) q = q.where('category', '=', f.category);
  if (f.endpoint) q = q.where((eb) => eb.or([eb('name', '=', f.endpoint!), eb('name', 'like', sql<string>`${`${escapeLike(f.endpoint!)} %`} escape '\\'`)]));
  if (f.q) {
    const pat = `%${escapeLike(f.q.toLowerCase())}%`;
    q = q.where(sql<boolean>`(lower(name) like ${pat} escape '\\' or lower(coalesce(description, '')) like ${pat} escape '\\')`);
  }
  const narrowed = !!(f.status || f.category || f.endpoint || f.q);
  const [count, rows] = await Promise.all([
    narrowed ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst().then((r) => Number(r?.n ?? 0)) : Promise.resolve(total),
    q.selectAll().orderBy(rank).orderBy('created_at').orderBy('id').limit(PER_PAGE).offset((f.page - 1) * PER_PAGE).execute(),
  ]);
  const path = `${BASE}/projects/${projectId}`;
  const keep = { status: f.status, category: f.category, endpoint: f.endpoint, q: f.q || undefined };
  const counts = RANK.filter((s) => byStatus.some((r) => r.status === s)).map((s) => {
    const n = Number(byStatus.find((r) => r.status === s)!.n);
    return html`<a class="count" href="${hrefWith(path, { ...keep, status: s === f.status ? undefined : s })}#results"${s === f.status ? html` aria-current="true"` : ''}>${status(s)} <strong>${n}</strong></a>`;
  });
  const form = html`<form class="search filters-form" method="get" action="${path}#results" role="search" aria-label="Filter the tests">
    <label for="t-q">Search tests</label><input id="t-q" name="q" type="search" value="${f.q}" placeholder="Name or description">
    <label for="t-status">Status</label><select id="t-status" name="status">${option('', 'any', f.status)}${RANK.map((s) => option(s, s, f.status))}</select>
    ${backend ? html`<label for="t-category">Category</label><select id="t-category" name="category">${option('', 'any', f.category)}${byCategory.filter((r) => r.category).map((r) => option(r.category!, `${r.category} (${r.n})`, f.category))}</select>
    <label for="t-endpoint">Endpoint</label><select id="t-endpoint" name="endpoint">${option('', 'any', f.endpoint)}${[...endpoints].sort(([a], [b]) => a.localeCompare(b)).map(([ep, n]) => option(ep, `${ep} (${n})`, f.endpoint))}</select>` : ''}
    <button class="btn secondary" type="submit">Filter</button>${narrowed ? html` <a href="${path}#results">Clear</a>` : ''}
  </form>`;
  const table = rows.length
    ? html`<div class="scroll"><table class="tests stack"><thead><tr><th>STATUS</th><th>NAME</th><th>PRIORITY</th>${backend ? html`<th>CATEGORY</th><th>PRODUCES / NEEDS</th>` : html`<th>STEPS</th>`}<th>LAST RUN</th><th>UPDATED</th></tr></thead><tbody>
      ${rows.map((t) => html`<tr><td>${status(t.status)}</td><td data-label="Name"><a href="${BASE}/tests/${t.id}">${t.name}</a></td><td data-label="Priority">${t.priority ?? '—'}</td>
        ${backend ? html`<td data-label="Category">${t.category ?? '—'}</td><td data-label="Produces / needs">${badges(parseJson<string[]>(t.produces, []), 'produced')}${badges(parseJson<string[]>(t.consumes, []), 'consumed')}</td>` : html`<td class="num" data-label="Steps">${parseJson<unknown[]>(t.plan_steps, []).length}</td>`}
        <td class="mono small" data-label="Last run">${t.last_run_id ? html`<a href="${BASE}/runs/${t.last_run_id}">${t.last_run_id}</a>` : '—'}</td><td class="small" data-label="Updated">${when(t.updated_at)}</td></tr>`)}
      </tbody></table></div>`
    : total
      ? empty('No test matches these filters.')
      : empty("No tests yet. Add one with 'svc test create'.");
  const out = html`${total ? html`<p class="counts-line"><strong>${total.toLocaleString('en')}</strong> test${total === 1 ? '' : 's'} <span class="counts">${counts}</span></p>${form}` : ''}${table}
    ${total ? pager({ path, q: keep, page: f.page, size: PER_PAGE, shown: rows.length, total: count, label: 'Pages of tests' }) : ''}`;
  return { html: out, total };
}
