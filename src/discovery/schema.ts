import type { JsonSchema } from '../contract/discovery.js';

/** Keys of JSON Schema worth keeping for planning; vendor noise and docs prose are dropped. */
const KEEP = new Set([
  'type', 'format', 'properties', 'required', 'items', 'enum', 'minLength', 'maxLength', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'readOnly', 'writeOnly', 'nullable', 'pattern',
  'example', 'default', 'allOf', 'oneOf', 'anyOf', 'additionalProperties', 'description', 'x-unique',
]);

/**
 * A dereferenced schema may be cyclic (a tree of comments) and arbitrarily deep; stored endpoints
 * must be plain JSON of bounded size, so cycles become `{type: object}` and depth stops at 6.
 */
export function plainSchema(schema: unknown, depth = 0, seen: Set<unknown> = new Set()): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  if (seen.has(schema) || depth > 6) return { type: 'object' };
  seen.add(schema);
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if (!KEEP.has(k)) continue;
    if (k === 'properties' && v && typeof v === 'object') {
      const props: Record<string, unknown> = {};
      for (const [pk, pv] of Object.entries(v as Record<string, unknown>)) props[pk] = plainSchema(pv, depth + 1, seen) ?? {};
      out.properties = props;
    } else if (k === 'items' || k === 'additionalProperties') {
      out[k] = typeof v === 'boolean' ? v : plainSchema(v, depth + 1, seen) ?? {};
    } else if ((k === 'allOf' || k === 'oneOf' || k === 'anyOf') && Array.isArray(v)) {
      out[k] = v.map((s) => plainSchema(s, depth + 1, seen) ?? {});
    } else if (k === 'description') {
      if (typeof v === 'string') out.description = v.slice(0, 300);
    } else if (k === 'example' || k === 'default') {
      if (JSON.stringify(v ?? null).length <= 2000) out[k] = v;
    } else {
      out[k] = v;
    }
  }
  seen.delete(schema);
  return mergeAllOf(out);
}

/** allOf of objects is how most docs compose; flatten it so the planner sees one property list. */
function mergeAllOf(s: JsonSchema): JsonSchema {
  if (!Array.isArray(s.allOf)) return s;
  const merged: JsonSchema = { ...s, type: s.type ?? 'object' };
  delete merged.allOf;
  const props: Record<string, unknown> = { ...((s.properties as Record<string, unknown>) ?? {}) };
  const req = new Set<string>((s.required as string[]) ?? []);
  for (const part of s.allOf as JsonSchema[]) {
    Object.assign(props, (part.properties as Record<string, unknown>) ?? {});
    for (const r of (part.required as string[]) ?? []) req.add(r);
  }
  merged.properties = props;
  if (req.size) merged.required = [...req];
  return merged;
}

/** The shape of a sample value, for Postman examples, free-form JSON blocks and probe answers. */
export function inferSchema(value: unknown, depth = 0): JsonSchema {
  if (value === null) return { nullable: true };
  if (Array.isArray(value)) return depth > 4 || !value.length ? { type: 'array' } : { type: 'array', items: inferSchema(value[0], depth + 1) };
  switch (typeof value) {
    case 'string':
      return /^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(value) ? { type: 'string', format: 'email' } : { type: 'string' };
    case 'number':
      return { type: Number.isInteger(value) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object': {
      if (depth > 4) return { type: 'object' };
      const properties: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, 50)) properties[k] = inferSchema(v, depth + 1);
      return { type: 'object', properties };
    }
    default:
      return {};
  }
}

export function schemaType(s: JsonSchema | undefined): string | undefined {
  if (!s) return undefined;
  const t = s.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  if (typeof t === 'string') return t;
  if (s.properties) return 'object';
  return undefined;
}

export function propsOf(s: JsonSchema | undefined): Record<string, JsonSchema> {
  return ((s?.properties as Record<string, JsonSchema>) ?? {}) as Record<string, JsonSchema>;
}

/** Fields a record's identity tends to live in, in order of preference. */
export const ID_FIELDS = ['id', '_id', 'uuid', 'key'];

/** Fields that are unique per record in most APIs: duplicates of them are a conflict. */
export function isUniqueField(name: string, s: JsonSchema | undefined): boolean {
  if (s?.['x-unique'] === true) return true;
  if (s?.format === 'email') return true;
  if (typeof s?.description === 'string' && /\bunique\b/i.test(s.description)) return true;
  return /^(email|username|user_name|login|handle|slug|sku|code)$/i.test(name);
}
