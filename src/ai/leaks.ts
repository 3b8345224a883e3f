/**
 * Internals an API must never show its clients: stack traces, absolute source paths, database
 * errors. A response that carries one is the API's fault whatever its status (a 400 with a stack
 * trace is still a leak), so failure analysis blames the app for it before anything else.
 */
import type { RecordedCall } from './evidence.js';

const LEAKS: Array<[RegExp, string]> = [
  [/Traceback \(most recent call last\)/, 'a Python traceback'],
  [/\bat (?:async )?[\w$.<>[\] ]*\(?(?:\/|[A-Za-z]:\\|file:\/\/|node:)[^\s)]*:\d+:\d+\)?/, 'a JavaScript stack trace'],
  [/\bat [\w$.]+\([\w$]+\.(?:java|kt|scala):\d+\)/, 'a JVM stack trace'],
  [/(?:^|[\s"'(>=:])\/(?:home|usr|var|opt|srv|app|root|Users|workspace|tmp)\/[\w.\-/@]+\.(?:js|mjs|cjs|ts|py|rb|php|java|go|cs)\b/, 'an absolute source file path'],
  [/SQLITE_ERROR|SQLSTATE\[?|syntax error at or near|ORA-\d{5}|You have an error in your SQL syntax|psycopg2\.|SequelizeDatabaseError|PG::\w+Error|unterminated quoted string|near ".*": syntax error/i, 'a database error'],
];

/** What kind of internals a body shows, with the matching excerpt; null when none. */
export function leakIn(body: string | null | undefined): { what: string; excerpt: string } | null {
  if (!body) return null;
  for (const [re, what] of LEAKS) {
    const m = re.exec(body);
    if (m) return { what, excerpt: m[0].trim().slice(0, 160) };
  }
  return null;
}

/** The first recorded response that leaks internals. */
export function leakingCall(calls: RecordedCall[] | undefined): { call: RecordedCall; what: string; excerpt: string } | null {
  for (const call of [...(calls ?? [])].sort((a, b) => a.seq - b.seq)) {
    const leak = leakIn(call.responseBody);
    if (leak) return { call, ...leak };
  }
  return null;
}
