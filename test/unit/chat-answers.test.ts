import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinAnswer, classify, requestText } from '../../src/ai/chat-answers.js';
import { bodyChanges } from '../../src/ai/chat-changes.js';
import type { ChatEvidence, ChatRun } from '../../src/ai/chat-evidence.js';
import { answerQuestion } from '../../src/ai/chat.js';
import { builtinProvider, providerFromEnv } from '../../src/ai/provider.js';
import { caseBlock, withCase } from '../../src/server/chat/change.js';
import type { PlannedCase } from '../../src/contract/discovery.js';

const call = (seq: number, path: string, status: number | null, responseBody: string | null, extra: Partial<ChatRun['calls'][number]> = {}): ChatRun['calls'][number] => ({
  seq, method: 'GET', url: `http://api.test${path}?api_key=sekrit-value`, path, requestHeaders: { authorization: 'Bearer demo-token-123', accept: 'application/json' }, requestBody: null,
  status, responseHeaders: { 'content-type': 'application/json' }, responseBody, latencyMs: 4, startedAt: '2026-01-01T00:00:00.000Z', ...extra,
});

const run = (o: Partial<ChatRun>): ChatRun => ({
  id: 'run_b', status: 'failed', verdict: 'failed', reason: 'assertion failed', source: 'cli', codeVersion: 1, targetUrl: 'http://api.test', createdAt: '2026-01-02T00:00:00.000Z',
  failure: { kind: 'assertion', message: 'assert 500 == 200', line: 3 }, assertions: [], calls: [], steps: [], analysis: null, snapshot: null, consumed: null, blockedBy: [], ...o,
});

const passed = run({
  id: 'run_a', status: 'passed', verdict: 'passed', reason: null, failure: null, createdAt: '2026-01-01T00:00:00.000Z',
  assertions: [{ ok: true, source: 'r.status == 200', message: null, line: 3 }],
  calls: [call(1, '/users/1', 200, '{"id":1}'), call(2, '/flaky', 200, '{"status":"ok","call":1}')],
  snapshot: "r = api.get('/flaky')\nassert r.status == 200, r.text\n",
});
const failed = run({
  codeVersion: 2,
  assertions: [{ ok: true, source: 'u.status == 200', message: null, line: 2 }, { ok: false, source: 'r.status == 200, r.text', message: 'assert 500 == 200', line: 3 }],
  calls: [call(1, '/users/1', 200, '{"id":1}'), call(2, '/flaky', 500, '{"error":"transient failure","call":2}')],
  analysis: { failureKind: 'server_error', rootCauseHypothesis: 'GET /flaky answered 500 Internal Server Error: {"error":"transient failure"}', recommendedFixTarget: 'app', confidence: 'high', provider: 'builtin', failingCall: { seq: 2, method: 'GET', path: '/flaky', status: 500 }, reproducer: "curl -X GET 'http://api.test/flaky'" },
  snapshot: "r = api.get('/flaky')\nassert r.status == 200, r.text\n# v2\n",
});
const evidence: ChatEvidence = {
  test: { id: 'tst_1', name: 'flaky', type: 'backend', codeVersion: 2 },
  run: failed,
  lastPassed: passed,
  history: [{ id: 'run_b', status: 'failed', createdAt: failed.createdAt, codeVersion: 2 }, { id: 'run_a', status: 'passed', createdAt: passed.createdAt, codeVersion: 1 }],
  diff: { runIdA: 'run_a', runIdB: 'run_b', testIdA: 'tst_1', testIdB: 'tst_1', sameTest: true, warning: null, verdictA: 'passed', verdictB: 'failed', verdictsMatch: false, failureKindA: null, failureKindB: 'server_error', failedStepIndexA: null, failedStepIndexB: 3, stepFlips: [{ index: 3, description: 'assert r.status == 200, r.text', from: 'passed', to: 'failed' }], stepCountA: 4, stepCountB: 4, codeVersionA: 1, codeVersionB: 2, codeVersionDrift: true },
};

describe('reading a message', () => {
  it.each([
    ['why did it fail?', 'why-failed'],
    ['What was the cause?', 'why-failed'],
    ['what was sent and what came back?', 'what-sent'],
    ['show me the request', 'what-sent'],
    ['which steps ran and what did the page show?', 'what-sent'],
    ['what changed since it last passed?', 'what-changed'],
    ['is it different from before?', 'what-changed'],
    ['did it pass?', 'summary'],
    ['also test GET /users/{id} with an unknown id and expect 404', 'change'],
    ['Could you please also check that the footer reads "© 2025"?', 'change'],
    ['remove step 2', 'change'],
    ['hello there', 'help'],
    ['check why it failed', 'why-failed'],
    ['verify what was sent', 'what-sent'],
  ])('%s → %s', (q, intent) => expect(classify(q)).toBe(intent));

  it('drops the politeness around a request', () => {
    expect(requestText('Could you please also test GET /users/{id} with an unknown id and expect 404?')).toBe('also test GET /users/{id} with an unknown id and expect 404');
  });
});

