import { describe, expect, it } from 'vitest';
import { Analysis, analyzeFailure, type FailureKind, type FixTarget } from '../../src/ai/analysis.js';
import { FailureEvidence } from '../../src/ai/evidence.js';
import { buildPrompt } from '../../src/ai/prompt.js';
import { statusExpectation } from '../../src/ai/status-expectation.js';
import { summarizeForTriage } from '../../src/ai/triage.js';
import { assertion, at, backend, BLOCKED, BODY_MISMATCH, call, frontend, NAME_ERROR, REFUSED, SERVER_500, traceOf } from '../helpers/evidence.js';

type Case = [name: string, e: FailureEvidence, kind: FailureKind, target: FixTarget, contains: string[]];

const JSON_HDR = { 'Content-Type': 'application/json' };

const CASES: Case[] = [
  ['500 on create', SERVER_500, 'server_error', 'app', ['POST /users', '500', '201', 'database is locked']],
  ['body check with the right status', BODY_MISMATCH, 'assertion_failed', 'app', ['GET /users/42', "got 'Bob'", "expected 'Alice'", 'line 14']],
  ['connection refused', REFUSED, 'connection_refused', 'environment', ['GET /health', 'Connection refused', 'http://127.0.0.1:9']],
  ['the connection closed unanswered after the same target answered: the app dropped the request', backend({
    failure: { kind: 'exception', exceptionType: 'RemoteDisconnected', message: 'Remote end closed connection without response', line: 6 },
    calls: [
      call({ seq: 1, method: 'PUT', path: '/tiddlers/svc-1', status: 204 }),
      call({ seq: 2, method: 'PUT', path: '/tiddlers/svc-1', status: null, error: 'RemoteDisconnected: Remote end closed connection without response' }),
    ],
  }), 'connection_refused', 'app', ['PUT /tiddlers/svc-1', 'closed the connection without answering', 'earlier request', 'PUT /tiddlers/svc-1 → 204']],
  ['the request dropped, not the cleanup DELETE refused after it, is the failing call', backend({
    failure: { kind: 'exception', exceptionType: 'ConnectionError', message: 'PUT /tiddlers/{title} with body null: no answer (RemoteDisconnected: Remote end closed connection without response)', line: 9 },
    calls: [
      call({ seq: 1, method: 'PUT', path: '/tiddlers/svc-1', status: 204 }),
      call({ seq: 2, method: 'PUT', path: '/tiddlers/svc-1', status: null, error: 'RemoteDisconnected: Remote end closed connection without response' }),
      call({ seq: 3, method: 'DELETE', path: '/bags/svc-1', status: null, error: 'ConnectionRefusedError: [Errno 111] Connection refused' }),
    ],
  }), 'connection_refused', 'app', ['PUT /tiddlers/svc-1: the app at', 'closed the connection without answering']],
  ['requests of other tests dropped at the same moment: the app went down under one of them', backend({
    failure: { kind: 'exception', exceptionType: 'ConnectionError', message: 'PUT /tiddlers/{title} with injection in text: no answer (RemoteDisconnected: Remote end closed connection without response)', line: 9 },
    calls: [
      call({ seq: 1, method: 'PUT', path: '/tiddlers/svc-2', status: 204 }),
      call({ seq: 2, method: 'PUT', path: '/tiddlers/svc-2', status: null, error: 'RemoteDisconnected: Remote end closed connection without response' }),
    ],
    droppedAlongside: [{ testName: 'PUT /tiddlers/{title} refuses a body that is not an object', method: 'PUT', path: '/tiddlers/svc-1', at: '2026-11-26T02:00:14.113Z', error: 'RemoteDisconnected: Remote end closed connection without response' }],
  }), 'connection_refused', 'app', ["PUT /tiddlers/svc-1 ('PUT /tiddlers/{title} refuses a body that is not an object')", 'went unanswered too', 'this one or another', 'svc test rerun']],
  ['a first request dropped while another test\'s went unanswered too: the app went down', backend({
    failure: { kind: 'exception', exceptionType: 'RemoteDisconnected', message: 'Remote end closed connection without response', line: 5 },
    calls: [call({ seq: 1, method: 'PUT', path: '/tiddlers/svc-3', status: null, error: 'RemoteDisconnected: Remote end closed connection without response' })],
    droppedAlongside: [{ testName: 'PUT /tiddlers/{title} refuses a body that is not an object', method: 'PUT', path: '/tiddlers/svc-1', at: '2026-11-26T02:00:14.113Z', error: 'RemoteDisconnected: Remote end closed connection without response' }],
  }), 'connection_refused', 'app', ['PUT /tiddlers/svc-3: the app at', 'closed the connection without answering', "('PUT /tiddlers/{title} refuses a body that is not an object')", 'this one or another']],
  ['a reset on the first call of the test stays the environment\'s', backend({
    failure: { kind: 'exception', exceptionType: 'ConnectionResetError', message: '[Errno 104] Connection reset by peer', line: 3 },
    calls: [call({ method: 'GET', path: '/health', status: null, error: 'ConnectionResetError: [Errno 104] Connection reset by peer' })],
  }), 'connection_refused', 'environment', ['GET /health', 'reset by peer']],
  ['refused after the same target answered another test of the run: it went down during the run', backend({
    failure: { kind: 'exception', exceptionType: 'URLError', message: '<urlopen error [Errno 111] Connection refused>', line: 4 },
    calls: [call({ method: 'GET', path: '/ok', status: null, error: 'ConnectionRefusedError: [Errno 111] Connection refused' })],
    targetLastAnswer: { testName: 'Crash it', method: 'GET', path: '/crash-before', status: 200, at: '2026-11-26T02:00:14.113Z' },
  }), 'connection_refused', 'environment', ['GET /ok', 'It was answering earlier in this run', "GET /crash-before → 200 to 'Crash it'", 'went down during the run']],
  ['blocked consumer', BLOCKED, 'blocked_upstream', 'upstream-test', ["'Create user returns 201'", 'tst_create_user', "VARS['user_id']"]],
  ['NameError in the test', NAME_ERROR, 'test_code_error', 'test', ['NameError', 'reponse', 'line 9', 'GET /users']],
  ['a 400 whose body is an HTML stack trace: a leak, the API\'s fault', backend({
    failure: { kind: 'assertion', message: 'assert 400 == 201', line: 4 },
    calls: [call({ method: 'POST', path: '/posts', status: 400, requestBody: '{"title": ', responseHeaders: { 'Content-Type': 'text/html' }, responseBody: '<pre>SyntaxError: Unexpected end of JSON input<br> &nbsp; &nbsp;at JSON.parse (&lt;anonymous&gt;)<br> &nbsp; &nbsp;at parse (/srv/api/node_modules/body-parser/lib/types/json.js:89:19)</pre>' })],
    assertions: [assertion({ source: 'r.status == 201', message: 'assert 400 == 201', line: 4 })],
  }), 'internal_leak', 'app', ['POST /posts', '400', 'JavaScript stack trace', 'Whatever the status']],
  ['a 500 naming the SQL that failed', backend({
    failure: { kind: 'assertion', message: 'assert 500 == 409', line: 6 },
    calls: [call({ method: 'POST', path: '/users', status: 500, responseBody: '{"error":"SQLITE_ERROR: near \\"DROP\\": syntax error"}' })],
    assertions: [assertion({ source: 'r.status == 409', message: 'assert 500 == 409', line: 6 })],
  }), 'server_error', 'app', ['POST /users', '500', 'database error', 'exposes its internals']],
  ['a missing file in the test, after a refused call', backend({
    failure: { kind: 'exception', exceptionType: 'FileNotFoundError', message: "[Errno 2] No such file or directory: 'users.csv'", line: 5 },
    calls: [call({ method: 'GET', path: '/health', status: null, error: 'ConnectionRefusedError: [Errno 111] Connection refused' })],
  }), 'test_code_error', 'test', ['FileNotFoundError', 'users.csv']],
  ['401 with a credential', backend({
    failure: { kind: 'assertion', message: 'assert 401 == 200', line: 7 },
    calls: [call({ method: 'GET', path: '/me', status: 401, requestHeaders: { Authorization: 'Bearer ***' }, responseBody: '{"detail":"token expired"}' })],
    assertions: [assertion({ source: 'r.status == 200', message: 'assert 401 == 200', line: 7 })],
  }), 'unauthorized', 'environment', ['GET /me', '401', 'Authorization header', 'invalid or expired', 'token expired']],
  ['401 without a credential', backend({
    failure: { kind: 'exception', exceptionType: 'HTTPError', message: 'HTTP Error 401: Unauthorized', line: 4 },
    calls: [call({ method: 'GET', path: '/orders', status: 401, responseBody: '{"detail":"Not authenticated"}' })],
  }), 'unauthorized', 'environment', ['GET /orders', 'No credential header', '__AUTH_HEADERS__', 'HTTPError']],
  ['403 with a credential', backend({
    failure: { kind: 'assertion', message: 'assert 403 == 204', line: 6 },
    calls: [call({ method: 'DELETE', path: '/users/7', status: 403, requestHeaders: { Authorization: 'Bearer ***' }, responseBody: '{"detail":"admin only"}' })],
    assertions: [assertion({ source: 'r.status == 204', message: 'assert 403 == 204', line: 6 })],
  }), 'forbidden', 'environment', ['DELETE /users/7', '403', 'lacks permission', 'admin only']],
  ['403 the docs do not declare', backend({
    failure: { kind: 'assertion', message: 'assert 403 == 200', line: 6 },
    calls: [call({ method: 'GET', path: '/projects/7', status: 403, requestHeaders: { Authorization: 'Bearer ***' } })],
    assertions: [assertion({ source: 'r.status == 200', message: 'assert 403 == 200', line: 6 })],
    declaredStatuses: { 'GET /projects/{id}': [200, 404] },
  }), 'forbidden', 'app', ['GET /projects/7', 'GET /projects/{id} → 200, 404']],
  ['404 on an id from VARS', backend({
    failure: { kind: 'assertion', message: 'assert 404 == 200', line: 8 },
    consumedVariables: { user_id: 42 },
    calls: [call({ method: 'GET', path: '/users/42', status: 404, responseBody: '{"detail":"User not found"}' })],
    assertions: [assertion({ source: 'r.status_code == 200', message: 'assert 404 == 200', line: 8 })],
  }), 'not_found', 'upstream-test', ['GET /users/42', "VARS['user_id']", 'User not found', 'produced upstream']],
  ['404 right after the create that returned the id', backend({
    failure: { kind: 'assertion', message: 'assert 404 == 200', line: 11 },
    calls: [
      call({ seq: 1, method: 'POST', path: '/notes', status: 201, responseBody: '{"id":"9f1c2a7e-3b4d-4c5e-8f90-123456789abc"}', startedAt: at(100) }),
      call({ seq: 2, method: 'GET', path: '/notes/9f1c2a7e-3b4d-4c5e-8f90-123456789abc', status: 404, startedAt: at(200) }),
    ],
    assertions: [assertion({ source: 'r.status == 200', message: 'assert 404 == 200', line: 11 })],
  }), 'not_found', 'app', ['POST /notes returned 9f1c2a7e', 'GET /notes/9f1c2a7e-3b4d-4c5e-8f90-123456789abc', 'not persisted']],
  ['404 on a missing route', backend({
    failure: { kind: 'assertion', message: 'assert 404 == 200', line: 3 },
    calls: [call({ method: 'GET', path: '/users', status: 404, responseHeaders: { 'Content-Type': 'text/html' }, responseBody: '<h1>Not Found</h1>' })],
    assertions: [assertion({ source: 'r.status == 200', message: 'assert 404 == 200', line: 3 })],
  }), 'not_found', 'environment', ['GET /users', 'base URL https://api.example.com', '/api/v1']],
  ['409 leftover data', backend({
    failure: { kind: 'assertion', message: 'assert 409 == 201', line: 9 },
    calls: [call({ method: 'POST', path: '/users', status: 409, requestBody: '{"email":"qa@example.com"}', responseBody: '{"detail":"email already registered"}' })],
    assertions: [assertion({ source: 'r.status == 201', message: 'assert 409 == 201', line: 9 })],
  }), 'conflict', 'environment', ['POST /users', '409', 'email already registered', 'left over']],
  ['422 with a field the test did not send', backend({
    failure: { kind: 'assertion', message: 'assert 422 == 201', line: 9 },
    calls: [call({ method: 'POST', path: '/users', status: 422, requestHeaders: JSON_HDR, requestBody: '{"name":"Ada"}', responseBody: '{"detail":[{"loc":["body","email"],"msg":"Field required","type":"missing"}]}' })],
    assertions: [assertion({ source: 'r.status == 201', message: 'assert 422 == 201', line: 9 })],
  }), 'validation_error', 'test', ['POST /users', '422', "'email'", 'payload']],
  ['422 on a body the docs accept', backend({
    failure: { kind: 'assertion', message: 'assert 400 == 201', line: 9 },
    calls: [call({ method: 'POST', path: '/v1/users', status: 400, requestHeaders: JSON_HDR, requestBody: '{"name":"Ada","email":"ada@example.com"}', responseBody: '{"error":"invalid"}' })],
    assertions: [assertion({ source: 'r.status == 201', message: 'assert 400 == 201', line: 9 })],
    declaredRequiredFields: { 'POST /users': ['name', 'email'] },
  }), 'validation_error', 'app', ['POST /v1/users', '400', 'should be accepted']],
  ['request timed out', backend({
    failure: { kind: 'exception', exceptionType: 'TimeoutError', message: 'timed out', line: 4 },
    calls: [call({ method: 'GET', path: '/reports/daily', status: null, error: 'timed out', latencyMs: 10000 })],
  }), 'timeout', 'environment', ['GET /reports/daily', 'timed out', '10000 ms']],
  ['response lacks a field the test reads', backend({
    failure: { kind: 'exception', exceptionType: 'KeyError', message: "'id'", line: 7 },
    calls: [call({ method: 'POST', path: '/users', status: 201, responseBody: '{"user_id":5,"name":"Ada"}' })],
    trace: traceOf(7, 'produce("user_id", r.json()["id"])', "KeyError: 'id'"),
  }), 'schema_mismatch', 'app', ['POST /users', "no 'id' field", 'user_id, name', 'line 7']],
  ['wrong JSON path in the test', backend({
    failure: { kind: 'exception', exceptionType: 'KeyError', message: "'id'", line: 7 },
    calls: [call({ method: 'POST', path: '/users', status: 201, responseBody: '{"data":{"id":5,"name":"Ada"}}' })],
    trace: traceOf(7, 'user_id = r.json()["id"]', "KeyError: 'id'"),
  }), 'test_code_error', 'test', ['wrong JSON path', "'data.id'", 'POST /users', 'line 7']],
  ['assertion on a field the body lacks', backend({
    failure: { kind: 'assertion', message: "assert None == 'ada@example.com'", line: 15 },
    calls: [call({ method: 'GET', path: '/users/5', status: 200, responseBody: '{"id":5,"name":"Ada"}' })],
    assertions: [assertion({ source: 'body.get("email") == "ada@example.com"', message: "assert None == 'ada@example.com'", line: 15 })],
  }), 'schema_mismatch', 'app', ['GET /users/5', "'email'", 'id, name']],
  ['HTML where JSON was expected', backend({
    failure: { kind: 'exception', exceptionType: 'JSONDecodeError', message: 'Expecting value: line 1 column 1 (char 0)', line: 6 },
    calls: [call({ method: 'GET', path: '/items', status: 200, responseHeaders: { 'Content-Type': 'text/html' }, responseBody: '<!doctype html><title>Login</title>' })],
  }), 'schema_mismatch', 'app', ['GET /items', 'not JSON', 'text/html', '<!doctype html>']],
  ['list where an object was expected', backend({
    failure: { kind: 'exception', exceptionType: 'TypeError', message: 'list indices must be integers or slices, not str', line: 6 },
    calls: [call({ method: 'GET', path: '/items', status: 200, responseBody: '[{"id":1}]' })],
  }), 'schema_mismatch', 'app', ['GET /items', 'JSON array', 'list indices']],
  ['Variable not found', backend({
    failure: { kind: 'exception', exceptionType: 'KeyError', message: "'order_id'", line: 3 },
    calls: [],
    trace: traceOf(3, 'order_id = VARS["order_id"]', "KeyError: 'order_id'"),
  }), 'variable_not_found', 'upstream-test', ["VARS['order_id']", 'name mismatch', 'line 3']],
  ['missing variables', backend({ status: 'blocked', missingVariables: ['token'] }), 'variable_not_found', 'upstream-test', ["VARS['token']", 'skip-dependencies']],
  ['syntax error', backend({
    failure: { kind: 'syntax', exceptionType: 'SyntaxError', message: "'(' was never closed", line: 4 },
  }), 'test_code_error', 'test', ['does not compile', "'(' was never closed", 'line 4']],
  ['AttributeError in test code', backend({
    failure: { kind: 'exception', exceptionType: 'AttributeError', message: "'HTTPResponse' object has no attribute 'json'", line: 8 },
    calls: [call({ method: 'GET', path: '/users', status: 200, responseBody: '[]' })],
  }), 'test_code_error', 'test', ['AttributeError', "no attribute 'json'", 'GET /users']],
  ['memory limit', backend({ failure: { kind: 'memory', message: 'MemoryError: exceeded 256 MB', line: 20 } }), 'resource_limit', 'test', ['memory limit', '256 MB', 'line 20']],
  ['test time limit with a slow call', backend({
    failure: { kind: 'timeout', message: 'test exceeded its 30 s time limit' },
    calls: [call({ method: 'POST', path: '/exports', status: 202, latencyMs: 28000 })],
  }), 'timeout', 'environment', ['30 s time limit', 'POST /exports', '28000 ms']],
  ['unauthenticated request accepted', backend({
    failure: { kind: 'assertion', message: 'assert 200 == 401', line: 5 },
    calls: [call({ method: 'GET', path: '/admin/users', status: 200, responseBody: '[{"id":1}]' })],
    assertions: [assertion({ source: 'r.status == 401', message: 'assert 200 == 401', line: 5 })],
  }), 'assertion_failed', 'app', ['GET /admin/users', '200', '401', 'authentication or permission check is missing']],
  ['test expects an undocumented status', backend({
    failure: { kind: 'assertion', message: 'assert 200 == 201', line: 5 },
    calls: [call({ method: 'PUT', path: '/users/3', status: 200, responseBody: '{"id":3}' })],
    assertions: [assertion({ source: 'r.status == 201', message: 'assert 200 == 201', line: 5 })],
    declaredStatuses: { 'PUT /users/{id}': [200, 404] },
  }), 'assertion_failed', 'test', ['PUT /users/3', 'docs declare 200', 'wrong status']],
  ['HTTPError on a 502', backend({
    failure: { kind: 'exception', exceptionType: 'HTTPError', message: 'HTTP Error 502: Bad Gateway', line: 4 },
    calls: [call({ method: 'GET', path: '/search?q=a', status: 502, responseBody: 'upstream connect error' })],
  }), 'server_error', 'app', ['GET /search', '502 Bad Gateway', 'upstream connect error']],
  ['assertion known only from the trace', backend({
    failure: { kind: 'assertion', message: 'assert 503 == 200', line: 6 },
    calls: [call({ method: 'GET', path: '/status', status: 503, responseBody: 'maintenance' })],
    trace: traceOf(6, 'assert r.status == 200', 'AssertionError: assert 503 == 200'),
  }), 'server_error', 'app', ['GET /status', '`r.status == 200` (line 6)', '503 Service Unavailable', 'maintenance']],
  ['AssertionError raised as an exception', backend({
    failure: { kind: 'exception', exceptionType: 'AssertionError', message: 'expected a token in the body', line: 12 },
    calls: [call({ method: 'POST', path: '/login', status: 200, responseBody: '{"ok":true}' })],
    trace: traceOf(12, 'assert "token" in body, "expected a token in the body"', 'AssertionError: expected a token in the body'),
  }), 'schema_mismatch', 'app', ['POST /login', "'token'", 'expected a token in the body']],
  ['an earlier refused probe does not explain a later test bug', backend({
    failure: { kind: 'exception', exceptionType: 'NameError', message: "name 'uid' is not defined", line: 20 },
    calls: [
      call({ seq: 1, method: 'GET', path: '/internal', url: 'http://127.0.0.1:1/internal', status: null, error: 'ConnectionRefusedError: [Errno 111] Connection refused' }),
      call({ seq: 2, method: 'GET', path: '/users', status: 200, responseBody: '[]' }),
    ],
  }), 'test_code_error', 'test', ["name 'uid' is not defined", 'line 20', 'after GET /users answered 200']],
  ['requests ConnectTimeout', backend({
    failure: { kind: 'exception', exceptionType: 'ConnectTimeout', message: "HTTPSConnectionPool(host='api.example.com', port=443): Max retries exceeded with url: /users (Caused by ConnectTimeoutError(<urllib3.connection.HTTPSConnection object>, 'Connection to api.example.com timed out. (connect timeout=5)'))", line: 4 },
    calls: [call({ method: 'GET', path: '/users', status: null, error: 'timed out', latencyMs: 5003 })],
  }), 'timeout', 'environment', ['GET /users', 'timed out', '5003 ms']],
  ['header check is not a schema mismatch', backend({
    failure: { kind: 'assertion', message: "assert 'text/html' == 'application/json'", line: 5 },
    calls: [call({ method: 'GET', path: '/users', status: 200, responseHeaders: { 'Content-Type': 'text/html' }, responseBody: '[]' })],
    assertions: [assertion({ source: 'r.headers["Content-Type"] == "application/json"', message: "assert 'text/html' == 'application/json'", line: 5 })],
  }), 'assertion_failed', 'app', ['GET /users', "got 'text/html'", "expected 'application/json'"]],
  ['cancelled', backend({ status: 'cancelled', failure: { kind: 'cancelled', message: 'cancelled by user' } }), 'cancelled', 'environment', ['cancelled', 'run_0001']],
  ['credential fetch failed', backend({ failure: { kind: 'auth-fetch', message: 'token endpoint answered 400 invalid_grant' } }), 'auth_fetch_failed', 'environment', ['invalid_grant']],
  ['frontend: locator not found', frontend({
    failure: { kind: 'locator-not-found', message: "no element matches getByRole('button', { name: 'Pay now' })" },
    steps: [
      { index: 0, type: 'action', description: 'Open the cart', status: 'passed' },
      { index: 1, type: 'action', description: 'Click Pay now', status: 'failed', locator: { role: 'button', name: 'Pay now' }, error: "no element matches getByRole('button', { name: 'Pay now' })" },
    ],
    failedStepIndex: 1,
  }), 'locator_not_found', 'test', ['Step 2', 'Click Pay now', 'getByRole("button", { name: "Pay now" })', 'auto-heal']],
  ['frontend: navigation', frontend({
    failure: { kind: 'navigation', message: 'net::ERR_NAME_NOT_RESOLVED at https://shop.example.com/' },
    steps: [{ index: 0, type: 'action', description: 'Open the home page', status: 'failed', error: 'net::ERR_NAME_NOT_RESOLVED at https://shop.example.com/' }],
  }), 'navigation_error', 'environment', ['Open the home page', 'ERR_NAME_NOT_RESOLVED', 'https://shop.example.com']],
  ['frontend: assertion step', frontend({
    failure: { kind: 'assertion', message: 'expected text "Order confirmed" but page shows "Payment declined"' },
    steps: [{ index: 4, type: 'assertion', description: 'The confirmation says Order confirmed', status: 'failed', error: 'expected text "Order confirmed" but page shows "Payment declined"' }],
    failedStepIndex: 4,
  }), 'assertion_failed', 'app', ['Step 5', 'Order confirmed', 'Payment declined']],
  ['frontend: page error', frontend({
    failure: { kind: 'page-error', message: "TypeError: Cannot read properties of undefined (reading 'total')" },
    steps: [{ index: 2, type: 'action', description: 'Open the cart', status: 'failed' }],
  }), 'page_error', 'app', ['step 3', 'Open the cart', "reading 'total'"]],
];

