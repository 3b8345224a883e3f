import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = join(__dirname, '..', '..', 'src', 'engine', 'backend', 'lib');

/**
 * A list that, for a moment, holds a malformed record another test made (and deletes 0.3 s later),
 * next to a list whose malformed record stays and one whose records get new ids at every look (its
 * malformed record is never seen twice, yet never goes away). The server answers only with the
 * credential, so the second look must send it too.
 */
const SCRIPT = String.raw`
import json, os, random, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
good = [{'id': 1, 'title': 'a'}, {'id': 2, 'title': 'b'}]
lists = {
    '/transient': good + [{'id': 'x', 'title': 12345}],
    '/lasting': good + [{'id': 3, 'title': 12345}],
    '/envelope': {'data': good + [{'id': 4}], 'total': 3},
    '/random': [],
}
threading.Timer(0.3, lambda: lists['/transient'].pop()).start()
threading.Timer(0.3, lambda: lists['/envelope']['data'].pop()).start()
seen = []
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        seen.append(self.headers.get('Authorization'))
        ok = self.headers.get('Authorization') == 'Bearer t0ken'
        if self.path == '/random':
            lists['/random'] = [{'id': random.randrange(10**9), 'title': t} for t in ('a', 'b', 12345)]
        out = json.dumps(lists[self.path] if ok else {'error': 'no'}).encode()
        self.send_response(200 if ok else 401)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(out)))
        self.end_headers()
        self.wfile.write(out)
srv = ThreadingHTTPServer(('127.0.0.1', 0), H)
threading.Thread(target=srv.serve_forever, daemon=True).start()
os.environ['BASE_URL'] = 'http://127.0.0.1:%d' % srv.server_address[1]
os.environ['SVC_AUTH_HEADER'] = 'Authorization: Bearer t0ken'
from svc_checks import call, shape_problems
item = {'type': 'object', 'required': ['id', 'title'], 'properties': {'id': {'type': 'integer'}, 'title': {'type': 'string'}}}
out = {}
for p, schema in [('/transient', {'type': 'array', 'items': item}), ('/lasting', {'type': 'array', 'items': item}), ('/random', {'type': 'array', 'items': item}),
                  ('/envelope', {'type': 'object', 'properties': {'data': {'type': 'array', 'items': item}, 'total': {'type': 'integer'}}})]:
    t = time.monotonic()
    out[p] = {'problems': shape_problems(call('GET', p), schema), 'waited': round(time.monotonic() - t, 1)}
out['credentials'] = sorted(set(seen))
print('RESULT ' + json.dumps(out))
`;

describe('svc_checks shape_problems()', () => {
  it('does not count a list record that is gone when looked for again, and counts one that stays or whose list has no stable ids', () => {
    const text = execFileSync('python3', ['-c', SCRIPT], { env: { ...process.env, PYTHONPATH: LIB }, encoding: 'utf8', timeout: 30_000 });
    const r = JSON.parse(text.split('\n').find((l) => l.startsWith('RESULT '))!.slice(7));
    expect(r['/transient'].problems).toEqual([]);
    expect(r['/envelope'].problems).toEqual([]);
    expect(r['/lasting'].problems).toEqual(['$[2].title is int, expected string']);
    expect(r['/lasting'].waited).toBeGreaterThanOrEqual(3.5);
    expect(r['/random'].problems).toEqual(['$[2].title is int, expected string']);
    expect(r.credentials).toEqual(['Bearer t0ken']);
    expect(text).toContain('[svc] GET /transient: a record that did not match the schema was gone moments later');
  });

  it('answers at once for a problem outside the records of a list', () => {
    const script = String.raw`
from svc_checks import Answer, shape_problems
r = Answer('GET', '/x', 200, {}, b'{"data": [{"id": "s"}], "total": "3"}')
print(shape_problems(r, {'type': 'object', 'properties': {'data': {'type': 'array', 'items': {'properties': {'id': {'type': 'integer'}}}}, 'total': {'type': 'integer'}}}))`;
    const text = execFileSync('python3', ['-c', script], { env: { ...process.env, PYTHONPATH: LIB }, encoding: 'utf8', timeout: 10_000 });
    expect(text.trim()).toBe(`['$.data[0].id is str, expected integer', '$.total is str, expected integer']`);
  });
});
