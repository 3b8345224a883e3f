import type { Db } from '../../store/schema.js';
import { parseJson } from '../../store/db.js';
import { html, type Html } from './html.js';
import { rerunForm } from './actions.js';
import { badges, BASE, duration, empty, fields, status, when } from './layout.js';
import { stepVerdicts, useCaseFlow } from './use-case-flow.js';
import { chatPanel, type ChatState } from './chat-panel.js';

const HISTORY = 50;

/** Code with line numbers; each line is an anchor so a failure can link to `#L<n>`. */
export function numberedCode(code: string): Html {
  const lines = code.replace(/\r\n/g, '\n').split('\n');
  return html`<pre class="code" tabindex="0" aria-label="Code">${lines.map((l, i) => html`<span class="l" id="L${i + 1}">${l || ' '}</span>`)}</pre>`;
}

const SAVED: Record<string, string> = { created: 'Test created.', steps: 'Plan steps saved.', code: 'Code saved.' };

export async function testBody(db: Db, userId: string, testId: string, saved?: string, chat?: ChatState): Promise<{ title: string; crumbs: { label: string; href?: string }[]; body: Html } | undefined> {
  const t = await db.selectFrom('tests').selectAll().where('id', '=', testId).where('user_id', '=', userId).executeTakeFirst();
  if (!t) return undefined;
  const project = await db.selectFrom('projects').select(['id', 'name']).where('id', '=', t.project_id).where('user_id', '=', userId).executeTakeFirst();
  const runs = await db.selectFrom('runs').selectAll().where('test_id', '=', t.id).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(HISTORY).execute();
  const backend = t.type === 'backend';
  const planSteps = parseJson<{ type: string; description: string }[]>(t.plan_steps, []);
  const produces = parseJson<string[]>(t.produces, []);
  const consumes = parseJson<string[]>(t.consumes, []);
  const info = fields([
    ['ID', html`<span class="mono">${t.id}</span>`],
    ['Project', project ? html`<a href="${BASE}/projects/${project.id}">${project.name}</a> <span class="muted mono">${project.id}</span>` : t.project_id],
    ['Name', t.name],
    ['Type', t.type],
    ['Created from', t.created_from],
    ['Status', status(t.status)],
    ['Created', when(t.created_at)],
    ['Updated', when(t.updated_at)],
    ['Priority', t.priority],
    ['Details', t.description],
    ...(backend
      ? ([
          ['Produces', produces.length ? badges(produces, 'produced') : null],
          ['Consumes (needs)', consumes.length ? badges(consumes, 'consumed') : null],
          ['Category', t.category],
          ['Code version', String(t.code_version)],
        ] as [string, Html | string | null][])
      : ([['Plan steps', String(planSteps.length)]] as [string, string][])),
  ]);
  const content = backend
    ? html`<h2>Code <span class="muted">(Python, version ${t.code_version})</span></h2>${t.code ? numberedCode(t.code) : empty('No code yet.')}`
    : html`<h2 id="flow-h">Use Case Flow</h2>${useCaseFlow(planSteps, await stepVerdicts(db, t.id, userId, planSteps))}`;
  const history = runs.length
    ? html`<table><thead><tr><th>STATUS</th><th>RUN</th><th>SOURCE</th><th>STARTED</th><th class="num">DURATION</th><th>REASON</th></tr></thead><tbody>
      ${runs.map((r) => html`<tr><td>${status(r.status)}</td><td class="mono"><a href="${BASE}/runs/${r.id}">${r.id}</a></td><td>${r.source}</td>
        <td>${when(r.started_at ?? r.created_at)}</td><td class="num">${duration(r.started_at, r.finished_at)}</td><td>${(r.reason ?? '').slice(0, 160)}</td></tr>`)}</tbody></table>`
    : empty("No runs yet. Start one with 'svc test run'.");
  return {
    title: t.name,
    crumbs: [{ label: 'Projects', href: `${BASE}/projects` }, ...(project ? [{ label: project.name, href: `${BASE}/projects/${project.id}` }] : []), { label: t.name }],
    body: html`${SAVED[saved ?? ''] ? html`<div class="banner info" role="status">${SAVED[saved!]}</div>` : ''}<div class="page-head"><h1>${t.name}</h1><a class="btn secondary" href="${BASE}/tests/${t.id}/edit">${backend ? 'Edit code' : 'Edit steps'}</a></div><p class="sub">${t.type} test</p>${rerunForm(`${BASE}/tests/${t.id}/rerun`, 'Rerun', backend ? 'backend' : 'frontend')}<div class="card">${info}</div>${content}<h2>Run history</h2>${history}${await chatPanel(db, userId, t.id, chat)}`,
  };
}