describe('analyzeFailure', () => {
  it.each(CASES)('%s → %s / %s', (_name, e, kind, target, contains) => {
    FailureEvidence.parse(e);
    const a = analyzeFailure(e);
    expect(Analysis.parse(a)).toEqual(a);
    expect(a.failureKind).toBe(kind);
    expect(a.recommendedFixTarget).toBe(target);
    for (const s of contains) expect(a.rootCauseHypothesis).toContain(s);
    expect(a.evidence.length).toBeGreaterThan(0);
    expect(a.provider).toBe('builtin');
    expect(analyzeFailure(e)).toEqual(a);
  });

  it('tells the five headline failures apart', () => {
    const kinds = [SERVER_500, BODY_MISMATCH, REFUSED, BLOCKED, NAME_ERROR].map((e) => analyzeFailure(e).failureKind);
    expect(kinds).toEqual(['server_error', 'assertion_failed', 'connection_refused', 'blocked_upstream', 'test_code_error']);
    expect(new Set(kinds).size).toBe(5);
  });

  it('names the failing call and gives a reproducer for backend failures', () => {
    const a = analyzeFailure(SERVER_500);
    expect(a.failingCall).toEqual({ seq: 1, method: 'POST', path: '/users', status: 500 });
    expect(a.reproducer).toContain("curl -sS -i -X POST 'https://api.example.com/users'");
    expect(a.evidence).toContain('POST /users → 500 Internal Server Error (call #1)');
    expect(analyzeFailure(BLOCKED).reproducer).toBeUndefined();
  });

  it('takes the last call before the failed assertion as the failing call', () => {
    const e = backend({
      failure: { kind: 'assertion', message: 'assert 500 == 201', line: 12 },
      calls: [
        call({ seq: 1, method: 'POST', path: '/users', status: 500, startedAt: at(100) }),
        call({ seq: 2, method: 'GET', path: '/users', status: 200, startedAt: at(2000) }),
      ],
      assertions: [assertion({ source: 'r.status == 201', message: 'assert 500 == 201', line: 12, at: at(1000) })],
    });
    const a = analyzeFailure(e);
    expect(a.failingCall?.seq).toBe(1);
    expect(a.failureKind).toBe('server_error');
  });

  it('takes the last error call for an exception', () => {
    const e = backend({
      failure: { kind: 'exception', exceptionType: 'HTTPError', message: 'HTTP Error 503', line: 4 },
      calls: [call({ seq: 1, method: 'GET', path: '/a', status: 503 }), call({ seq: 2, method: 'GET', path: '/b', status: 200 })],
    });
    expect(analyzeFailure(e).failingCall).toMatchObject({ seq: 1, path: '/a' });
  });

  it('lets a negative test with an accepted error status fail on its body', () => {
    const e = backend({
      failure: { kind: 'assertion', message: "assert 'bad' == 'email is required'", line: 9 },
      calls: [call({ method: 'POST', path: '/users', status: 422, responseBody: '{"detail":"bad"}' })],
      assertions: [
        assertion({ ok: true, source: 'r.status == 422', line: 8, at: at(900) }),
        assertion({ source: 'r.json()["detail"] == "email is required"', message: "assert 'bad' == 'email is required'", line: 9 }),
      ],
    });
    expect(analyzeFailure(e)).toMatchObject({ failureKind: 'assertion_failed', recommendedFixTarget: 'app' });
  });
});

