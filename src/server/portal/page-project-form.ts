import type { Hono } from 'hono';
import { SvcError } from '../../contract/errors.js';
import { AUTO_AUTH_METHODS, CREDENTIAL_TYPES, INJECT_TARGETS, autoAuthDefaults, autoAuthProblems, CredentialBody, type AutoAuthConfig } from '../../contract/project-auth.js';
import type { Project } from '../../contract/projects.js';
import { judgeUrl } from '../../contract/target-policy.js';
import { projectAutoAuth } from '../../ops/project-auto-auth.js';
import { projectCreate } from '../../ops/project-create.js';
import { projectCredential } from '../../ops/project-credential.js';
import { projectGet } from '../../ops/project-get.js';
import { projectUpdate } from '../../ops/project-update.js';
import { uuid } from '../../util/ids.js';
import { errorSummary, field, formStrings, optional, radios } from './forms.js';
import type { PortalContext, PortalEnv } from './guard.js';
import { html, type Html } from './html.js';
import type { PortalKit } from './kit.js';
import { BASE, page } from './layout.js';

/** Auto-auth settings as form fields (prefixed so that its username/password are not the project's). */
export const AA_KEYS = ['method', 'inject', 'injectKey', 'loginUrl', 'loginMethod', 'loginContentType', 'loginBodyTemplate', 'username', 'password', 'tokenPath', 'tokenEndpoint', 'clientId', 'clientSecret', 'refreshToken', 'scope', 'region'] as const;
type AaKey = (typeof AA_KEYS)[number];
const AA_SECRETS: readonly AaKey[] = ['password', 'clientSecret', 'refreshToken'];
const AA_LABELS: Record<AaKey, string> = {
  method: 'Method', inject: 'Inject the token as', injectKey: 'Header or cookie name', loginUrl: 'Login URL', loginMethod: 'Login method', loginContentType: 'Login content type',
  loginBodyTemplate: 'Login body template', username: 'Login user name', password: 'Login password', tokenPath: 'Token path (JSONPath)', tokenEndpoint: 'Token endpoint',
  clientId: 'Client id', clientSecret: 'Client secret', refreshToken: 'Refresh token', scope: 'Scope', region: 'AWS region',
};
const aa = (k: AaKey) => `aa_${k}`;

const LABELS: Record<string, string> = {
  name: 'Name', type: 'Type', url: 'URL', username: 'Test account user name', password: 'Test account password', instruction: 'Instruction',
  credentialType: 'Credential type', credential: 'Credential value', autoAuth: 'Auto-auth',
  ...Object.fromEntries(AA_KEYS.map((k) => [aa(k), `Auto-auth: ${AA_LABELS[k]}`])),
};
const PROJECT_FIELDS = ['name', 'type', 'url', 'username', 'password', 'instruction'] as const;

/** Maps an auto-auth problem ("method 'password' needs --login-url") to the form field it is about. */
export function autoAuthField(message: string): string {
  const flag = /--([a-z][a-z-]*)/.exec(message)?.[1];
  const key = flag?.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
  return key && (AA_KEYS as readonly string[]).includes(key) ? aa(key as AaKey) : 'autoAuth';
}

interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  general?: string;
  notice?: string;
}

