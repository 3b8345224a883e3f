import { setTimeout as sleep } from 'node:timers/promises';
import { deletionLevels, type Handle } from './cleanup.js';
import type { InjectedAuth, RecordedCall } from './types.js';

export interface CleanupOutcome {
  handle: Handle;
  status: 'deleted' | 'already-gone' | 'failed' | 'orphaned' | 'deleted-by-test' | 'excluded';
  responseStatus: number | null;
  responseBody: string | null;
  attempts: number;
}

interface Exchange {
  status: number | null;
  body: string | null;
  call: RecordedCall;
}

async function send(doFetch: typeof fetch, method: string, url: string, auth: InjectedAuth, timeoutMs: number, extra?: Record<string, string>): Promise<Exchange> {
  const started = Date.now();
  const headers = { accept: 'application/json', ...extra, ...auth.headers };
  const call: RecordedCall = {
    seq: 0,
    method,
    url,
    path: new URL(url).pathname,
    requestHeaders: headers,
    requestBody: null,
    status: null,
    responseHeaders: {},
    responseBody: null,
    latencyMs: 0,
    startedAt: new Date(started).toISOString(),
  };
  try {
    const res = await doFetch(url, { method, headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const body = (await res.text()).slice(0, 16_384);
    Object.assign(call, { status: res.status, responseHeaders: Object.fromEntries(res.headers), responseBody: body, latencyMs: Date.now() - started });
    return { status: res.status, body, call };
  } catch (err) {
    call.latencyMs = Date.now() - started;
    call.error = err instanceof Error ? `${err.name}: ${(err as { cause?: { code?: string } }).cause?.code ?? err.message}` : String(err);
    return { status: null, body: null, call };
  }
}

/**
 * Deletes handles children first (deepest level first), a level in parallel (at most `concurrency`
 * requests in flight, default 32: the target's connection cap). 404 counts as already
 * gone unless a GET shows the resource still there (then there is no working DELETE: orphaned);
 * 405/501 mean no DELETE; 5xx and transport errors are retried briefly.
 */
export async function runCleanup(
  handles: Handle[],
  o: {
    auth: InjectedAuth;
    record: (call: RecordedCall) => void;
    /** Headers the DELETE of a handle requires (documented), besides the credential. */
    headersFor?: (h: Handle) => Record<string, string> | undefined;
    concurrency?: number;
    retries?: number;
    timeoutMs?: number;
    backoffMs?: number;
    signal?: AbortSignal;
    /** fetch bound to the target policy (EngineContext.targetFetch); default: global fetch. */
    fetch?: typeof fetch;
  },
): Promise<CleanupOutcome[]> {
  const out: CleanupOutcome[] = [];
  const doFetch = o.fetch ?? fetch;
  const retries = o.retries ?? 3;
  const timeoutMs = o.timeoutMs ?? 15_000;
  for (const h of handles) if (h.status !== 'pending') out.push({ handle: h, status: h.status, responseStatus: null, responseBody: null, attempts: 0 });
  const pending = handles.filter((h) => h.status === 'pending');
  for (const depth of deletionLevels(pending)) {
    const level = pending.filter((h) => h.depth === depth);
    const queue = [...level];
    const workers = Array.from({ length: Math.min(o.concurrency ?? 32, queue.length) }, async () => {
      for (let h = queue.shift(); h; h = queue.shift()) out.push(await deleteOne(h));
    });
    await Promise.all(workers);
  }
  return out;

  async function deleteOne(h: Handle): Promise<CleanupOutcome> {
    let last: Exchange | undefined;
    for (let attempt = 1; attempt <= retries; attempt++) {
      last = await send(doFetch, 'DELETE', h.url, o.auth, timeoutMs, o.headersFor?.(h));
      o.record(last.call);
      const s = last.status;
      if (s !== null && s >= 200 && s < 300) return done('deleted', attempt);
      if (s === 405 || s === 501) return done('orphaned', attempt);
      if (s === 404 || s === 410) {
        const check = await send(doFetch, 'GET', h.url, o.auth, timeoutMs);
        o.record(check.call);
        return done(check.status !== null && check.status >= 200 && check.status < 300 ? 'orphaned' : 'already-gone', attempt);
      }
      if (s !== null && s < 500 && s !== 409 && s !== 429) return done('failed', attempt);
      if (attempt < retries && !o.signal?.aborted) await sleep((o.backoffMs ?? 250) * attempt);
    }
    return done('failed', retries);

    function done(status: CleanupOutcome['status'], attempts: number): CleanupOutcome {
      return { handle: h, status, responseStatus: last?.status ?? null, responseBody: last?.body ?? last?.call.error ?? null, attempts };
    }
  }
}
