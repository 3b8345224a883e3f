import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SvcError, type ErrorEnvelope } from '../contract/errors.js';
import { TriggerThrottle } from './throttle.js';
import { fillPath, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from '../contract/endpoint.js';

export interface Logger {
  /** --debug: method, path, request id, latency, retry decisions. */
  debug(msg: string): void;
  /** --verbose (and --debug): retry/backoff/polling transitions. */
  verbose(msg: string): void;
  /** Whether verbose lines are shown: a wait then takes a first look only for them. */
  showsVerbose?(): boolean;
}
export const silentLogger: Logger = { debug: () => undefined, verbose: () => undefined };

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** Reported as X-Svc-Surface: the trigger source runs record (github_action: the CLI inside GitHub Actions). */
  surface: 'cli' | 'mcp' | 'portal' | 'github_action';
  userAgent: string;
  logger?: Logger;
  maxRetries?: number;
  /** First backoff step; doubles each retry (with jitter), capped at 8 s. */
  backoffMs?: number;
  /** Client-side trigger pacing (default 50 per minute). */
  triggersPerMinute?: number;
}

export interface CallOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  idempotencyKey?: string;
  /** Overrides the client's key (setup validates a candidate key before storing it). */
  apiKey?: string;
  signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  requestId: string | null;
}

/**
 * Requests go through node:http (node:https for https URLs, loaded only then) on a keep-alive pool.
 * Node's fetch would cost a command about 80 ms more to start: it loads undici and web streams.
 */
const pools: { http?: http.Agent; https?: http.Agent } = {};
interface Exchange {
  status: number;
  headers: RawResponse['headers'];
  body: Buffer;
}
async function exchange(url: URL, o: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }): Promise<Exchange> {
  const secure = url.protocol === 'https:';
  // The module object, not its named exports: request is looked up per call (test doubles patch it).
  const mod = secure ? (await import('node:https')).default : http;
  const agent = secure ? (pools.https ??= new mod.Agent({ keepAlive: true, maxSockets: 64 })) : (pools.http ??= new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const headers = o.body === undefined ? o.headers : { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) };
  return new Promise((resolve, reject) => {
    const req = mod.request(url, { method: o.method, headers, agent, signal: o.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/** Errors where the request surely never reached the server, so even a POST is safe to resend. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

export class ApiClient {
  readonly baseUrl: string;
  private readonly opts: ClientOptions;
  private readonly log: Logger;
  private readonly throttle: TriggerThrottle;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.log = opts.logger ?? silentLogger;
    this.throttle = new TriggerThrottle(opts.triggersPerMinute ?? 50, (ms) => this.log.verbose(`throttling run triggers: waiting ${ms}ms (50 per minute)`));
  }

  async call<E extends Endpoint>(e: E, o: CallOptions<E> = {}): Promise<ResponseOf<E>> {
    const path = fillPath(e.path, (o.params ?? {}) as Record<string, unknown>);
    if (e.trigger) await this.throttle.acquire();
    const res = await this.send(e.method, path, {
      query: o.query as Record<string, unknown> | undefined,
      body: o.body,
      idempotencyKey: o.idempotencyKey,
      apiKey: o.apiKey,
      signal: o.signal,
    });
    const text = res.body.toString('utf8');
    return (text ? JSON.parse(text) : null) as ResponseOf<E>;
  }

  /** One HTTP exchange with retries; resolves only on 2xx, otherwise throws SvcError. */
  async send(
    method: string,
    path: string,
    o: { query?: Record<string, unknown>; body?: unknown; idempotencyKey?: string; apiKey?: string; signal?: AbortSignal; headers?: Record<string, string> } = {},
  ): Promise<RawResponse> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(o.query ?? {})) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
    const key = o.apiKey ?? this.opts.apiKey;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.opts.userAgent,
      'x-svc-surface': this.opts.surface,
      ...o.headers,
    };
    if (key) headers.authorization = `Bearer ${key}`;
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    let payload: string | undefined;
    if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const maxRetries = this.opts.maxRetries ?? 3;
    const safeToResend = method === 'GET' || method === 'PUT' || method === 'DELETE' || !!o.idempotencyKey;
    const shownPath = url.pathname + url.search;

    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let status: number;
      let resHeaders: RawResponse['headers'];
      let body: Buffer;
      try {
        const signals = [AbortSignal.timeout(this.opts.timeoutMs)];
        if (o.signal) signals.push(o.signal);
        ({ status, headers: resHeaders, body } = await exchange(url, { method, headers, body: payload, signal: AbortSignal.any(signals) }));
      } catch (err) {
        const ms = Math.round(performance.now() - started);
        const code = errCode(err);
        if (o.signal?.aborted) throw err;
        if (code === 'TIMEOUT') {
          this.log.debug(`${method} ${shownPath} -> timeout after ${ms}ms`);
          throw new SvcError('TIMEOUT', `request timed out after ${this.opts.timeoutMs / 1000}s: ${method} ${shownPath}`, {
            nextAction: 'Retry with a larger --request-timeout (1-600 s) or check the server.',
          });
        }
        const retryable = NOT_SENT.has(code) || safeToResend;
        this.log.debug(`${method} ${shownPath} -> ${code} after ${ms}ms`);
        if (retryable && attempt < maxRetries) {
          const wait = this.backoff(attempt);
          const msg = `retry ${attempt + 1}/${maxRetries} in ${wait}ms after ${code}`;
          this.log.verbose(msg);
          await sleep(wait);
          continue;
        }
        throw new SvcError('TRANSPORT', `cannot reach ${this.baseUrl} (${code})`, {
          nextAction: "Check that svc-server is running and the endpoint is right (--endpoint-url, SVC_API_URL); 'svc doctor' checks it.",
        });
      }
      const requestId = headerOf(resHeaders, 'x-request-id');
      const ms = Math.round(performance.now() - started);
      this.log.debug(`${method} ${shownPath} -> ${status} ${requestId ?? '-'} ${ms}ms`);
      if (status >= 200 && status < 300) return { status, headers: resHeaders, body, requestId };

      const err = toError(status, body, requestId);
      if ((status === 429 || status === 503) && attempt < maxRetries) {
        const retryAfter = Number(headerOf(resHeaders, 'retry-after'));
        const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(retryAfter * 1000, 60_000) : this.backoff(attempt);
        const msg = `retry ${attempt + 1}/${maxRetries} in ${wait}ms after HTTP ${status}${Number.isFinite(retryAfter) ? ' (Retry-After)' : ''}`;
        this.log.verbose(msg);
        await sleep(wait);
        continue;
      }
      throw err;
    }
  }

  private backoff(attempt: number): number {
    const base = this.opts.backoffMs ?? 250;
    const exp = Math.min(base * 2 ** attempt, 8000);
    return Math.round(exp / 2 + (Math.random() * exp) / 2);
  }
}

