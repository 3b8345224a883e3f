import type { Hono } from 'hono';
import type { SvcError } from '../../contract/errors.js';
import { BACKEND_SKELETON } from '../../ops/scaffold-templates.js';
import { testCodeGet } from '../../ops/test-code-get.js';
import { testCodePut } from '../../ops/test-code-put.js';
import { testCreate } from '../../ops/test-create.js';
import { testGet } from '../../ops/test-get.js';
import { testPlanPut } from '../../ops/test-plan-put.js';
import { uuid } from '../../util/ids.js';
import { errorSummary, field, formStrings, optional } from './forms.js';
import type { PortalContext, PortalEnv } from './guard.js';
import { html, type Html } from './html.js';
import type { PortalKit } from './kit.js';
import { BASE, page, pre } from './layout.js';
import { applyMove, planStepsOf, stepErrors, stepsEditor, stepsFrom, type StepRow } from './steps-editor.js';

/**
 * Creating and editing a test in the portal (SPEC.md 2.2): a frontend test's plan steps (add, edit,
 * reorder, delete) and a backend test's Python code, through the ops of `svc test create`,
 * `svc test plan put` and `svc test code put`. A code edit carries the codeVersion it was based on
 * (If-Match): when the code changed underneath, nothing is written, the form keeps the user's text
 * and shows what changed, and the user chooses to save over it or not.
 */
interface EditState {
  values: Record<string, string>;
  steps: StepRow[];
  errors: Record<string, string>;
  stepErrors?: ReturnType<typeof stepErrors>;
  general?: string;
  /** A refused code write: the version now stored and the diff from it to the user's text. */
  conflict?: { version: number; diff?: string };
  focus?: number;
}

const LABELS = { name: 'Name', description: 'Description', priority: 'Priority', code: 'Python code', planSteps: 'Plan steps' };
const PRIORITIES: [string, string][] = [['', 'none'], ['p0', 'p0'], ['p1', 'p1'], ['p2', 'p2'], ['p3', 'p3']];
/** The form's strings, with the CRLF line ends a browser sends from a textarea made LF again. */
const textOf = (form: Record<string, unknown>) => Object.fromEntries(Object.entries(formStrings(form)).map(([k, x]) => [k, x.replace(/\r\n/g, '\n')]));
const statusOf = (e: SvcError) => (e.status === 403 ? 403 : e.status === 409 || e.status === 412 ? 409 : e.status === 404 ? 404 : 400);
const issuesOf = (e: SvcError) => (e.details as { issues?: { field?: string; reason?: string }[] } | undefined)?.issues ?? [];

function codeField(s: EditState): Html {
  return field({ name: 'code', label: 'Python code', type: 'textarea', rows: 18, value: s.values.code, error: s.errors.code, hint: 'Runs top to bottom with TARGET_URL, VARS and produce() (see the harness contract); at most 350 KB.' });
}

function conflictBlock(s: EditState): Html | '' {
  if (!s.conflict) return '';
  const v = s.conflict.version;
  return html`<div class="banner bad" role="alert" id="conflict"><strong>Not saved: someone changed this test's code since you opened it (it is version ${v} now).</strong>
      Your text is still in the form below. Compare it with what is stored (what differs, below), then save over version ${v}, or cancel to keep the stored code.
      ${s.conflict.diff ? html`<details><summary>What differs (stored version ${v} → yours)</summary>${pre(s.conflict.diff, 'diff')}</details>` : ''}
      <p><button class="btn danger" type="submit" name="overwrite" value="${v}">Save over version ${v}</button></p></div>`;
}

