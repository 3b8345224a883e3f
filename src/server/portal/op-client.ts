import type { z } from 'zod';
import { ApiClient, silentLogger, toError, type RawResponse } from '../../client/http.js';
import type { ResolvedConfig } from '../../client/config.js';
import { SvcError } from '../../contract/errors.js';
import type { Op, OpContext } from '../../ops/op.js';
import { getKey, type KeyRecord } from '../../store/repos/keys.js';
import type { ServerDeps } from '../context.js';
import { inProcessEnv, type InProcessEnv } from '../in-process.js';
import type { PortalContext } from './guard.js';

/** The server's own request handler (app.fetch of app.ts), reached without a socket. */
export type ApiFetch = (req: Request, env: InProcessEnv) => Response | Promise<Response>;

/**
 * The API client the ops get when the portal runs them: the same requests the CLI and MCP server
 * send (same routes, validation, scopes, idempotency, trigger limits), dispatched in process as
 * the signed-in key, with X-Svc-Surface: portal so that what they create records createdFrom portal.
 */
export class InProcessClient extends ApiClient {
  constructor(
    private readonly fetchApi: ApiFetch,
    private readonly auth: KeyRecord,
    private readonly requestId: string,
    publicUrl: string,
  ) {
    super({ baseUrl: `${publicUrl.replace(/\/+$/, '')}/api/v1`, timeoutMs: 600_000, surface: 'portal', userAgent: 'svc-portal', maxRetries: 0 });
  }

  override async send(
    method: string,
    path: string,
    o: { query?: Record<string, unknown>; body?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
  ): Promise<RawResponse> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(o.query ?? {})) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
    const headers: Record<string, string> = { accept: 'application/json', 'x-svc-surface': 'portal', 'x-request-id': this.requestId, ...o.headers };
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await this.fetchApi(new Request(url, { method, headers, body }), inProcessEnv(this.auth));
    const buf = Buffer.from(await res.arrayBuffer());
    const requestId = res.headers.get('x-request-id');
    if (res.status >= 200 && res.status < 300) return { status: res.status, headers: Object.fromEntries(res.headers), body: buf, requestId };
    throw toError(res.status, buf, requestId);
  }
}

export type OpResult<T> = { ok: true; value: T; notes: string[] } | { ok: false; error: SvcError; fields: Record<string, string> };

/** The form field an error is about: a zod issue path, or a message that starts with 'field: '. */
export function fieldErrors(err: SvcError, known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const issues = (err.details as { issues?: { field?: string; reason?: string }[] } | undefined)?.issues ?? [];
  const fieldOf = (raw: string | undefined) => {
    const f = (raw ?? '').replace(/^(body|params|query)\./, '').replace(/^--/, '').split('.')[0]!;
    return known.includes(f) ? f : undefined;
  };
  for (const i of issues) {
    const f = fieldOf(i.field);
    if (f && i.reason && !out[f]) out[f] = i.reason;
  }
  const m = /^(?:(?:body|params|query)\.)?(--)?([A-Za-z][\w-]*): (.+)$/s.exec(err.message);
  if (m) {
    const f = fieldOf(m[2]);
    if (f && !out[f]) out[f] = m[3]!;
  }
  return out;
}

/**
 * Runs an op as the signed-in user: its input schema first (as the CLI and MCP server do), then
 * the op itself. Errors come back (not thrown) with the form fields they name.
 */
export async function runOp<I extends z.ZodObject, O extends z.ZodType>(
  c: PortalContext,
  deps: ServerDeps,
  fetchApi: ApiFetch,
  op: Op<I, O>,
  raw: Record<string, unknown>,
  fields: readonly string[] = [],
): Promise<OpResult<z.infer<O>>> {
  try {
    const s = c.get('session');
    const key = s ? await getKey(deps.store.db, s.keyId) : undefined;
    if (!s || !key || key.revokedAt || key.userId !== s.userId) throw new SvcError('UNAUTHENTICATED', 'your session has ended', { nextAction: 'Sign in again.' });
    const parsed = op.input.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ field: i.path.join('.'), reason: i.message }));
      throw new SvcError('VALIDATION_ERROR', `${issues[0]?.field || 'input'}: ${issues[0]?.reason ?? 'invalid'}`, { details: { issues } });
    }
    const notes: string[] = [];
    const client = new InProcessClient(fetchApi, key, c.get('requestId') ?? 'portal', deps.config.publicUrl);
    const ctx: OpContext = {
      client: () => client,
      config: () => portalConfig(client.baseUrl),
      surface: 'portal',
      log: silentLogger,
      advise: (m) => notes.push(m),
      // The server's own policy on private targets applies (GET /me says it), not this process's env.
      env: {},
      cwd: process.cwd(),
    };
    const value = await op.run(ctx, parsed.data);
    return { ok: true, value, notes };
  } catch (err) {
    if (!(err instanceof SvcError)) throw err;
    return { ok: false, error: err, fields: fieldErrors(err, fields) };
  }
}

function portalConfig(apiUrl: string): ResolvedConfig {
  return { profile: 'portal', profileSource: 'default', profileExists: true, credentialsFile: '', apiKey: undefined, keySource: undefined, apiUrl, urlSource: 'default', requestTimeoutMs: 600_000 };
}