/** A probe that must be refused, answered 200: the shape of the generated auth, duplicate and invalid-input cases. */
function refusedProbe(source: string, message: string, p: { status?: number; testName?: string; path?: string; extra?: Partial<FailureEvidence> } = {}): FailureEvidence {
  const status = p.status ?? 200;
  return backend({
    testId: 'tst_admin_stats_no_auth', testName: p.testName ?? 'GET /admin/stats without credentials',
    failure: { kind: 'assertion', message, line: 7 },
    calls: [call({ method: 'GET', path: p.path ?? '/admin/stats', status, responseBody: '{"users":12,"revenue":3400}', responseHeaders: status === 302 ? { Location: '/login' } : JSON_HDR })],
    assertions: [assertion({ source, message, line: 7 })],
    ...p.extra,
  });
}

const GEN_AUTH = 'assert not (200 <= r.status < 300), f"GET /admin/stats served a request without credentials: got {r.status}: {r.text[:300]}"';
const GEN_AUTH_MSG = 'GET /admin/stats served a request without credentials: got 200: {"users":12,"revenue":3400}\nassert not (200 <= r.status < 300) (got False)';

type RefusalCase = [name: string, source: string, message: string, wanted: string, hint: string];
const REFUSALS: RefusalCase[] = [
  ['generated auth probe', GEN_AUTH, GEN_AUTH_MSG, 'a 4xx refusal', 'authentication or permission check is missing'],
  ['not 200 <= s < 300', 'r.status_code >= 0 and not 200 <= r.status_code < 300', 'assert (r.status_code >= 0 and not 200 <= r.status_code < 300) (got False)', 'a 4xx refusal', 'authentication or permission check is missing'],
  ['s >= 400', 'r.status >= 400', 'assert 200 >= 400', 'a 4xx refusal', 'authentication or permission check is missing'],
  ['s in (401, 403)', 'r.status in (401, 403)', 'assert 200 in (401, 403)', '401 or 403', 'authentication or permission check is missing'],
  ['s == 401', 'resp.status_code == 401', 'assert 200 == 401', '401', 'authentication or permission check is missing'],
  ['s != 200', 'r.status != 200', 'assert 200 != 200', 'a refusal, any status but 200', 'authentication or permission check is missing'],
  ['not r.ok', 'not r.ok', 'assert not r.ok (got False)', 'a 4xx refusal', 'authentication or permission check is missing'],
  ['s // 100 == 4', 'r.status // 100 == 4', 'assert 2 == 4', 'a 4xx refusal', 'authentication or permission check is missing'],
  ['s in range(400, 500)', 'r.status in range(400, 500)', 'assert 200 in range(400, 500)', 'a 4xx refusal', 'authentication or permission check is missing'],
  ['runtime _expect (codes only in the message)', 'assert r.status in allowed, f"{r.where} {what}: expected {_fmt(allowed)}, got {r.status}: {r.text[:300]}"',
    'GET /admin/stats rejects missing credentials: expected 401/403, got 200: {"users":12}\nassert 200 in (401, 403)', '401 or 403', 'authentication or permission check is missing'],
  ['message only says expected 401/403', 'r.status in allowed', 'GET /admin/stats rejects missing credentials: expected 401/403, got 200', '401 or 403', 'authentication or permission check is missing'],
  ['s in (400, 422)', 'r.status in (400, 422)', 'assert 200 in (400, 422)', '400 or 422', 'input validation is missing'],
  ['generated duplicate probe', 'assert not (200 <= r.status < 300), f"POST /users accepted a second record with the same email: got {r.status}: {r.text[:300]}"',
    'POST /users accepted a second record with the same email: got 200: {}\nassert not (200 <= r.status < 300) (got False)', 'a 4xx refusal', 'a duplicate was accepted'],
  ['generated invalid-body probe', 'assert not (200 <= r.status < 300), f"POST /users accepted an invalid body (email as a number): got {r.status}: {r.text[:300]}"',
    'POST /users accepted an invalid body (email as a number): got 200: {}\nassert not (200 <= r.status < 300) (got False)', 'a 4xx refusal', 'input validation is missing'],
];

