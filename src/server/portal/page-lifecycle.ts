import { HTTP_METHODS } from '../../contract/discovery.js';
import type { EndpointList, PlanView } from '../../contract/generation.js';
import { planList } from '../../ops/plan-list.js';
import { projectExploration } from '../../ops/project-exploration.js';
import { projectFeatures } from '../../ops/project-features.js';
import { explorationSection, featureMapSection } from './page-explore.js';
import { useCaseSection } from './use-case-flow.js';
import { projectEndpoints } from '../../ops/project-endpoints.js';
import { batchProgress, type BatchProgress } from './events.js';
import { field, uploadForm } from './forms.js';
import type { PortalContext } from './guard.js';
import { html, type Html } from './html.js';
import type { PortalKit } from './kit.js';
import { BASE, empty, page, status as statusBadge, when } from './layout.js';
import { projectBody } from './page-projects.js';
import { testFilterOf } from './project-tests.js';
import { uuid } from '../../util/ids.js';
import { scheduleSection, type ScheduleFormState } from './page-schedule.js';

/**
 * The project page with its lifecycle: for a backend project the PRD's feature map and the numbered
 * steps of SPEC.md 1.2 (docs, discovery, plan, run); for a frontend project Site Exploration, the
 * feature map, the plan and the run (SPEC.md 1.1). Read through the same ops as the CLI
 * (project.features, project.endpoints, project.exploration, plan.list). A step already done folds
 * away so the next one is in view; a batch in flight follows its event stream.
 */
export type Section = 'docs' | 'discover' | 'endpoints' | 'plan' | 'run' | 'explore' | 'prd' | 'schedule';

/** A refused endpoint change (SPEC.md 1.2 step 4): the form it came from and what was typed in it. */
export interface EndpointForm {
  op: 'update' | 'setFamilyAuth' | 'add';
  /** update: the endpoint "METHOD /path" the row's form changes. */
  id?: string;
  method?: string;
  path?: string;
  auth?: string;
  family?: string;
  summary?: string;
  /** The field the error is about, shown next to it. */
  fields: Record<string, string>;
}

/** What a refused lifecycle action shows again: its error in its own section, and what was typed. */
export interface LifecycleState {
  section?: Section;
  /** The step just done (?saved=…): its part of the page stays unfolded. */
  saved?: string;
  error?: string;
  /** What to do about the error (e.g. the forms a plan edit understands). */
  errorNext?: string;
  docsText?: string;
  planEdit?: string;
  /** The frontend case a refused plan edit was for. */
  planCase?: string;
  prdText?: string;
  instructions?: string;
  endpointForm?: EndpointForm;
  /** The schedule form as typed when refused, or the webhook secret this request issued. */
  schedule?: ScheduleFormState;
}

const SAVED: Record<string, string> = {
  created: 'Project created.',
  updated: 'Project saved.',
  docs: 'API documentation uploaded; the endpoint list below is what it describes.',
  discovered: 'Discovery finished: the probe results are in the endpoint list.',
  plan: 'Test plan drafted. Review the cases, deselect what you do not want, then accept.',
  selection: 'Selection saved.',
  edited: 'Plan changed:',
  accepted: 'Plan accepted: the selected cases are tests now.',
  run: 'Run started.',
  cancelled: 'Cancelled what was still queued or running.',
  prd: 'PRD uploaded: the feature map below is what it describes.',
  'endpoint-update': 'Endpoint changed:',
  'endpoint-family': 'Auth type changed:',
  'endpoint-add': 'Endpoint added:',
  exploring: 'Exploration started: each feature shows below as it is visited, with the step it is on and its latest screenshot.',
};

const errorBanner = (s: LifecycleState, section: Section) =>
  s.section === section && s.error ? html`<div class="banner bad" role="alert" id="${section}-error">${s.error}${s.errorNext ? html`<div class="pre-line small">${s.errorNext}</div>` : ''}</div>` : '';