function form(action: string, s: FormState, existing: Project | undefined, idempotencyKey: string): Html {
  const v = s.values;
  const e = s.errors;
  const f = (name: string, extra: Partial<Parameters<typeof field>[0]> = {}) => field({ name, label: LABELS[name] ?? name, value: v[name], error: e[name], ...extra });
  const keepHint = (what: string, set: boolean) => (existing ? (set ? `A ${what} is stored. Leave blank to keep it.` : `No ${what} stored.`) : undefined);
  const aaSel = v[aa('method')] ?? '';
  const autoAuthState = existing?.autoAuth ? `Currently ${existing.autoAuth.enabled ? 'on' : 'off'} (method ${existing.autoAuth.method}, injected as ${existing.autoAuth.inject}).` : 'Not configured.';
  return html`<form class="project-form card" method="post" action="${action}" novalidate>
    ${s.notice ? html`<div class="banner info" role="status">${s.notice}</div>` : ''}
    ${errorSummary(e, LABELS, s.general)}
    <input type="hidden" name="idempotencyKey" value="${idempotencyKey}">
    ${f('name', { required: true, autocomplete: 'off' })}
    ${existing
      ? html`<p class="field"><span class="label">Type</span> ${existing.type} <span class="muted">(a project keeps its type)</span></p><input type="hidden" name="type" value="${existing.type}">`
      : radios({ name: 'type', legend: 'Type', value: v.type, error: e.type, required: true, options: [['frontend', 'Frontend (browser tests of a web app)'], ['backend', 'Backend (HTTP API tests)']] })}
    ${f('url', { type: 'url', label: 'URL', hint: 'Frontend: the starting URL (required). Backend: the base URL the tests call.', placeholder: 'https://app.example.com', autocomplete: 'url' })}
    <fieldset class="group frontend-only" data-for-type="frontend"><legend>Test account <span class="muted">(frontend, optional)</span></legend>
      ${f('username', { autocomplete: 'off' })}
      ${f('password', { type: 'password', autocomplete: 'new-password', hint: keepHint('password', !!existing?.password) })}
    </fieldset>
    ${f('instruction', { type: 'textarea', rows: 3, hint: 'Optional extra context for planning, e.g. "focus on checkout".' })}
    <fieldset class="group backend-only" data-for-type="backend"><legend>Credential <span class="muted">(backend: injected into every run)</span></legend>
      ${f('credentialType', {
        type: 'select',
        options: [['', existing ? (existing.credential ? `Keep (${existing.credential.type})` : 'Keep (none)') : 'None'], ...CREDENTIAL_TYPES.map((t) => [t, t] as const)],
        hint: 'public sends no credential; the others need a value.',
      })}
      ${f('credential', { type: 'password', autocomplete: 'off', hint: existing?.credential?.value ? 'A value is stored. Type a new one to replace it, or leave blank to keep it.' : undefined })}
    </fieldset>
    <details class="group backend-only" data-for-type="backend"${aaSel || Object.keys(e).some((k) => k.startsWith('aa_') || k === 'autoAuth') ? html` open` : ''}>
      <summary>Auto-auth (Pro): fetch a fresh token before every run</summary>
      <p class="hint">${autoAuthState}</p>
      ${e.autoAuth ? html`<p class="field-error" id="f-autoAuth" role="alert">${e.autoAuth}</p>` : ''}
      ${f(aa('method'), { type: 'select', label: AA_LABELS.method, options: [['', existing?.autoAuth ? 'Keep as it is' : 'Off'], ...(existing?.autoAuth?.enabled ? [['off', 'Turn off (keep the settings)'] as const] : []), ...AUTO_AUTH_METHODS.map((m) => [m, m] as const)] })}
      ${f(aa('inject'), { type: 'select', label: AA_LABELS.inject, options: [['', '—'], ...INJECT_TARGETS.map((m) => [m, m] as const)] })}
      <div class="grid2">${AA_KEYS.filter((k) => k !== 'method' && k !== 'inject').map((k) =>
        f(aa(k), { label: AA_LABELS[k], type: AA_SECRETS.includes(k) ? 'password' : k === 'loginBodyTemplate' ? 'textarea' : 'text', autocomplete: 'off', rows: 2 }))}</div>
    </details>
    <div class="form-actions"><button class="btn" type="submit">${existing ? 'Save changes' : 'Create project'}</button>
      <a class="btn secondary" href="${existing ? `${BASE}/projects/${existing.id}` : `${BASE}/projects`}">Cancel</a></div>
  </form>`;
}

/** What the stored project shows in the edit form (secrets are never put back into a page). */
function storedValues(p: Project): Record<string, string> {
  const a = p.autoAuth;
  return {
    name: p.name, type: p.type, url: p.url ?? '', username: p.username ?? '', instruction: p.instruction ?? '',
    ...(a ? Object.fromEntries(AA_KEYS.filter((k) => k !== 'method' && !AA_SECRETS.includes(k)).map((k) => [aa(k), String((a as Record<string, unknown>)[k] ?? '')])) : {}),
  };
}

function autoAuthInput(v: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of AA_KEYS) {
    const x = optional(v[aa(k)]);
    if (x !== undefined && k !== 'method') out[k] = x;
  }
  return out;
}

/**
 * What the credential and auto-auth parts of the form ask for, against what is stored: a typed
 * credential value without a type keeps the stored type; auto-auth left at "keep" but with a
 * setting changed (or a secret typed) sends that change with the stored method.
 */