describe('negative status assertions', () => {
  it.each(REFUSALS)('%s: the 2xx is the failure, a refusal was expected', (_name, source, message, wanted, hint) => {
    const testName = /second record|invalid body/.test(source) ? 'POST /users probe' : undefined;
    const e = refusedProbe(source, message, { testName });
    FailureEvidence.parse(e);
    const a = analyzeFailure(e);
    expect(a).toMatchObject({ failureKind: 'assertion_failed', recommendedFixTarget: 'app', confidence: 'high' });
    expect(a.rootCauseHypothesis).toContain(`GET /admin/stats answered 200 OK where the test expected ${wanted}`);
    expect(a.rootCauseHypothesis).toContain('answered 2xx where a refusal was expected');
    expect(a.rootCauseHypothesis).toContain(hint);
    expect(a.rootCauseHypothesis).not.toContain('success status');
    expect(a.evidence).toContain(`expected ${wanted.trim()}, got 200`);
    expect(a.failingCall).toMatchObject({ method: 'GET', path: '/admin/stats', status: 200 });
  });

  it('says "expected a 4xx refusal, got 200" for the generated auth probe', () => {
    const a = analyzeFailure(refusedProbe(GEN_AUTH, GEN_AUTH_MSG));
    expect(a.evidence).toContain('expected a 4xx refusal, got 200');
    // The recorded source is the whole statement; the quote keeps the condition and the message once.
    expect(a.rootCauseHypothesis).toContain('(`not (200 <= r.status < 300)` (line 7): GET /admin/stats served a request without credentials: got 200');
    expect(analyzeFailure(refusedProbe('r.status >= 400', 'assert 200 >= 400')).evidence).toContain('expected a 4xx refusal, got 200');
  });

  it('does not let docs that declare 200 for the normal case blame the probe', () => {
    const a = analyzeFailure(refusedProbe(GEN_AUTH, GEN_AUTH_MSG, { extra: { declaredStatuses: { 'GET /admin/stats': [200] } } }));
    expect(a).toMatchObject({ failureKind: 'assertion_failed', recommendedFixTarget: 'app' });
    expect(a.rootCauseHypothesis).toContain('a refusal was expected');
  });

  it('reads a redirect on a probe that must be refused as the app not refusing', () => {
    const a = analyzeFailure(refusedProbe('r.status >= 400', 'assert 302 >= 400', { status: 302 }));
    expect(a).toMatchObject({ failureKind: 'assertion_failed', recommendedFixTarget: 'app' });
    expect(a.rootCauseHypothesis).toContain('redirects to /login where a refusal was expected');
  });

  it('still calls a 5xx on a probe a server error', () => {
    const a = analyzeFailure(refusedProbe('r.status in (401, 403)', 'assert 500 in (401, 403)', { status: 500 }));
    expect(a).toMatchObject({ failureKind: 'server_error', recommendedFixTarget: 'app' });
    expect(a.rootCauseHypothesis).toContain('where the test expected 401 or 403');
  });

  it('keeps positive range assertions as success expectations', () => {
    const a = analyzeFailure(refusedProbe('200 <= r.status < 300', 'assert 200 <= r.status < 300 (got False)', { status: 302 }));
    expect(a).toMatchObject({ failureKind: 'assertion_failed', recommendedFixTarget: 'environment' });
    expect(a.rootCauseHypothesis).toContain('where the test expected a success status');
  });

  it('reads a status that held in a combined assertion as a body failure', () => {
    const e = backend({
      failure: { kind: 'assertion', message: "assert (r.status == 200 and r.json()['role'] == 'admin') (got False)", line: 8 },
      calls: [call({ method: 'GET', path: '/me', status: 200, responseBody: '{"id":1,"role":"user"}' })],
      assertions: [assertion({ source: 'r.status == 200 and r.json()["role"] == "admin"', message: "assert (r.status == 200 and r.json()['role'] == 'admin') (got False)", line: 8 })],
    });
    const a = analyzeFailure(e);
    expect(a).toMatchObject({ failureKind: 'assertion_failed', recommendedFixTarget: 'app' });
    expect(a.rootCauseHypothesis).toContain('answered 200 OK as expected, but the body check');
  });
});

