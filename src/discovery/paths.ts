import type { ApiEndpoint, ApiParam, HttpMethod } from '../contract/discovery.js';

/**
 * Path templates in one spelling whatever the doc used: `{id}` for `:id`, `<id>` and `{{id}}`;
 * origin and Postman host variables stripped; no trailing slash. This is what makes the four doc
 * formats of one API yield the same endpoint ids.
 */
export function normalizePath(raw: string): string {
  let p = raw.trim();
  p = p.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, ''); // origin
  p = p.replace(/^\{\{[^}]+\}\}/, ''); // postman {{baseUrl}}
  p = p.split(/[?#]/)[0] ?? '';
  p = p.replace(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g, '{$1}');
  p = p.replace(/(^|\/):([A-Za-z_][\w-]*)/g, '$1{$2}');
  p = p.replace(/<(?:[a-z]+:)?([A-Za-z_][\w-]*)>/g, '{$1}');
  p = p.replace(/\/{2,}/g, '/');
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p;
}

export function endpointId(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

export function isParam(seg: string): boolean {
  return /^\{[^}]+\}$/.test(seg);
}

export function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Version and mount prefixes say nothing about the resource. */
const PREFIX = /^(api|rest|v\d+(\.\d+)?)$/i;

export function staticSegments(path: string): string[] {
  const segs = segments(path).filter((s) => !isParam(s));
  while (segs.length > 1 && PREFIX.test(segs[0]!)) segs.shift();
  return segs;
}

export function singular(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  if (/ies$/.test(w)) return w.replace(/ies$/, 'y');
  if (/(ss|us|is)$/.test(w)) return w;
  if (/(sses|xes|ches|shes|zes)$/.test(w)) return w.replace(/es$/, '');
  if (/s$/.test(w)) return w.replace(/s$/, '');
  return w;
}

/**
 * The dynamic-variable name a path parameter stands for: the parameter names its resource by the
 * static segment before it (`/users/{id}/posts/{postId}` → user_id, post_id).
 */
export function paramVariables(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  const segs = segments(path);
  segs.forEach((s, i) => {
    if (!isParam(s)) return;
    const name = s.slice(1, -1);
    const prev = segs.slice(0, i).reverse().find((x) => !isParam(x));
    out[name] = prev && !PREFIX.test(prev) ? `${singular(prev)}_id` : `${name.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()}`;
  });
  return out;
}

export function pathParamsOf(path: string, declared: ApiParam[] = []): ApiParam[] {
  return pathParamNames(path).map((name) => {
    const d = declared.find((p) => p.name === name);
    return { name, required: true, ...(d?.schema ? { schema: d.schema } : {}), ...(d?.description ? { description: d.description } : {}) };
  });
}

const METHOD_ORDER: Record<string, number> = { POST: 0, GET: 1, PUT: 2, PATCH: 3, DELETE: 4, HEAD: 5, OPTIONS: 6 };

/** Deterministic order: by path, then create/read/update/delete. */
export function sortEndpoints<T extends Pick<ApiEndpoint, 'path' | 'method'>>(eps: T[]): T[] {
  return [...eps].sort((a, b) => {
    const pa = a.path.replace(/\{[^}]+\}/g, '{}');
    const pb = b.path.replace(/\{[^}]+\}/g, '{}');
    if (pa !== pb) return pa < pb ? -1 : 1;
    return (METHOD_ORDER[a.method] ?? 9) - (METHOD_ORDER[b.method] ?? 9);
  });
}

export function isMethod(m: string): m is HttpMethod {
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(m);
}
