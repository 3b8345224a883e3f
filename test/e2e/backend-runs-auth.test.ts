import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsWorld, type RunsWorld } from '../helpers/runs.js';

// The project's credential reaches every backend test (SPEC.md 2.1, 4.5): static credentials of
// each type, and auto-auth tokens fetched for each run by all three methods into all three targets.
let w: RunsWorld;
const SECRETS = ['demo-token', 'demo-pass', 'demo-secret', 'demo-refresh-token', 'demo-api-key', 'wrong-pass-123'];

beforeAll(async () => {
  w = await runsWorld();
});
afterAll(async () => {
  await w?.close();
});

/** Runs one probe test in a fresh project with `auth` applied; returns everything a user could see. */
async function probe(auth: { credential?: object; autoAuth?: object }, code: string) {
  const project = await w.project('Auth probe', (auth.credential as any) ?? null);
  if (auth.autoAuth) await w.api('PUT', `/projects/${project}/auto-auth`, auth.autoAuth);
  const testId = await w.addTest('Probe', code, { project });
  const r = await w.svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '60']);
  const out = r.json();
  const result = await w.result(out.runId);
  const calls = await w.api('GET', `/batches/${out.batchId}/calls`);
  const shown = [r.stdout, r.stderr, JSON.stringify(result), JSON.stringify(calls), JSON.stringify(await w.batch(out.batchId)), (await w.svc(['project', 'get', project])).stdout].join('\n');
  for (const s of SECRETS) expect(shown, `secret ${s} leaked`).not.toContain(s);
  return { r, out, result, calls };
}

const report = "print(sorted(__AUTH_HEADERS__), __AUTH_TYPE__, __AUTH_HEADERS__, __AUTH_CREDENTIAL__)\n";

describe('static credentials', () => {
  it.each([
    ['Bearer token', 'demo-token', "['Authorization'] Bearer token", 200],
    ['API key', 'demo-api-key', "['X-API-Key'] API key", 200],
    ['basic token', 'demo:demo-pass', "['Authorization'] basic token", 200],
    ['public', undefined, '[] public', 401],
  ] as const)('%s is injected into the test', async (type, value, printed, status) => {
    const { r, result } = await probe({ credential: value ? { type, value } : { type } }, `${report}assert http.get('/users').status == ${status}\n`);
    expect(r.exitCode, result.reason ?? '').toBe(0);
    expect(result.apiOutput.startsWith(`${printed} `)).toBe(true);
  });
});

const login = (t: string) => ({ method: 'password', loginUrl: `${t}/auth/login`, username: 'demo', password: 'demo-pass', tokenPath: '$.data.access_token' });
const oauth = (t: string) => ({ method: 'refresh_token', tokenEndpoint: `${t}/oauth/token`, clientId: 'demo-client', clientSecret: 'demo-secret', refreshToken: 'demo-refresh-token', scope: 'read' });
const cognito = (t: string) => ({ method: 'aws_cognito_refresh', region: 'us-east-1', tokenEndpoint: `${t}/cognito`, clientId: 'demo-client', refreshToken: 'demo-refresh-token' });
const useHeader = "tok = __AUTH_HEADERS__['X-Session-Token']\nassert http.get('/users', auth=False, headers={'Authorization': 'Bearer ' + tok}).status == 200\n";
const useInjected = "assert http.get('/users').status == 200\n";

describe('auto-auth', () => {
  it.each([
    ['password → bearer', (t: string) => ({ ...login(t), inject: 'bearer' }), "['Authorization'] Bearer token", useInjected, 'POST /auth/login'],
    ['password (PUT, form) → cookie', (t: string) => ({ ...login(t), loginMethod: 'PUT', loginContentType: 'application/x-www-form-urlencoded', loginBodyTemplate: 'username={{username}}&password={{password}}', inject: 'cookie', injectKey: 'session' }), "['Cookie'] cookie:session", useInjected, 'PUT /auth/login'],
    ['refresh_token → header', (t: string) => ({ ...oauth(t), inject: 'header', injectKey: 'X-Session-Token' }), "['X-Session-Token'] header:X-Session-Token", useHeader, 'POST /oauth/token'],
    ['aws_cognito_refresh → bearer', (t: string) => ({ ...cognito(t), inject: 'bearer' }), "['Authorization'] Bearer token", useInjected, 'POST /cognito'],
    ['aws_cognito_refresh → header', (t: string) => ({ ...cognito(t), inject: 'header', injectKey: 'X-Session-Token' }), "['X-Session-Token'] header:X-Session-Token", useHeader, 'POST /cognito'],
  ])('%s: a fresh token reaches the test', async (_name, cfg, printed, use, tokenCall) => {
    const { r, result, calls } = await probe({ autoAuth: cfg(w.target.url) }, report + use);
    expect(r.exitCode, result.reason ?? '').toBe(0);
    expect(result.apiOutput.startsWith(`${printed} `)).toBe(true);
    // The token request is an observed call of its own, with the secrets masked.
    const auth = calls.otherObservedBehaviors.filter((c: any) => c.origin === 'auth');
    expect(auth.map((c: any) => `${c.method} ${c.path} ${c.status}`)).toEqual([`${tokenCall} 200`]);
  });

  it('a wrong password fails the run with a clear auto-auth reason', async () => {
    const { r, out, result } = await probe({ autoAuth: { ...login(w.target.url), password: 'wrong-pass-123', inject: 'bearer' } }, useInjected);
    expect(r.exitCode).toBe(1);
    expect(out.run.status).toBe('failed');
    expect(result.reason).toMatch(/^auto-auth failed: auto-auth \(password\) token request POST http:\/\/127\.0\.0\.1:\d+\/auth\/login answered HTTP 401/);
    expect(result.failure.kind).toBe('auth-fetch');
  });
});
