import type { MadeRecord, RecordedCall } from './types.js';

/** A resource created during a run that cleanup should delete (SPEC.md 2.4, 3.6). */
export interface Handle {
  /** Absolute URL of the resource. */
  url: string;
  resourcePath: string;
  resourceId: string;
  resourceType: string;
  sourceEndpoint: string;
  parentPath: string | null;
  depth: number;
  /** 'DELETE /users/{id}' style template, or null when it is known that none exists. */
  deleteEndpoint: string | null;
  status: 'pending' | 'deleted-by-test' | 'excluded' | 'orphaned';
}

export interface CleanupOptions {
  /** From API docs: path templates that have a DELETE. Undefined: no docs, infer from the create path. */
  deleteTemplates?: string[];
  /** Resource paths (glob with *) excluded from cleanup by the project's settings. */
  exclude?: string[];
  /** From API docs: creates whose records another path deletes, e.g. /posts/{id}/comments → /comments/{id}. */
  deletePairs?: { create: string; delete: string }[];
  /**
   * Paths the target URLs carry (`/admin` of `http://host/admin`): the document's paths are below
   * them, so templates are matched against what follows.
   */
  basePaths?: string[];
  /** From API docs: headers a DELETE requires, by its path template. */
  deleteHeaders?: Record<string, Record<string, string>>;
}

/** Values of a template's parameters in a concrete path (`/posts/{id}/comments`, `/posts/3/comments` → {id: '3'}). */
function bind(template: string, path: string): Record<string, string> | null {
  if (!matchTemplate(template, path)) return null;
  const p = path.replace(/\/+$/, '').split('/');
  const out: Record<string, string> = {};
  template.replace(/\/+$/, '').split('/').forEach((seg, i) => {
    const m = /^\{([^}]+)\}$/.exec(seg);
    if (m) out[m[1]!] = p[i]!;
  });
  return out;
}

/** The path a paired DELETE removes a record at: its last parameter is the id, the others come from the create path. */
function pairedPath(pairs: CleanupOptions['deletePairs'], createPath: string, id: string): string | undefined {
  for (const pair of pairs ?? []) {
    const values = bind(pair.create, createPath);
    if (!values) continue;
    const segs = pair.delete.split('/');
    const last = segs.length - 1;
    const filled = segs.map((seg, i) => {
      const m = /^\{([^}]+)\}$/.exec(seg);
      if (!m) return seg;
      return i === last ? encodeURIComponent(id) : values[m[1]!];
    });
    if (filled.every((s) => s !== undefined)) return filled.join('/');
  }
  return undefined;
}

const ID_KEYS = ['id', 'ID', 'Id', 'uuid', '_id'];

/** The path of a URL without its trailing slash (`/` for none). */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/+$/, '') || '/';
  } catch {
    return url.split('?')[0]!;
  }
}

function header(h: Record<string, string>, name: string): string | undefined {
  const k = Object.keys(h).find((x) => x.toLowerCase() === name);
  return k ? h[k] : undefined;
}

/** The id of a created resource from its response body: id, data.id, or <type>_id / <type>Id. */
export function idFromBody(body: string | null, type: string): string | undefined {
  if (!body) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const singular = type.replace(/s$/, '');
  const candidates = [json, (json as Record<string, unknown>)?.data, (json as Record<string, unknown>)?.[singular]];
  for (const c of candidates) {
    if (!c || typeof c !== 'object' || Array.isArray(c)) continue;
    const o = c as Record<string, unknown>;
    for (const k of [...ID_KEYS, `${singular}_id`, `${singular}Id`]) {
      const v = o[k];
      if ((typeof v === 'string' && v) || typeof v === 'number') return String(v);
    }
  }
  return undefined;
}

/** Does a concrete path match a template like /users/{id}? */
export function matchTemplate(template: string, path: string): boolean {
  const t = template.replace(/\/+$/, '').split('/');
  const p = path.replace(/\/+$/, '').split('/');
  return t.length === p.length && t.every((seg, i) => /^\{[^}]+\}$/.test(seg) || seg === p[i]);
}

