import type { Hono } from 'hono';
import { MAX_API_DOC_BYTES, MAX_PRD_BYTES } from '../../contract/generation.js';
import { planAccept } from '../../ops/plan-accept.js';
import { planEdit } from '../../ops/plan-edit.js';
import { planGenerate } from '../../ops/plan-generate.js';
import { planList } from '../../ops/plan-list.js';
import { planSelect } from '../../ops/plan-select.js';
import { projectDiscover } from '../../ops/project-discover.js';
import { projectDocsPut } from '../../ops/project-docs-put.js';
import { projectEndpointsEdit } from '../../ops/project-endpoints-edit.js';
import type { SvcError } from '../../contract/errors.js';
import { formStrings, optional } from './forms.js';
import { projectPrdPut } from '../../ops/project-prd-put.js';
import { testCancel } from '../../ops/test-cancel.js';
import { testRun } from '../../ops/test-run.js';
import type { PortalContext, PortalEnv } from './guard.js';
import type { PortalKit } from './kit.js';
import { BASE } from './layout.js';
import { projectPage, type EndpointForm, type LifecycleState, type Section } from './page-lifecycle.js';

/**
 * The project page and its lifecycle actions (SPEC.md 1.2 steps 3–6): each action runs the op
 * the CLI and MCP server run, then goes back to the project page at the step it changed; a
 * refused action shows the project page again with the error in that step and what was typed.
 */
/** The selection a submitted plan form asks for, as the changes against the stored plan. */
export function selectionChanges(cases: { id: string; selected: boolean }[], shown: string[], checked: string[]): { select: string[]; deselect: string[] } {
  const on = new Set(checked);
  const visible = new Set(shown);
  const select: string[] = [];
  const deselect: string[] = [];
  for (const c of cases) {
    if (!visible.has(c.id)) continue;
    if (on.has(c.id) && !c.selected) select.push(c.id);
    if (!on.has(c.id) && c.selected) deselect.push(c.id);
  }
  return { select, deselect };
}

/** Reads a posted file or pasted text (a file wins), bounded like the API's own limit. */
async function docsFrom(form: Record<string, unknown>): Promise<{ content: string; filename?: string; pasted: string } | { error: string; pasted: string }> {
  const pasted = typeof form.docsText === 'string' ? form.docsText : '';
  const file = form.docsFile;
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_API_DOC_BYTES) return { error: `the file is larger than ${MAX_API_DOC_BYTES / 1024 / 1024} MB`, pasted };
    return { content: await file.text(), filename: file.name || undefined, pasted };
  }
  if (pasted.trim()) return { content: pasted, pasted };
  return { error: 'choose a file or paste the document', pasted };
}

/** Reads a posted PRD: a file (a PDF as base64, the rest as text) or pasted Markdown/text. */
async function prdFrom(form: Record<string, unknown>): Promise<{ body: { filename: string; content: string; encoding: 'utf8' | 'base64' }; pasted: string } | { error: string; pasted: string }> {
  const pasted = typeof form.prdText === 'string' ? form.prdText.replace(/\r\n/g, '\n') : '';
  const file = form.prdFile;
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_PRD_BYTES) return { error: `the file is larger than ${MAX_PRD_BYTES / 1024 / 1024} MB`, pasted };
    const filename = file.name || 'prd.md';
    const pdf = /\.pdf$/i.test(filename) || file.type === 'application/pdf';
    const content = pdf ? Buffer.from(await file.arrayBuffer()).toString('base64') : await file.text();
    return { body: { filename: pdf && !/\.pdf$/i.test(filename) ? `${filename}.pdf` : filename, content, encoding: pdf ? 'base64' : 'utf8' }, pasted };
  }
  if (pasted.trim()) return { body: { filename: 'prd.md', content: pasted, encoding: 'utf8' }, pasted };
  return { error: 'choose a file or paste the PRD', pasted };
}

const ENDPOINT_FIELDS = ['method', 'path', 'auth', 'family', 'summary'] as const;

/**
 * The field a refused endpoint change is about: the input schema's issue path, or the subject of
 * the API's message (Method "…", Path "…", Auth type "…", No endpoint family …, … already exists).
 */
