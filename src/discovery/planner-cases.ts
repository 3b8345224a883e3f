import type { ApiEndpoint, CaseCategory, CaseInput, CaseKind, PlannedCase, Priority } from '../contract/discovery.js';
import { constrainedFields, readOnlyFields } from './bodies.js';
import { defaultChecks, expectedStatus } from './expect.js';
import { createdResource, variableFor } from './pairing.js';
import { isParam, paramVariables, segments, singular } from './paths.js';
import { isUniqueField, propsOf, schemaType } from './schema.js';

export const CATEGORY_OF: Record<CaseKind, CaseCategory> = {
  create: 'functional', read: 'functional', list: 'functional', update: 'functional', delete: 'functional', call: 'functional',
  'auth-missing': 'auth', 'auth-bad': 'auth', 'auth-wrong-scheme': 'auth',
  'missing-required': 'error', 'wrong-types': 'error', 'unknown-id': 'error', 'malformed-json': 'error', 'wrong-content-type': 'error', duplicate: 'error', 'custom-body': 'error',
  'boundary-min': 'boundary', 'boundary-max': 'boundary', 'boundary-at-max': 'boundary', 'empty-array': 'boundary', 'large-payload': 'boundary', 'query-bounds': 'boundary',
  injection: 'security', 'error-leak': 'security', 'mass-assignment': 'security', 'foreign-parent': 'security',
};

const PRIORITY: Partial<Record<CaseKind, Priority>> = {
  create: 'p0', 'missing-required': 'p1', 'malformed-json': 'p1', duplicate: 'p1', 'error-leak': 'p1', 'mass-assignment': 'p1',
  'auth-bad': 'p2', 'auth-wrong-scheme': 'p2', 'wrong-types': 'p2', 'wrong-content-type': 'p2', 'foreign-parent': 'p2', injection: 'p2',
  'boundary-min': 'p2', 'boundary-max': 'p2', 'boundary-at-max': 'p2', 'empty-array': 'p3', 'large-payload': 'p3', 'query-bounds': 'p3',
};

export function slugOf(ep: Pick<ApiEndpoint, 'method' | 'path'>): string {
  const p = ep.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  return `${ep.method.toLowerCase()}-${p || 'root'}`;
}

export function isItem(ep: Pick<ApiEndpoint, 'path'>): boolean {
  const segs = segments(ep.path);
  return segs.length > 0 && isParam(segs[segs.length - 1]!);
}

/** The variable an item path's last parameter stands for (DELETE /posts/{id} → post_id). */
export function targetVariable(ep: Pick<ApiEndpoint, 'path'>): string | undefined {
  const vars = Object.values(paramVariables(ep.path));
  return isItem(ep) ? vars[vars.length - 1] : undefined;
}

/** A DELETE case must not remove the record other tests share: it creates its own first. */
export function selfContained(ep: ApiEndpoint, kind: CaseKind): boolean {
  return ep.method === 'DELETE' && kind !== 'unknown-id' && kind !== 'error-leak';
}

export interface PlanContext {
  /** variable → the create endpoint producing it */
  producers: Map<string, ApiEndpoint>;
  /** families whose bad/wrong-scheme credential cases were already planned */
  authFamilies: Set<string>;
}

function resourceWord(ep: ApiEndpoint): string {
  const r = createdResource(ep) ?? segments(ep.path).filter((s) => !isParam(s)).pop() ?? 'resource';
  return singular(r).replace(/_/g, ' ');
}

export function needsOf(ep: ApiEndpoint, kind: CaseKind, ctx: PlanContext): string[] {
  if (selfContained(ep, kind) && ctx.producers.size) {
    const tv = targetVariable(ep);
    const creator = tv ? ctx.producers.get(tv) : undefined;
    return creator ? Object.values(paramVariables(creator.path)) : Object.values(paramVariables(ep.path));
  }
  const vars = Object.values(paramVariables(ep.path));
  if (kind === 'unknown-id' || kind === 'error-leak') return vars.slice(0, -1);
  if (kind === 'foreign-parent') return vars.slice(-1);
  return vars;
}

