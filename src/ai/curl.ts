import type { RecordedCall } from './evidence.js';

/**
 * A ready-to-paste curl command for a recorded call. Every argument is single-quoted (or $'…'
 * quoted when it holds control characters) so that no byte of a recorded header or body is ever
 * interpreted by the shell. Secrets stay masked as recorded; a comment says how to fill them in.
 */

/** Headers curl sets itself or that only make sense on one hop. */
const SKIP_HEADERS = new Set([
  'host', 'content-length', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te',
  'trailer', 'upgrade', 'accept-encoding',
]);
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|apikey)$|token|secret|api[-_]?key|session/i;
const SECRET_PARAM = /^(api[-_]?key|apikey|key|token|access[-_]?token|auth|secret|password|sig|signature)$/i;
const MASK = '***';

export function shellQuote(s: string): string {
  if (!/[\x00-\x08\x0b-\x1f\x7f]/.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  let out = "$'";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

function maskHeader(name: string, value: string): string {
  if (!SECRET_HEADER.test(name) || value.includes(MASK)) return value;
  const scheme = /^(Bearer|Basic|Token|Digest)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}

/** Sensitive header values reduced to '***' (keeping a Bearer/Basic scheme), everything else as is. */
export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, maskHeader(k, v)]));
}

export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    let changed = false;
    for (const [k, v] of [...u.searchParams]) {
      if (SECRET_PARAM.test(k) && v !== MASK) {
        u.searchParams.set(k, MASK);
        changed = true;
      }
    }
    return changed ? u.toString() : url;
  } catch {
    return url;
  }
}

function oneLine(s: string): string {
  return s.replace(/[\x00-\x1f\x7f]+/g, ' ');
}

export function toCurl(call: RecordedCall, opts: { maskSecrets?: boolean } = {}): string {
  const mask = opts.maskSecrets !== false;
  const url = mask ? maskUrl(call.url) : call.url;
  const method = call.method.toUpperCase();
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(call.requestHeaders)) {
    if (SKIP_HEADERS.has(name.toLowerCase())) continue;
    headers.push([name, mask ? maskHeader(name, value) : value]);
  }
  const masked = url.includes(MASK) || headers.some(([, v]) => v.includes(MASK));
  const outcome = call.status !== null ? String(call.status) : call.error ? `no response (${call.error})` : 'no response';
  const lines = [`# Reproduces call #${call.seq}: ${oneLine(`${method} ${call.path}`)} -> ${oneLine(outcome)}`];
  if (masked) {
    lines.push('# Secrets were masked when recorded (***): replace each *** with the real value, e.g. the');
    lines.push("# project's credential, before running.");
  }
  const args = [`curl -sS -i -X ${/^[A-Z]+$/.test(method) ? method : shellQuote(method)} ${shellQuote(url)}`];
  for (const [name, value] of headers) args.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (call.requestBody !== null && call.requestBody !== '') args.push(`--data-raw ${shellQuote(call.requestBody)}`);
  lines.push(args.join(' \\\n  '));
  return lines.join('\n');
}
