import { SvcError } from '../contract/errors.js';
import { ApiEndpoint, AuthKind, HttpMethod, type ApiRequestBody } from '../contract/discovery.js';
import { annotateEndpoints } from './pairing.js';
import { endpointId, normalizePath, pathParamsOf } from './paths.js';

/** One change to a reviewed endpoint list (SPEC.md 1.2 step 4). */
export type EndpointEdit =
  | { op: 'update'; id: string; method?: string; path?: string; auth?: string; summary?: string }
  | { op: 'setFamilyAuth'; family: string; auth: string; includeNested?: boolean }
  | { op: 'add'; method: string; path: string; auth?: string; summary?: string; requestBody?: ApiRequestBody; responses?: number[] }
  | { op: 'remove'; id: string }
  | { op: 'pairDelete'; createId: string; deleteId: string };

function invalid(message: string, nextAction: string): SvcError {
  return new SvcError('VALIDATION_ERROR', message, { nextAction });
}

function method(m: string): HttpMethod {
  const r = HttpMethod.safeParse(m.toUpperCase());
  if (!r.success) throw invalid(`Method "${m}" is not one of ${HttpMethod.options.join(', ')}`, 'Use an HTTP method such as GET or POST');
  return r.data;
}

function auth(a: string): AuthKind {
  const map: Record<string, AuthKind> = { none: 'none', public: 'none', bearer: 'bearer', 'bearer token': 'bearer', apikey: 'apiKey', 'api key': 'apiKey', api_key: 'apiKey', basic: 'basic', 'basic token': 'basic', unknown: 'unknown' };
  const k = map[a.trim().toLowerCase()];
  if (!k) throw invalid(`Auth type "${a}" is not one of none, bearer, apiKey, basic`, 'Use none, bearer, apiKey or basic');
  return k;
}

function path(p: string): string {
  if (!/^\/?[\w\-./{}:~%@]*$/.test(p.trim()) || p.length > 500) throw invalid(`Path "${p}" is not a path template`, 'Use a path such as /users/{id}');
  return normalizePath(p);
}

function find(list: ApiEndpoint[], id: string): ApiEndpoint {
  const ep = list.find((e) => e.id === id);
  if (!ep) throw new SvcError('NOT_FOUND', `No endpoint ${id}`, { nextAction: 'List the endpoints and use an id such as "GET /users/{id}"' });
  return ep;
}

function ensureUnique(list: ApiEndpoint[], id: string, except?: string): void {
  if (list.some((e) => e.id === id && e.id !== except)) throw new SvcError('CONFLICT', `Endpoint ${id} already exists`, { nextAction: 'Edit the existing endpoint instead' });
}

/**
 * Applies one edit and returns the new list, re-annotated (families, DELETE pairing) and sorted.
 * Pure: the input list is not changed. Invalid edits are VALIDATION_ERROR, unknown ids NOT_FOUND,
 * a method/path that already exists CONFLICT.
 */
export function editEndpoints(endpoints: ApiEndpoint[], edit: EndpointEdit): ApiEndpoint[] {
  const list = endpoints.map((e) => ({ ...e }));
  switch (edit.op) {
    case 'update': {
      const ep = find(list, edit.id);
      const m = edit.method ? method(edit.method) : ep.method;
      const p = edit.path ? path(edit.path) : ep.path;
      const id = endpointId(m, p);
      ensureUnique(list, id, ep.id);
      for (const other of list) if (other.deleteOf === ep.id) other.deleteOf = id;
      Object.assign(ep, { id, method: m, path: p, pathParams: p === ep.path ? ep.pathParams : pathParamsOf(p, ep.pathParams) });
      if (edit.auth) ep.auth = auth(edit.auth);
      if (edit.summary !== undefined) ep.summary = edit.summary.slice(0, 300);
      break;
    }
    case 'setFamilyAuth': {
      const a = auth(edit.auth);
      const hits = list.filter((e) => e.family === edit.family || (edit.includeNested !== false && e.family.startsWith(`${edit.family}.`)));
      if (!hits.length) throw new SvcError('NOT_FOUND', `No endpoint family ${edit.family}`, { nextAction: `Families: ${[...new Set(list.map((e) => e.family))].join(', ')}` });
      for (const e of hits) e.auth = a;
      break;
    }
    case 'add': {
      const m = method(edit.method);
      const p = path(edit.path);
      const id = endpointId(m, p);
      ensureUnique(list, id);
      const ep: ApiEndpoint = {
        id, method: m, path: p, pathParams: pathParamsOf(p), queryParams: [],
        responses: (edit.responses ?? []).map((status) => ({ status })),
        auth: edit.auth ? auth(edit.auth) : 'unknown', family: '', source: 'manual',
      };
      if (edit.summary) ep.summary = edit.summary.slice(0, 300);
      if (edit.requestBody) ep.requestBody = edit.requestBody;
      list.push(ApiEndpoint.parse(ep));
      break;
    }
    case 'remove': {
      find(list, edit.id);
      const rest = list.filter((e) => e.id !== edit.id);
      for (const e of rest) if (e.deleteOf === edit.id) delete e.deleteOf;
      return annotateEndpoints(rest);
    }
    case 'pairDelete': {
      const create = find(list, edit.createId);
      const del = find(list, edit.deleteId);
      if (create.method !== 'POST' || del.method !== 'DELETE') throw invalid('A pairing joins a POST (create) to a DELETE', 'Pick a POST endpoint and a DELETE endpoint');
      create.deleteOf = del.id;
      break;
    }
  }
  return annotateEndpoints(list);
}
