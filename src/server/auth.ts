import type { MiddlewareHandler } from 'hono';
import { SvcError } from '../contract/errors.js';
import type { Scope } from '../contract/endpoint.js';
import { findActiveKey, touchKey, type KeyRecord } from '../store/repos/keys.js';
import type { AppEnv } from './context.js';
import { inProcessAuth } from './in-process.js';

const TOUCH_EVERY_MS = 60_000;

/** Resolves `Authorization: Bearer <key>` to a key record; routes then require it. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  // The portal's own calls (in process, for a signed-in session) carry the key record already.
  const portal = inProcessAuth(c.env);
  if (portal) {
    c.set('auth', portal);
    return next();
  }
  const header = c.req.header('authorization');
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (m) {
      const rec = await findActiveKey(c.get('deps').store.db, m[1]!);
      if (rec) {
        c.set('auth', rec);
        // Last use to the minute: a write per request would contend with the engine's writes.
        // Fire and forget: a failed timestamp write must not fail the request.
        if (!rec.lastUsedAt || Date.now() - Date.parse(rec.lastUsedAt) >= TOUCH_EVERY_MS) touchKey(c.get('deps').store.db, rec.keyId).catch(() => undefined);
      }
    }
  }
  await next();
};

export function requireAuth(auth: KeyRecord | undefined, scope: Scope | null): KeyRecord {
  if (!auth) {
    throw new SvcError('UNAUTHENTICATED', 'missing, malformed, revoked or unknown API key', {
      nextAction: "Send 'Authorization: Bearer <key>'; create a key with 'svc-server keys create' and run 'svc setup'.",
    });
  }
  if (scope && !auth.scopes.includes(scope)) {
    throw new SvcError('FORBIDDEN', `this key lacks the '${scope}' scope`, {
      nextAction: `Use a key with the '${scope}' scope (create one with 'svc-server keys create --scopes ...').`,
    });
  }
  return auth;
}
