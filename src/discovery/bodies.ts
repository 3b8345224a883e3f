import type { ApiEndpoint, JsonSchema } from '../contract/discovery.js';
import { isUniqueField, propsOf, schemaType } from './schema.js';

/** A value computed when the Python test runs (unique emails); codegen renders it as code. */
export interface PyExpr {
  __py: string;
}
export function py(expr: string): PyExpr {
  return { __py: expr };
}
export function isPyExpr(v: unknown): v is PyExpr {
  return !!v && typeof v === 'object' && typeof (v as PyExpr).__py === 'string';
}

/** Fields the server owns: a client that sets them is trying mass assignment. */
export function readOnlyFields(schema: JsonSchema | undefined): string[] {
  return Object.entries(propsOf(schema))
    .filter(([, s]) => s.readOnly === true)
    .map(([k]) => k);
}

function uniqueString(name: string, s: JsonSchema): PyExpr {
  if (s.format === 'email' || /email/i.test(name)) return py(`"svc-" + uniq() + "@example.com"`);
  const max = typeof s.maxLength === 'number' ? s.maxLength : 40;
  return py(`("${name.replace(/[^A-Za-z0-9_-]/g, '')}-" + uniq())[:${Math.max(1, max)}]`);
}

/** A value the schema accepts; documented examples win, unique fields get a per-run suffix. */
export function sampleValue(name: string, s: JsonSchema | undefined, depth = 0, unique = true): unknown {
  const schema = s ?? {};
  const type = schemaType(schema);
  if (unique && type === 'string' && isUniqueField(name, schema)) return uniqueString(name, schema);
  if (schema.example !== undefined && type !== 'object') return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (type) {
    case 'string': {
      const f = schema.format;
      let v = f === 'date-time' ? '2024-01-01T00:00:00Z' : f === 'date' ? '2024-01-01' : f === 'uri' || f === 'url' ? 'https://example.com/x' : f === 'uuid' ? '00000000-0000-4000-8000-000000000000' : `sample ${name}`;
      if (typeof schema.maxLength === 'number' && v.length > schema.maxLength) v = v.slice(0, schema.maxLength);
      if (typeof schema.minLength === 'number' && v.length < schema.minLength) v = v.padEnd(schema.minLength, 'x');
      return v;
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      if (min !== undefined) return min + (schema.exclusiveMinimum === true ? 1 : 0);
      return max !== undefined && max < 1 ? max : 1;
    }
    case 'boolean':
      return true;
    case 'array': {
      const n = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: n }, () => sampleValue(name, schema.items as JsonSchema, depth + 1));
    }
    case 'object':
      return depth > 4 ? {} : sampleObject(schema, depth + 1);
    default:
      return schema.nullable ? null : `sample ${name}`;
  }
}

/** Required fields, plus optional ones that carry a documented example; never read-only ones. */
export function sampleObject(schema: JsonSchema, depth = 0, unique = true): Record<string, unknown> {
  const props = propsOf(schema);
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(props)) {
    if (s.readOnly === true) continue;
    if (required.has(k) || s.example !== undefined) out[k] = sampleValue(k, s, depth, unique);
  }
  // Names listed as required without a property entry still have to be sent.
  for (const k of required) if (!(k in out) && !(props[k]?.readOnly === true)) out[k] = `sample ${k}`;
  return out;
}

/**
 * The body a successful call sends: the documented example or one built from the schema. Records
 * (creates, updates) get unique values in unique fields; actions such as a login keep the
 * documented values, which are usually the working ones.
 */
export function validBody(ep: ApiEndpoint): Record<string, unknown> | undefined {
  const rb = ep.requestBody;
  const unique = !!ep.idField || (['PUT', 'PATCH'].includes(ep.method) && /\}$/.test(ep.path));
  if (!rb) return ep.method === 'POST' || ep.method === 'PUT' || ep.method === 'PATCH' ? {} : undefined;
  const props = propsOf(rb.schema);
  if (rb.example && typeof rb.example === 'object' && !Array.isArray(rb.example)) {
    const out: Record<string, unknown> = { ...(rb.example as Record<string, unknown>) };
    for (const [k, v] of Object.entries(out)) {
      if (unique && typeof v === 'string' && isUniqueField(k, props[k])) out[k] = uniqueString(k, props[k] ?? {});
      if (props[k]?.readOnly === true) delete out[k];
    }
    return out;
  }
  const body = sampleObject(rb.schema ?? { type: 'object' }, 0, unique);
  for (const k of rb.required) if (!(k in body)) body[k] = sampleValue(k, props[k], 0, unique);
  return body;
}

/** A value of the wrong JSON type for a field. */
export function wrongTypeValue(s: JsonSchema | undefined): unknown {
  switch (schemaType(s)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return 'not-an-array';
    case 'object':
      return 'not-an-object';
    default:
      return { unexpected: ['structure'] };
  }
}

/** Fields whose declared limits give boundary cases, in schema order. */
export function constrainedFields(ep: ApiEndpoint): { field: string; schema: JsonSchema }[] {
  return Object.entries(propsOf(ep.requestBody?.schema))
    .filter(([, s]) => s.readOnly !== true)
    .filter(([, s]) => ['maxLength', 'minLength', 'maximum', 'minimum', 'minItems', 'maxItems'].some((k) => typeof s[k] === 'number'))
    .map(([field, schema]) => ({ field, schema }));
}