describe('built-in answers', () => {
  it('why did it fail: cause and fix from the analysis, citing the failing assertion and call', () => {
    const a = builtinAnswer(evidence, 'why did it fail?');
    expect(a.intent).toBe('why-failed');
    expect(a.answer).toContain('Run run_b failed (server_error)');
    expect(a.answer).toContain('Cause: GET /flaky answered 500 Internal Server Error');
    expect(a.answer).toContain('Suggested fix (app)');
    expect(a.answer).toContain('line 3: r.status == 200, r.text — assert 500 == 200');
    expect(a.answer).toContain('#2: GET /flaky → 500 Internal Server Error');
    expect(a.citations.map((c) => `${c.kind} ${c.ref}`)).toEqual(['run run_b', 'analysis server_error', 'assertion line 3', 'call call #2']);
  });

  it('what was sent: the failing call with credentials masked', () => {
    const a = builtinAnswer(evidence, 'what was sent and what came back?');
    expect(a.answer).toContain('#1 GET /users/1 → 200 OK; #2 GET /flaky → 500 Internal Server Error');
    expect(a.answer).toContain('GET http://api.test/flaky?api_key=***');
    expect(a.answer).toContain('authorization: Bearer ***');
    expect(a.answer).toContain('← 500 Internal Server Error in 4 ms');
    expect(a.answer).toContain('{"error":"transient failure","call":2}');
    expect(a.answer).not.toContain('demo-token-123');
    expect(a.answer).not.toContain('sekrit-value');
    expect(a.citations[0]).toEqual({ kind: 'call', ref: 'call #2', text: 'GET /flaky → 500 Internal Server Error' });
  });

  it('what changed since it last passed: verdict, code diff, the call that answered differently, the step that flipped', () => {
    const a = builtinAnswer(evidence, 'what changed since it last passed?');
    expect(a.answer).toContain('Compared with run run_a, the last run that passed');
    expect(a.answer).toContain('- verdict: passed → failed (server_error)');
    expect(a.answer).toContain('- code: version 1 → 2');
    expect(a.answer).toContain('+# v2');
    expect(a.answer).toContain('call #2 GET /flaky: 200 OK → 500 Internal Server Error; fields removed: status; fields added: error="transient failure"; fields changed: call 1 → 2');
    expect(a.answer).not.toContain('/users/1:');
    expect(a.answer).toContain('- step 4 (assert r.status == 200, r.text): passed → failed');
  });

  it('says when there is no passing run to compare with, and when the test never ran', () => {
    expect(builtinAnswer({ ...evidence, lastPassed: null, diff: null }, 'what changed since it last passed?').answer).toMatch(/no earlier run of this test passed .*1 earlier run/);
    const none = builtinAnswer({ ...evidence, run: null, lastPassed: null, diff: null, history: [] }, 'why did it fail?');
    expect(none.answer).toContain("has not run yet");
    expect(none.answer).toContain("svc test run tst_1 --wait");
  });

  it('a passing run: nothing failed', () => {
    expect(builtinAnswer({ ...evidence, run: passed }, 'why did it fail?').answer).toMatch(/^Run run_a passed: nothing failed \(all 1 assertions held\)/);
  });

  it('lists what it can answer when it does not understand', () => {
    const a = builtinAnswer(evidence, 'hello there');
    expect(a.intent).toBe('help');
    expect(a.answer).toContain('why did it fail?');
    expect(a.answer).toContain('what changed since it last passed?');
    expect(a.answer).toContain('also test GET /users/{id} with an unknown id and expect 404');
  });

  it('a frontend test: the steps it took and the one that failed', () => {
    const fe: ChatEvidence = {
      ...evidence,
      test: { id: 'tst_f', name: 'footer', type: 'frontend', codeVersion: 1 },
      run: run({ steps: [{ index: 0, kind: 'action', description: 'Open the home page', status: 'passed', error: null }, { index: 1, kind: 'check', description: 'The footer reads "© 2025"', status: 'failed', error: 'no text "© 2025" on the page' }], analysis: { failureKind: 'assertion_failed', rootCauseHypothesis: 'Step 2: the footer reads "© 2024"', recommendedFixTarget: 'app' } }),
      lastPassed: null,
      diff: null,
    };
    const sent = builtinAnswer(fe, 'what was sent?');
    expect(sent.answer).toContain('✗ step 2 (check): The footer reads "© 2025" — no text "© 2025" on the page');
    const why = builtinAnswer(fe, 'why did it fail?');
    expect(why.answer).toContain('Step 2 failed: The footer reads "© 2025"');
    expect(why.citations.map((c) => c.ref)).toContain('step 2');
  });

  it('compares JSON bodies field by field', () => {
    expect(bodyChanges('{"a":1,"b":2}', '{"b":3,"c":4}')).toEqual(['fields removed: a', 'fields added: c=4', 'fields changed: b 2 → 3']);
    expect(bodyChanges('[1,2]', '[1]')).toEqual(['2 → 1 items']);
    expect(bodyChanges('plain', 'text')).toBeNull();
  });
});

