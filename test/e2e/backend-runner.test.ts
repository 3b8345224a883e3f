import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendRunner, resolvePython, type BackendTestInput } from '../../src/engine/backend/runner.js';
import { closedPort, startApiTarget, type ApiTarget } from '../helpers/api-target.js';
import { processesRunning } from '../helpers/procs.js';

/** Python source from an indented template literal. */
function py(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = String.raw({ raw: strings }, ...values).replace(/^\n/, '');
  const indent = Math.min(...text.split('\n').filter((l) => l.trim()).map((l) => l.match(/^ */)![0].length));
  return text.split('\n').map((l) => l.slice(indent)).join('\n');
}

const CREDENTIAL = 'tok_live_4f9a8b7c6d5e4f3a2b1c';
let target: ApiTarget;
let runner: BackendRunner;
const input = (code: string, more: Partial<BackendTestInput> = {}): BackendTestInput => ({
  code,
  targetUrl: target.url + '/',
  auth: { headers: { Authorization: `Bearer ${CREDENTIAL}` }, type: 'bearer', credential: CREDENTIAL },
  vars: {},
  ...more,
});

beforeAll(async () => {
  process.env.SVC_SECRET_KEY = 'server-only-secret-value';
  target = await startApiTarget();
  runner = new BackendRunner();
});
afterAll(async () => {
  await runner?.close();
  await target?.close();
  delete process.env.SVC_SECRET_KEY;
});

