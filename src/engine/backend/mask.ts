/**
 * Secret masking shared by the runner and the harness: the runner computes the literal values
 * (and the header names whose whole value is secret) once, the harness masks recorded calls with
 * them, and the runner masks stdout, stderr, traces and messages the same way.
 */
export const SENSITIVE_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token'];
/** Shorter values would mangle ordinary text; they are still hidden inside sensitive headers. */
export const MIN_SECRET_LENGTH = 4;
const NOT_SECRET_HEADERS = new Set(['content-type', 'accept', 'user-agent', 'accept-encoding', 'accept-language']);

export interface MaskPlan {
  literals: string[];
  headers: string[];
}

export function maskPlan(auth: { headers: Record<string, string>; credential: string | null }, secrets: string[] = []): MaskPlan {
  const lits = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v !== 'string' || v.length < MIN_SECRET_LENGTH) return;
    lits.add(v);
    const enc = encodeURIComponent(v);
    if (enc !== v) lits.add(enc);
  };
  add(auth.credential);
  if (auth.credential) add(Buffer.from(auth.credential).toString('base64'));
  for (const s of secrets) add(s);
  const headers: string[] = [];
  for (const [name, value] of Object.entries(auth.headers ?? {})) {
    if (NOT_SECRET_HEADERS.has(name.toLowerCase())) continue;
    headers.push(name.toLowerCase());
    add(value);
    const m = /^(?:bearer|basic|token|apikey)\s+(.+)$/i.exec(value);
    if (m) add(m[1]);
  }
  return { literals: [...lits].sort((a, b) => b.length - a.length), headers };
}

export function maskValue(v: string): string {
  return v.length >= 12 ? `****${v.slice(-4)}` : '****';
}

export function maskText<T extends string | null | undefined>(text: T, plan: MaskPlan): T {
  if (!text) return text;
  let out: string = text;
  for (const lit of plan.literals) if (out.includes(lit)) out = out.split(lit).join(maskValue(lit));
  return out as T;
}
