import type { ApiEndpoint, CaseCategory, CaseInput, CaseKind, PlannedCase, Priority } from '../contract/discovery.js';
import { constrainedFields, readOnlyFields } from './bodies.js';
import { declared, defaultChecks, expectedStatus } from './expect.js';
import { createdResource, parentVariables, variableFor } from './pairing.js';
import { isParam, paramVariables, segments, singular } from './paths.js';
import { isUniqueField, propsOf, schemaType } from './schema.js';

export const CATEGORY_OF: Record<CaseKind, CaseCategory> = {
  create: 'functional', read: 'functional', list: 'functional', update: 'functional', delete: 'functional', call: 'functional',
  'auth-missing': 'auth', 'auth-bad': 'auth', 'auth-wrong-scheme': 'auth',
  'missing-required': 'error', 'wrong-types': 'error', 'unknown-id': 'error', 'malformed-json': 'error', 'wrong-content-type': 'error', duplicate: 'error', 'custom-body': 'error', 'invalid-body': 'error',
  'boundary-min': 'boundary', 'boundary-max': 'boundary', 'boundary-at-max': 'boundary', 'empty-array': 'boundary', 'large-payload': 'boundary', 'query-bounds': 'boundary',
  injection: 'security', 'error-leak': 'security', 'mass-assignment': 'security', 'foreign-parent': 'security', 'query-json': 'error',
};

/**
 * Cases that send what the document does not allow, least likely to bring an app down first: their
 * tests run after the others (engine/plan.ts `isHostile`), created and started in this order.
 */
export const HOSTILE: CaseKind[] = ['wrong-content-type', 'query-json', 'wrong-types', 'injection', 'large-payload', 'malformed-json', 'invalid-body'];

const PRIORITY: Partial<Record<CaseKind, Priority>> = {
  create: 'p0', 'missing-required': 'p1', 'malformed-json': 'p1', duplicate: 'p1', 'error-leak': 'p1', 'mass-assignment': 'p1',
  'auth-bad': 'p2', 'auth-wrong-scheme': 'p2', 'wrong-types': 'p2', 'wrong-content-type': 'p2', 'foreign-parent': 'p2', injection: 'p2',
  'boundary-min': 'p2', 'boundary-max': 'p2', 'boundary-at-max': 'p2', 'empty-array': 'p3', 'large-payload': 'p3', 'query-bounds': 'p3', 'query-json': 'p2',
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

/**
 * A case that deletes or writes a record works on a record of its own, created first: a DELETE
 * must not remove the record other tests share, an update reads back what it wrote (another test
 * writing the shared record at the same time would spoil that), and a negative write that the API
 * wrongly accepts must not corrupt what concurrent tests read.
 */
export function selfContained(ep: ApiEndpoint, kind: CaseKind, creator?: Pick<ApiEndpoint, 'putCreates'>): boolean {
  if (kind === 'unknown-id' || kind === 'error-leak' || kind === 'foreign-parent') return false;
  // A record a PUT creates is the test's own from start to end: no create hands one to later tests.
  if (kind === 'read' && creator?.putCreates) return true;
  return ep.method === 'DELETE' || ((ep.method === 'PUT' || ep.method === 'PATCH') && isItem(ep));
}

export interface PlanContext {
  /** variable → the create endpoint producing it */
  producers: Map<string, ApiEndpoint>;
  /** every endpoint of the plan, to tell a collection or a shared record from an item */
  all?: ApiEndpoint[];
  /** families whose bad/wrong-scheme credential cases were already planned */
  authFamilies: Set<string>;
}

/** `a post`, `an author` (u stays `a`: `a user`). */
const an = (word: string) => `${/^[aeio]/i.test(word) ? 'an' : 'a'} ${word}`;

function resourceWord(ep: ApiEndpoint): string {
  const r = createdResource(ep) ?? segments(ep.path).filter((s) => !isParam(s)).pop() ?? 'resource';
  return singular(r).replace(/_/g, ' ');
}

export function needsOf(ep: ApiEndpoint, kind: CaseKind, ctx: PlanContext): string[] {
  if (kind === 'create') return parentVariables(ep);
  const tv = targetVariable(ep);
  const creator = tv ? ctx.producers.get(tv) : undefined;
  if (selfContained(ep, kind, creator) && ctx.producers.size) {
    return creator ? parentVariables(creator) : Object.values(paramVariables(ep.path));
  }
  const vars = Object.values(paramVariables(ep.path));
  if (kind === 'unknown-id' || kind === 'error-leak') return vars.slice(0, -1);
  if (kind === 'foreign-parent') return vars.slice(-1);
  return vars;
}

export function makeCase(ep: ApiEndpoint, kind: CaseKind, ctx: PlanContext, opts: { input?: CaseInput; title: string; description: string; suffix?: string; priority?: Priority }): PlannedCase {
  const category = CATEGORY_OF[kind];
  const resource = createdResource(ep);
  const produces = kind === 'create' && resource && !ep.putCreates ? [variableFor(resource)] : [];
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
    testCategory: kind === 'create' && !ep.putCreates ? 'setup' : HOSTILE.includes(kind) ? 'hostile' : 'main',
    selected: true,
    description: opts.description.slice(0, 2000),
    origin: 'planner',
  };
  if (opts.input) c.input = opts.input;
  const shared = sharedWrite(ep, ctx);
  const putMaker = undeletablePut(ep, kind, ctx);
  if (shared) {
    c.selected = false;
    c.description = `${c.description} Deselected: ${shared}`.slice(0, 2000);
  } else if (kind !== 'create' && resource && !ep.deleteOf && createsRecord(kind)) {
    c.selected = false;
    c.description = `${c.description} Deselected: it may create ${an(singular(resource))} that no DELETE endpoint can remove.`.slice(0, 2000);
  } else if (putMaker) {
    // What a PUT creates is the test's own and deleted by it; with no DELETE it would stay.
    const r = createdResource(putMaker) ?? 'record';
    c.selected = false;
    c.description = `${c.description} Deselected: it creates ${an(singular(r))} by PUT, and no DELETE endpoint can remove it.`.slice(0, 2000);
  }
  return c;
}

