import { STATUS_CODES } from 'node:http';
import type { RecordedCall } from './evidence.js';

/** Small, pure readers of the evidence shared by the rules. */

export function endpointOf(call: RecordedCall): string {
  return `${call.method.toUpperCase()} ${call.path.split('?')[0] || '/'}`;
}

/** Whitespace-collapsed, at most `max` characters, for quoting inside one sentence. */
export function excerpt(s: string | null | undefined, max = 200): string {
  if (!s) return '';
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function statusLine(status: number): string {
  const text = STATUS_CODES[status];
  return text ? `${status} ${text}` : String(status);
}

export function parseJson(s: string | null | undefined): unknown {
  if (!s) return undefined;
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** Dotted paths at which `key` occurs anywhere in a JSON value ('' = top level). */
export function keyPaths(v: unknown, key: string, at = '', out: string[] = [], depth = 0): string[] {
  if (depth > 8 || v === null || typeof v !== 'object') return out;
  if (Array.isArray(v)) {
    v.slice(0, 20).forEach((item, i) => keyPaths(item, key, `${at}[${i}]`, out, depth + 1));
    return out;
  }
  for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
    if (k === key) out.push(at);
    keyPaths(child, key, at ? `${at}.${k}` : k, out, depth + 1);
  }
  return out;
}

export function topKeys(v: unknown): string[] {
  return v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v as object) : [];
}

export function shapeOf(v: unknown): string {
  if (Array.isArray(v)) return `a JSON array of ${v.length}`;
  if (v && typeof v === 'object') return `an object with keys ${topKeys(v).slice(0, 12).join(', ') || '(none)'}`;
  return v === undefined ? 'no JSON' : `JSON ${JSON.stringify(v)}`;
}

const AUTH_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|apikey|x-auth-token|x-access-token)$/i;

/** The name of the credential-carrying request header, or null when none was sent. */
export function authHeader(headers: Record<string, string>): string | null {
  return Object.keys(headers).find((h) => AUTH_HEADER.test(h) || /token|api[-_]?key/i.test(h)) ?? null;
}

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const k = Object.keys(headers).find((h) => h.toLowerCase() === name.toLowerCase());
  return k === undefined ? undefined : headers[k];
}

/** Looks an operation up in a docs-derived map keyed 'METHOD /path/{param}', matching by path suffix. */
export function declaredFor<T>(map: Record<string, T> | undefined, call: RecordedCall): { key: string; value: T } | null {
  if (!map) return null;
  const method = call.method.toUpperCase();
  const path = (call.path.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
  let best: { key: string; value: T; score: number } | null = null;
  for (const [key, value] of Object.entries(map)) {
    const m = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(key);
    if (!m || m[1]!.toUpperCase() !== method) continue;
    const tmpl = m[2]!.replace(/\/+$/, '') || '/';
    const re = new RegExp(`${tmpl.split(/(\{[^}]+\}|:[A-Za-z_]\w*)/).map((p, i) => (i % 2 ? '[^/]+' : escapeRe(p))).join('')}$`);
    if (re.test(path)) {
      const score = tmpl.replace(/\{[^}]+\}|:\w+/g, '').length;
      if (!best || score > best.score) best = { key, value, score };
    }
  }
  return best && { key: best.key, value: best.value };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Path segments that look like resource ids (numbers, uuids, long opaque tokens). */
export function idSegments(path: string): string[] {
  return (path.split('?')[0] ?? '')
    .split('/')
    .filter((s) => /^\d+$/.test(s) || /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(s) || (/\d/.test(s) && /^[\w-]{12,}$/.test(s)));
}

export function isTransportError(call: RecordedCall): boolean {
  return call.status === null || (call.error !== undefined && call.error !== '');
}

export const REFUSED_RE = /refused|ECONNREFUSED|Errno 111|ECONNRESET|reset by peer|Name or service not known|getaddrinfo|ENOTFOUND|No route to host|Network is unreachable|EHOSTUNREACH|RemoteDisconnected|NewConnectionError|Max retries exceeded/i;
export const TIMEOUT_RE = /timed? ?out|TimeoutError|ReadTimeout|ConnectTimeout|ETIMEDOUT|deadline exceeded/i;