type ExpCase = [source: string, wanted: string | null, refusal: boolean, accepts: Record<number, boolean | null>];
const EXPECTATIONS: ExpCase[] = [
  ['r.status == 201', '201', false, { 201: true, 200: false }],
  ['assert r.status == 201, f"create failed: {r.text[:300]}"', '201', false, { 201: true, 300: false }],
  ['r.ok', 'a success status', false, { 204: true, 404: false }],
  ['r.raise_for_status()', 'a success status', false, { 200: true, 500: false }],
  ['200 <= r.status < 300', 'a success status', false, { 200: true, 302: false }],
  ['not (200 <= r.status < 300)', 'a 4xx refusal', true, { 200: false, 403: true, 302: true }],
  ['r.status >= 400', 'a 4xx refusal', true, { 201: false, 401: true }],
  ['r.status in [401, 403]', '401 or 403', true, { 401: true, 404: false }],
  ['r.status in {404, 410}', '404 or 410', true, { 410: true, 200: false }],
  ['r.status != 200', 'a refusal, any status but 200', true, { 200: false, 201: true, 403: true }],
  ['r.status not in (200, 201)', 'a refusal, any status but 200, 201', true, { 201: false, 400: true }],
  ['r.status is not None', null, false, {}],
  ['r.status == 200 and "id" in body', '200', false, { 200: null, 500: false }],
  ['body["status"] == "active"', null, false, {}],
  ['len(items) == 3', null, false, {}],
];