export function endpointFieldErrors(err: Pick<SvcError, 'message'>, fields: Record<string, string>, op: EndpointForm['op']): Record<string, string> {
  const out = { ...fields };
  if (Object.keys(out).length) return out;
  const m = err.message;
  const f = /^Method "/.test(m) ? 'method' : /^Path "/.test(m) || / already exists$/.test(m) ? 'path' : /^Auth type "/.test(m) ? 'auth' : /^No endpoint family /.test(m) ? 'family' : undefined;
  if (f && (op !== 'setFamilyAuth' || f === 'auth' || f === 'family')) out[f] = m;
  return out;
}

const chunks = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export function registerLifecycle(app: Hono<PortalEnv>, kit: PortalKit): void {
  const back = (c: PortalContext, saved: string, anchor: string, extra = '') => c.redirect(`${BASE}/projects/${c.req.param('id')}?saved=${saved}${extra}#${anchor}`, 303);
  const refused = (c: PortalContext, section: Section, e: { message: string; status: number }, s: LifecycleState = {}) =>
    projectPage(c, kit, { ...s, section, error: e.message }, e.status === 403 ? 403 : e.status === 409 ? 409 : e.status === 429 ? 429 : 400);

  app.get('/projects/:id', (c) => projectPage(c, kit));

  app.post('/projects/:id/docs', async (c) => {
    const form = await c.req.parseBody();
    const d = await docsFrom(form);
    if ('error' in d) return refused(c, 'docs', { message: d.error, status: 400 }, { docsText: d.pasted });
    const r = await kit.run(c, projectDocsPut, { projectId: c.req.param('id'), content: d.content, filename: d.filename });
    if (!r.ok) return refused(c, 'docs', r.error, { docsText: d.pasted });
    return back(c, 'docs', 'endpoints');
  });

  app.post('/projects/:id/prd', async (c) => {
    const form = await c.req.parseBody();
    const d = await prdFrom(form);
    if ('error' in d) return refused(c, 'prd', { message: d.error, status: 400 }, { prdText: d.pasted });
    const r = await kit.run(c, projectPrdPut, { projectId: c.req.param('id'), ...d.body });
    if (!r.ok) return refused(c, 'prd', r.error, { prdText: d.pasted });
    return back(c, 'prd', 'features');
  });

  app.post('/projects/:id/discover', async (c) => {
    const r = await kit.run(c, projectDiscover, { projectId: c.req.param('id') });
    return r.ok ? back(c, 'discovered', 'endpoints') : refused(c, 'discover', r.error);
  });

  /** One change to the endpoint list (SPEC.md 1.2 step 4) through the op of `svc project endpoints`. */
  app.post('/projects/:id/endpoints', async (c) => {
    const f = formStrings(await c.req.parseBody());
    const op: EndpointForm['op'] | undefined = f.op === 'update' || f.op === 'setFamilyAuth' || f.op === 'add' ? f.op : undefined;
    if (!op) return refused(c, 'endpoints', { message: 'op: choose update, setFamilyAuth or add', status: 400 });
    const typed = { op, id: optional(f.id), method: optional(f.method), path: f.path?.trim(), auth: optional(f.auth), family: optional(f.family), summary: optional(f.summary) };
    const input = op === 'update' ? { projectId: c.req.param('id'), op, id: typed.id, method: typed.method, path: optional(typed.path), auth: typed.auth }
      : op === 'setFamilyAuth' ? { projectId: c.req.param('id'), op, family: typed.family, auth: typed.auth }
      : { projectId: c.req.param('id'), op, method: typed.method, path: optional(typed.path), auth: typed.auth, summary: typed.summary };
    const r = await kit.run(c, projectEndpointsEdit, input, ENDPOINT_FIELDS);
    if (!r.ok) {
      const endpointForm: EndpointForm = { ...typed, path: f.path, summary: f.summary, fields: endpointFieldErrors(r.error, r.fields, op) };
      return projectPage(c, kit, { section: 'endpoints', error: r.error.message, errorNext: r.error.nextAction, endpointForm }, r.error.status === 403 ? 403 : r.error.status === 409 ? 409 : 400);
    }
    const n = r.value.endpoints.filter((e) => typed.family && (e.family === typed.family || e.family.startsWith(`${typed.family}.`))).length;
    const note = op === 'setFamilyAuth' ? `${typed.family} is ${typed.auth} (${n} endpoint${n === 1 ? '' : 's'})`
      : op === 'add' ? `${typed.method?.toUpperCase()} ${typed.path}`
      : `${typed.id} is now ${typed.method?.toUpperCase()} ${typed.path}, auth ${typed.auth}`;
    return back(c, op === 'setFamilyAuth' ? 'endpoint-family' : `endpoint-${op}`, 'endpoints', `&note=${encodeURIComponent(note)}`);
  });

  app.post('/projects/:id/plan/generate', async (c) => {
    const form = await c.req.parseBody();
    const instructions = typeof form.instructions === 'string' && form.instructions.trim() ? form.instructions.trim() : undefined;
    const r = await kit.run(c, planGenerate, { projectId: c.req.param('id'), instructions });
    return r.ok ? back(c, 'plan', 'plan') : refused(c, 'plan', r.error, { instructions });
  });

  /** Applies the ticks of the plan form through plan.select (only what changed). */
  async function applySelection(c: PortalContext): Promise<{ message: string; status: number } | undefined> {
    const form = await c.req.parseBody({ all: true });
    const strings = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');
    const projectId = c.req.param('id')!;
    const plan = await kit.run(c, planList, { projectId });
    if (!plan.ok) return plan.error;
    const { select, deselect } = selectionChanges(plan.value.cases, strings(form.shown), strings(form.caseIds));
    for (const [selected, ids] of [[true, select], [false, deselect]] as const) {
      for (const caseIds of chunks(ids, 1000)) {
        const r = await kit.run(c, planSelect, { projectId, selected, caseIds });
        if (!r.ok) return r.error;
      }
    }
    return undefined;
  }

  app.post('/projects/:id/plan/select', async (c) => {
    const err = await applySelection(c);
    return err ? refused(c, 'plan', err) : back(c, 'selection', 'plan');
  });

  app.post('/projects/:id/plan/edit', async (c) => {
    const form = await c.req.parseBody();
    const instruction = typeof form.instruction === 'string' ? form.instruction.trim() : '';
    // A frontend plan's form names the case to change; a backend plan's names it in the words.
    const caseId = typeof form.caseId === 'string' && form.caseId ? form.caseId : undefined;
    if (!instruction) return refused(c, 'plan', { message: 'instruction: say what to change in the plan', status: 400 }, { planCase: caseId });
    const r = await kit.run(c, planEdit, { projectId: c.req.param('id'), instruction, caseId });
    if (!r.ok) return projectPage(c, kit, { section: 'plan', error: r.error.message, errorNext: r.error.nextAction, planEdit: instruction, planCase: caseId }, r.error.status === 403 ? 403 : 400);
    return back(c, 'edited', 'plan', `&note=${encodeURIComponent(r.value.summary ?? `changed ${(r.value.changed ?? []).join(', ')}`)}`);
  });

  app.post('/projects/:id/plan/category', async (c) => {
    const form = await c.req.parseBody();
    const category = typeof form.category === 'string' ? form.category : '';
    const r = await kit.run(c, planSelect, { projectId: c.req.param('id'), selected: form.selected === 'true', category });
    return r.ok ? back(c, 'selection', 'plan') : refused(c, 'plan', r.error);
  });

  app.post('/projects/:id/plan/accept', async (c) => {
    const err = await applySelection(c);
    if (err) return refused(c, 'plan', err);
    const r = await kit.run(c, planAccept, { projectId: c.req.param('id') });
    return r.ok ? back(c, 'accepted', 'run', `&n=${r.value.created.length}`) : refused(c, 'plan', r.error);
  });

  app.post('/projects/:id/run', async (c) => {
    // The key was drawn when the page was rendered: a double click starts one run, not two.
    const form = await c.req.parseBody();
    const idempotencyKey = typeof form.idempotencyKey === 'string' && form.idempotencyKey ? form.idempotencyKey : undefined;
    const r = await kit.run(c, testRun, { all: true, projectId: c.req.param('id'), idempotencyKey });
    return r.ok ? back(c, 'run', 'run') : refused(c, 'run', r.error);
  });

  app.post('/projects/:id/batches/:batchId/cancel', async (c) => {
    const db = kit.deps.store.db;
    const runs = await db.selectFrom('runs').select('id').where('batch_id', '=', c.req.param('batchId')).where('project_id', '=', c.req.param('id')).where('user_id', '=', c.get('session')!.userId).where('status', 'in', ['queued', 'running']).execute();
    if (runs.length) {
      const r = await kit.run(c, testCancel, { runIds: runs.map((x) => x.id) });
      if (!r.ok) return refused(c, 'run', r.error);
    }
    return back(c, 'cancelled', 'run');
  });
}