function docsSection(list: EndpointList | undefined, pid: string, s: LifecycleState): Html {
  const current = list?.format
    ? html`<p>Uploaded: <strong>${list.title ?? 'untitled'}</strong> <span class="badge">${list.format}</span> · ${list.endpoints.length} endpoint${list.endpoints.length === 1 ? '' : 's'} · ${when(list.updatedAt)}</p>
      ${list.warnings.length ? html`<details><summary>${list.warnings.length} warning${list.warnings.length === 1 ? '' : 's'} while reading it</summary><ul>${list.warnings.map((w) => html`<li>${w}</li>`)}</ul></details>` : ''}`
    : html`<p class="muted">No API documentation yet. OpenAPI 3, Swagger 2, a Postman v2.1 collection or free-form text (at most 5 MB).</p>`;
  return html`<section class="card step" id="docs" aria-labelledby="docs-h"><h2 id="docs-h">1. API documentation</h2>${current}${errorBanner(s, 'docs')}
    ${list?.format ? html`<details class="fold"${s.section === 'docs' ? html` open` : ''}><summary>Replace the API documentation</summary>${docsForm(list, pid, s)}</details>` : docsForm(list, pid, s)}</section>`;
}

function docsForm(list: EndpointList | undefined, pid: string, s: LifecycleState): Html {
  return uploadForm({
    action: `${BASE}/projects/${pid}/docs`, busy: 'Reading the document…', button: list?.format ? 'Replace API docs' : 'Upload API docs',
    file: { name: 'docsFile', label: 'Upload a file', accept: '.json,.yaml,.yml,.txt,.md,application/json,application/yaml,text/plain', hint: 'A file wins over pasted text.' },
    text: { name: 'docsText', label: '…or paste the document', value: s.docsText, placeholder: 'openapi: 3.0.3 …' },
  });
}

function endpointsSection(list: EndpointList | undefined, pid: string, s: LifecycleState, planned: boolean): Html {
  const eps = list?.endpoints ?? [];
  const probes = new Map((list?.probes ?? []).map((p) => [p.endpointId, p]));
  const probeCell = (id: string) => {
    const p = probes.get(id);
    if (!p) return html`<span class="muted">not probed</span>`;
    if (!p.method) return html`<span class="muted">skipped${p.note ? html` · ${p.note}` : ''}</span>`;
    return html`<span class="mono">${p.method}</span> → ${p.reachable ? html`<strong class="${p.status !== null && p.status >= 500 ? 'bad' : ''}">${p.status ?? '—'}</strong>` : html`<strong class="bad">unreachable</strong>`}${p.requiresAuth === true ? html` · <span class="badge">needs auth</span>` : p.requiresAuth === false ? html` · <span class="badge">open</span>` : ''}${p.contentType ? html` <span class="muted small">${p.contentType}</span>` : ''}${p.note ? html`<div class="muted small">${p.note}</div>` : ''}`;
  };
  const table = eps.length
    ? html`<div class="scroll"><table class="endpoints stack"><thead><tr><th>ENDPOINT</th><th>AUTH</th><th>FAMILY</th><th>PROBE</th><th><span class="sr-only">Change</span></th></tr></thead><tbody>
      ${eps.map((e, i) => html`<tr><td><span class="method">${e.method}</span> <span class="mono">${e.path}</span>${e.summary ? html`<div class="muted small">${e.summary}</div>` : ''}</td><td data-label="Auth">${e.auth}</td><td class="mono small" data-label="Family">${e.family}</td><td data-label="Probe">${probeCell(e.id)}</td><td class="ep-edit">${endpointEditForm(pid, e, i, s.endpointForm?.op === 'update' && s.endpointForm.id === e.id ? s.endpointForm : undefined)}</td></tr>`)}
      </tbody></table></div>
      <p class="muted small">${list!.pairs.length} create/DELETE pair${list!.pairs.length === 1 ? '' : 's'} for cleanup${list!.orphans.length ? html`; ${list!.orphans.length} create${list!.orphans.length === 1 ? '' : 's'} without a DELETE (their records show as "Might be orphaned")` : ''}.</p>`
    : empty('No endpoints yet: upload the API documentation first.');
  return html`<section class="card step" id="endpoints" aria-labelledby="endpoints-h"><h2 id="endpoints-h">2. Endpoints and discovery</h2>
    <p class="sub">Discovery probes the base URL with safe requests only (GET and OPTIONS, with and without the credential) to confirm auth and response shapes.${list?.probedAt ? html` Last probed ${when(list.probedAt)}.` : ''}</p>
    ${errorBanner(s, 'discover')}
    <form method="post" action="${BASE}/projects/${pid}/discover" data-busy="Probing the API…"><button class="btn" type="submit"${eps.length ? '' : html` disabled`}>Discover endpoints</button> <span class="busy" role="status" aria-live="polite"></span></form>
    ${eps.length ? html`<details class="fold"${!planned || s.section === 'discover' || s.section === 'endpoints' || s.saved === 'docs' || s.saved === 'discovered' || s.saved?.startsWith('endpoint-') ? html` open` : ''}><summary>${eps.length} endpoint${eps.length === 1 ? '' : 's'}${list?.probedAt ? ' with their probe results' : ''}</summary>${errorBanner(s, 'endpoints')}${table}
      ${familyAuthForm(pid, eps, s.endpointForm?.op === 'setFamilyAuth' ? s.endpointForm : undefined)}${addEndpointForm(pid, s.endpointForm?.op === 'add' ? s.endpointForm : undefined)}</details>` : table}</section>`;
}