export function registerTestEdit(app: Hono<PortalEnv>, kit: PortalKit): void {
  const db = kit.deps.store.db;
  const project = (c: PortalContext) =>
    db.selectFrom('projects').select(['id', 'name', 'type']).where('id', '=', c.req.param('id') ?? '').where('user_id', '=', c.get('session')!.userId).executeTakeFirst();

  const render = (c: PortalContext, o: { title: string; action: string; crumbs: { label: string; href?: string }[]; type: string; creating: boolean; cancel: string }, s: EditState, code: 200 | 400 | 403 | 404 | 409 = 200) => {
    const body = html`<h1>${o.title}</h1>${errorSummary(s.errors, LABELS, s.general)}
      <form method="post" action="${o.action}" class="test-edit">
        ${o.creating ? html`<input type="hidden" name="idempotencyKey" value="${s.values.idempotencyKey || uuid()}">
          ${field({ name: 'name', label: 'Name', value: s.values.name, error: s.errors.name, required: true, hint: 'At most 200 characters.' })}
          ${field({ name: 'description', label: 'Description', type: 'textarea', rows: 2, value: s.values.description, error: s.errors.description })}
          ${field({ name: 'priority', label: 'Priority', type: 'select', options: PRIORITIES, value: s.values.priority, error: s.errors.priority })}` : ''}
        ${o.type === 'frontend' ? stepsEditor(s.steps, s.stepErrors, s.focus) : html`<input type="hidden" name="expectedVersion" value="${s.values.expectedVersion ?? ''}">${conflictBlock(s)}${codeField(s)}`}
        <div class="form-actions"><button class="btn" type="submit" name="save" value="1">${o.creating ? 'Create test' : o.type === 'frontend' ? 'Save steps' : 'Save code'}</button> <a href="${o.cancel}">Cancel</a></div>
      </form>`;
    return c.html(page({ title: o.title, session: c.get('session'), crumbs: o.crumbs }, body), code);
  };

  /** Errors of a refused op, by field (steps by index); nothing typed is lost. */
  const refusedState = (s: EditState, e: SvcError): EditState => {
    const issues = issuesOf(e);
    const errors: Record<string, string> = {};
    for (const i of issues) {
      const f = (i.field ?? '').replace(/^body\./, '').split('.')[0]!;
      if (f in LABELS && f !== 'planSteps' && i.reason) errors[f] ??= i.reason;
    }
    const se = stepErrors(issues.length ? issues : [{ field: /^planSteps/.test(e.message) ? 'planSteps' : '', reason: e.message.replace(/^[\w.]+: /, '') }]);
    const known = Object.keys(errors).length || se.byStep.size || se.list;
    return { ...s, errors, stepErrors: se, general: known ? undefined : e.message };
  };

  /** A posted form: its text, its steps, and the form to show again when a step button (not Save) was pressed. */
  const posted = async (c: PortalContext) => {
    const form = await c.req.parseBody({ all: true });
    const v = textOf(form);
    const rows = stepsFrom(form);
    const moved = applyMove(rows, v.move);
    const again: EditState | undefined = moved ? { values: v, steps: moved, errors: {}, focus: v.move === 'add' ? moved.length - 1 : undefined } : undefined;
    return { v, rows, again };
  };

  // New test (project page → New test).
  const newOpts = (p: { id: string; name: string; type: string }) => ({
    title: `New ${p.type} test`, action: `${BASE}/projects/${p.id}/tests/new`, type: p.type, creating: true, cancel: `${BASE}/projects/${p.id}`,
    crumbs: [{ label: 'Projects', href: `${BASE}/projects` }, { label: p.name, href: `${BASE}/projects/${p.id}` }, { label: 'New test' }],
  });
  app.get('/projects/:id/tests/new', async (c) => {
    const p = await project(c);
    if (!p) return kit.notFound(c);
    return render(c, newOpts(p), { values: { code: BACKEND_SKELETON }, steps: [{ type: 'action', description: '' }], errors: {} });
  });
  app.post('/projects/:id/tests/new', async (c) => {
    const p = await project(c);
    if (!p) return kit.notFound(c);
    const { v, rows, again } = await posted(c);
    if (again) return render(c, newOpts(p), again);
    const input = { projectId: p.id, type: p.type, name: (v.name ?? '').trim(), description: optional(v.description), priority: optional(v.priority), idempotencyKey: optional(v.idempotencyKey), ...(p.type === 'frontend' ? { planSteps: planStepsOf(rows) } : { code: v.code ?? '' }) };
    const r = await kit.run(c, testCreate, input, Object.keys(LABELS));
    if (!r.ok) return render(c, newOpts(p), refusedState({ values: v, steps: rows, errors: {} }, r.error), statusOf(r.error));
    return c.redirect(`${BASE}/tests/${r.value.testId}?saved=created`, 303);
  });

  // Edit a test (test page → Edit steps / Edit code).
  const editOpts = (t: { id: string; name: string; type: string; projectId: string; projectName?: string }) => ({
    title: `Edit ${t.name}`, action: `${BASE}/tests/${t.id}/edit`, type: t.type, creating: false, cancel: `${BASE}/tests/${t.id}`,
    crumbs: [{ label: 'Projects', href: `${BASE}/projects` }, { label: t.projectName ?? t.projectId, href: `${BASE}/projects/${t.projectId}` }, { label: t.name, href: `${BASE}/tests/${t.id}` }, { label: 'Edit' }],
  });
  const load = async (c: PortalContext) => {
    const r = await kit.run(c, testGet, { testId: c.req.param('id') ?? '' });
    return r.ok ? r.value : undefined;
  };
  const storedCode = async (c: PortalContext, testId: string) => {
    const r = await kit.run(c, testCodeGet, { testId });
    return r.ok ? r.value : { code: '', codeVersion: 0 };
  };

  app.get('/tests/:id/edit', async (c) => {
    const t = await load(c);
    if (!t) return kit.notFound(c);
    const steps = (t.details?.planSteps ?? []).map((x) => ({ type: x.type, description: x.description }));
    if (t.type === 'frontend') return render(c, editOpts(t), { values: {}, steps, errors: {} });
    const stored = await storedCode(c, t.id);
    return render(c, editOpts(t), { values: { code: stored.code, expectedVersion: String(stored.codeVersion) }, steps, errors: {} });
  });
  app.post('/tests/:id/edit', async (c) => {
    const t = await load(c);
    if (!t) return kit.notFound(c);
    const { v, rows, again } = await posted(c);
    if (t.type === 'frontend') {
      if (again) return render(c, editOpts(t), again);
      const r = await kit.run(c, testPlanPut, { testId: t.id, planSteps: planStepsOf(rows) }, ['planSteps']);
      if (!r.ok) return render(c, editOpts(t), refusedState({ values: v, steps: rows, errors: {} }, r.error), statusOf(r.error));
      return c.redirect(`${BASE}/tests/${t.id}?saved=steps`, 303);
    }
    // Save over a newer version only when the user asked to, having seen the conflict.
    const expected = Number(v.overwrite || v.expectedVersion) || undefined;
    const r = await kit.run(c, testCodePut, { testId: t.id, code: v.code ?? '', expectedVersion: expected }, ['code']);
    if (r.ok) return c.redirect(`${BASE}/tests/${t.id}?saved=code`, 303);
    if (r.error.code === 'PRECONDITION_FAILED') {
      const now = await storedCode(c, t.id);
      const diff = (r.error.details as { diff?: string } | undefined)?.diff;
      return render(c, editOpts(t), { values: { ...v, expectedVersion: v.expectedVersion ?? '' }, steps: [], errors: {}, conflict: { version: now.codeVersion, diff } }, 409);
    }
    return render(c, editOpts(t), refusedState({ values: v, steps: [], errors: {} }, r.error), statusOf(r.error));
  });
}