describe('statusExpectation', () => {
  it.each(EXPECTATIONS)('%s → %s', (source, wanted, refusal, accepts) => {
    const x = statusExpectation(source);
    if (wanted === null) return expect(x).toBeNull();
    expect(x).toMatchObject({ wanted, refusal });
    for (const [status, ok] of Object.entries(accepts)) expect(x!.accepts(Number(status))).toBe(ok);
  });
});

describe('frontend step numbers', () => {
  it('counts steps from 1 in prose, as the run reason does (failedStepIndex 4 is Step 5)', () => {
    const steps = ['Open the shop', 'Add the mug to the cart', 'Open the cart', 'Pay with the saved card', 'The confirmation says Order confirmed']
      .map((description, index) => ({ index, type: (index === 4 ? 'assertion' : 'action') as 'assertion' | 'action', description, status: index < 4 ? 'passed' : 'failed' }));
    const e = frontend({
      failure: { kind: 'assertion', message: 'Step 5 "The confirmation says Order confirmed" failed: expected text "Order confirmed"' },
      steps: steps.map((s) => (s.index === 4 ? { ...s, error: 'expected text "Order confirmed" but page shows "Payment declined"' } : s)),
      failedStepIndex: 4,
    });
    const a = analyzeFailure(e);
    expect(a.rootCauseHypothesis).toMatch(/^Step 5 \(assertion: "The confirmation says Order confirmed"\)/);
    expect(a.rootCauseHypothesis).not.toContain('Step 4');
    expect(a.evidence).toContain('step 5 assertion: The confirmation says Order confirmed → failed');
    for (const [kind, failureKind] of [['locator-not-found', 'locator_not_found'], ['timeout', 'timeout'], ['page-error', 'page_error'], ['navigation', 'navigation_error']] as const) {
      const b = analyzeFailure({ ...e, failure: { kind, message: 'x' } });
      expect(b.failureKind).toBe(failureKind);
      expect(b.rootCauseHypothesis.toLowerCase()).toContain('step 5 (');
      expect(b.rootCauseHypothesis).not.toMatch(/step 4\b/i);
    }
  });

  it('tells a model that step indexes are 0-based', () => {
    const e = frontend({ steps: [{ index: 0, type: 'action', description: 'Open the shop', status: 'failed' }], failedStepIndex: 0, failure: { kind: 'navigation', message: 'x' } });
    const [system, user] = buildPrompt(e, analyzeFailure(e));
    expect(system!.content).toContain('0-based');
    expect(JSON.parse(user!.content).evidence.steps[0]).toMatchObject({ index: 0, number: 1 });
  });
});