export function makeCase(ep: ApiEndpoint, kind: CaseKind, ctx: PlanContext, opts: { input?: CaseInput; title: string; description: string; suffix?: string; priority?: Priority }): PlannedCase {
  const category = CATEGORY_OF[kind];
  const resource = createdResource(ep);
  const produces = kind === 'create' && resource ? [variableFor(resource)] : [];
  const c: PlannedCase = {
    id: `${slugOf(ep)}.${kind}${opts.suffix ? `.${opts.suffix}` : ''}`,
    title: opts.title.slice(0, 200),
    category,
    kind,
    priority: opts.priority ?? PRIORITY[kind] ?? (kind === 'auth-missing' ? (ep.method === 'GET' ? 'p1' : 'p0') : kind === 'unknown-id' ? (ep.method === 'GET' ? 'p1' : 'p2') : 'p1'),
    endpointId: ep.id,
    method: ep.method,
    path: ep.path,
    expect: { status: expectedStatus(ep, kind), checks: defaultChecks(ep, kind) },
    produces,
    needs: needsOf(ep, kind, ctx),
    testCategory: kind === 'create' ? 'setup' : 'main',
    selected: true,
    description: opts.description.slice(0, 2000),
    origin: 'planner',
  };
  if (opts.input) c.input = opts.input;
  if (kind !== 'create' && resource && !ep.deleteOf && createsRecord(kind)) {
    c.selected = false;
    c.description = `${c.description} Deselected: it may create a ${singular(resource)} that no DELETE endpoint can remove.`.slice(0, 2000);
  }
  return c;
}

/** Kinds that leave a record behind when the server accepts them. */
export function createsRecord(kind: CaseKind): boolean {
  return ['duplicate', 'boundary-at-max', 'empty-array', 'large-payload', 'injection', 'mass-assignment'].includes(kind);
}