/** The PUT that creates the record this case makes for itself, when no DELETE removes what it creates. */
function undeletablePut(ep: ApiEndpoint, kind: CaseKind, ctx: PlanContext): ApiEndpoint | undefined {
  if (kind === 'create') return ep.putCreates && !ep.deleteOf ? ep : undefined;
  const tv = targetVariable(ep);
  const creator = tv ? ctx.producers.get(tv) : undefined;
  return creator?.putCreates && !creator.deleteOf && selfContained(ep, kind, creator) ? creator : undefined;
}

/**
 * Why a write to this endpoint would change data the suite did not create, or undefined. A PUT,
 * PATCH or DELETE on a path that is also read with GET but names no record (`PATCH /todos`,
 * `PUT /profile`) works on the whole collection or on a record that existed before the run: the
 * suite never sends it, whatever the case, because a server that ignores a filter or a failed
 * check would rewrite records it does not own.
 */
export function sharedWrite(ep: ApiEndpoint, ctx: PlanContext): string | undefined {
  const read = ctx.all?.some((e) => e.method === 'GET' && e.path === ep.path);
  // A POST that creates no record (the document answers neither 201 nor an id), sent to what a GET
  // reads (`POST /flows` beside `GET /flows`), writes over that data: deploys, replaces, resets.
  if (ep.method === 'POST' && read && !createdResource(ep) && !READ_ONLY_POST.test(segments(ep.path).pop() ?? ''))
    return `POST ${ep.path} creates no record (the document answers neither 201 nor an id) and writes to what GET ${ep.path} reads, which holds data this suite did not create; a suite never changes or deletes what it did not create. Select it only against data you can lose.`;
  if (!['PUT', 'PATCH', 'DELETE'].includes(ep.method) || isItem(ep)) return undefined;
  if (!read) return undefined;
  const collection = ctx.all?.some((e) => e.path.startsWith(`${ep.path.replace(/\/$/, '')}/{`));
  return collection
    ? `${ep.method} ${ep.path} writes to the whole collection, which holds records this suite did not create; a suite never changes or deletes what it did not create.`
    : `${ep.method} ${ep.path} writes to a record that existed before the run; a suite never changes or deletes what it did not create.`;
}

