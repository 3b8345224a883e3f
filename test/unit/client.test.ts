import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/http.js';
import { getMe } from '../../src/contract/me.js';
import { SvcError } from '../../src/contract/errors.js';

const ME = { userId: 'u', name: 'n', email: null, keyId: 'k', env: 'test', scopes: ['read:me'] };

function setup() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get('http://api.test');
  const lines: string[] = [];
  const client = new ApiClient({
    baseUrl: 'http://api.test/api/v1',
    apiKey: 'svc_key',
    timeoutMs: 2000,
    surface: 'cli',
    userAgent: 'test',
    dispatcher: agent,
    backoffMs: 1,
    logger: { debug: (m) => lines.push(`debug ${m}`), verbose: (m) => lines.push(`verbose ${m}`) },
  });
  return { pool, client, lines };
}

describe('ApiClient', () => {
  it('sends the key as a bearer token and the surface header', async () => {
    const { pool, client } = setup();
    pool
      .intercept({ path: '/api/v1/me', method: 'GET', headers: { authorization: 'Bearer svc_key', 'x-svc-surface': 'cli' } })
      .reply(200, ME, { headers: { 'x-request-id': 'req_1' } });
    expect(await client.call(getMe)).toEqual(ME);
  });

  it('retries 503 and 429, honouring Retry-After', async () => {
    const { pool, client, lines } = setup();
    pool.intercept({ path: '/api/v1/me' }).reply(503, { error: { code: 'UNAVAILABLE', message: 'm', nextAction: 'n', requestId: 'r' } });
    pool.intercept({ path: '/api/v1/me' }).reply(429, { error: { code: 'RATE_LIMITED', message: 'm', nextAction: 'n', requestId: 'r' } }, { headers: { 'retry-after': '0' } });
    pool.intercept({ path: '/api/v1/me' }).reply(200, ME);
    expect(await client.call(getMe)).toEqual(ME);
    expect(lines.filter((l) => l.startsWith('verbose retry'))).toHaveLength(2);
    expect(lines.some((l) => l.includes('(Retry-After)'))).toBe(true);
  });

  it('gives up after the retry budget with the mapped error', async () => {
    const { pool, client } = setup();
    for (let i = 0; i < 4; i++) pool.intercept({ path: '/api/v1/me' }).reply(429, { error: { code: 'RATE_LIMITED', message: 'slow down', nextAction: 'wait', requestId: 'r9' } }, { headers: { 'retry-after': '0' } });
    const err = await client.call(getMe).catch((e) => e);
    expect(err).toBeInstanceOf(SvcError);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', exitCode: 11, requestId: 'r9' });
  });

  it.each([
    [401, 'UNAUTHENTICATED', 3],
    [403, 'FORBIDDEN', 3],
    [404, 'NOT_FOUND', 4],
    [409, 'CONFLICT', 6],
    [400, 'VALIDATION_ERROR', 5],
  ])('maps HTTP %i envelopes to %s / exit %i', async (status, code, exit) => {
    const { pool, client } = setup();
    pool.intercept({ path: '/api/v1/me' }).reply(status, { error: { code, message: 'm', nextAction: 'n', requestId: 'r' } });
    await expect(client.call(getMe)).rejects.toMatchObject({ code, exitCode: exit });
  });

  it('maps a non-envelope error body by status', async () => {
    const { pool, client } = setup();
    pool.intercept({ path: '/api/v1/me' }).reply(404, 'nope', { headers: { 'x-request-id': 'req_x' } });
    await expect(client.call(getMe)).rejects.toMatchObject({ code: 'NOT_FOUND', exitCode: 4, requestId: 'req_x' });
  });

  it('sends the idempotency key and query parameters', async () => {
    const { pool, client } = setup();
    pool.intercept({ path: '/api/v1/things?a=1&b=x&b=y', method: 'POST', headers: { 'idempotency-key': 'abc' }, body: '{"n":1}' }).reply(201, { ok: true });
    const res = await client.send('POST', '/things', { query: { a: 1, b: ['x', 'y'], c: undefined }, body: { n: 1 }, idempotencyKey: 'abc' });
    expect(res.status).toBe(201);
  });

  it('reports a timeout as exit 7 without retrying', async () => {
    const { pool, client } = setup();
    pool.intercept({ path: '/api/v1/me' }).reply(200, ME).delay(5000);
    await expect(client.call(getMe)).rejects.toMatchObject({ code: 'TIMEOUT', exitCode: 7 });
  });
});
