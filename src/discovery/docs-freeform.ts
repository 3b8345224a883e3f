import type { ApiEndpoint, ApiRequestBody, AuthKind, JsonSchema } from '../contract/discovery.js';
import { endpointId, isMethod, normalizePath, pathParamsOf } from './paths.js';
import { inferSchema } from './schema.js';

const LINE = /(?:^|[\s`*|(>#\-[])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+`?((?:https?:\/\/[^\s/`]+)?\/[^\s`|)"',]*)/g;
const VALID_PATH = /^\/[\w\-./{}~%@]*$/;
const STATUS = /(?:returns?|responds?|respond with|status(?:es)?|codes?|→|->|=>)([^.\n]*)/gi;
const NO_AUTH = /\b(no auth(?:entication)?|public|unauthenticated|without (?:auth|credentials)|auth(?:entication)?:\s*none|anonymous)\b/i;
const NEEDS_AUTH = /(requires? (?:auth|a token|an api key|credentials)|authenticated|auth(?:entication|orization)? required|auth:\s*(?:bearer|api ?key|basic))|🔒/i;

interface Block {
  method: string;
  path: string;
  line: number;
  summary: string;
  text: string[];
}

/** Free text: endpoints by `METHOD /path` patterns, with shapes from the text that follows each. */
export function readFreeform(text: string): { title?: string; endpoints: ApiEndpoint[]; warnings: string[] } {
  const warnings: string[] = [];
  const lines = text.split(/\r?\n/);
  const blocks: Block[] = [];
  let inFence = false;
  let closed = false;
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const hits = inFence ? [] : [...line.matchAll(LINE)];
    if (!hits.length) {
      // A heading that names no endpoint ends the current endpoint's description.
      if (!inFence && /^\s*#{1,6}\s/.test(line)) closed = true;
      if (!closed) blocks[blocks.length - 1]?.text.push(line);
      if (!inFence && /^\s*(GET|POST|PUT|PATCH|DELETE)\s+\S/.test(line)) warnings.push(`line ${i + 1}: "${line.trim().slice(0, 80)}" looks like an endpoint but its path could not be read`);
      return;
    }
    for (const m of hits) {
      const path = normalizePath(m[2]!);
      if (!VALID_PATH.test(path)) {
        warnings.push(`line ${i + 1}: path "${m[2]}" could not be read`);
        continue;
      }
      const after = line.slice((m.index ?? 0) + m[0].length).replace(/^[\s`*|:—–-]+/, '').replace(/[`*|]+/g, ' ').trim();
      blocks.push({ method: m[1]!, path, line: i + 1, summary: after.slice(0, 300), text: [after] });
      closed = false;
    }
  });
  const docAuth = documentAuth(text);
  const byId = new Map<string, ApiEndpoint>();
  for (const b of blocks) {
    if (!isMethod(b.method)) continue;
    const id = endpointId(b.method, b.path);
    if (byId.has(id)) continue;
    const body = b.text.join('\n');
    const ep: ApiEndpoint = {
      id,
      method: b.method,
      path: b.path,
      pathParams: pathParamsOf(b.path),
      queryParams: queryParamsOf(b.path, body),
      responses: statusesOf(body).map((status) => ({ status })),
      auth: NO_AUTH.test(body) ? 'none' : NEEDS_AUTH.test(body) ? docAuth.scheme : docAuth.fallback,
      family: '',
      source: 'docs',
    };
    if (b.summary) ep.summary = b.summary;
    if (['POST', 'PUT', 'PATCH'].includes(b.method)) {
      const rb = requestBodyOf(body);
      if (rb) ep.requestBody = rb;
    }
    byId.set(id, ep);
  }
  const title = lines.find((l) => /^#\s+\S/.test(l))?.replace(/^#\s+/, '').trim();
  return { title, endpoints: [...byId.values()], warnings };
}

/** The scheme the document names, and whether it says every endpoint needs it. */
function documentAuth(text: string): { scheme: AuthKind; fallback: AuthKind } {
  const found: [number, AuthKind][] = [];
  const at = (re: RegExp, kind: AuthKind) => {
    const i = text.search(re);
    if (i >= 0) found.push([i, kind]);
  };
  at(/\bbearer\b/i, 'bearer');
  at(/\b(x-api-key|api[ -]?key)\b/i, 'apiKey');
  at(/\bbasic (auth|token|credentials)\b/i, 'basic');
  found.sort((a, b) => a[0] - b[0]);
  const scheme = found[0]?.[1] ?? 'unknown';
  const all = /\b(all|every|other) (endpoints?|routes?|requests?)\b[^.\n]*\b(require|need|must)/i.test(text) || /unless (otherwise )?(noted|stated|marked)/i.test(text);
  return { scheme, fallback: all ? scheme : 'unknown' };
}

function statusesOf(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(STATUS)) for (const n of m[1]!.match(/\b[2-5]\d\d\b/g) ?? []) out.add(Number(n));
  return [...out].sort((a, b) => a - b);
}

function queryParamsOf(path: string, text: string): { name: string; required: boolean }[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/[?&]([A-Za-z_]\w*)=/g)) names.add(m[1]!);
  for (const m of text.matchAll(/query(?: param(?:eter)?s?)?:?\s*((?:`?\w+`?(?:,\s*)?)+)/gi)) for (const n of m[1]!.match(/\w+/g) ?? []) names.add(n);
  void path;
  return [...names].map((name) => ({ name, required: false }));
}

/** A JSON block (fenced or bare) that is not introduced as a response, plus `field (type, required)` lists. */
function requestBodyOf(text: string): ApiRequestBody | undefined {
  const lines = text.split('\n');
  let example: unknown;
  for (let i = 0; i < lines.length && example === undefined; i++) {
    if (!/^\s*(```|~~~)/.test(lines[i]!)) continue;
    const end = lines.findIndex((l, j) => j > i && /^\s*(```|~~~)/.test(l));
    if (end < 0) break;
    const intro = lines.slice(0, i).reverse().find((l) => l.trim()) ?? '';
    const chunk = lines.slice(i + 1, end).join('\n');
    // A block introduced as the answer ("Response:", "returns:") is not the request body.
    if (!/^\s*[#*_]*\s*(example )?respon|\b(respon\w*|returns?)\b[^.]*:\s*[*_]*$/i.test(intro)) {
      try {
        const v = JSON.parse(chunk);
        if (v && typeof v === 'object' && !Array.isArray(v)) example = v;
      } catch {
        /* not JSON: prose in a fence */
      }
    }
    i = end;
  }
  if (example === undefined) example = inlineBody(text);
  const fields = fieldList(text);
  if (example === undefined && !Object.keys(fields.properties).length) return undefined;
  const schema: JsonSchema = example !== undefined ? inferSchema(example) : { type: 'object', properties: {} };
  const props = Object.assign(schema.properties as object, fields.properties) as Record<string, JsonSchema>;
  const listed = [...(text.match(/required(?: fields)?:\s*([^\n]+)/i)?.[1]?.match(/[A-Za-z_]\w*/g) ?? []), ...requiredInProse(text, Object.keys(props))];
  const required = [...new Set([...fields.required, ...listed.filter((n) => n in props)])];
  if (required.length) schema.required = required;
  const body: ApiRequestBody = { contentType: 'application/json', schema, required };
  if (example !== undefined) body.example = example;
  return body;
}

function fieldList(text: string): { properties: Record<string, JsonSchema>; required: string[] } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const m of text.matchAll(/^\s*[-*]\s*`?([A-Za-z_]\w*)`?\s*\(([^)]*)\)/gm)) {
    const attrs = m[2]!.toLowerCase();
    const s: JsonSchema = {};
    const t = attrs.match(/\b(string|integer|number|boolean|array|object)\b/);
    if (t) s.type = t[1];
    if (/\bemail\b/.test(attrs)) Object.assign(s, { type: 'string', format: 'email' });
    const max = attrs.match(/max(?:imum|length)?\s*:?\s*(\d+)/);
    const min = attrs.match(/min(?:imum|length)?\s*:?\s*(\d+)/);
    const key = s.type === 'string' ? ['minLength', 'maxLength'] : ['minimum', 'maximum'];
    if (min) s[key[0]!] = Number(min[1]);
    if (max) s[key[1]!] = Number(max[1]);
    if (/read-?only/.test(attrs)) s.readOnly = true;
    if (/\bunique\b/.test(attrs)) s['x-unique'] = true;
    properties[m[1]!] = s;
    if (/\brequired\b/.test(attrs) && !/\bnot required\b/.test(attrs)) required.push(m[1]!);
  }
  return { properties, required };
}

/** `Body {"name": "Ada"}` written inline in prose. */
function inlineBody(text: string): unknown {
  for (const m of text.matchAll(/\bbody\b[^`\n]{0,20}`(\{[^`]+\})`/gi)) {
    try {
      const v = JSON.parse(m[1]!);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v;
    } catch {
      /* prose that only looks like JSON */
    }
  }
  return undefined;
}

/** "`title` and `body` are required …", "both are required": names before the word "required". */
function requiredInProse(text: string, known: string[]): string[] {
  const out: string[] = [];
  for (const sentence of text.replace(/\s*\n\s*/g, ' ').split(/(?<=[.;])\s+/)) {
    const at = sentence.search(/\brequired\b/i);
    if (at < 0) continue;
    const before = sentence.slice(0, at);
    if (/\b(both|all)\b[^,]*$/i.test(before)) {
      out.push(...known);
      continue;
    }
    const clause = before.split(/[,;]/).pop() ?? '';
    for (const m of clause.matchAll(/`?([A-Za-z_]\w*)`?/g)) if (known.includes(m[1]!)) out.push(m[1]!);
  }
  return out;
}
