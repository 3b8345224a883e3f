import type { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { findActiveKey, KEY_PATTERN, touchKey } from '../../store/repos/keys.js';
import { isSecure, safeNext, type PortalContext, type PortalEnv } from './guard.js';
import { html } from './html.js';
import { BASE, page } from './layout.js';
import { SESSION_COOKIE, SESSION_TTL_MS, type SessionStore } from './sessions.js';

function signInPage(c: PortalContext, next: string, error?: string): Response {
  const body = html`<form class="signin card" method="post" action="${BASE}/sign-in">
    <h1>Sign in to svc</h1>
    <p class="sub">Paste an API key (made with <code>svc-server keys create</code>). The portal keeps a session cookie, never the key.</p>
    ${error ? html`<div class="banner bad" role="alert">${error}</div>` : ''}
    <label for="key">API key</label>
    <input id="key" name="key" type="password" autocomplete="off" required placeholder="svc_…" autofocus>
    <input type="hidden" name="next" value="${next}">
    <button class="btn" type="submit">Sign in</button>
  </form>`;
  return c.html(page({ title: 'Sign in' }, body), error ? 401 : 200);
}

export function registerSignIn(app: Hono<PortalEnv>, sessions: SessionStore): void {
  const home = (c: PortalContext) => {
    const next = safeNext(c.req.query('next'));
    return c.get('session') ? c.redirect(next, 303) : signInPage(c, next);
  };
  app.get('/', home);

  app.post('/sign-in', async (c) => {
    const form = await c.req.parseBody();
    const key = typeof form.key === 'string' ? form.key.trim() : '';
    const next = safeNext(typeof form.next === 'string' ? form.next : null);
    const db = c.get('deps').store.db;
    const rec = KEY_PATTERN.test(key) ? await findActiveKey(db, key) : undefined;
    if (!rec) return signInPage(c, next, 'That key is unknown, revoked or malformed.');
    if (!rec.scopes.includes('read:projects') || !rec.scopes.includes('read:tests'))
      return signInPage(c, next, "This key lacks the 'read:projects' and 'read:tests' scopes the portal needs.");
    // A fresh id on every sign-in (and the old one dropped) so a planted cookie is never upgraded.
    await sessions.delete(getCookie(c, SESSION_COOKIE));
    const { id } = await sessions.create({ userId: rec.userId, keyId: rec.keyId, userName: rec.userName });
    touchKey(db, rec.keyId).catch(() => undefined);
    setCookie(c, SESSION_COOKIE, id, { path: BASE, httpOnly: true, sameSite: 'Strict', secure: isSecure(c), maxAge: Math.floor(SESSION_TTL_MS / 1000) });
    return c.redirect(next, 303);
  });

  app.post('/sign-out', async (c) => {
    await sessions.delete(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: BASE, httpOnly: true, sameSite: 'Strict', secure: isSecure(c) });
    return c.redirect(`${BASE}`, 303);
  });
}