describe('a check added to a backend test', () => {
  const c = { id: 'get-users-id.unknown-id', method: 'GET', path: '/users/{id}', priority: 'p1', expect: { status: [404], checks: [] } } as unknown as PlannedCase;
  const generated = '# svc backend test: x\n# case: get-users-id.unknown-id\n\nfrom svc_checks import call, cleanup\n\ntry:\n    r = call("GET", "/users/999")\n    assert r.status == 404\nfinally:\n    cleanup()\n';

  it('is a test_* function between markers, appended once and replaced after', () => {
    const request = 'also test GET /users/{id} with an unknown id and expect 404';
    const block = caseBlock(c, generated, request);
    expect(block).toContain('def test_get_users_id_unknown_id():\n    from svc_checks import call, cleanup');
    expect(block).not.toContain('# svc backend test: x');
    const once = withCase('assert True\n', c, generated, request);
    expect(once.startsWith('assert True\n\n\n# --- svc report chat: case get-users-id.unknown-id ---')).toBe(true);
    const twice = withCase(once, c, generated.replace('== 404', '== 410'), request);
    expect(twice.match(/def test_get_users_id_unknown_id/g)).toHaveLength(1);
    expect(twice).toContain('r.status == 410');
  });

  it('regenerates a test generated from that very case, keeping the checks added to it', () => {
    const own = '# svc backend test: x\n# case: get-users-id.unknown-id | category: errors\n\nassert False\n';
    const other = { ...c, id: 'get-posts-id.unknown-id' } as PlannedCase;
    const withOther = withCase(own, other, generated, 'also test GET /posts/{id} with an unknown id and expect 404');
    const next = withCase(withOther, c, generated.replace('== 404', '== 410'), 'expect 410 for get-users-id.unknown-id');
    expect(next).not.toContain('assert False');
    expect(next.startsWith('# svc backend test: x\n# case: get-users-id.unknown-id')).toBe(true);
    expect(next).toContain('assert r.status == 410\nfinally:');
    expect(next).toContain('def test_get_posts_id_unknown_id():');
  });
});

describe('a configured model', () => {
  let server: Server;
  let url: string;
  let reply: (body: any) => { status: number; content?: string };
  const seen: any[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        const body = JSON.parse(raw);
        seen.push(body);
        const r = reply(body);
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: r.content ?? null } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('answers with the evidence in its prompt', async () => {
    reply = () => ({ status: 200, content: 'GET /flaky (#2) answered 500: the app returns a transient failure every other call.' });
    const a = await answerQuestion(evidence, 'why did it fail?', 'why-failed', providerFromEnv({ SVC_MODEL_URL: url, SVC_MODEL_NAME: 'm1' }));
    expect(a).toMatchObject({ provider: 'openai-compatible:m1', intent: 'why-failed', answer: 'GET /flaky (#2) answered 500: the app returns a transient failure every other call.' });
    expect(a.citations.map((c) => c.ref)).toContain('call #2');
    const prompt = seen.at(-1).messages[1].content as string;
    expect(prompt).toContain('why did it fail?');
    expect(prompt).toContain('transient failure');
    expect(prompt).toContain('Bearer ***');
    expect(prompt).not.toContain('demo-token-123');
  });

  it('falls back to the built-in answer when the model fails', async () => {
    reply = () => ({ status: 500 });
    const a = await answerQuestion(evidence, 'why did it fail?', 'why-failed', providerFromEnv({ SVC_MODEL_URL: url }));
    expect(a.provider).toBe('builtin');
    expect(a.answer).toBe(builtinAnswer(evidence, 'why did it fail?').answer);
    expect((await answerQuestion(evidence, 'why did it fail?', 'why-failed', builtinProvider)).provider).toBe('builtin');
  });
});