/** Every case one endpoint gets, in a fixed order. */
export function casesForEndpoint(ep: ApiEndpoint, ctx: PlanContext): PlannedCase[] {
  const out: PlannedCase[] = [];
  const add = (kind: CaseKind, title: string, description: string, extra: { input?: CaseInput; suffix?: string } = {}) =>
    out.push(makeCase(ep, kind, ctx, { title, description, ...extra }));
  const word = resourceWord(ep);
  const label = `${ep.method} ${ep.path}`;
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(ep.method);
  const creates = !!createdResource(ep);
  const item = isItem(ep);
  const bodySchema = ep.requestBody?.schema;
  const props = propsOf(bodySchema);

  // Functional
  if (creates) add('create', `${label} creates a ${word}`, `Create a ${word} with a valid body; expect ${expectedStatus(ep, 'create').join('/')} and capture its id for later tests.`);
  else if (ep.method === 'GET' && item) add('read', `${label} returns the ${word}`, `Fetch the ${word} created earlier; expect 200 and the same id.`);
  else if (ep.method === 'GET') add('list', `${label} answers`, `Call ${label}; expect ${expectedStatus(ep, 'list').join('/')} and the documented shape.`);
  else if ((ep.method === 'PUT' || ep.method === 'PATCH') && item) add('update', `${label} updates the ${word}`, `Update the ${word} with a valid body; expect ${expectedStatus(ep, 'update').join('/')}.`);
  else if (ep.method === 'DELETE' && item) add('delete', `${label} deletes a ${word}`, `Create a ${word}, delete it, then check it is gone (404).`);
  else add('call', `${label} answers`, `Call ${label} with the documented input; expect ${expectedStatus(ep, 'call').join('/')}.`);

  // Authentication and authorization
  if (ep.auth !== 'none' && ep.auth !== 'unknown') {
    add('auth-missing', `${label} without credentials is rejected`, `Send the request with no credential; expect ${expectedStatus(ep, 'auth-missing').join('/')}, never data.`);
    if (!ctx.authFamilies.has(ep.family)) {
      ctx.authFamilies.add(ep.family);
      add('auth-bad', `${label} with an invalid credential is rejected`, 'Send a well-formed but wrong credential; expect 401/403.');
      add('auth-wrong-scheme', `${label} with the credential in the wrong scheme is rejected`, 'Send the credential under another scheme (e.g. Basic instead of Bearer); expect 401/403.');
    }
  }

  // Error handling
  if (hasBody && ep.requestBody?.contentType.includes('json') !== false) {
    const required = ep.requestBody?.required ?? [];
    if (required.length && ep.method !== 'PATCH') add('missing-required', `${label} without required fields is rejected`, `Send a body without ${required.join(', ')}; expect ${expectedStatus(ep, 'missing-required').join('/')}.`);
    const typed = Object.entries(props).filter(([, s]) => s.readOnly !== true && schemaType(s));
    if (typed.length) add('wrong-types', `${label} with wrong field types is rejected`, `Send ${typed.map(([k]) => k).join(', ')} with values of the wrong type; expect ${expectedStatus(ep, 'wrong-types').join('/')}.`);
    add('malformed-json', `${label} with malformed JSON is rejected`, 'Send a truncated JSON body; expect a 4xx and an error body that leaks nothing.');
    add('wrong-content-type', `${label} with a wrong content type is rejected`, 'Send a text/plain body; expect 400/415/422.');
  }
  if (Object.keys(paramVariables(ep.path)).length && (item || creates)) add('unknown-id', `${label} with an unknown id answers 404`, 'Use an id that does not exist; expect 404.');
  if (creates) {
    const unique = Object.entries(props).find(([k, s]) => s.readOnly !== true && isUniqueField(k, s));
    if (unique) add('duplicate', `${label} with a duplicate ${unique[0]} is a conflict`, `Create a ${word}, then another with the same ${unique[0]}; expect ${expectedStatus(ep, 'duplicate').join('/')}, never a server error.`, { input: { field: unique[0] } });
  }

  // Boundary
  if (hasBody) {
    for (const { field, schema } of constrainedFields(ep).slice(0, 3)) {
      if (typeof schema.maxLength === 'number' || typeof schema.maximum === 'number' || typeof schema.maxItems === 'number')
        add('boundary-max', `${label} rejects ${field} above its maximum`, `Send ${field} one past its documented maximum; expect 400/422.`, { input: { field }, suffix: field });
      if ((typeof schema.minLength === 'number' && schema.minLength > 0) || typeof schema.minimum === 'number' || (typeof schema.minItems === 'number' && schema.minItems > 0))
        add('boundary-min', `${label} rejects ${field} below its minimum`, `Send ${field} one below its documented minimum; expect 400/422.`, { input: { field }, suffix: field });
      if (creates && typeof schema.maxLength === 'number')
        add('boundary-at-max', `${label} accepts ${field} at its maximum length`, `Send ${field} exactly ${schema.maxLength} characters long; expect success.`, { input: { field }, suffix: field });
    }
    const arrays = Object.entries(props).filter(([, s]) => schemaType(s) === 'array' && s.readOnly !== true);
    if (creates && arrays.length) add('empty-array', `${label} handles an empty ${arrays[0]![0]} list`, `Send ${arrays[0]![0]} as []; expect a clean answer, never a server error.`, { input: { field: arrays[0]![0] } });
    if (creates) add('large-payload', `${label} handles a large payload`, 'Send a body with a 512 KB string; expect 413/4xx or success, never a server error.');
  }
  const bounded = ep.queryParams.find((q) => typeof q.schema?.minimum === 'number' || typeof q.schema?.maximum === 'number');
  if (ep.method === 'GET' && bounded) add('query-bounds', `${label} with ${bounded.name} out of range`, `Send ${bounded.name} outside its documented range; expect a 4xx or a clamped answer, never a server error.`, { input: { field: bounded.name } });

  // Security probes
  if (hasBody && Object.values(props).some((s) => schemaType(s) === 'string'))
    add('injection', `${label} is not affected by injection strings`, 'Send SQL, script, template and path injection strings in a text field; expect no server error, no leaked internals and no unescaped HTML echo.');
  if (ep.method === 'GET' && Object.keys(paramVariables(ep.path)).length)
    add('error-leak', `${label} with a malformed id leaks no internals`, 'Request the path with a malformed id; expect 400/404/422 and an error body without stack traces or internal paths.');
  if ((creates || ((ep.method === 'PUT' || ep.method === 'PATCH') && item)) && massFields(ep).length)
    add('mass-assignment', `${label} ignores read-only fields`, `Send read-only fields (${massFields(ep).join(', ')}) with crafted values; expect them rejected or ignored.`, { input: { field: massFields(ep)[0] } });
  if (item && Object.keys(paramVariables(ep.path)).length >= 2 && ep.method === 'GET')
    add('foreign-parent', `${label} does not serve a ${word} through another parent`, `Fetch the ${word} under a parent id it does not belong to; expect 403/404.`);
  return out;
}

/** Read-only fields of the request, else server-owned fields seen in the response. */
export function massFields(ep: ApiEndpoint): string[] {
  const ro = readOnlyFields(ep.requestBody?.schema);
  if (ro.length) return ro;
  const res = ep.responses.find((r) => typeof r.status === 'number' && r.status >= 200 && r.status < 300 && r.schema);
  const req = propsOf(ep.requestBody?.schema);
  return Object.keys(propsOf(res?.schema)).filter((k) => !(k in req) && /^(id|_id|createdAt|created_at|updatedAt|role|isAdmin|is_admin|admin|owner|ownerId)$/.test(k));
}