const AUTH_LABEL: Record<string, string> = { none: 'none', bearer: 'bearer', apiKey: 'API key', basic: 'basic', unknown: 'not known' };
const AUTH_OPTIONS = [['none', 'None (public)'], ['bearer', 'Bearer token'], ['apiKey', 'API key'], ['basic', 'Basic token']] as const;
const METHOD_OPTIONS = HTTP_METHODS.map((m) => [m, m] as const);
const PATH_HINT = 'A path template such as /users/{id}, without the base URL or a query string.';

/**
 * One endpoint's method, path and auth (op update of project.endpoints-edit), folded in its row;
 * unfolded again with what was typed when the change was refused.
 */
function endpointEditForm(pid: string, e: EndpointList['endpoints'][number], i: number, refused?: EndpointForm): Html {
  const v = refused ?? { method: e.method, path: e.path, auth: e.auth, fields: {} as Record<string, string> };
  const auth = v.auth ?? e.auth;
  const authOptions = AUTH_OPTIONS.some(([k]) => k === auth) ? AUTH_OPTIONS : [...AUTH_OPTIONS, [auth, AUTH_LABEL[auth] ?? auth] as const];
  return html`<details class="ep-edit"${refused ? html` open` : ''}><summary>Edit<span class="sr-only"> ${e.method} ${e.path}</span></summary>
    <form method="post" action="${BASE}/projects/${pid}/endpoints" class="ep-form"><input type="hidden" name="op" value="update"><input type="hidden" name="id" value="${e.id}">
      ${field({ name: 'method', id: `ep-${i}-method`, label: 'Method', type: 'select', value: v.method, options: METHOD_OPTIONS, error: v.fields.method })}
      ${field({ name: 'path', id: `ep-${i}-path`, label: 'Path', value: v.path, error: v.fields.path, required: true })}
      ${field({ name: 'auth', id: `ep-${i}-auth`, label: 'Auth type', type: 'select', value: auth, options: authOptions, error: v.fields.auth })}
      <button class="btn secondary" type="submit">Save endpoint</button>
    </form></details>`;
}

