import { JSONPath } from 'jsonpath-plus';
import type { AutoAuthConfig } from '../contract/project-auth.js';
import type { InjectedAuth, RecordedCall } from './types.js';

export interface StaticCredential {
  type: 'public' | 'Bearer token' | 'API key' | 'basic token';
  value?: string | null;
}

export class AuthFetchError extends Error {
  constructor(
    message: string,
    readonly call?: RecordedCall,
  ) {
    super(message);
  }
}

/** The static credential as headers (SPEC.md 2.1: injected into every backend run). */
export function staticAuth(c: StaticCredential | null): InjectedAuth {
  if (!c || c.type === 'public' || !c.value) return { headers: {}, type: c?.type ?? 'public', credential: null, secrets: [] };
  const v = c.value;
  switch (c.type) {
    case 'Bearer token':
      return { headers: { Authorization: `Bearer ${v}` }, type: c.type, credential: v, secrets: [v] };
    case 'API key':
      return { headers: { 'X-API-Key': v }, type: c.type, credential: v, secrets: [v] };
    case 'basic token': {
      const token = v.includes(':') ? Buffer.from(v).toString('base64') : v;
      return { headers: { Authorization: `Basic ${token}` }, type: c.type, credential: token, secrets: [v, token] };
    }
  }
}

function inject(cfg: AutoAuthConfig, token: string): InjectedAuth {
  const key = cfg.injectKey ?? (cfg.inject === 'cookie' ? 'session' : 'Authorization');
  const secrets = [token, cfg.password, cfg.clientSecret, cfg.refreshToken].filter((s): s is string => !!s);
  if (cfg.inject === 'bearer') return { headers: { Authorization: `Bearer ${token}` }, type: 'Bearer token', credential: token, secrets };
  if (cfg.inject === 'header') return { headers: { [key]: token }, type: `header:${key}`, credential: token, secrets };
  return { headers: { Cookie: `${key}=${token}` }, type: `cookie:${key}`, credential: token, secrets };
}

/** Fills {{username}} / {{password}}, JSON-escaped when the body is JSON. */
function renderTemplate(tpl: string, cfg: AutoAuthConfig, json: boolean): string {
  const enc = (s: string) => (json ? JSON.stringify(s).slice(1, -1) : encodeURIComponent(s));
  return tpl.replace(/\{\{\s*username\s*\}\}/g, enc(cfg.username ?? '')).replace(/\{\{\s*password\s*\}\}/g, enc(cfg.password ?? ''));
}

/**
 * Fetches a fresh token with the project's auto-auth configuration and turns it into injected
 * headers. The token request is returned as a recorded call (secrets masked by the caller).
 */
export async function fetchAutoAuth(cfg: AutoAuthConfig, opts: { timeoutMs?: number; checkUrl?: (url: string) => Promise<void>; fetch?: typeof fetch } = {}): Promise<{ auth: InjectedAuth; call: RecordedCall }> {
  let url: string;
  let method = 'POST';
  let body: string;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cfg.method === 'password') {
    url = cfg.loginUrl!;
    method = cfg.loginMethod ?? 'POST';
    const ct = cfg.loginContentType ?? 'application/json';
    headers['content-type'] = ct;
    const json = ct.includes('json');
    const tpl = cfg.loginBodyTemplate ?? (json ? '{"username":"{{username}}","password":"{{password}}"}' : 'username={{username}}&password={{password}}');
    body = renderTemplate(tpl, cfg, json);
  } else if (cfg.method === 'refresh_token') {
    url = cfg.tokenEndpoint!;
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const p = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: cfg.refreshToken ?? '', client_id: cfg.clientId ?? '' });
    if (cfg.clientSecret) p.set('client_secret', cfg.clientSecret);
    if (cfg.scope) p.set('scope', cfg.scope);
    body = p.toString();
  } else {
    url = cfg.tokenEndpoint ?? `https://cognito-idp.${cfg.region}.amazonaws.com/`;
    headers['content-type'] = 'application/x-amz-json-1.1';
    headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
    const params: Record<string, string> = { REFRESH_TOKEN: cfg.refreshToken ?? '' };
    if (cfg.clientSecret) params.SECRET_HASH = cfg.clientSecret;
    body = JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: cfg.clientId, AuthParameters: params });
  }
  await opts.checkUrl?.(url);
  const started = Date.now();
  const call: RecordedCall = {
    seq: 0,
    method,
    url,
    path: safePath(url),
    requestHeaders: headers,
    requestBody: body,
    status: null,
    responseHeaders: {},
    responseBody: null,
    latencyMs: 0,
    startedAt: new Date(started).toISOString(),
  };
  let text: string;
  try {
    const res = await (opts.fetch ?? fetch)(url, { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000), redirect: 'manual' });
    text = await res.text();
    call.status = res.status;
    call.responseHeaders = Object.fromEntries(res.headers);
    call.responseBody = text.slice(0, 65_536);
    call.latencyMs = Date.now() - started;
    if (!res.ok) throw new AuthFetchError(`auto-auth (${cfg.method}) token request ${method} ${url} answered HTTP ${res.status}: ${text.slice(0, 200)}`, call);
  } catch (err) {
    if (err instanceof AuthFetchError) throw err;
    call.latencyMs = Date.now() - started;
    call.error = err instanceof Error ? `${err.name}: ${(err as { cause?: { code?: string } }).cause?.code ?? err.message}` : String(err);
    throw new AuthFetchError(`auto-auth (${cfg.method}) token request ${method} ${url} failed: ${call.error}`, call);
  }
  const token = extractToken(cfg, text);
  if (!token) {
    const where = cfg.method === 'password' ? `at ${cfg.tokenPath ?? '$.access_token'}` : cfg.method === 'refresh_token' ? 'in access_token' : 'in AuthenticationResult.AccessToken';
    throw new AuthFetchError(`auto-auth (${cfg.method}) got HTTP ${call.status} but no token ${where} in the response`, call);
  }
  return { auth: inject(cfg, token), call };
}

function extractToken(cfg: AutoAuthConfig, text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (cfg.method === 'password') {
    const path = cfg.tokenPath ?? '$.access_token';
    const found = JSONPath({ path, json: json as object, eval: false, wrap: true }) as unknown[];
    const v = found[0];
    return typeof v === 'string' && v ? v : undefined;
  }
  const o = json as Record<string, any>;
  if (cfg.method === 'refresh_token') return typeof o.access_token === 'string' ? o.access_token : undefined;
  const r = o.AuthenticationResult ?? {};
  return typeof r.AccessToken === 'string' ? r.AccessToken : typeof r.IdToken === 'string' ? r.IdToken : undefined;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
