import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { runsWorld, type RunsWorld } from '../helpers/runs.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userCtx } from '../helpers/user.js';

// Target policy for --target-url (SPEC.md 8: no localhost or private IPs unless the operator allows)
// and the server's trigger cap of 60 per minute per key.
let w: RunsWorld;
let strict: TestServer;

beforeAll(async () => {
  w = await runsWorld();
  strict = await startServer({ allowPrivateTargets: false });
});
afterAll(async () => {
  await strict?.stop();
  await w?.close();
});

describe('--target-url policy', () => {
  it('a server with --allow-private-targets accepts a loopback override and runs against it', async () => {
    const project = (await w.api('POST', '/projects', { type: 'backend', name: 'Moved', url: 'http://127.0.0.1:9' })).id;
    const testId = await w.addTest('Health', "assert http.get('/health').status == 200\n", { project });
    const r = await w.svc(['--output', 'json', 'test', 'run', testId, '--target-url', w.target.url, '--wait', '--timeout', '60']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json().run.targetUrl).toMatch(new RegExp(`^${w.target.url}/?$`));
    // The client follows the server's stated policy: no client-side switch is needed.
    const me = await w.json(['auth', 'status']);
    expect(me.privateTargets).toBe(true);
    const plain = userCtx(w.server, await w.server.mintKey({ name: 'plain', email: me.email }));
    const noSwitch = await svc(['--output', 'json', 'test', 'run', testId, '--target-url', w.target.url], { ctx: plain });
    expect(noSwitch.exitCode, noSwitch.stderr).toBe(0);
  });

  it('a server without it refuses a private override (exit 5); the client refuses first unless told otherwise', async () => {
    const key = await strict.mintKey({ name: 'strict' });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => (await fetch(`${strict.apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
    const project = await post('/projects', { type: 'backend', name: 'Public', url: 'https://93.184.215.14' });
    expect(project.id, JSON.stringify(project)).toMatch(/^prj_/);
    const test = await post('/tests', { projectId: project.id, type: 'backend', name: 'Health', code: 'assert True\n' });

    const server = await svc(['--output', 'json', 'test', 'run', test.testId, '--target-url', w.target.url], { ctx: userCtx(strict, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' }) });
    expect(server.exitCode).toBe(5);
    expect(server.error().message).toMatch(/^target URL: 'http:\/\/127\.0\.0\.1:\d+' points at a loopback address/);
    expect(server.error().requestId).toMatch(/^req_/);
    const client = await svc(['--output', 'json', 'test', 'run', test.testId, '--target-url', 'http://10.1.2.3/api'], { ctx: userCtx(strict, key) });
    expect(client.exitCode).toBe(5);
    expect(client.error()).toMatchObject({ message: expect.stringMatching(/^--target-url: /), requestId: null, nextAction: expect.stringContaining('SVC_ALLOW_PRIVATE_TARGETS=1') });
    // Nothing was queued by either refusal.
    const runs = await fetch(`${strict.apiUrl}/tests/${test.testId}`, { headers }).then((r) => r.json());
    expect(runs.lastRunId).toBeNull();
  });
});

describe('trigger rate limit', () => {
  it('a burst of triggers past 60 a minute gets 429 with the error envelope and Retry-After', async () => {
    const me = await w.json(['auth', 'status']);
    const key = await w.server.mintKey({ name: 'burst', email: me.email });
    const testId = await w.addTest('Cheap', 'assert True\n');
    const fire = () => fetch(`${w.server.apiUrl}/tests/${testId}/runs`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });
    const responses = await Promise.all(Array.from({ length: 64 }, fire));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const limited = responses.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const body = await limited.json();
    expect(body).toEqual({ error: { code: 'RATE_LIMITED', message: 'trigger rate limit reached: at most 60 runs per minute per key', nextAction: expect.any(String), requestId: expect.stringMatching(/^req_/) } });
    // Another key of the same user is not affected; reads are not limited either.
    expect((await w.svc(['test', 'run', testId])).exitCode).toBe(0);
    const ids = await Promise.all(responses.filter((r) => r.status === 202).map(async (r) => (await r.json()).runId as string));
    const waited = await w.svc(['--output', 'json', 'test', 'wait', ...ids, '--timeout', '120'], 150_000);
    expect(waited.json().summary).toMatchObject({ total: 60, passed: 60 });
  });
});