/** The auth type of a whole endpoint family (op setFamilyAuth): nested families follow it. */
function familyAuthForm(pid: string, eps: EndpointList['endpoints'], refused?: EndpointForm): Html {
  const families = new Map<string, { n: number; auth: Set<string> }>();
  for (const e of eps) {
    const f = families.get(e.family) ?? { n: 0, auth: new Set<string>() };
    f.n++;
    f.auth.add(AUTH_LABEL[e.auth] ?? e.auth);
    families.set(e.family, f);
  }
  const options = [...families].sort(([a], [b]) => a.localeCompare(b)).map(([name, f]) => [name, `${name} (${f.n} endpoint${f.n === 1 ? '' : 's'}, ${[...f.auth].join(' / ')})`] as const);
  return html`<form method="post" action="${BASE}/projects/${pid}/endpoints" class="ep-form" aria-labelledby="ep-family-h"><input type="hidden" name="op" value="setFamilyAuth">
      <h3 id="ep-family-h">Auth type per endpoint family</h3>
      <div class="grid2">${field({ name: 'family', id: 'ep-family', label: 'Family', type: 'select', value: refused?.family, options, error: refused?.fields.family, hint: 'Its nested families (e.g. users.posts under users) change too.' })}
      ${field({ name: 'auth', id: 'ep-family-auth', label: 'Auth type', type: 'select', value: refused?.auth ?? 'bearer', options: AUTH_OPTIONS, error: refused?.fields.auth })}</div>
      <button class="btn secondary" type="submit">Set family auth</button>
    </form>`;
}

/** An endpoint the documentation does not describe (op add). */
function addEndpointForm(pid: string, refused?: EndpointForm): Html {
  return html`<form method="post" action="${BASE}/projects/${pid}/endpoints" class="ep-form" aria-labelledby="ep-add-h"><input type="hidden" name="op" value="add">
      <h3 id="ep-add-h">Add an endpoint</h3>
      <div class="grid2">${field({ name: 'method', id: 'ep-add-method', label: 'Method', type: 'select', value: refused?.method ?? 'GET', options: METHOD_OPTIONS, error: refused?.fields.method })}
      ${field({ name: 'path', id: 'ep-add-path', label: 'Path', value: refused?.path, error: refused?.fields.path, hint: PATH_HINT, required: true, placeholder: '/reports/{id}' })}
      ${field({ name: 'auth', id: 'ep-add-auth', label: 'Auth type', type: 'select', value: refused?.auth ?? '', options: [['', 'Not known'], ...AUTH_OPTIONS], error: refused?.fields.auth })}
      ${field({ name: 'summary', id: 'ep-add-summary', label: 'Summary (optional)', value: refused?.summary, error: refused?.fields.summary })}</div>
      <button class="btn secondary" type="submit">Add endpoint</button>
    </form>`;
}

/**
 * The test plan (SPEC.md 1.1 step 5, 1.2 step 5): generate, review, deselect, change in plain
 * words, accept. A backend plan needs the endpoints; a frontend plan is drafted from what was
 * explored, the PRD and the project instruction, and its cases are changed one at a time.
 */
