import type { ApiEndpoint, JsonSchema } from '../contract/discovery.js';
import { isPyExpr, py } from './bodies.js';
import { paramVariables, pathParamNames } from './paths.js';
import { propsOf, schemaType } from './schema.js';

/** JSON-ish values as Python literals; PyExpr markers become code. */
export function toPy(v: unknown, indent = ''): string {
  if (isPyExpr(v)) return v.__py;
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'None';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return v.length ? `[${v.map((x) => toPy(x, indent)).join(', ')}]` : '[]';
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (!entries.length) return '{}';
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}: ${toPy(x, indent)}`).join(', ')}}`;
  }
  return 'None';
}

/** Only what the shape check reads: types, required, properties, items, nullable. */
export function shapeSchema(s: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  if (!s || depth > 5) return undefined;
  const out: JsonSchema = {};
  const t = schemaType(s);
  if (t) out.type = t;
  if (s.nullable) out.nullable = true;
  if (Array.isArray(s.required) && s.required.length) out.required = s.required;
  if (s.properties && typeof s.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(s.properties as Record<string, JsonSchema>).map(([k, v]) => [k, shapeSchema(v, depth + 1) ?? {}]));
  }
  if (s.items && typeof s.items === 'object') out.items = shapeSchema(s.items as JsonSchema, depth + 1) ?? {};
  return out;
}

/** A documented id that no record has: numeric when the parameter is, else a readable string. */
export function unknownIdFor(ep: ApiEndpoint, param: string): string {
  const s = ep.pathParams.find((p) => p.name === param)?.schema;
  if (s?.format === 'uuid') return '00000000-0000-4000-8000-00000000dead';
  if (schemaType(s) === 'string') return 'svc-unknown-id-000';
  return '999999999';
}

export function malformedIdFor(ep: ApiEndpoint, param: string): string {
  const s = ep.pathParams.find((p) => p.name === param)?.schema;
  return schemaType(s) === 'string' ? `abc'"<x>%00` : 'abc';
}

/**
 * Python dict literal filling a path's parameters from VARS, with overrides for the parameters a
 * case replaces (an unknown id, a malformed id, a freshly created record).
 */
export function pathValues(path: string, overrides: Record<string, string> = {}): string {
  const vars = paramVariables(path);
  const parts = pathParamNames(path).map((p) => `${JSON.stringify(p)}: ${overrides[p] ?? `VARS[${JSON.stringify(vars[p])}]`}`);
  return `{${parts.join(', ')}}`;
}

export function lastParam(path: string): string | undefined {
  const names = pathParamNames(path);
  return names[names.length - 1];
}

/** `'x' * n` as a Python expression, so large values stay small in the source. */
export function repeat(ch: string, n: number): unknown {
  return py(`${JSON.stringify(ch)} * ${Math.max(0, n)}`);
}

/** Parent parameters of a DELETE path come from VARS; the record itself is `{__id__}`. */
export function deleteTemplate(del: ApiEndpoint | undefined): { template: string; values: string } | null {
  if (!del) return null;
  const last = lastParam(del.path);
  if (!last) return null;
  const template = del.path.replace(new RegExp(`\\{${last}\\}$`), '{__id__}');
  const vars = paramVariables(del.path);
  const parents = pathParamNames(del.path).filter((p) => p !== last);
  return { template, values: `{${parents.map((p) => `${JSON.stringify(p)}: VARS[${JSON.stringify(vars[p])}]`).join(', ')}}` };
}

/** A key no record has, for a PUT that creates: of the type the path parameter documents. */
export function keyExpr(ep: ApiEndpoint): string {
  const s = ep.pathParams.find((p) => p.name === lastParam(ep.path))?.schema;
  const t = schemaType(s);
  if (t === 'integer' || t === 'number') return 'uniq_int()';
  if (s?.format === 'uuid') return '"00000000-0000-4000-8000-" + uniq()';
  return '"svc-" + uniq()';
}

/** The body with its key field (the path parameter's name, when the body has it) set to `keyPy`. */
export function withKey(ep: ApiEndpoint, body: Record<string, unknown>, keyPy: string): Record<string, unknown> {
  const key = ep.putCreates ? lastParam(ep.path) : undefined;
  return key && key in propsOf(ep.requestBody?.schema) ? { ...body, [key]: py(keyPy) } : body;
}