describe('backend runner', () => {
  it('resolves the real interpreter behind python3 and runs tests from a warm fork server', async () => {
    const info = await resolvePython();
    expect(info.path).not.toContain('shims');
    expect(info.hasRequests).toBe(true);
    expect(await runner.mode()).toBe('fork');
  });

  it('passes a test whose assertions hold and records its calls, assertions and stdout', async () => {
    const r = await runner.run(input(py`
      r = http.get('/users/42')
      print('got', r.json()['name'])
      assert r.status == 200
      assert r.json()['id'] == '42'
      assert TARGET_URL == BASE_URL and not TARGET_URL.endswith('/')
    `));
    expect(r.failure).toBeUndefined();
    expect(r.verdict).toBe('passed');
    expect(r.stdout).toBe('got Ada\n');
    expect(r.calls).toHaveLength(1);
    const c = r.calls[0];
    expect(c).toMatchObject({ seq: 1, method: 'GET', url: `${target.url}/users/42`, path: '/users/42', status: 200 });
    expect(JSON.parse(c.responseBody!)).toEqual({ id: '42', name: 'Ada' });
    expect(c.requestHeaders.Authorization).toBe('****1b1c'.replace('1b1c', CREDENTIAL.slice(-4)));
    expect(c.latencyMs).toBeGreaterThanOrEqual(0);
    expect(r.assertions.map((a) => [a.ok, a.source, a.line])).toEqual([
      [true, 'assert r.status == 200', 3],
      [true, "assert r.json()['id'] == '42'", 4],
      [true, "assert TARGET_URL == BASE_URL and not TARGET_URL.endswith('/')", 5],
    ]);
  });

  it('fails on an assertion with the compared values, its line and a traceback', async () => {
    const r = await runner.run(input(py`
      r = http.get('/status/500')
      assert r.status == 201, 'create should succeed'
    `));
    expect(r.verdict).toBe('failed');
    expect(r.failure).toMatchObject({ kind: 'assertion', line: 2, exceptionType: 'AssertionError' });
    expect(r.failure!.message).toBe('create should succeed\nassert 500 == 201');
    expect(r.assertions).toEqual([expect.objectContaining({ ok: false, line: 2, message: 'create should succeed\nassert 500 == 201' })]);
    expect(r.trace).toContain('File "test.py", line 2');
    expect(r.trace).not.toContain('harness');
  });

  it('reports another exception as an exception with its traceback', async () => {
    const r = await runner.run(input(py`
      def parse(data):
          raise ValueError('bad payload: ' + data)

      parse('x')
    `));
    expect(r.failure).toMatchObject({ kind: 'exception', exceptionType: 'ValueError', message: 'ValueError: bad payload: x', line: 2 });
    expect(r.trace).toMatch(/line 4, in <module>[\s\S]*line 2, in parse[\s\S]*ValueError: bad payload: x/);
  });

  it('reports a syntax error with its line', async () => {
    const r = await runner.run(input('x = 1\nif x == 1\n    print(x)\n'));
    expect(r.failure).toMatchObject({ kind: 'syntax', line: 2, exceptionType: 'SyntaxError' });
    expect(r.failure!.message).toMatch(/^SyntaxError: .*\(line 2\)$/);
    expect(r.calls).toEqual([]);
  });

  it('runs test_* functions top-level code defined but did not call, in source order', async () => {
    const r = await runner.run(input(py`
      def test_called():
          assert http.get('/users/1').status == 200

      def test_uncalled():
          """Docstrings stay docstrings."""
          assert test_uncalled.__doc__
          assert http.get('/users/2').ok

      def test_also_uncalled():
          print('third')

      def helper_not_a_test():
          raise RuntimeError('never run')

      test_called()
    `));
    expect(r.verdict).toBe('passed');
    expect(r.testFunctions).toEqual(['test_called', 'test_uncalled', 'test_also_uncalled']);
    expect(r.calls.map((c) => c.path)).toEqual(['/users/1', '/users/2']);
    expect(r.stdout).toBe('third\n');
  });

  it('keeps what a process the test started wrote to stdout and stderr, and reports no output as empty', async () => {
    const r = await runner.run(input(py`
      import subprocess
      subprocess.run('echo child out; echo child err >&2', shell=True, check=True)
    `));
    expect(r.verdict, JSON.stringify(r.failure)).toBe('passed');
    expect(r.stdout).toBe('child out\n');
    expect(r.stderr).toBe('child err\n');
    const quiet = await runner.run(input('x = 1\n'));
    expect(quiet.verdict).toBe('passed');
    expect([quiet.stdout, quiet.stderr]).toEqual(['', '']);
  });

  it('keeps the first megabyte of a large output and says how much there was; large records are read whole', async () => {
    const r = await runner.run(input(py`
      import subprocess, sys
      sys.stdout.write('é' + 'x' * (1536 * 1024))
      sys.stdout.flush()
      subprocess.run([sys.executable, '-c', 'import os; os.write(2, b"y" * (2 * 1024 * 1024))'], check=True)
      produce('big', 'z' * (1024 * 1024 - 2))  # its event alone is over a megabyte
    `));
    expect(r.verdict).toBe('passed');
    expect(r.produced.big).toBe('z'.repeat(1024 * 1024 - 2));
    const MB = 1024 * 1024;
    expect(r.stdout).toMatch(/^éx+\n\[output truncated: first 1048576 bytes of 1572866\]$/);
    expect(Buffer.byteLength(r.stdout.split('\n[output')[0]!)).toBe(MB);
    expect(r.stderr).toBe('y'.repeat(MB) + `\n[output truncated: first ${MB} bytes of ${2 * MB}]`);
  });

  it('gives VARS and collects produce() values; a missing variable is a clear KeyError', async () => {
    const ok = await runner.run(input(py`
      r = http.post('/users', json={'name': VARS['name']})
      produce('user_id', r.json()['id'])
      produce('user_id', r.json()['id'] + '_final')
      produce('profile', {'n': 1, 'tags': ['a']})
    `, { vars: { name: 'Grace' } }));
    expect(ok.verdict).toBe('passed');
    expect(ok.produced).toEqual({ user_id: 'u_123_final', profile: { n: 1, tags: ['a'] } });
    expect(JSON.parse(ok.calls[0].requestBody!)).toEqual({ name: 'Grace' });

    const missing = await runner.run(input(py`
      token = VARS['auth_token']
    `, { vars: { user_id: 'u1' } }));
    expect(missing.failure).toMatchObject({ kind: 'exception', exceptionType: 'VariableNotFound', line: 1 });
    expect(missing.failure!.message).toBe('VariableNotFound: Variable not found: auth_token (available: user_id)');

    const bad = await runner.run(input(`produce('when', object())`));
    expect(bad.failure!.message).toMatch(/^TypeError: produce\('when', \.\.\.\): the value must be JSON-serialisable/);
    const badName = await runner.run(input(`produce('', 1)`));
    expect(badName.failure!.message).toMatch(/variable name must be a non-empty identifier/);
  });

  it('records requests and urllib calls alike, bodies still readable by the test', async () => {
    const r = await runner.run(input(py`
      import json, urllib.request, requests
      s = requests.post(TARGET_URL + '/users', json={'name': 'Ada'}, headers=__AUTH_HEADERS__)
      assert s.status_code == 201 and s.json()['name'] == 'Ada'
      g = requests.get(TARGET_URL + '/gzip')
      assert g.json() == {'compressed': True}
      with urllib.request.urlopen(TARGET_URL + '/chunked') as u:
          assert u.read() == b'part one, part two'
      req = urllib.request.Request(TARGET_URL + '/echo', data=b'{"a": 1}', method='PUT', headers={'Content-Type': 'application/json'})
      assert json.load(urllib.request.urlopen(req))['body'] == '{"a": 1}'
    `));
    expect(r.failure).toBeUndefined();
    expect(r.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['POST /users 201', 'GET /gzip 200', 'GET /chunked 200', 'PUT /echo 200']);
    const [post, gz, chunked, put] = r.calls;
    expect(post.requestHeaders['User-Agent']).toMatch(/^python-requests/);
    expect(JSON.parse(post.requestBody!)).toEqual({ name: 'Ada' });
    expect(JSON.parse(post.responseBody!)).toEqual({ id: 'u_123', name: 'Ada' });
    expect(gz.responseBody).toBe('{"compressed":true}');
    expect(chunked.responseBody).toBe('part one, part two');
    expect(put.requestBody).toBe('{"a": 1}');
    expect(put.requestHeaders['User-Agent']).toMatch(/^Python-urllib/);
  });

  it('reads response heads exactly as the standard library does: folded and repeated fields, a malformed head', async () => {
    const heads: Record<string, string> = {
      '/folded': 'HTTP/1.1 200 OK\r\nX-Folded: one\r\n  two\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nX-Empty:\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      '/malformed': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nthis line is no field\r\nX-After: yes\r\nConnection: close\r\n\r\nok',
    };
    const raw = createServer((sock) => {
      sock.once('data', (d) => sock.end(heads[d.toString('latin1').split(' ')[1]!] ?? 'HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
      sock.setTimeout(5000, () => sock.destroy());
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    try {
      const r = await runner.run(input(py`
        import email.parser, http.client, json, requests
        HEADS = json.loads(${JSON.stringify(JSON.stringify(heads))})
        def expected(path):
            head = HEADS[path].split('\\r\\n', 1)[1].split('\\r\\n\\r\\n')[0] + '\\r\\n\\r\\n'
            return email.parser.Parser(_class=http.client.HTTPMessage).parsestr(head)
        def check(path, got):
            want = expected(path)
            assert list(got.items()) == list(want.items())
            assert [type(d).__name__ for d in got.defects] == [type(d).__name__ for d in want.defects]
        for path in HEADS:
            c = http.client.HTTPConnection('127.0.0.1', ${(raw.address() as AddressInfo).port}, timeout=5)
            c.request('GET', path)
            resp = c.getresponse()
            check(path, resp.msg)
            resp.read()
            c.close()
        folded = api.get('${base}/folded')  # (import http.client rebinds http: the helper is api too)
        assert folded.headers['x-folded'] == 'one\\r\\n  two' and folded.headers['set-cookie'] == 'a=1, b=2'
        assert folded.json() == {}
        bad = requests.get('${base}/malformed')
        assert 'X-After' not in bad.headers and bad.text == 'ok'
      `));
      expect(r.failure).toBeUndefined();
      expect(r.verdict).toBe('passed');
      expect(r.calls.map((c) => [c.path, c.status])).toEqual([['/folded', 200], ['/malformed', 200], ['/folded', 200], ['/malformed', 200]]);
      expect(r.calls[0].responseHeaders).toMatchObject({ 'X-Folded': 'one\r\n  two', 'Set-Cookie': '****, ****', 'Content-Type': 'application/json' });
    } finally {
      await new Promise((r) => raw.close(r));
    }
  });

  it('answers error statuses and follows redirects, through the helper and svc_checks alike', async () => {
    const site = createHttpServer((req, res) => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/from') return void res.writeHead(302, { Location: '/to' }).end();
      if (req.url === '/to') return json(200, { auth: req.headers.authorization ?? null });
      if (req.url === '/missing') return json(404, { error: 'nope' }, { 'X-Why': 'gone' });
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('boom');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    try {
      const r = await runner.run(input(py`
        import svc_checks
        moved = http.get('/from')
        assert moved.status == 200 and moved.json() == {'auth': None}, moved.json()
        stay = http.get('/from', allow_redirects=False)
        assert stay.status == 302 and stay.headers['location'] == '/to'
        gone = http.get('/missing')
        assert gone.status == 404 and not gone.ok and gone.json() == {'error': 'nope'} and gone.headers['x-why'] == 'gone'
        boom = http.post('/boom', data='x')
        assert boom.status == 500 and boom.text == 'boom'
        a = svc_checks.call('GET', '/missing')
        assert a.status == 404 and a.json() == {'error': 'nope'}
        b = svc_checks.call('GET', '/from')
        assert b.status == 200 and b.json() == {'auth': 'Bearer ${CREDENTIAL}'}
        c = svc_checks.call('POST', '/boom', body={'x': 1})
        assert c.status == 500 and c.text == 'boom'
      `, { targetUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}` }));
      expect(r.failure).toBeUndefined();
      expect(r.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
        'GET /from 302', 'GET /to 200', 'GET /from 302', 'GET /missing 404', 'POST /boom 500',
        'GET /missing 404', 'GET /from 302', 'GET /to 200', 'POST /boom 500',
      ]);
    } finally {
      await new Promise((r) => site.close(r));
    }
  });

  it('records assertions wherever they stand, with their source and line', async () => {
    const r = await runner.run(input(py`
      import re
      def test_blocks():
          for i in range(2):
              if i:
                  assert i == 1
              else:
                  assert i == 0
          else:
              assert True
          try:
              assert 'é' in 'café', 'non-ASCII'
          except AssertionError:
              raise
          else:
              assert len(
                  'ab') == 2
          finally:
              assert 1
          while True:
              assert re.match('a', 'a')
              break
          match i:
              case 1:
                  assert i != 0

      class Helper:
          def check(self):
              assert self is not None
      Helper().check()
    `));
    expect(r.failure).toBeUndefined();
    expect(r.testFunctions).toEqual(['test_blocks']);
    expect(r.assertions.map((a) => [a.ok, a.source, a.line])).toEqual([
      [true, 'assert self is not None', 28],
      [true, 'assert i == 0', 7],
      [true, 'assert i == 1', 5],
      [true, 'assert True', 9],
      [true, "assert 'é' in 'café', 'non-ASCII'", 11],
      [true, "assert len( 'ab') == 2", 15],
      [true, 'assert 1', 18],
      [true, "assert re.match('a', 'a')", 20],
      [true, 'assert i != 0', 24],
    ]);
    const failed = await runner.run(input(py`
      def test_late():
          try:
              pass
          finally:
              assert 'ü' * 2 == 'üü!', 'umlauts'
    `));
    expect(failed.failure).toMatchObject({ kind: 'assertion', line: 5, message: "umlauts\nassert 'üü' == 'üü!'" });
  });

  it('masks secret headers and secret values in URLs, bodies, output and messages', async () => {
    const r = await runner.run(input(py`
      import requests
      r = requests.post(TARGET_URL + '/echo?key=${CREDENTIAL}', headers={**__AUTH_HEADERS__, 'Cookie': 'sid=1', 'X-API-Key': 'short'},
                        data='password=hunter2-extra-secret')
      print('token is', __AUTH_CREDENTIAL__)
      assert r.json()['body'] == 'nope'
    `, { secrets: ['hunter2-extra-secret'] }));
    const c = r.calls[0];
    const masked = `****${CREDENTIAL.slice(-4)}`;
    expect(c.requestHeaders.Authorization).toBe(masked);
    expect(c.requestHeaders.Cookie).toBe('****');
    expect(c.requestHeaders['X-API-Key']).toBe('****');
    expect(c.responseHeaders['set-cookie']).toMatch(/^\*{4}/);
    expect(c.url).toBe(`${target.url}/echo?key=${masked}`);
    expect(c.requestBody).toBe(`password=${'****' + 'hunter2-extra-secret'.slice(-4)}`);
    const all = JSON.stringify(r);
    expect(all).not.toContain(CREDENTIAL);
    expect(all).not.toContain('hunter2-extra-secret');
    expect(r.stdout).toBe(`token is ${masked}\n`);
    expect(r.failure!.message).toBe("assert 'password=****cret' == 'nope'");
  });

  it('records a refused connection as a call with no status and the error', async () => {
    const port = await closedPort();
    const r = await runner.run(input(py`
      import urllib.request, requests
      try:
          urllib.request.urlopen('http://127.0.0.1:${port}/a')
      except OSError as e:
          print('urllib:', type(e).__name__)
      requests.get('http://127.0.0.1:${port}/b')
    `));
    expect(r.calls.map((c) => [c.path, c.status, c.error])).toEqual([
      ['/a', null, expect.stringMatching(/^ConnectionRefusedError: \[Errno 111\]/)],
      ['/b', null, expect.stringMatching(/^ConnectionRefusedError: \[Errno 111\]/)],
    ]);
    expect(r.failure).toMatchObject({ kind: 'exception', exceptionType: 'requests.exceptions.ConnectionError' });
  });

  it('kills a test at its time limit and still reports the calls it made', async () => {
    const r = await runner.run(input(py`
      assert http.get('/users/7').status == 200
      print('before the slow call', flush=True)
      http.get('/hang', timeout=60)
    `, { timeoutMs: 1500 }));
    expect(r.failure!.kind).toBe('timeout');
    expect(r.failure!.message).toMatch(/^Timed out after 1.5s and was stopped; it was waiting for GET .*\/hang/);
    expect(r.calls.map((c) => [c.path, c.status])).toEqual([['/users/7', 200], ['/hang', null]]);
    expect(r.calls[1].error).toMatch(/stopped \(timeout\)/);
    expect(r.assertions).toHaveLength(1);
    expect(r.stdout).toBe('before the slow call\n');
  });


  it('hands on each call as it settles while the test still runs, masked, once', async () => {
    const handed: { path: string; status: number | null; url: string }[] = [];
    const stop = new AbortController();
    let ended = false;
    const run = runner
      .run(input(py`
        assert http.get('/users/7?token=${CREDENTIAL}').status == 200
        assert http.get('/users/8').status == 200
        http.get('/hang', timeout=60)
      `, { timeoutMs: 60_000, secrets: [CREDENTIAL], onCalls: (calls) => handed.push(...calls) }), stop.signal)
      .finally(() => (ended = true));
    // Both answered calls arrive while the test hangs on the third; then it is stopped.
    for (let i = 0; i < 200 && handed.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ended).toBe(false);
    stop.abort();
    const r = await run;
    expect(r.failure!.kind).toBe('cancelled');
    expect(handed.map((c) => [c.path, c.status])).toEqual([['/users/7', 200], ['/users/8', 200]]);
    expect(handed[0]!.url).not.toContain(CREDENTIAL);
    expect(r.calls).toHaveLength(3);
  });

  it('fails a test that goes over its memory limit with kind memory', async () => {
    const big = await runner.run(input('data = bytearray(2 * 1024 ** 3)\n', { memoryMb: 64 }));
    expect(big.failure).toMatchObject({ kind: 'memory', exceptionType: 'MemoryError', line: 1 });
    const growing = await runner.run(input('chunks = []\nwhile True:\n    chunks.append(bytearray(1024 * 1024))\n', { memoryMb: 64 }));
    expect(growing.failure).toMatchObject({ kind: 'memory', line: 3 });
  });

  it('runs test code in a clean environment and a cwd of its own', async () => {
    const r = await runner.run(input(py`
      import os
      print(os.getcwd())
      assert 'SVC_SECRET_KEY' not in os.environ, sorted(os.environ)
      assert not any(k.startswith('SVC_') for k in os.environ)
      assert os.listdir('.') == []
      assert sorted(os.listdir('..')) == ['events.jsonl', 'stderr', 'stdout', 'work']  # no job file
      assert len(VARS['blob']) == 300000
      open('scratch.txt', 'w').write('x')
    `, { vars: { blob: 'b'.repeat(300_000) } }));
    expect(r.failure).toBeUndefined();
    const cwd = r.stdout.trim();
    expect(cwd).not.toBe(process.cwd());
    expect(cwd.startsWith(process.cwd())).toBe(false);
    expect(r.stdout).not.toContain('server-only-secret-value');
  });

  it('starts every test fresh from the warm parent: none of its rehearsal shows', async () => {
    // The fork server rehearses a typical test before it forks any (to warm what tests use); a
    // test sees only its own module, variables, calls, produced values and svc_checks state.
    const code = py`
      import sys, linecache
      import svc_checks
      assert sys.modules['__main__'].__dict__ is globals()
      assert sorted(VARS) == ['mine'], sorted(VARS)
      assert (svc_checks._created, svc_checks._gone, svc_checks._own, svc_checks._read) == ([], set(), {}, set())
      assert 'prev' not in globals() and 'test_more' not in globals()
      assert linecache.getlines('test.py')[0].startswith('import sys, linecache')
      r = http.get('/users/7')
      assert r.status == 200
      produce('seen', VARS['mine'])
    `;
    for (let i = 0; i < 2; i++) {
      const r = await runner.run(input(code, { vars: { mine: i } }));
      expect(r.failure).toBeUndefined();
      expect(r.verdict).toBe('passed');
      expect(r.produced).toEqual({ seen: i });
      expect(r.calls.map((c) => [c.seq, c.method, c.path])).toEqual([[1, 'GET', '/users/7']]);
      expect(r.testFunctions).toEqual([]);
    }
  });

  it('runs several tests at once', async () => {
    const code = py`
      r = http.get('/wait?ms=600')
      assert r.status == 200
    `;
    const results = await Promise.all([1, 2, 3, 4].map(() => runner.run(input(code))));
    expect(results.every((r) => r.verdict === 'passed')).toBe(true);
    const spans = results.map((r) => {
      const start = Date.parse(r.calls[0].startedAt);
      return { start, end: start + r.calls[0].latencyMs };
    });
    // Every call started before any call finished: they all overlapped.
    expect(Math.max(...spans.map((s) => s.start))).toBeLessThan(Math.min(...spans.map((s) => s.end)));
  });

  it('cancels a running test through its AbortSignal', async () => {
    const ac = new AbortController();
    const pending = runner.run(input(`http.get('/hang', timeout=60)\n`), ac.signal);
    setTimeout(() => ac.abort(), 500);
    const r = await pending;
    expect(r.failure).toMatchObject({ kind: 'cancelled' });
    expect(r.calls).toHaveLength(1);
  });

  it('restarts a fork server that died; tests in flight end as crashes', async () => {
    const before = runner.forkServerPid!;
    expect(before).toBeGreaterThan(0);
    const pending = runner.run(input(`print('started', flush=True)\nhttp.get('/hang', timeout=60)\n`, { timeoutMs: 30_000 }));
    await new Promise((r) => setTimeout(r, 700));
    process.kill(before, 'SIGKILL');
    const crashed = await pending;
    expect(crashed.failure!.kind).toBe('crash');
    expect(crashed.failure!.message).toMatch(/fork server exited \(SIGKILL\)/);
    expect(crashed.calls.map((c) => c.path)).toEqual(['/hang']);
    const after = await runner.run(input('assert http.get("/users/1").status == 200\n'));
    expect(after.verdict).toBe('passed');
    expect(runner.forkServerPid).not.toBe(before);
  });

  it('starts its fork server ahead of the first test when warmed up, and leaves none when closed meanwhile', async () => {
    const ownForkServers = () => processesRunning('fork_server.py').filter((p) => p.ppid === process.pid).map((p) => String(p.pid));
    const before = ownForkServers();
    const warm = new BackendRunner();
    try {
      await warm.warmUp();
      const pid = warm.forkServerPid;
      expect(pid).toBeGreaterThan(0);
      expect(ownForkServers()).toContain(String(pid));
      const r = await warm.run(input('assert http.get("/users/1").status == 200\n'));
      expect(r.verdict).toBe('passed');
      expect(warm.forkServerPid).toBe(pid); // the test ran in the server started ahead
    } finally {
      await warm.close();
    }
    // Closed at once, or while its fork server is still starting: none is left either way.
    const early = new BackendRunner();
    const warmingEarly = early.warmUp();
    await early.close();
    await warmingEarly;
    expect(early.forkServerPid).toBeUndefined();
    const quick = new BackendRunner();
    const warming = quick.warmUp();
    for (let i = 0; i < 200 && !quick.forkServerPid; i++) await new Promise((r) => setTimeout(r, 5));
    const starting = quick.forkServerPid;
    expect(starting).toBeGreaterThan(0);
    await quick.close();
    await warming;
    expect(quick.forkServerPid).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300)); // a server started after close would be up by now
    expect(ownForkServers().sort()).toEqual(before.sort());
  });

  it('runs the same way with one interpreter per test when forking is off', async () => {
    const spawner = new BackendRunner({ fork: false });
    try {
      expect(await spawner.mode()).toBe('spawn');
      const r = await spawner.run(input('import requests\nassert requests.get(TARGET_URL + "/users/3").json()["id"] == "3"\nproduce("x", 1)\n'));
      expect(r.failure).toBeUndefined();
      expect(r.produced).toEqual({ x: 1 });
      expect(r.calls).toHaveLength(1);
      const t = await spawner.run(input(`http.get('/hang', timeout=60)\n`, { timeoutMs: 1000 }));
      expect(t.failure!.kind).toBe('timeout');
    } finally {
      await spawner.close();
    }
  });
});