function planSection(plan: PlanView | undefined, pid: string, s: LifecycleState, o: { type: 'backend' | 'frontend'; canPlan: boolean; heading: string }): Html {
  const cases = plan?.cases ?? [];
  const gen = html`<form method="post" action="${BASE}/projects/${pid}/plan/generate" data-busy="Drafting the plan…">
      ${field({ name: 'instructions', label: 'Focus instructions (optional)', type: 'textarea', rows: 2, value: s.instructions ?? plan?.instructions ?? '', placeholder: o.type === 'frontend' ? 'e.g. focus on the task list' : 'e.g. only the users endpoints' })}
      <button class="btn${cases.length ? ' secondary' : ''}" type="submit"${o.canPlan ? '' : html` disabled`}>${cases.length ? 'Regenerate test plan' : 'Generate test plan'}</button> <span class="busy" role="status" aria-live="polite"></span>
    </form>`;
  const counts = plan?.counts;
  const unfold = !counts?.accepted || s.section === 'plan' || s.saved === 'plan' || s.saved === 'selection' || s.saved === 'edited';
  const byCategory = new Map<string, { total: number; selected: number }>();
  for (const c of cases) {
    const n = byCategory.get(c.category) ?? { total: 0, selected: 0 };
    n.total++;
    if (c.selected) n.selected++;
    byCategory.set(c.category, n);
  }
  const categories = byCategory.size > 1
    ? html`<div class="categories" role="group" aria-label="Select or deselect a whole category">${[...byCategory].map(([cat, n]) => html`<form method="post" action="${BASE}/projects/${pid}/plan/category" class="inline cat">
        <input type="hidden" name="category" value="${cat}"><span class="badge cat-${cat}">${cat}</span> <span class="muted small">${n.selected}/${n.total}</span>
        <button class="btn secondary small" type="submit" name="selected" value="true"${n.selected === n.total ? html` disabled` : ''} aria-label="Select all ${cat} cases">all</button>
        <button class="btn secondary small" type="submit" name="selected" value="false"${n.selected === 0 ? html` disabled` : ''} aria-label="Select none of the ${cat} cases">none</button></form>`)}</div>`
    : '';
  const list = cases.length
    ? html`<p id="plan-counts"><strong>${counts!.selected}</strong> of ${counts!.total} cases selected · ${counts!.accepted} accepted as tests</p>
    <details class="fold"${unfold ? html` open` : ''}><summary>Review the cases</summary>${categories}<form method="post" action="${BASE}/projects/${pid}/plan/select" class="plan-form">
      <div class="scroll"><table class="plan stack"><thead><tr><th scope="col">SELECT · CASE</th><th>CATEGORY</th><th>PRIORITY</th><th>TEST</th></tr></thead><tbody>
      ${cases.map((c, i) => html`<tr><td><input type="hidden" name="shown" value="${c.id}"><input type="checkbox" id="case-${i}" name="caseIds" value="${c.id}"${c.selected ? html` checked` : ''} aria-describedby="case-${i}-d">
          <label for="case-${i}">${c.title}</label>${c.frontend ? html`<ol class="muted small case-steps" id="case-${i}-d">${c.frontend.steps.map((st) => html`<li>${st.type === 'assertion' ? html`<span class="badge">check</span> ` : ''}${st.description}</li>`)}</ol>` : html`<div class="muted small" id="case-${i}-d">${c.description}</div>`}</td>
        <td data-label="Category"><span class="badge cat-${c.category}">${c.category}</span></td><td data-label="Priority">${c.priority ?? '—'}</td>
        <td data-label="Test">${c.testId ? html`<a class="mono small" href="${BASE}/tests/${c.testId}">${c.testId}</a>` : html`<span class="muted">—</span>`}</td></tr>`)}
      </tbody></table></div>
      <div class="form-actions"><button class="btn secondary" type="submit">Save selection</button>
        <button class="btn" type="submit" formaction="${BASE}/projects/${pid}/plan/accept">Accept plan</button>
        <span class="hint">Accept saves the ticks above, then creates one test per selected case.</span></div>
    </form>${planEditForm(pid, s, o.type === 'frontend' ? cases : undefined)}</details>`
    : empty(o.type === 'frontend' ? 'No plan yet: generate one from what was explored, the PRD and the project instruction.' : o.canPlan ? 'No plan yet: generate one.' : 'A plan is drafted from the endpoints: upload the API documentation first.');
  return html`<section class="card step" id="plan" aria-labelledby="plan-h"><h2 id="plan-h">${o.heading}</h2>${errorBanner(s, 'plan')}
    ${plan?.warnings.length ? html`<details><summary>${plan.warnings.length} planning note${plan.warnings.length === 1 ? '' : 's'}</summary><ul>${plan.warnings.map((w) => html`<li>${w}</li>`)}</ul></details>` : ''}
    ${gen}${list}</section>`;
}

