import { evalPy, parsePyCondition, type PyNode } from './py-expr.js';

/**
 * What a status assertion demands, read by evaluating its condition for each candidate status,
 * so `not (200 <= r.status < 300)`, `r.status >= 400` and `r.status != 200` read as the refusals
 * they are instead of as codes to hit.
 */
export interface StatusExpectation {
  /** Whether the assertion accepts the status; null when its outcome hangs on more than the status. */
  accepts(status: number): boolean | null;
  /** The codes the assertion names and accepts, e.g. [401, 403]; empty for a range such as `>= 400`. */
  codes: number[];
  /** In words: '201', '401 or 403', 'a success status', 'a 4xx refusal', 'a refusal, any status but 200'. */
  wanted: string;
  /** Some 4xx is accepted: a negative test. */
  expectsError: boolean;
  /** The request must be refused: no 2xx is accepted, or the only statuses rejected are 2xx. */
  refusal: boolean;
}

const PROBES = [
  100, 200, 201, 202, 204, 206, 301, 302, 303, 304, 307, 308,
  400, 401, 402, 403, 404, 405, 406, 408, 409, 410, 412, 413, 415, 422, 429, 500, 501, 502, 503, 504,
];
const is2xx = (c: number) => c >= 200 && c < 300;
const is4xx = (c: number) => c >= 400 && c < 500;
const ANY_STATUS_OP = '(==|!=|<=|>=|<|>|not in|in|is not|is)';

/** From the assertion's source, or, when that names no code (`r.status in allowed`), from its message. */
export function statusExpectation(source: string, message?: string | null): StatusExpectation | null {
  if (/raise_for_status\s*\(/.test(source)) return build(parsePyCondition('status < 400')!);
  const parsed = parsePyCondition(source);
  if (parsed ? !parsed.mentionsStatus : !/\bstatus(_code)?\b/.test(source.split(',')[0]!)) return null;
  return (parsed && build(parsed)) ?? fromMessage(message);
}

function fromMessage(message: string | null | undefined): StatusExpectation | null {
  for (const line of (message ?? '').split('\n')) {
    // The recorded comparison with the status already evaluated: 'assert 200 in (401, 403)'.
    const m = new RegExp(`^(?:AssertionError:\\s*)?assert\\s+[1-5]\\d\\d\\s+${ANY_STATUS_OP}\\s+(.+)$`).exec(line.trim());
    const parsed = m && parsePyCondition(`status ${m[1]} ${m[2]}`);
    const x = parsed && build(parsed);
    if (x) return x;
  }
  // Generated tests say 'expected 401/403, got 200'.
  const listed = /\bexpected\s+([1-5]\d\d(?:\s*(?:\/|,|or)\s*[1-5]\d\d)*)\b/i.exec(message ?? '');
  const codes = listed?.[1]!.match(/[1-5]\d\d/g);
  return codes ? build(parsePyCondition(`status in (${codes.join(', ')},)`)!) : null;
}

function build(p: { node: PyNode; codes: number[] }): StatusExpectation | null {
  const candidates = [...new Set([...PROBES, ...p.codes])].sort((a, b) => a - b);
  const outcome = new Map(candidates.map((c) => [c, evalPy(p.node, c)]));
  const possible = candidates.filter((c) => outcome.get(c) !== false);
  const rejected = candidates.filter((c) => outcome.get(c) === false);
  if (rejected.length === 0 || possible.length === 0) return null;
  const has = (f: (c: number) => boolean) => possible.some(f);
  const all = (f: (c: number) => boolean) => PROBES.filter(f).every((c) => possible.includes(c));
  const codes = [...new Set(p.codes)].filter((c) => outcome.get(c) !== false);
  const expectsError = has(is4xx);
  const onlyNotSuccess = rejected.every((c) => is2xx(c) || c < 200);
  const refusal = expectsError && (!has(is2xx) || onlyNotSuccess);
  return {
    accepts: (status) => evalPy(p.node, status),
    codes: possible.every((c) => codes.includes(c)) ? codes : [],
    wanted: describe(possible, rejected, codes, { has, all, refusal }),
    expectsError,
    refusal,
  };
}

type Shape = { has: (f: (c: number) => boolean) => boolean; all: (f: (c: number) => boolean) => boolean; refusal: boolean };

function describe(possible: number[], rejected: number[], codes: number[], s: Shape): string {
  if (possible.every((c) => codes.includes(c))) return codes.join(' or ');
  // `not 2xx` also lets a 3xx through, but what such a probe is after is a 4xx.
  if (s.refusal && !s.has(is2xx)) return 'a 4xx refusal';
  if (s.refusal) return `a refusal, any status but ${rejected.join(', ')}`;
  const success = (c: number) => c >= 200 && c < 400;
  if (!s.has((c) => c >= 400) && s.all(is2xx)) return 'a success status';
  if (possible.every(success) && possible.length <= 4) return possible.join(' or ');
  if (rejected.length <= 3) return `any status but ${rejected.join(', ')}`;
  return possible.length <= 4 ? possible.join(' or ') : `one of ${possible.slice(0, 6).join(', ')}${possible.length > 6 ? ', …' : ''}`;
}