/** POSTs named for a read (a query in a body): they change nothing. */
const READ_ONLY_POST = /^(search|query|graphql|verify|validate|check|preview|count|lookup|find)$/i;

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
  const putCreates = creates && ep.method === 'PUT';
  if (putCreates) {
    add('create', `${label} creates ${an(word)} under a new ${ep.idField ?? 'key'}`, `PUT ${an(word)} at a ${ep.idField ?? 'key'} no record has; expect ${expectedStatus(ep, 'create').join('/')} and read it back. The test deletes it again: each test that needs ${an(word)} makes its own.`);
    add('update', `${label} replaces the ${word}`, `Create ${an(word)}, PUT it again with other values; expect ${expectedStatus(ep, 'update').join('/')} and the new values read back.`);
  } else if (creates) add('create', `${label} creates ${an(word)}`, `Create ${an(word)} with a valid body; expect ${expectedStatus(ep, 'create').join('/')} and capture its id for later tests.`);
  else if (ep.method === 'GET' && item) add('read', `${label} returns the ${word}`, `Fetch the ${word} created earlier; expect 200 and the same id.`);
  else if (ep.method === 'GET') add('list', `${label} answers`, `Call ${label}; expect ${expectedStatus(ep, 'list').join('/')} and the documented shape.`);
  else if ((ep.method === 'PUT' || ep.method === 'PATCH') && item) add('update', `${label} updates the ${word}`, `Update the ${word} with a valid body; expect ${expectedStatus(ep, 'update').join('/')}.`);
  else if (ep.method === 'DELETE' && item) add('delete', `${label} deletes ${an(word)}`, `Create ${an(word)}, delete it, then check it is gone (404).`);
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
    const validates = expectedStatus(ep, 'wrong-types').length > 0;
    if (typed.length && validates) add('wrong-types', `${label} with wrong field types is rejected`, `Send ${typed.map(([k]) => k).join(', ')} with values of the wrong type; expect ${expectedStatus(ep, 'wrong-types').join('/')}.`);
    else if (typed.length)
      add('wrong-types', `${label} with wrong field types keeps the documented types`, `Send ${typed.map(([k]) => k).join(', ')} with values of the wrong type. The document lists no validation error, so the server may refuse them or convert them; if it stores them, the record read back must have the documented types. Never a server error.`);
    if (schemaType(bodySchema) === 'object' || Object.keys(props).length)
      add('invalid-body', `${label} refuses a body that is not an object`, `Send an array, a list of valid records, a string, a number and null where the document wants an object; expect ${expectedStatus(ep, 'invalid-body').join('/') || 'a 4xx'} each time, never a stored record or a server error.`);
    add('malformed-json', `${label} with malformed JSON is rejected`, 'Send a truncated JSON body; expect a 4xx and an error body that leaks nothing.');
    add('wrong-content-type', `${label} with a wrong content type is rejected`, 'Send a text/plain body; expect 400/415/422.');
  }
  // Two records with one unique value are made by the record kind's create; a PUT that creates
  // replaces what its key names instead.
  const tv = targetVariable(ep);
  if ((ep.method === 'PUT' || ep.method === 'PATCH') && item && !putCreates && !(tv && ctx.producers.get(tv)?.putCreates)) {
    const unique = Object.entries(props).find(([k, s]) => s.readOnly !== true && isUniqueField(k, s));
    if (unique) add('duplicate', `${label} refuses the ${unique[0]} of another ${word}`, `Create two ${word} records, then give the first the ${unique[0]} of the second; expect ${expectedStatus(ep, 'duplicate').join('/')}, never a server error and never two records with one ${unique[0]}.`, { input: { field: unique[0] } });
  }
  // A PUT may create what its path names (HTTP): an unknown id is a 404 only where the document says so.
  const mayCreate = ep.method === 'PUT' && (putCreates || !declared(ep).includes(404));
  if (Object.keys(paramVariables(ep.path)).length && item && !mayCreate) add('unknown-id', `${label} with an unknown id answers 404`, 'Use an id that does not exist; expect 404.');
  else if (Object.keys(paramVariables(ep.path)).length && creates && !putCreates)
    add('unknown-id', `${label} under a parent that does not exist is refused`, `Create ${an(word)} under a parent id that does not exist; expect ${expectedStatus(ep, 'unknown-id').join('/') || 'a 4xx'}, never a stored orphan.`);
  if (creates && !putCreates) {
    const unique = Object.entries(props).find(([k, s]) => s.readOnly !== true && isUniqueField(k, s));
    if (unique) add('duplicate', `${label} with a duplicate ${unique[0]} is a conflict`, `Create ${an(word)}, then another with the same ${unique[0]}; expect ${expectedStatus(ep, 'duplicate').join('/')}, never a server error.`, { input: { field: unique[0] } });
    const idField = ep.idField ?? 'id';
    const idSchema = props[idField];
    if (idSchema && idSchema.readOnly !== true)
      add('duplicate', `${label} with an existing ${idField} is refused`, `The document lets the client choose ${idField}: create ${an(word)}, then another with the same ${idField}; expect ${expectedStatus(ep, 'duplicate').join('/')}, never a server error and never an overwrite of the first.`, { input: { field: idField }, suffix: idField });
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
  for (const qp of ep.queryParams.filter((x) => x.contentType && /json/.test(x.contentType) && schemaType(x.schema) === 'object'))
    add('query-json', `${label} checks the JSON in ${qp.name}`, `Send ${qp.name} as malformed JSON, as an array and with values its schema forbids; expect ${expectedStatus(ep, 'query-json').join('/') || 'no server error'} each time, and a valid ${qp.name} answered ${expectedStatus(ep, 'list').join('/')}.`, { input: { field: qp.name }, suffix: qp.name });
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
    add('foreign-parent', `${label} does not serve ${an(word)} through another parent`, `Fetch the ${word} under a parent id it does not belong to; expect 403/404.`);
  return out;
}

/**
 * Fields the client must not set: read-only in the request, read-only in the record the endpoint
 * answers with, or (for a closed request schema only) server-owned names seen in the answer.
 */
export function massFields(ep: ApiEndpoint): string[] {
  const ro = readOnlyFields(ep.requestBody?.schema);
  if (ro.length) return ro;
  const res = ep.responses.find((r) => typeof r.status === 'number' && r.status >= 200 && r.status < 300 && r.schema);
  const req = propsOf(ep.requestBody?.schema);
  const answered = Object.entries(propsOf(res?.schema)).filter(([k]) => !(k in req));
  const documented = answered.filter(([, s]) => s.readOnly === true).map(([k]) => k);
  if (documented.length) return documented;
  // Where the request schema admits other properties, a client may send any field.
  if (ep.requestBody?.schema?.additionalProperties !== false) return [];
  return answered.map(([k]) => k).filter((k) => /^(id|_id|createdAt|created_at|updatedAt|role|isAdmin|is_admin|admin|owner|ownerId)$/.test(k));
}