/**
 * A natural-language change to the plan (SPEC.md 1.1 and 1.2 step 5), through the op of `svc plan
 * edit`: a backend edit names its case or endpoint in the words; a frontend edit changes the case
 * chosen (`cases`).
 */
function planEditForm(pid: string, s: LifecycleState, cases?: PlanView['cases']): Html {
  const hint = cases
    ? "For example: 'also check that the page shows no error', 'rename to Add a todo', 'replace step 2 with Click \"Save\"'. Tests already accepted keep their steps."
    : "For example: 'test GET /posts/{id} with an unknown id and expect 404', 'deselect security cases', 'make <case id> p0', 'remove case <case id>'. Tests already accepted keep their code.";
  return html`<form method="post" action="${BASE}/projects/${pid}/plan/edit" class="plan-edit" data-busy="Changing the plan…">
      ${cases ? field({ name: 'caseId', label: 'Case to change', type: 'select', value: s.planCase, options: cases.map((c) => [c.id, c.title] as const) }) : ''}
      ${field({ name: 'instruction', label: cases ? 'Change it in your words' : 'Change the plan in your words', type: 'textarea', rows: 2, value: s.planEdit, error: s.planEdit !== undefined && s.section === 'plan' ? s.error : undefined, hint })}
      <button class="btn secondary" type="submit">Apply change</button> <span class="busy" role="status" aria-live="polite"></span>
    </form>`;
}

function progressBlock(p: BatchProgress, pid: string): Html {
  const inFlight = p.phase !== 'done';
  return html`<div class="run-progress${inFlight ? ' live' : ''}"${inFlight ? html` data-events="${BASE}/batches/${p.batchId}/events"` : ''}>
    <p><a class="mono" href="${BASE}/batches/${p.batchId}">${p.batchId}</a> · ${statusBadge(inFlight && p.status !== 'cancelled' ? 'running' : p.status)}${inFlight ? '' : html` · <a href="${BASE}/batches/${p.batchId}">Open the report</a>`}</p>
    <progress max="${Math.max(p.total, 1)}" value="${p.finished}" aria-label="Finished runs">${p.finished} / ${p.total}</progress>
    <p class="progress-text" role="status" aria-live="polite" data-progress-text>${progressText(p)}</p>
    ${inFlight ? html`<form method="post" action="${BASE}/projects/${pid}/batches/${p.batchId}/cancel"><button class="btn danger" type="submit">Cancel run</button></form>` : ''}
  </div>`;
}

