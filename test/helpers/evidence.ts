import type { AssertionRecord, FailureEvidence, RecordedCall } from '../../src/ai/evidence.js';

/** Realistic failure evidence, shaped like what the backend and frontend runners record. */

const T0 = Date.parse('2025-05-01T10:00:00.000Z');
export const at = (ms: number) => new Date(T0 + ms).toISOString();

export function call(p: Partial<RecordedCall> & { method: string; path: string }): RecordedCall {
  return {
    seq: 1,
    url: `https://api.example.com${p.path}`,
    requestHeaders: { 'User-Agent': 'Python-urllib/3.11', Accept: 'application/json' },
    requestBody: null,
    status: 200,
    responseHeaders: { 'Content-Type': 'application/json' },
    responseBody: null,
    latencyMs: 42,
    startedAt: at(100),
    ...p,
  };
}

export function assertion(p: Partial<AssertionRecord> & { source: string }): AssertionRecord {
  return { ok: false, message: null, line: 10, at: at(1000), ...p };
}

export function backend(p: Partial<FailureEvidence> = {}): FailureEvidence {
  return {
    testType: 'backend',
    testId: 'tst_create_user',
    testName: 'Create user returns 201',
    runId: 'run_0001',
    status: 'failed',
    targetUrl: 'https://api.example.com',
    ...p,
  };
}

export function frontend(p: Partial<FailureEvidence> = {}): FailureEvidence {
  return {
    testType: 'frontend',
    testId: 'tst_checkout',
    testName: 'Checkout with saved card',
    runId: 'run_0002',
    status: 'failed',
    targetUrl: 'https://shop.example.com',
    ...p,
  };
}

export function traceOf(line: number, code: string, last: string): string {
  return [
    'Traceback (most recent call last):',
    '  File "/tmp/svc-run/svc_harness.py", line 88, in run_test',
    '    exec(code, g)',
    `  File "/tmp/svc-run/test_case.py", line ${line}, in <module>`,
    `    ${code}`,
    last,
  ].join('\n');
}

/** The five cases the analysis must tell apart. */
export const SERVER_500 = backend({
  failure: { kind: 'assertion', message: 'assert 500 == 201', line: 12 },
  calls: [call({
    method: 'POST', path: '/users', status: 500,
    requestHeaders: { 'Content-Type': 'application/json', Authorization: 'Bearer ***' },
    requestBody: '{"email":"ada@example.com","name":"Ada"}',
    responseBody: '{"error":"sqlite3.OperationalError: database is locked"}',
  })],
  assertions: [assertion({ source: 'r.status == 201', message: 'assert 500 == 201', line: 12 })],
});

export const BODY_MISMATCH = backend({
  testId: 'tst_get_user', testName: 'Get user returns the created name',
  failure: { kind: 'assertion', message: "assert 'Bob' == 'Alice'", line: 14 },
  calls: [call({ method: 'GET', path: '/users/42', status: 200, responseBody: '{"id":42,"name":"Bob","email":"bob@example.com"}' })],
  assertions: [
    assertion({ ok: true, source: 'r.status == 200', line: 13, at: at(900) }),
    assertion({ source: 'body["name"] == "Alice"', message: "assert 'Bob' == 'Alice'", line: 14 }),
  ],
});

export const REFUSED = backend({
  testId: 'tst_health', testName: 'Health check',
  targetUrl: 'http://127.0.0.1:9',
  failure: { kind: 'exception', exceptionType: 'URLError', message: '<urlopen error [Errno 111] Connection refused>', line: 5 },
  calls: [call({ method: 'GET', path: '/health', url: 'http://127.0.0.1:9/health', status: null, responseHeaders: {}, error: 'ConnectionRefusedError: [Errno 111] Connection refused', latencyMs: 1 })],
  trace: traceOf(5, 'r = urllib.request.urlopen(BASE_URL + "/health")', 'urllib.error.URLError: <urlopen error [Errno 111] Connection refused>'),
});

export const BLOCKED = backend({
  testId: 'tst_update_user', testName: 'Update user email',
  status: 'blocked',
  blockedBy: [{ testId: 'tst_create_user', testName: 'Create user returns 201', variables: ['user_id'] }],
});

export const NAME_ERROR = backend({
  testId: 'tst_list_users', testName: 'List users is paginated',
  failure: { kind: 'exception', exceptionType: 'NameError', message: "name 'reponse' is not defined", line: 9 },
  calls: [call({ method: 'GET', path: '/users?page=1', status: 200, responseBody: '{"items":[],"next":null}' })],
  trace: traceOf(9, 'items = reponse.json()["items"]', "NameError: name 'reponse' is not defined"),
});