function globMatch(glob: string, path: string): boolean {
  const re = new RegExp(`^${glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(path);
}

/**
 * Finds the resources a run created: successful POSTs (and PUTs answering 201) whose response
 * names an id (Location header or body), and the records tests reported making where the answer
 * does not say so (`made`: a PUT that creates answers like one that replaces). Children are linked
 * to the handle whose path prefixes the create call's path, so cleanup can delete children before
 * parents. A record a test deleted itself is kept as `deleted-by-test`.
 */
export function extractHandles(calls: RecordedCall[], opts: CleanupOptions = {}, made: MadeRecord[] = []): Handle[] {
  const bases = (opts.basePaths ?? []).map((b) => b.replace(/\/+$/, '')).filter(Boolean).sort((a, b) => b.length - a.length);
  const baseOf = (p: string) => bases.find((b) => p === b || p.startsWith(`${b}/`)) ?? '';
  /** The path below the target's base path: what the document's templates describe. */
  const rel = (p: string) => p.slice(baseOf(p).length) || '/';
  const paired = (createPath: string, id: string) => {
    const p = pairedPath(opts.deletePairs, rel(createPath), id);
    return p === undefined ? undefined : `${baseOf(createPath)}${p}`;
  };
  const handles: Handle[] = [];
  const byPath = new Map<string, Handle>();
  /** When the latest create of a handle's path was answered (ms). */
  const answeredAt = new Map<Handle, number>();
  const add = (resourcePath: string, id: string, createPath: string, url: string, sourceEndpoint: string, answered: number) => {
    const below = rel(resourcePath);
    // A server that reuses ids can create a record at a path a test already deleted: the new
    // record replaces the old handle. Any other repeat is the same record seen again, or made again
    // while a DELETE of the first was on its way: then only a DELETE sent after it counts.
    const seen = byPath.get(resourcePath);
    if (seen && seen.status !== 'deleted-by-test') {
      answeredAt.set(seen, Math.max(answeredAt.get(seen) ?? 0, answered));
      return;
    }
    const segments = resourcePath.split('/').filter(Boolean);
    const resourceType = segments.length >= 2 ? segments[segments.length - 2]! : segments[0] ?? 'resource';
    let parent: Handle | undefined;
    for (const h of handles) if (createPath !== h.resourcePath && createPath.startsWith(`${h.resourcePath}/`) && (!parent || h.resourcePath.length > parent.resourcePath.length)) parent = h;
    const template = resourcePath.replace(/[^/]+$/, '{id}');
    let deleteEndpoint: string | null = `DELETE ${template}`;
    let status: Handle['status'] = 'pending';
    if (opts.deleteTemplates) {
      const t = opts.deleteTemplates.find((x) => matchTemplate(x, below));
      deleteEndpoint = t ? `DELETE ${t}` : null;
      if (!t) status = 'orphaned';
    }
    if (opts.exclude?.some((g) => globMatch(g, resourcePath) || globMatch(g, below))) status = 'excluded';
    const h: Handle = { url, resourcePath, resourceId: id, resourceType, sourceEndpoint, parentPath: parent?.resourcePath ?? null, depth: parent ? parent.depth + 1 : 0, deleteEndpoint, status };
    if (seen) handles[handles.indexOf(seen)] = h;
    else handles.push(h);
    byPath.set(resourcePath, h);
    answeredAt.set(h, answered);
  };
  // Calls and reported records in time order; a record reported in the same millisecond as a call
  // goes first (it is reported after the request that made it, before any that deletes it).
  const entries = [...calls.map((call) => ({ at: call.startedAt, seq: call.seq, call })), ...made.map((record) => ({ at: record.at, seq: -1, record }))];
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.seq - b.seq));
  for (const e of entries) {
    if ('record' in e) {
      const resourcePath = pathOf(e.record.url);
      const id = decodeURIComponent(resourcePath.split('/').pop() ?? '');
      const via = pathOf(e.record.via);
      if (id) add(resourcePath, id, via, e.record.url, `${e.record.method.toUpperCase()} ${via.replace(/[^/]+$/, '{id}')}`, Date.parse(e.record.at));
      continue;
    }
    const c = e.call;
    const method = c.method.toUpperCase();
    if (c.status === null) continue;
    const createPath = pathOf(c.url);
    if (method === 'DELETE' && c.status >= 200 && c.status < 300) {
      // Sent before the record's latest create was answered (tests run side by side), it may have
      // reached the server first: the record is left to cleanup, which finds it gone or deletes it.
      // Calls carry their start to the millisecond (cut, not rounded), so the answer is compared in
      // whole milliseconds too: a DELETE sent in the millisecond the create's answer came counts
      // as after it (taken to the fraction, one sent 0.3 ms after an answer could read as sent
      // before it, and its record was left to a cleanup that found it gone).
      const h = byPath.get(createPath);
      if (h && Date.parse(c.startedAt) >= Math.floor(answeredAt.get(h) ?? 0)) h.status = 'deleted-by-test';
      continue;
    }
    const creates = (method === 'POST' && (c.status === 200 || c.status === 201)) || (method === 'PUT' && c.status === 201);
    if (!creates) continue;
    const location = header(c.responseHeaders, 'location');
    let resourcePath: string | undefined;
    let id: string | undefined;
    if (location) {
      resourcePath = pathOf(new URL(location, c.url).toString());
      id = resourcePath.split('/').pop();
    } else {
      const type = createPath.split('/').filter(Boolean).pop() ?? '';
      id = idFromBody(c.responseBody, type);
      if (id !== undefined) resourcePath = method === 'PUT' ? createPath : paired(createPath, id) ?? `${createPath}/${encodeURIComponent(id)}`;
    }
    // A Location under the create path (`/posts/3/comments/4`) that no DELETE serves names the
    // record where the paired DELETE removes it (`/comments/4`).
    if (resourcePath && id && location && opts.deleteTemplates && !opts.deleteTemplates.some((t) => matchTemplate(t, rel(resourcePath!))))
      resourcePath = paired(createPath, id) ?? resourcePath;
    if (!resourcePath || !id) continue;
    add(resourcePath, id, createPath, new URL(resourcePath, c.url).toString(), `${method} ${createPath.replace(/\/\d+(?=\/|$)/g, '/{id}')}`, Date.parse(c.startedAt) + (c.latencyMs || 0));
  }
  return handles;
}

/** Children first: deepest level first; a level's handles may go in parallel. */
export function deletionLevels(handles: { depth: number }[]): number[] {
  return [...new Set(handles.map((h) => h.depth))].sort((a, b) => b - a);
}
