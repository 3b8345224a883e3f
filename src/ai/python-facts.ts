import type { AssertionRecord, FailureEvidence, RecordedCall } from './evidence.js';
import { isTransportError } from './facts.js';

/** Readers of what the Python side left behind: tracebacks, assertion text, the failing call. */

export interface TraceInfo {
  /** The source line of the deepest frame in the test file, e.g. 'user_id = r.json()["id"]'. */
  codeLine?: string;
  line?: number;
  /** The final 'KeyError: ...' line. */
  lastLine?: string;
  exceptionType?: string;
  exceptionMessage?: string;
}

const LIB_FRAME = /site-packages|[\\/]lib[\\/]python\d|svc_harness|harness\.py|<frozen /;

export function traceInfo(trace: string | null | undefined): TraceInfo {
  if (!trace) return {};
  const lines = trace.split('\n').map((l) => l.replace(/\s+$/, ''));
  const info: TraceInfo = {};
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*File "([^"]+)", line (\d+)/.exec(lines[i]!);
    if (!m || LIB_FRAME.test(m[1]!)) continue;
    info.line = Number(m[2]);
    const next = lines[i + 1];
    info.codeLine = next && !/^\s*File "/.test(next) && !/^\s*[~^\s]+$/.test(next) ? next.trim() : undefined;
  }
  const last = [...lines].reverse().find((l) => /^[\w.]+(Error|Exception|Exit|Interrupt|Warning|Timeout)\b.*|^[\w.]+: /.test(l));
  if (last) {
    info.lastLine = last.trim();
    const m = /^([\w.]+)(?::\s*(.*))?$/.exec(info.lastLine);
    if (m) {
      info.exceptionType = m[1]!.split('.').pop();
      info.exceptionMessage = m[2] ?? '';
    }
  }
  return info;
}

/** The first assertion that did not hold, or one reconstructed from the failure and the trace. */
export function failedAssertion(e: FailureEvidence): AssertionRecord | null {
  const recorded = e.assertions?.find((a) => !a.ok);
  if (recorded) return recorded;
  if (e.failure?.kind !== 'assertion' && e.failure?.exceptionType !== 'AssertionError') return null;
  const t = traceInfo(e.trace);
  const source = t.codeLine?.replace(/^assert\s+/, '').replace(/,\s*(['"f]).*$/, '') ?? '';
  return { ok: false, source, message: e.failure.message || null, line: e.failure.line ?? t.line ?? 0, at: '' };
}

/**
 * 'assert 500 == 201' -> actual '500', expected '201' (pytest order: actual on the left). The
 * recorded comparison follows the test's own message when it has one, so every line is looked at.
 */
export function parseAssertMessage(msg: string | null | undefined): { actual: string; op: string; expected: string } | null {
  if (!msg) return null;
  for (const raw of msg.split('\n')) {
    const line = raw.replace(/^AssertionError:\s*/, '').trim();
    // 'assert <expr> (got False)' is a whole condition, not a comparison of two values.
    if (/\(got .*\)$/.test(line)) continue;
    const m = /^assert\s+(.+?)\s+(==|!=|not in|in|<=|>=|<|>|is not|is)\s+(.+)$/.exec(line);
    if (m) return { actual: m[1]!, op: m[2]!, expected: m[3]! };
  }
  return null;
}

/** The condition of `assert <expr>, <message>` as written: without `assert` and without the message. */
export function conditionText(source: string): string {
  const src = source.trim().replace(/^assert\s+/, '');
  let depth = 0;
  let quote = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) return src.slice(0, i).trim();
  }
  return src;
}

/** Keys the source reads from a response: body["email"], .get("email"), "email" in data. */
export function fieldsReferenced(source: string): string[] {
  const keys = new Set<string>();
  // Header lookups (r.headers["Content-Type"]) are not body fields.
  const bodyOnly = source.replace(/headers\s*(\[[^\]]*\]|\.get\([^)]*\))/gi, '');
  for (const m of bodyOnly.matchAll(/\[\s*['"]([^'"\]]+)['"]\s*\]|\.get\(\s*['"]([^'"]+)['"]|['"]([^'"]+)['"]\s+(?:not\s+)?in\s+[\w.()[\]'"]+/g)) {
    keys.add((m[1] ?? m[2] ?? m[3])!);
  }
  return [...keys];
}

function parseTime(s: string): number {
  const t = Date.parse(s);
  return Number.isNaN(t) ? NaN : t;
}

/**
 * "The" failing call: the call the failed assertion is about (the last call before it); otherwise
 * the last call that got a 4xx/5xx or a transport error; otherwise the last call.
 */
export function pickFailingCall(e: FailureEvidence): RecordedCall | undefined {
  const calls = [...(e.calls ?? [])].sort((a, b) => a.seq - b.seq);
  if (calls.length === 0) return undefined;
  const a = e.failure?.kind === 'assertion' || e.failure?.exceptionType === 'AssertionError' || !e.failure ? failedAssertion(e) : null;
  if (a) {
    const at = parseTime(a.at);
    if (!Number.isNaN(at)) {
      const before = calls.filter((c) => parseTime(c.startedAt) <= at);
      if (before.length) return before[before.length - 1];
    }
    return calls[calls.length - 1];
  }
  // Once the target stops answering, what the test sends afterwards (its own cleanup) fails the same
  // way: the first unanswered call after the last answer is the one the test failed on.
  let answered = calls.length - 1;
  while (answered >= 0 && calls[answered]!.status === null) answered--;
  const down = calls.slice(answered + 1).find(isTransportError);
  if (down) return down;
  const bad = calls.filter((c) => isTransportError(c) || (c.status ?? 0) >= 400);
  return bad[bad.length - 1] ?? calls[calls.length - 1];
}

export const TEST_CODE_EXCEPTIONS = new Set([
  'NameError', 'SyntaxError', 'IndentationError', 'TabError', 'AttributeError', 'TypeError', 'KeyError',
  'IndexError', 'ImportError', 'ModuleNotFoundError', 'ZeroDivisionError', 'UnboundLocalError', 'ValueError',
  'RecursionError', 'NotImplementedError', 'FileNotFoundError', 'FileExistsError', 'IsADirectoryError', 'NotADirectoryError', 'PermissionError',
]);
