import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyzeFailure } from '../../src/ai/analysis.js';
import { providerFromEnv } from '../../src/ai/provider.js';
import { analyzeWithModel } from '../../src/ai/refine.js';
import { backend, call, SERVER_500 } from '../helpers/evidence.js';

/** A local OpenAI-compatible chat-completions server whose answer each test chooses. */
interface Seen { path: string; auth: string | undefined; body: any }
let server: Server;
let base: string;
let seen: Seen[] = [];
let reply: (res: ServerResponse, body: any) => void;

const answer = (content: unknown) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) }, finish_reason: 'stop' }] }));
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      reply(res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
});

const provider = (extra: Record<string, string> = {}) =>
  providerFromEnv({ SVC_MODEL_URL: base, SVC_MODEL_KEY: 'sk-local-test', SVC_MODEL_NAME: 'test-model', SVC_MODEL_TIMEOUT_MS: '400', ...extra });

/** KeyError on a field the body lacks: a medium-confidence rule a model may overrule within the evidence. */
const KEY_ERROR = backend({
  failure: { kind: 'exception', exceptionType: 'KeyError', message: "'id'", line: 7 },
  calls: [call({ method: 'POST', path: '/users', status: 201, responseBody: '{"user_id":5,"name":"Ada"}' })],
});

describe('OpenAI-compatible provider', () => {
  it('is off unless SVC_MODEL_URL is set', async () => {
    const p = providerFromEnv({});
    expect(p).toMatchObject({ name: 'builtin', available: false });
    expect(await analyzeWithModel(SERVER_500, p)).toEqual(analyzeFailure(SERVER_500));
  });

  it('applies a good refinement and sends a well-formed request', async () => {
    reply = answer({
      rootCauseHypothesis: 'POST /users fails with 500 because SQLite reports "database is locked": concurrent writers hold the lock; the handler should retry or use WAL.',
      evidence: ['sqlite3.OperationalError: database is locked'],
      failureKind: 'server_error',
      recommendedFixTarget: 'app',
    });
    const a = await analyzeWithModel(SERVER_500, provider());
    expect(a.provider).toBe('openai-compatible:test-model');
    expect(a.rootCauseHypothesis).toContain('concurrent writers hold the lock');
    expect(a).toMatchObject({ failureKind: 'server_error', recommendedFixTarget: 'app', confidence: 'high' });
    expect(a.evidence).toContain('sqlite3.OperationalError: database is locked');
    expect(a.evidence).toContain('POST /users → 500 Internal Server Error (call #1)');
    expect(a.reproducer).toBe(analyzeFailure(SERVER_500).reproducer);

    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/chat/completions');
    expect(seen[0]!.auth).toBe('Bearer sk-local-test');
    expect(seen[0]!.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    const prompt = seen[0]!.body.messages.map((m: { content: string }) => m.content).join('\n');
    expect(prompt).toContain('database is locked');
    expect(prompt).toContain('server_error');
  });

  it('accepts a base URL that already ends in /v1', async () => {
    reply = answer({ rootCauseHypothesis: 'POST /users: the database is locked.' });
    const a = await analyzeWithModel(SERVER_500, provider({ SVC_MODEL_URL: `${base}/v1/` }));
    expect(seen[0]!.path).toBe('/v1/chat/completions');
    expect(a.rootCauseHypothesis).toBe('POST /users: the database is locked.');
  });

  it('rejects a failure kind the evidence contradicts and keeps the built-in analysis', async () => {
    reply = answer({ rootCauseHypothesis: 'The test is wrong.', failureKind: 'test_code_error', recommendedFixTarget: 'test', evidence: ['made up'] });
    expect(await analyzeWithModel(SERVER_500, provider())).toEqual(analyzeFailure(SERVER_500));
    reply = answer({ rootCauseHypothesis: 'The test should change.', failureKind: 'server_error', recommendedFixTarget: 'test' });
    expect(await analyzeWithModel(SERVER_500, provider())).toEqual(analyzeFailure(SERVER_500));
  });

  it('takes a different kind when the evidence supports it and the rule was not certain', async () => {
    const builtin = analyzeFailure(KEY_ERROR);
    expect(builtin).toMatchObject({ failureKind: 'schema_mismatch', confidence: 'medium' });
    reply = answer({ rootCauseHypothesis: "The test reads 'id' but the documented field is 'user_id'.", failureKind: 'test_code_error', recommendedFixTarget: 'test' });
    const a = await analyzeWithModel(KEY_ERROR, provider(), builtin);
    expect(a).toMatchObject({ failureKind: 'test_code_error', recommendedFixTarget: 'test', provider: 'openai-compatible:test-model' });
    expect(a.rootCauseHypothesis).toBe("POST /users: The test reads 'id' but the documented field is 'user_id'.");
    reply = answer({ rootCauseHypothesis: 'The server crashed.', failureKind: 'server_error', recommendedFixTarget: 'app' });
    expect(await analyzeWithModel(KEY_ERROR, provider(), builtin)).toEqual(builtin);
  });

  it.each([
    ['prose instead of JSON', answer('I believe the server is at fault here.')],
    ['JSON without a hypothesis', answer({ failureKind: 'server_error' })],
    ['an unknown failure kind', answer({ rootCauseHypothesis: 'x', failureKind: 'cosmic_rays' })],
    ['a non-JSON HTTP body', (res: ServerResponse) => res.end('<html>gateway</html>')],
    ['HTTP 500', (res: ServerResponse) => { res.writeHead(500, { 'content-type': 'application/json' }); res.end('{"error":{"message":"overloaded"}}'); }],
    ['no answer before the timeout', () => undefined],
  ] as const)('returns the built-in analysis on %s', async (_name, r) => {
    reply = r;
    expect(await analyzeWithModel(SERVER_500, provider())).toEqual(analyzeFailure(SERVER_500));
    expect(seen).toHaveLength(1);
  });
});