describe('model prompt', () => {
  it('carries the evidence and the built-in analysis, never a clear-text secret', () => {
    const e = backend({
      ...SERVER_500,
      calls: [{ ...SERVER_500.calls![0]!, url: 'https://api.example.com/users?api_key=k-live-123', requestHeaders: { Authorization: 'Bearer eyJ.real.token' } }],
    });
    const text = buildPrompt(e, analyzeFailure(e)).map((m) => m.content).join('\n');
    expect(text).toContain('database is locked');
    expect(text).toContain('"failureKind": "server_error"');
    expect(text).not.toMatch(/eyJ\.real\.token|k-live-123/);
  });
});

describe('summarizeForTriage', () => {
  it('prints the one-screen summary', () => {
    const lines = summarizeForTriage(analyzeFailure(SERVER_500), 'failed', { testId: 'tst_create_user', snapshotId: 'snap_1' });
    const text = lines.join('\n');
    expect(lines[0]).toBe('testId:               tst_create_user');
    expect(text).toContain('failureKind:          server_error (confidence high, builtin)');
    expect(text).toContain('recommendedFixTarget: app');
    expect(text).toContain('snapshotId:           snap_1');
    expect(text).toContain('failingCall:          #1 POST /users -> 500');
    expect(text).toContain("  curl -sS -i -X POST 'https://api.example.com/users'");
    expect(lines.every((l) => l.length <= 120 || l.startsWith('  '))).toBe(true);
  });
});
