import type { ApiEndpoint } from '../contract/discovery.js';
import { ID_FIELDS, propsOf, schemaType } from './schema.js';
import { isParam, paramVariables, segments, singular, sortEndpoints, staticSegments } from './paths.js';

/** POSTs to these are actions, not creates: nothing is left behind that a DELETE could remove. */
const ACTION = /^(login|logout|signin|sign-in|signout|sign-out|token|tokens|refresh|search|query|verify|validate|activate|deactivate|reset|send|import|export|batch|bulk|run|execute|publish|unpublish|approve|reject|cancel|confirm|like|unlike|follow|unfollow|upload|check|preview|graphql)$/i;

export interface DeletePair {
  createId: string;
  deleteId: string;
  resource: string;
  /** The dynamic variable holding the created id, e.g. user_id. */
  variable: string;
}
export interface OrphanCandidate {
  createId: string;
  resource: string;
  variable: string;
  reason: string;
}
export interface CleanupTarget extends DeletePair {
  deletePath: string;
  /** DELETE path parameter → variable whose value fills it. */
  pathVariables: Record<string, string>;
  /** Nesting depth of the created resource; cleanup deletes deeper ones first. */
  depth: number;
}

export function familyOf(path: string): string {
  const segs = staticSegments(path).map((s) => s.toLowerCase());
  return segs.length ? segs.join('.') : 'root';
}

/**
 * The resource a POST creates (its last path segment), or null when the POST is an action; for a
 * PUT that creates at a key the client chooses (`putCreates`), the segment before that key.
 */
export function createdResource(ep: Pick<ApiEndpoint, 'method' | 'path' | 'responses' | 'putCreates'>): string | null {
  if (ep.method === 'PUT' && ep.putCreates) {
    const segs = segments(ep.path);
    const before = segs[segs.length - 2];
    return before && !isParam(before) ? before.toLowerCase() : null;
  }
  if (ep.method !== 'POST') return null;
  const segs = segments(ep.path);
  const last = segs[segs.length - 1];
  if (!last || isParam(last)) return null;
  if (ACTION.test(last)) return null;
  const codes = ep.responses.map((r) => r.status).filter((c): c is number => typeof c === 'number' && c >= 200 && c < 300);
  if (codes.includes(201)) return last.toLowerCase();
  // A documented 200 is a create only when the answer carries an id; with no 2xx documented,
  // a plural collection name is the best evidence.
  if (codes.length) {
    const ok = ep.responses.find((r) => r.status === codes[0]);
    return ID_FIELDS.some((f) => f in propsOf(ok?.schema)) ? last.toLowerCase() : null;
  }
  return /[^s]s$|^(people|media|data)$/i.test(last) ? last.toLowerCase() : null;
}

/** The variables a create's path needs from earlier tests: its parents (a PUT's own key is chosen by the test). */
export function parentVariables(create: Pick<ApiEndpoint, 'method' | 'path' | 'putCreates'>): string[] {
  const vars = Object.values(paramVariables(create.path));
  return create.method === 'PUT' && create.putCreates ? vars.slice(0, -1) : vars;
}

export function variableFor(resource: string): string {
  return `${singular(resource)}_id`;
}

function lastParamName(path: string): string {
  const segs = segments(path);
  return segs[segs.length - 1]!.slice(1, -1);
}

function idFieldOf(ep: ApiEndpoint, resource: string): string {
  const ok = ep.responses.find((r) => r.status === 201) ?? ep.responses.find((r) => typeof r.status === 'number' && r.status >= 200 && r.status < 300);
  const props = Object.keys(propsOf(ok?.schema));
  const one = singular(resource);
  const candidates = [...ID_FIELDS, `${one}Id`, `${one}_id`];
  return candidates.find((c) => props.includes(c)) ?? 'id';
}

function deleteFor(create: ApiEndpoint, resource: string, all: ApiEndpoint[]): ApiEndpoint | undefined {
  const dels = all.filter((d) => {
    if (d.method !== 'DELETE') return false;
    const segs = segments(d.path);
    return segs.length >= 2 && isParam(segs[segs.length - 1]!) && segs[segs.length - 2]!.toLowerCase() === resource;
  });
  const same = dels.find((d) => d.path === create.path);
  if (same) return same;
  const nested = dels.find((d) => d.path.replace(/\/\{[^}]+\}$/, '') === create.path);
  if (nested) return nested;
  return [...dels].sort((a, b) => segments(a.path).length - segments(b.path).length || (a.path < b.path ? -1 : 1))[0];
}

