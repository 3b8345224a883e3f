import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/http.js';
import { getMe } from '../../src/contract/me.js';
import { SvcError } from '../../src/contract/errors.js';

/**
 * The API client against msw: requests never leave the process, and each test states the
 * exchanges it expects. Unhandled requests fail the test.
 */
const ME = { userId: 'u', name: 'n', email: null, keyId: 'k', env: 'test', scopes: ['read:me'] };
const API = 'http://api.test/api/v1';
const envelope = (code: string, message = 'm', requestId = 'r') => ({ error: { code, message, nextAction: 'n', requestId } });

const mock = setupServer();
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

/** Answers the n-th request to GET /me with the n-th reply, and counts them. */
function replies(...list: (() => Response | Promise<Response>)[]): { count: () => number } {
  let n = 0;
  mock.use(http.get(`${API}/me`, () => list[Math.min(n++, list.length - 1)]!()));
  return { count: () => n };
}

function client(timeoutMs = 2000) {
  const lines: string[] = [];
  const c = new ApiClient({
    baseUrl: API,
    apiKey: 'svc_key',
    timeoutMs,
    surface: 'cli',
    userAgent: 'test',
    backoffMs: 1,
    logger: { debug: (m) => lines.push(`debug ${m}`), verbose: (m) => lines.push(`verbose ${m}`) },
  });
  return { c, lines };
}

describe('ApiClient', () => {
  it('sends the key as a bearer token, the surface and user agent, and logs method, path, status and request id', async () => {
    let seen: Headers | undefined;
    mock.use(http.get(`${API}/me`, ({ request }) => ((seen = request.headers), HttpResponse.json(ME, { headers: { 'x-request-id': 'req_1' } }))));
    const { c, lines } = client();
    expect(await c.call(getMe)).toEqual(ME);
    expect(seen?.get('authorization')).toBe('Bearer svc_key');
    expect(seen?.get('x-svc-surface')).toBe('cli');
    expect(seen?.get('user-agent')).toBe('test');
    expect(lines).toEqual([expect.stringMatching(/^debug GET \/api\/v1\/me -> 200 req_1 \d+ms$/)]);
  });

  it('retries 503 and 429, honouring Retry-After', async () => {
    const r = replies(
      () => HttpResponse.json(envelope('UNAVAILABLE'), { status: 503 }),
      () => HttpResponse.json(envelope('RATE_LIMITED'), { status: 429, headers: { 'retry-after': '0' } }),
      () => HttpResponse.json(ME),
    );
    const { c, lines } = client();
    expect(await c.call(getMe)).toEqual(ME);
    expect(r.count()).toBe(3);
    expect(lines.filter((l) => l.startsWith('verbose retry'))).toHaveLength(2);
    expect(lines.some((l) => l.includes('after HTTP 429 (Retry-After)'))).toBe(true);
  });

  it('waits as long as Retry-After says', async () => {
    replies(() => HttpResponse.json(envelope('RATE_LIMITED'), { status: 429, headers: { 'retry-after': '1' } }), () => HttpResponse.json(ME));
    const { c, lines } = client();
    const started = Date.now();
    await c.call(getMe);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(lines).toContainEqual('verbose retry 1/3 in 1000ms after HTTP 429 (Retry-After)');
  });

  it('gives up after the retry budget with the mapped error', async () => {
    const r = replies(() => HttpResponse.json(envelope('RATE_LIMITED', 'slow down', 'r9'), { status: 429, headers: { 'retry-after': '0' } }));
    const err = await client().c.call(getMe).catch((e) => e);
    expect(err).toBeInstanceOf(SvcError);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', exitCode: 11, requestId: 'r9', message: 'slow down' });
    expect(r.count()).toBe(4);
  });

  it.each([
    [401, 'UNAUTHENTICATED', 3],
    [403, 'FORBIDDEN', 3],
    [404, 'NOT_FOUND', 4],
    [409, 'CONFLICT', 6],
    [400, 'VALIDATION_ERROR', 5],
  ])('maps HTTP %i envelopes to %s / exit %i without retrying', async (status, code, exit) => {
    const r = replies(() => HttpResponse.json(envelope(code), { status }));
    await expect(client().c.call(getMe)).rejects.toMatchObject({ code, exitCode: exit, nextAction: 'n' });
    expect(r.count()).toBe(1);
  });

  it('maps a non-envelope error body by status, keeping the request id', async () => {
    replies(() => new HttpResponse('nope', { status: 404, headers: { 'x-request-id': 'req_x' } }));
    await expect(client().c.call(getMe)).rejects.toMatchObject({ code: 'NOT_FOUND', exitCode: 4, requestId: 'req_x' });
  });

  it('sends the idempotency key, the JSON body and repeated query parameters', async () => {
    let got: { url: URL; key: string | null; type: string | null; body: unknown } | undefined;
    mock.use(
      http.post(`${API}/things`, async ({ request }) => {
        got = { url: new URL(request.url), key: request.headers.get('idempotency-key'), type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    const res = await client().c.send('POST', '/things', { query: { a: 1, b: ['x', 'y'], c: undefined }, body: { n: 1 }, idempotencyKey: 'abc' });
    expect(res.status).toBe(201);
    expect(got?.url.search).toBe('?a=1&b=x&b=y');
    expect(got).toMatchObject({ key: 'abc', type: 'application/json', body: { n: 1 } });
  });

  it('reports a timeout as exit 7 without retrying', async () => {
    const r = replies(async () => {
      await delay(3000);
      return HttpResponse.json(ME);
    });
    await expect(client(300).c.call(getMe)).rejects.toMatchObject({ code: 'TIMEOUT', exitCode: 7, nextAction: expect.stringContaining('--request-timeout') });
    expect(r.count()).toBe(1);
  });

  it('retries a network error on a GET and maps a lasting one to exit 10 with the next step', async () => {
    const r = replies(() => HttpResponse.error());
    const { c, lines } = client();
    const err = await c.call(getMe).catch((e) => e);
    expect(err).toMatchObject({ code: 'TRANSPORT', exitCode: 10, nextAction: expect.stringContaining('svc doctor') });
    expect(r.count()).toBe(4);
    expect(lines.filter((l) => l.startsWith('verbose retry'))).toHaveLength(3);
  });

  it('does not resend a POST without an idempotency key after a network error', async () => {
    let n = 0;
    mock.use(http.post(`${API}/things`, () => (n++, HttpResponse.error())));
    await expect(client().c.send('POST', '/things', { body: {} })).rejects.toMatchObject({ code: 'TRANSPORT' });
    expect(n).toBe(1);
  });
});
