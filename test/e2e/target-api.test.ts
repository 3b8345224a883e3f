import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetApi, type TargetApi } from '../../fixtures/target-api/server.mjs';
import { ROOT } from '../helpers/paths.js';

let api: TargetApi;
beforeAll(async () => {
  api = await startTargetApi({ port: 0, latencyMs: 0, seed: true });
});
afterAll(async () => {
  await api?.close();
});
beforeEach(() => api.reset());

type Init = { method?: string; headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; body?: string };
async function call(path: string, init: Init = {}) {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(api.url + path, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

describe('target-api auth', () => {
  it('accepts each credential kind and rejects missing or wrong ones with 401 JSON', async () => {
    const good: Record<string, string>[] = [bearer('demo-token'), { 'x-api-key': 'demo-api-key' }, basic('demo', 'demo-pass'), { cookie: 'a=b; session=demo-token' }];
    for (const headers of good) {
      expect((await call('/users', { headers })).status).toBe(200);
    }
    const none = await call('/users');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('authentication required');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const bad: Record<string, string>[] = [bearer('nope'), { 'x-api-key': 'wrong' }, basic('demo', 'bad'), { cookie: 'session=nope' }];
    for (const headers of bad) {
      const res = await call('/users', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'invalid credentials' });
    }
  });

  it('logs in with POST, PUT and a form body, nesting tokens under data and setting a session cookie', async () => {
    for (const init of [
      { method: 'POST', json: { username: 'demo', password: 'demo-pass' } },
      { method: 'PUT', json: { username: 'demo', password: 'demo-pass' } },
      { method: 'POST', form: { username: 'demo', password: 'demo-pass' } },
    ]) {
      const res = await call('/auth/login', init);
      expect(res.status).toBe(200);
      const { access_token, refresh_token, expires_in } = res.body.data;
      expect(access_token).toMatch(/^[\w-]{20,}$/);
      expect(refresh_token).toMatch(/^[\w-]{20,}$/);
      expect(expires_in).toBe(3600);
      expect(res.headers.get('set-cookie')).toContain(`session=${access_token}`);
      expect((await call('/users', { headers: bearer(access_token) })).status).toBe(200);
      expect((await call('/users', { headers: { cookie: `session=${access_token}` } })).status).toBe(200);
    }
    expect((await call('/auth/login', { method: 'POST', json: { username: 'demo', password: 'x' } })).status).toBe(401);
    const missing = await call('/auth/login', { method: 'POST', json: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['password', 'username']);
  });

  it('exchanges a refresh token at /oauth/token (form or JSON) and reports OAuth errors', async () => {
    const login = await call('/auth/login', { method: 'POST', json: { username: 'demo', password: 'demo-pass' } });
    const refresh = login.body.data.refresh_token;
    const form = { grant_type: 'refresh_token', refresh_token: refresh, client_id: 'demo-client', client_secret: 'demo-secret', scope: 'read write' };
    const viaForm = await call('/oauth/token', { method: 'POST', form });
    expect(viaForm.status).toBe(200);
    expect(viaForm.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read write' });
    expect((await call('/users', { headers: bearer(viaForm.body.access_token) })).status).toBe(200);
    const viaJson = await call('/oauth/token', { method: 'POST', json: { ...form, refresh_token: 'demo-refresh-token', scope: undefined } });
    expect(viaJson.status).toBe(200);
    expect(Object.keys(viaJson.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const viaBasic = await call('/oauth/token', { method: 'POST', headers: basic('demo-client', 'demo-secret'), form: { grant_type: 'refresh_token', refresh_token: refresh } });
    expect(viaBasic.status).toBe(200);
    const errors: [Record<string, string>, number, string][] = [
      [{ ...form, client_secret: 'bad' }, 401, 'invalid_client'],
      [{ ...form, refresh_token: 'bad' }, 400, 'invalid_grant'],
      [{ ...form, grant_type: 'password' }, 400, 'unsupported_grant_type'],
      [{ client_id: 'demo-client' }, 400, 'invalid_request'],
    ];
    for (const [body, status, error] of errors) {
      const res = await call('/oauth/token', { method: 'POST', form: body });
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
  });

  it('answers a Cognito InitiateAuth REFRESH_TOKEN_AUTH call in the Cognito shape', async () => {
    const headers = { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth', 'content-type': 'application/x-amz-json-1.1' };
    const json = { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'demo-client', AuthParameters: { REFRESH_TOKEN: 'demo-refresh-token', SECRET_HASH: 'abc=' } };
    const res = await call('/cognito', { method: 'POST', headers, json });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    const r = res.body.AuthenticationResult;
    expect(r).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(r.IdToken.split('.')).toHaveLength(3);
    expect((await call('/users', { headers: bearer(r.AccessToken) })).status).toBe(200);
    const bad = await call('/cognito', { method: 'POST', headers, json: { ...json, AuthParameters: { REFRESH_TOKEN: 'nope' } } });
    expect([bad.status, bad.body.__type]).toEqual([400, 'NotAuthorizedException']);
    const wrongTarget = await call('/cognito', { method: 'POST', headers: { ...headers, 'x-amz-target': 'X.Y' }, json });
    expect([wrongTarget.status, wrongTarget.body.__type]).toEqual([400, 'UnknownOperationException']);
    const wrongClient = await call('/cognito', { method: 'POST', headers, json: { ...json, ClientId: 'other' } });
    expect(wrongClient.body.__type).toBe('ResourceNotFoundException');
  });
});

describe('target-api support endpoints', () => {
  it('serves /health without auth, alternates /flaky, always fails /broken, sleeps in /slow', async () => {
    expect(await call('/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const flaky = [];
    for (let i = 0; i < 4; i++) flaky.push((await call('/flaky')).status);
    expect(flaky).toEqual([200, 500, 200, 500]);
    expect((await call('/broken')).status).toBe(500);
    const t0 = performance.now();
    expect((await call('/slow?ms=120')).body).toEqual({ sleptMs: 120 });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(115);
    expect((await call('/slow?ms=-1')).status).toBe(400);
    expect((await call('/slow?ms=abc')).status).toBe(400);
  });

  it('adds the configured latency to every request except inspection', async () => {
    const slow = await startTargetApi({ port: 0, latencyMs: 150 });
    try {
      const t0 = performance.now();
      expect((await fetch(`${slow.url}/health`)).status).toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(145);
      expect((await fetch(`${slow.url}/__store`)).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('starts from the CLI with one line on stdout and exits 0 on SIGTERM', async () => {
    const proc = spawn(process.execPath, [join(ROOT, 'fixtures/target-api/server.mjs'), '--port', '0', '--latency-ms', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line: ${out}`)), 10_000);
      proc.stdout.on('data', () => out.includes('\n') && (clearTimeout(timer), resolve()));
    });
    expect(out).toMatch(/^target-api listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    const url = out.trim().split(' ').pop()!;
    expect((await fetch(`${url}/health`)).status).toBe(200);
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('rejects bad CLI arguments with exit code 2', async () => {
    const proc = spawn(process.execPath, [join(ROOT, 'fixtures/target-api/server.mjs'), '--port', 'x'], { stdio: 'ignore' });
    expect(await new Promise((resolve) => proc.once('exit', resolve))).toBe(2);
  });
});
