import { z } from 'zod';
import type { Op } from '../ops/op.js';
import { paramDoc } from './params.js';

type Json = Record<string, unknown>;
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * What `tools/list` advertises for an op. Every tool's list entry is read into the agent's context,
 * so it carries what a caller needs and no more:
 * - the input schema in full, every parameter described (its own description, else PARAM_DOCS),
 *   without the safe-integer bounds zod adds to every integer;
 * - the output schema at its root: each field's type and enum. Nested objects are typed
 *   `object`/`array` without their insides, and fields are not described: the tool's description
 *   says what comes back, and the full shapes are in the API's OpenAPI document. Structured content
 *   still conforms, and the server checks results against the full contract schema first.
 */
export function advertisedInput(op: Op): Json {
  const shape = Object.fromEntries(
    Object.entries(op.input.shape).map(([k, s]) => {
      const schema = s as z.ZodType;
      const doc = schema.description ?? paramDoc(op.name, k);
      return [k, doc && !schema.description ? schema.describe(doc) : schema];
    }),
  );
  return clean(z.toJSONSchema(z.object(shape), { target: 'draft-7', io: 'input', unrepresentable: 'any' })) as Json;
}

export function advertisedOutput(op: Op): Json {
  const full = clean(z.toJSONSchema(op.output, { target: 'draft-7', io: 'output', unrepresentable: 'any' })) as Json;
  const defs = (full.definitions ?? {}) as Record<string, Json>;
  const root = full.$ref ? resolve(full, defs) : full;
  const properties = Object.fromEntries(Object.entries((root.properties ?? {}) as Record<string, Json>).map(([k, v]) => [k, typeOnly(v, defs)]));
  const out: Json = { type: 'object', properties };
  if (Array.isArray(root.required) && root.required.length) out.required = root.required;
  return out;
}

/** Follows `$ref` (and draft-7's `allOf: [{ $ref }]` beside a description) to the definition. */
function resolve(s: Json, defs: Record<string, Json>): Json {
  let cur = s;
  for (let i = 0; i < 10; i++) {
    const only = Array.isArray(cur.allOf) && cur.allOf.length === 1 ? (cur.allOf[0] as Json) : undefined;
    const ref = (cur.$ref ?? only?.$ref) as string | undefined;
    if (typeof ref !== 'string') break;
    cur = { ...defs[ref.split('/').pop()!], ...(cur.description ? { description: cur.description } : {}) };
  }
  return cur;
}

/** A field's JSON types (and enum), without nested structure or description. */
function typeOnly(s: Json, defs: Record<string, Json>): Json {
  const r = resolve(s, defs);
  const out: Json = {};
  const alts = (r.anyOf ?? r.oneOf) as Json[] | undefined;
  if (alts) {
    const parts = alts.map((a) => typeOnly(a, defs));
    const types = parts.map((p) => p.type);
    if (types.every((t) => t !== undefined)) out.type = [...new Set(types.flat() as string[])];
    const enums = parts.filter((p) => p.enum).flatMap((p) => p.enum as unknown[]);
    if (enums.length && parts.every((p) => p.enum || p.type === 'null')) out.enum = [...enums, ...(parts.some((p) => p.type === 'null') ? [null] : [])];
  } else {
    if (r.type !== undefined) out.type = r.type;
    if (r.enum) out.enum = r.enum;
    if (r.const !== undefined) out.const = r.const;
  }
  if (Array.isArray(out.type) && out.type.length === 1) out.type = out.type[0];
  return out;
}

/** Drops `$schema` and the ±2^53 bounds zod puts on every integer. */
function clean(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clean);
  if (!v || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v as Json)) {
    if (k === '$schema') continue;
    if ((k === 'minimum' && x === -SAFE) || (k === 'maximum' && x === SAFE)) continue;
    out[k] = clean(x);
  }
  return out;
}

/**
 * The text beside structured content: a few lines a person or a text-only client can read.
 * Clients that read structured content (most do) get the full result there; `svc-mcp
 * --text-content json` puts the whole JSON in the text as well, for clients that read only text.
 */
export function summarize(op: Op, result: Json): string {
  const scalars: string[] = [];
  const lists: string[] = [];
  const first = ['id', 'status', 'verdict', 'testId', 'runId', 'batchId', 'projectId', 'name', 'type', 'exitCode', 'nextToken', 'nextCursor'];
  const keys = Object.keys(result).sort((a, b) => rank(a) - rank(b));
  function rank(k: string): number {
    const i = first.indexOf(k);
    return i < 0 ? first.length : i;
  }
  for (const k of keys) {
    const v = result[k];
    if (v === null || v === undefined) continue;
    if (Array.isArray(v)) lists.push(`${k}: ${v.length}`);
    else if (typeof v === 'object') {
      const o = v as Json;
      const inner = ['status', 'total', 'passed', 'failed'].filter((x) => typeof o[x] === 'string' || typeof o[x] === 'number').map((x) => `${x} ${o[x]}`);
      if (inner.length) lists.push(`${k}: ${inner.join(', ')}`);
    } else if (scalars.length < 8) {
      const text = String(v).replace(/\s+/g, ' ');
      scalars.push(`${k}: ${text.length > 100 ? `${text.slice(0, 97)}...` : text}`);
    }
  }
  return [`${op.title}.`, scalars.join('; '), lists.join('; '), 'The whole result is in structuredContent.'].filter(Boolean).join('\n');
}
