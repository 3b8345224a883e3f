import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { Scope } from '../../contract/endpoint.js';
import { getKey } from '../../store/repos/keys.js';
import type { AppEnv } from '../context.js';
import { BASE } from './layout.js';
import { SESSION_COOKIE, type PortalSession, type SessionStore } from './sessions.js';

export type PortalEnv = { Variables: AppEnv['Variables'] & { session?: PortalSession & { scopes: Scope[] } } };
export type PortalContext = Context<PortalEnv>;

/** Security headers on every portal response: no framing, no third-party anything, no caching of pages. */
export const securityHeaders: MiddlewareHandler<PortalEnv> = async (c, next) => {
  await next();
  // A response with its own policy keeps it (the trace viewer's: same origin still, see trace-viewer.ts).
  if (!c.res.headers.get('Content-Security-Policy')) {
    c.header('Content-Security-Policy', "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    c.header('X-Frame-Options', 'DENY');
  }
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'same-origin');
  if (!c.res.headers.get('Cache-Control')) c.header('Cache-Control', 'no-store');
};

/**
 * Resolves the session cookie. The key behind a session is re-read on every request so that a
 * revoked key (or a narrowed scope list) takes effect at once, not when the session expires.
 */
export function loadSession(sessions: SessionStore): MiddlewareHandler<PortalEnv> {
  return async (c, next) => {
    const id = getCookie(c, SESSION_COOKIE);
    const s = await sessions.get(id);
    if (s) {
      const key = await getKey(c.get('deps').store.db, s.keyId);
      if (!key || key.revokedAt || key.userId !== s.userId) {
        await sessions.deleteByKey(s.keyId);
        deleteCookie(c, SESSION_COOKIE, { path: BASE });
      } else c.set('session', { ...s, scopes: key.scopes });
    }
    await next();
  };
}

/** Origins a form may be posted from: this server as addressed, and its configured public URL. */
function allowedOrigins(c: PortalContext): Set<string> {
  const out = new Set<string>();
  const add = (u: string | undefined) => {
    if (!u) return;
    try {
      out.add(new URL(u).origin);
    } catch {
      /* not a URL: ignore */
    }
  };
  add(c.get('deps').config.publicUrl);
  const host = c.req.header('host');
  if (host) add(`${new URL(c.req.url).protocol}//${host}`);
  return out;
}

/**
 * CSRF defence for state-changing requests, on top of SameSite=Strict: the Origin header (or, from
 * older browsers, the Referer) must name this server. A request with neither is refused.
 */
export function sameOrigin(c: PortalContext): boolean {
  let origin = c.req.header('origin');
  if (!origin || origin === 'null') {
    const ref = c.req.header('referer');
    if (!ref) return false;
    try {
      origin = new URL(ref).origin;
    } catch {
      return false;
    }
  }
  return allowedOrigins(c).has(origin);
}

export function isSecure(c: PortalContext): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.get('deps').config.publicUrl.startsWith('https:');
}

/** Only same-portal paths may be a post-sign-in destination (no open redirect). */
export function safeNext(next: string | undefined | null): string {
  if (next && /^\/portal\/[A-Za-z0-9_\-/.?=&%]*$/.test(next) && !next.includes('//') && !next.includes('..')) return next;
  return `${BASE}/projects`;
}