/** The one-line summary live.js also writes from each server-sent progress event. */
export function progressText(p: BatchProgress): string {
  const parts = Object.entries(p.counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`);
  const phase = p.phase === 'cleanup' ? 'Running cleanup sweep… ' : p.phase === 'queued' ? 'Queued… ' : p.phase === 'tests' ? 'Running… ' : '';
  return `${phase}${p.finished} of ${p.total} finished${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

async function runSection(kit: PortalKit, c: PortalContext, pid: string, s: LifecycleState, testCount: number, heading: string): Promise<{ html: Html; inFlight: boolean }> {
  const db = kit.deps.store.db;
  const userId = c.get('session')!.userId;
  const latest = await db.selectFrom('batches').select('id').where('project_id', '=', pid).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const p = latest ? await batchProgress(db, latest.id, userId) : undefined;
  const inFlight = !!p && p.phase !== 'done';
  const out = html`<section class="card step" id="run" aria-labelledby="run-h"><h2 id="run-h">${heading}</h2>${errorBanner(s, 'run')}
    ${testCount
      ? html`<form method="post" action="${BASE}/projects/${pid}/run" data-busy="Starting…"><input type="hidden" name="idempotencyKey" value="${uuid()}">
          <button class="btn" type="submit"${inFlight ? html` disabled aria-describedby="run-busy"` : ''}>Run all tests</button>${inFlight ? html` <span class="hint" id="run-busy">A run is in progress.</span>` : ''} <span class="busy" role="status" aria-live="polite"></span></form>`
      : empty('No tests yet: accept a plan first.')}
    ${p ? html`<h3>${inFlight ? 'In progress' : 'Last run'}</h3>${progressBlock(p, pid)}` : ''}</section>`;
  return { html: out, inFlight };
}

/** The project page, with the lifecycle steps for a backend project. */
export async function projectPage(c: PortalContext, kit: PortalKit, state: LifecycleState = {}, code: 200 | 400 | 403 | 409 | 429 = 200): Promise<Response> {
  const s: LifecycleState = { saved: c.req.query('saved'), ...state };
  const userId = c.get('session')!.userId;
  const pid = c.req.param('id') ?? '';
  const db = kit.deps.store.db;
  const p = await db.selectFrom('projects').select(['id', 'type']).where('id', '=', pid).where('user_id', '=', userId).executeTakeFirst();
  if (!p) return kit.notFound(c);
  const testCount = Number((await db.selectFrom('tests').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', pid).where('user_id', '=', userId).executeTakeFirst())?.n ?? 0);
  const run = await runSection(kit, c, pid, s, testCount, p.type === 'backend' ? '4. Run' : 'Run');
  let steps: Html;
  const prdState = s.section === 'prd' ? { error: s.error, text: s.prdText } : {};
  if (p.type === 'backend') {
    const [eps, plan, features] = await Promise.all([kit.run(c, projectEndpoints, { projectId: pid }), kit.run(c, planList, { projectId: pid }), kit.run(c, projectFeatures, { projectId: pid })]);
    const list = eps.ok ? eps.value : undefined;
    const planned = plan.ok && plan.value.cases.length > 0;
    const map = featureMapSection(features.ok ? features.value : undefined, pid, prdState, { type: 'backend', plan: plan.ok ? plan.value : undefined });
    steps = html`${map}${docsSection(list, pid, s)}${endpointsSection(list, pid, s, planned)}${planSection(plan.ok ? plan.value : undefined, pid, s, { type: 'backend', canPlan: !!list?.endpoints.length, heading: '3. Test plan' })}${run.html}`;
  } else {
    const [features, exploration, plan] = await Promise.all([kit.run(c, projectFeatures, { projectId: pid }), kit.run(c, projectExploration, { projectId: pid }), kit.run(c, planList, { projectId: pid })]);
    // No exploration yet is a 404 of project.exploration: the section then offers the first one.
    const e = exploration.ok ? exploration.value : undefined;
    const map = featureMapSection(features.ok ? features.value : undefined, pid, prdState, { type: 'frontend', exploration: e });
    steps = html`${explorationSection(e, pid, { error: s.section === 'explore' ? s.error : undefined })}${map}${planSection(plan.ok ? plan.value : undefined, pid, s, { type: 'frontend', canPlan: true, heading: 'Test plan' })}${run.html}${await useCaseSection(db, userId, pid)}`;
  }
  steps = html`${steps}${await scheduleSection(kit, c, pid, { error: s.section === 'schedule' ? s.error : undefined, form: s.schedule })}`;
  const saved = SAVED[c.req.query('saved') ?? ''];
  const extra = c.req.query('saved') === 'accepted' && c.req.query('n') ? ` ${c.req.query('n')} new test(s).` : c.req.query('saved') === 'edited' || c.req.query('saved')?.startsWith('endpoint-') ? ` ${c.req.query('note') ?? ''}.` : '';
  const notice = saved ? html`<div class="banner info" role="status">${saved}${extra}</div>` : '';
  const body = await projectBody(db, userId, pid, kit.deps.config.publicUrl, { notice, steps, filter: testFilterOf((k) => c.req.query(k)) });
  if (!body) return kit.notFound(c);
  const crumbs = [{ label: 'Projects', href: `${BASE}/projects` }, { label: body.title }];
  return c.html(page({ title: body.title, session: c.get('session'), crumbs, noscriptRefresh: run.inFlight ? 3 : undefined }, body.body), code);
}