const ID_PARAM = /^(id|_id|uuid|guid|pk|.*[a-z](Id|ID|_id|Uuid|_uuid))$/;

/**
 * Does this PUT create a record at a key the client chooses (`PUT /tiddlers/{title}`)? HTTP lets
 * a PUT create what its path names; the document says so by listing 201, or by offering no other
 * way to create that kind of record while naming it by a natural key (a string that is not an id)
 * and listing no 404 for the PUT. An update-only PUT (`PUT /users/{id}` beside `POST /users`) is not one.
 */
function putCreates(ep: ApiEndpoint, all: ApiEndpoint[]): boolean {
  if (ep.method !== 'PUT' || !ep.requestBody) return false;
  const segs = segments(ep.path);
  const key = segs[segs.length - 1];
  const before = segs[segs.length - 2];
  if (!key || !isParam(key) || !before || isParam(before)) return false;
  const codes = ep.responses.map((r) => r.status);
  if (codes.includes(201)) return true;
  if (codes.includes(404)) return false;
  const name = key.slice(1, -1);
  const schema = ep.pathParams.find((p) => p.name === name)?.schema;
  if (ID_PARAM.test(name) || (schema && schemaType(schema) !== 'string') || schema?.format === 'uuid') return false;
  return !all.some((e) => e.method === 'POST' && createdResource(e) === before.toLowerCase());
}

/**
 * Families, DELETE pairing and id fields for a whole endpoint list. Pure and idempotent: run it again
 * after any edit. `deleteOf` is kept on a create whose pairing was set by hand and still exists.
 */
export function annotateEndpoints(endpoints: ApiEndpoint[]): ApiEndpoint[] {
  const sorted = sortEndpoints(endpoints);
  const ids = new Set(sorted.map((e) => e.id));
  return sorted.map((ep) => {
    const next: ApiEndpoint = { ...ep, family: familyOf(ep.path) };
    delete next.deleteOf;
    delete next.idField;
    delete next.putCreates;
    if (putCreates(ep, sorted)) next.putCreates = true;
    const resource = createdResource(next);
    if (!resource) return next;
    // A PUT's record is named by its path: its key parameter is the id.
    next.idField = next.putCreates ? lastParamName(ep.path) : ep.idField ?? idFieldOf(ep, resource);
    const kept = ep.deleteOf && ids.has(ep.deleteOf) ? ep.deleteOf : undefined;
    const del = kept ?? deleteFor(ep, resource, sorted)?.id;
    if (del) next.deleteOf = del;
    return next;
  });
}

export function pairDeletes(endpoints: ApiEndpoint[]): { pairs: DeletePair[]; orphans: OrphanCandidate[] } {
  const pairs: DeletePair[] = [];
  const orphans: OrphanCandidate[] = [];
  for (const ep of annotateEndpoints(endpoints)) {
    const resource = createdResource(ep);
    if (!resource) continue;
    const variable = variableFor(resource);
    if (ep.deleteOf) pairs.push({ createId: ep.id, deleteId: ep.deleteOf, resource, variable });
    else orphans.push({ createId: ep.id, resource, variable, reason: `no DELETE endpoint removes a created ${singular(resource)} (expected DELETE …/${resource}/{id})` });
  }
  return { pairs, orphans };
}

/** How cleanup turns a produced variable into a DELETE call; children (deeper) first. */
export function cleanupTargets(endpoints: ApiEndpoint[]): CleanupTarget[] {
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  const { pairs } = pairDeletes(endpoints);
  return pairs
    .map((p) => {
      const del = byId.get(p.deleteId)!;
      const create = byId.get(p.createId)!;
      const vars = paramVariables(del.path);
      const params = Object.keys(vars);
      // The last DELETE parameter is the created record itself, whatever the doc named it.
      if (params.length) vars[params[params.length - 1]!] = p.variable;
      return { ...p, deletePath: del.path, pathVariables: vars, depth: parentVariables(create).length };
    })
    .sort((a, b) => b.depth - a.depth || (a.variable < b.variable ? -1 : 1));
}