export function authIntent(v: Record<string, string>, existing?: Pick<Project, 'credential' | 'autoAuth'>): { credentialType?: string; aaMethod?: string; aaInject?: string } {
  const credentialType = v.credentialType || (v.credential && existing?.credential ? existing.credential.type : undefined);
  let aaMethod = v[aa('method')] || undefined;
  let aaInject = optional(v[aa('inject')]);
  const stored = existing?.autoAuth as Record<string, unknown> | null | undefined;
  // Only an active configuration is edited in place; a turned-off one is turned on by choosing its method.
  if (!aaMethod && stored?.enabled) {
    const changed = AA_KEYS.some((k) => k !== 'method' && (AA_SECRETS.includes(k) ? !!v[aa(k)] : (optional(v[aa(k)]) ?? '') !== String(stored[k] ?? '')));
    if (changed) {
      aaMethod = String(stored.method);
      aaInject ??= String(stored.inject);
    }
  }
  return { credentialType, aaMethod, aaInject };
}

/**
 * Checks the credential and auto-auth parts before anything is saved, with the contract's own
 * rules, so that a refused credential does not leave a half-made project or a half-saved edit.
 */
function precheck(v: Record<string, string>, existing?: Project): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.type !== 'backend') return errors;
  const want = authIntent(v, existing);
  if (!want.credentialType && v.credential) errors.credentialType = 'choose the type of this credential';
  if (want.credentialType) {
    const r = CredentialBody.safeParse({ type: want.credentialType, value: optional(v.credential) });
    if (!r.success) for (const i of r.error.issues) errors[i.path[0] === 'value' ? 'credential' : 'credentialType'] ??= i.message;
  }
  const method = want.aaMethod;
  if (method && method !== 'off') {
    const stored = existing?.autoAuth?.method === method ? definedOnly(existing.autoAuth as Record<string, unknown>) : {};
    const merged = { ...autoAuthDefaults(method as AutoAuthConfig['method']), ...stored, ...autoAuthInput(v), method, ...(want.aaInject ? { inject: want.aaInject } : {}), enabled: true } as Partial<AutoAuthConfig>;
    for (const p of autoAuthProblems(merged)) errors[autoAuthField(p)] ??= p;
  }
  return errors;
}

function definedOnly(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== null && x !== ''));
}

type Step = { ok: true } | { ok: false; errors: Record<string, string>; general: string };

/** Credential and auto-auth of a backend project, each through its own op. */
async function applyAuth(kit: PortalKit, c: PortalContext, projectId: string, v: Record<string, string>, existing?: Project): Promise<Step> {
  if (v.type !== 'backend') return { ok: true };
  const want = authIntent(v, existing);
  if (want.credentialType) {
    const r = await kit.run(c, projectCredential, { projectId, type: want.credentialType, credential: optional(v.credential) }, ['type', 'credential', 'value']);
    if (!r.ok) {
      const errors: Record<string, string> = {};
      for (const [k, m] of Object.entries(r.fields)) errors[k === 'type' ? 'credentialType' : 'credential'] = m;
      if (!Object.keys(errors).length) errors.credential = r.error.message;
      return { ok: false, errors, general: `The credential was not saved: ${r.error.message}` };
    }
  }
  const method = want.aaMethod;
  if (method) {
    const input = method === 'off' ? { projectId, disable: true } : { projectId, ...autoAuthInput(v), method, ...(want.aaInject ? { inject: want.aaInject } : {}) };
    const r = await kit.run(c, projectAutoAuth, input, AA_KEYS);
    if (!r.ok) {
      const errors: Record<string, string> = {};
      for (const [k, m] of Object.entries(r.fields)) errors[aa(k as AaKey)] = m;
      const issues = (r.error.details as { issues?: { reason?: string }[] } | undefined)?.issues ?? [];
      for (const i of issues) if (i.reason) errors[autoAuthField(i.reason)] ??= i.reason;
      if (!Object.keys(errors).length) errors.autoAuth = r.error.message;
      return { ok: false, errors, general: `Auto-auth was not saved: ${r.error.message}` };
    }
  }
  return { ok: true };
}