function headerOf(h: RawResponse['headers'], name: string): string | null {
  const v = h[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

/** The system error code (ECONNREFUSED, …), or TIMEOUT when the request's time ran out. */
function errCode(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { name?: string; code?: string } };
  if (e?.name === 'TimeoutError' || e?.cause?.name === 'TimeoutError') return 'TIMEOUT';
  return e?.code ?? e?.cause?.code ?? e?.name ?? 'ERROR';
}

function isEnvelope(v: unknown): v is ErrorEnvelope {
  const e = (v as { error?: Record<string, unknown> } | null)?.error;
  return !!e && typeof e.code === 'string' && typeof e.message === 'string' && typeof e.nextAction === 'string' && (e.requestId === null || typeof e.requestId === 'string');
}

export function toError(status: number, body: Buffer, requestId: string | null): SvcError {
  try {
    const env: unknown = JSON.parse(body.toString('utf8'));
    if (isEnvelope(env)) {
      const e = SvcError.fromEnvelope(env, status);
      e.requestId ??= requestId;
      return e;
    }
  } catch {
    // not JSON: fall through to a generic error by status
  }
  const code = status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : status === 409 ? 'CONFLICT' : status === 429 ? 'RATE_LIMITED' : status === 502 || status === 503 ? 'UNAVAILABLE' : status === 504 ? 'TIMEOUT' : status >= 500 ? 'INTERNAL' : 'VALIDATION_ERROR';
  return new SvcError(code, `HTTP ${status} from server`, { requestId, status });
}
