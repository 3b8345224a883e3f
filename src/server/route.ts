import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { SvcError } from '../contract/errors.js';
import type { Endpoint } from '../contract/endpoint.js';
import type { Surface } from '../contract/common.js';
import type { KeyRecord } from '../store/repos/keys.js';
import { requireAuth } from './auth.js';
import type { AppEnv, ServerDeps } from './context.js';
import { validationError } from './errors.js';
import { bodyHash, lookupIdempotent, parseIdempotencyKey, saveIdempotent } from './idempotency.js';
import type { TriggerLimiter } from './rate-limit.js';

export interface RouteInput<E extends Endpoint> {
  params: NonNullable<E['params']> extends z.ZodType ? z.infer<NonNullable<E['params']>> : Record<string, never>;
  query: NonNullable<E['query']> extends z.ZodType ? z.infer<NonNullable<E['query']>> : Record<string, never>;
  body: NonNullable<E['body']> extends z.ZodType ? z.infer<NonNullable<E['body']>> : undefined;
  /** The calling key; for endpoints with scope null it may still be set. */
  auth: KeyRecord;
  deps: ServerDeps;
  surface: Surface;
  requestId: string;
  c: Context<AppEnv>;
  idempotencyKey: string | undefined;
}

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<z.infer<E['response']>>;

function honoPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

async function readBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new SvcError('VALIDATION_ERROR', 'request body is not valid JSON', { nextAction: 'Send a JSON body with Content-Type: application/json.' });
  }
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): unknown {
  if (!schema) return where === 'body' ? undefined : {};
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error, where);
  return r.data;
}

/**
 * Mounts one contract endpoint: validation, auth and scope, trigger rate, idempotent replay, and the
 * success status all come from the endpoint declaration, so route files hold only the behaviour.
 */
export function mount<E extends Endpoint>(app: Hono<AppEnv>, e: E, limiter: TriggerLimiter, handler: RouteHandler<E>): void {
  app.on(e.method, honoPath(e.path), async (c) => {
    const auth = requireAuth(c.get('auth'), e.scope);
    const params = parse(e.params, c.req.param(), 'params');
    const query = parse(e.query, Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length > 1 ? v : v[0]])), 'query');
    const rawBody = e.body ? await readBody(c) : undefined;
    const body = parse(e.body, rawBody, 'body');
    const idempotencyKey = e.idempotent ? parseIdempotencyKey(c.req.header('idempotency-key')) : undefined;
    const deps = c.get('deps');
    const hash = idempotencyKey ? bodyHash(params, rawBody) : '';
    if (idempotencyKey) {
      const replay = await lookupIdempotent(deps.store.db, auth.keyId, e.id, idempotencyKey, hash);
      if (replay) {
        c.header('Idempotent-Replayed', 'true');
        return c.json(replay.body as object, replay.status as 200);
      }
    }
    if (e.trigger) await limiter.check(auth.keyId);
    const result = await handler({
      params, query, body, auth, deps, c, idempotencyKey,
      surface: c.get('surface'),
      requestId: c.get('requestId'),
    } as RouteInput<E>);
    const status = e.status ?? 200;
    if (idempotencyKey) await saveIdempotent(deps.store.db, auth.keyId, e.id, idempotencyKey, hash, { status, body: result });
    return c.json(result as object, status as 200);
  });
}