export function registerProjectForms(app: Hono<PortalEnv>, kit: PortalKit): void {
  const crumbs = (last: string, p?: Project) => [{ label: 'Projects', href: `${BASE}/projects` }, ...(p ? [{ label: p.name, href: `${BASE}/projects/${p.id}` }] : []), { label: last }];
  const render = (c: PortalContext, s: FormState, p: Project | undefined, status: 200 | 400 | 403 | 409 = 200) => {
    const title = p ? `Edit ${p.name}` : 'New project';
    const action = p ? `${BASE}/projects/${p.id}/edit` : `${BASE}/projects/new`;
    const body = html`<h1>${title}</h1><p class="sub">${p ? 'Change the project; fields left as they are stay unchanged.' : 'A project holds one type of test: frontend (a web app in a browser) or backend (an HTTP API).'}</p>
      ${form(action, s, p, s.values.idempotencyKey || uuid())}`;
    return c.html(page({ title, session: c.get('session'), crumbs: crumbs(p ? 'Edit' : 'New project', p) }, body), status);
  };
  const statusOf = (e: SvcError) => (e.status === 403 ? 403 : e.status === 409 ? 409 : 400);

  app.get('/projects/new', (c) => render(c, { values: { type: c.req.query('type') === 'frontend' || c.req.query('type') === 'backend' ? c.req.query('type')! : '' }, errors: {} }, undefined));

  app.post('/projects/new', async (c) => {
    const v = formStrings(await c.req.parseBody());
    const input = {
      type: v.type, name: v.name ?? '', url: optional(v.url), username: optional(v.username), password: v.password || undefined, instruction: optional(v.instruction),
      idempotencyKey: optional(v.idempotencyKey),
    };
    // Every problem at once: the op's own input schema and URL rules, before anything is sent.
    const errors = precheck(v);
    const parsed = projectCreate.input.safeParse(input);
    if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0] ?? 'name')] ??= i.message;
    if (!v.type) errors.type = 'choose frontend or backend';
    if (input.url !== undefined && !errors.url) {
      const u = judgeUrl(kit.deps.config.targetPolicy, input.url);
      if (!u.ok) errors.url = u.reason;
    }
    if (Object.keys(errors).length) return render(c, { values: v, errors }, undefined, 400);
    const r = await kit.run(c, projectCreate, input, PROJECT_FIELDS);
    if (!r.ok) return render(c, { values: v, errors: r.fields, general: Object.keys(r.fields).length ? undefined : r.error.message }, undefined, statusOf(r.error));
    const step = await applyAuth(kit, c, r.value.id, v);
    if (!step.ok) {
      // The project exists now: carry on in its edit form, with everything typed still there.
      return render(c, { values: { ...v, idempotencyKey: '' }, errors: step.errors, general: step.general, notice: `Project ${r.value.name} was created.` }, r.value, 400);
    }
    return c.redirect(`${BASE}/projects/${r.value.id}?saved=created`, 303);
  });

  const load = async (c: PortalContext) => {
    const r = await kit.run(c, projectGet, { projectId: c.req.param('id') ?? '' });
    return r.ok ? r.value : undefined;
  };

  app.get('/projects/:id/edit', async (c) => {
    const p = await load(c);
    if (!p) return kit.notFound(c);
    return render(c, { values: storedValues(p), errors: {} }, p);
  });

  app.post('/projects/:id/edit', async (c) => {
    const p = await load(c);
    if (!p) return kit.notFound(c);
    const v: Record<string, string> = { ...formStrings(await c.req.parseBody()), type: p.type };
    const errors = precheck(v, p);
    if (Object.keys(errors).length) return render(c, { values: v, errors }, p, 400);
    // Only what changed is sent: an untouched URL is not re-checked, a blank password keeps the stored one.
    const change: Record<string, string | undefined> = {};
    if ((v.name ?? '') !== p.name) change.name = v.name ?? '';
    const url = optional(v.url);
    if (url !== undefined && url !== p.url) change.url = url;
    if (url === undefined && p.url) errors.url = p.type === 'frontend' ? 'a frontend project needs its starting URL' : 'the base URL can be changed but not removed';
    for (const k of ['username', 'instruction'] as const) if ((v[k] ?? '').trim() !== (p[k] ?? '')) change[k] = (v[k] ?? '').trim();
    if (v.password) change.password = v.password;
    if (Object.keys(errors).length) return render(c, { values: v, errors }, p, 400);
    if (Object.keys(change).length) {
      const r = await kit.run(c, projectUpdate, { projectId: p.id, ...change }, PROJECT_FIELDS);
      if (!r.ok) return render(c, { values: v, errors: r.fields, general: Object.keys(r.fields).length ? undefined : r.error.message }, p, statusOf(r.error));
    }
    const step = await applyAuth(kit, c, p.id, v, p);
    if (!step.ok) return render(c, { values: v, errors: step.errors, general: step.general }, (await load(c)) ?? p, 400);
    return c.redirect(`${BASE}/projects/${p.id}?saved=updated`, 303);
  });
}
