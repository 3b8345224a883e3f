import { describe, expect, it } from 'vitest';
import { PY_HEAD as HEAD, PY_SERVE as SERVE, runPy } from '../helpers/py-server.js';

/**
 * A server like json-server 0.17: a posted JSON list is stored as one record, answered 201 with
 * the list as body and the new record's Location. cleanup() must remove it, and must leave alone
 * what a Location outside the tracked collection names.
 */
const SCRIPT = String.raw`
${HEAD}
store = {'comments': {'1': {'id': '1'}}, 'posts': {'9': {'id': '9'}}}
seq = [100]
class H(Quiet):
    def do_POST(self):
        n = int(self.headers.get('Content-Length') or 0)
        body = json.loads(self.rfile.read(n))
        coll = self.path.strip('/')
        seq[0] += 1
        rid = str(seq[0])
        store[coll][rid] = body
        out = json.dumps(body).encode()
        self.send_response(201)
        # the third list lands in comments but its Location names a post
        loc = '/posts/9' if body == ['elsewhere'] else '/' + coll + '/' + rid
        self.send_header('Location', 'http://localhost:1' + loc)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(out)))
        self.end_headers()
        self.wfile.write(out)
    def do_DELETE(self):
        _, coll, rid = self.path.split('/')
        found = store.get(coll, {}).pop(rid, None) is not None
        self.send_response(200 if found else 404)
        self.send_header('Content-Length', '0')
        self.end_headers()
${SERVE}
from svc_checks import call, track, cleanup
for bad in [[], [{'body': 'x'}], ['elsewhere'], {'body': 'y'}]:
    r = call('POST', '/comments', bad)
    track(r, '/comments/{__id__}', 'id', {})
cleanup()
print(json.dumps({k: sorted(v) for k, v in store.items()}))
`;

describe('svc_checks track() and cleanup()', () => {
  it('deletes a posted list the server stored as a record, by its Location, and nothing its Location does not name in the collection', () => {
    const out = runPy(SCRIPT);
    // [] and [{body}] are gone by Location; {body: y} has no id in its body and no list, so Location names it
    // through pick_id; ['elsewhere'] stays because its Location points at another collection.
    expect(out).toEqual({ comments: ['1', '103'], posts: ['9'] });
  });

  it('deletes what track_at() names when the answer was a success, with the headers the DELETE requires', () => {
    const script = String.raw`
${HEAD}
store, deletes = {}, []
class H(Quiet):
    def do_PUT(self):
        n = int(self.headers.get('Content-Length') or 0)
        self.rfile.read(n)
        ok = self.path != '/things/refused'
        if ok:
            store[self.path.rsplit('/', 1)[-1]] = True
        self.send_response(204 if ok else 400)
        self.send_header('Content-Length', '0')
        self.end_headers()
    def do_DELETE(self):
        deletes.append((self.path, self.headers.get('X-Requested-With')))
        allowed = self.headers.get('X-Requested-With') == 'Svc'
        if allowed:
            store.pop(self.path.rsplit('/', 1)[-1], None)
        self.send_response(204 if allowed else 403)
        self.send_header('Content-Length', '0')
        self.end_headers()
${SERVE}
from svc_checks import call, track_at, cleanup
for key in ['a', 'refused']:
    r = call('PUT', '/things/' + key, {'x': 1})
    track_at(r, '/bin/things/' + key, {'X-Requested-With': 'Svc'})
cleanup()
print(json.dumps({'store': sorted(store), 'deletes': deletes}))
`;
    const out = runPy(script);
    expect(out).toEqual({ store: [], deletes: [['/bin/things/a', 'Svc']] });
  });

  it('leaves a record the test found gone or forgot: a server that reuses ids gave its path to another record', () => {
    const script = String.raw`
${HEAD}
store, deletes = {}, []
class H(Quiet):
    def do_POST(self):
        n = int(self.headers.get('Content-Length') or 0)
        self.rfile.read(n)
        rid = str(max([int(k) for k in store] or [0]) + 1)     # ids reused, like json-server's
        store[rid] = 'made by the test'
        out = json.dumps({'id': int(rid)}).encode()
        self.send_response(201)
        self.send_header('Content-Length', str(len(out)))
        self.end_headers()
        self.wfile.write(out)
    def do_GET(self):
        rid = self.path.rsplit('/', 1)[-1]
        self.send_response(200 if rid in store else 404)
        self.send_header('Content-Length', '0')
        self.end_headers()
    def do_DELETE(self):
        deletes.append(self.path)
        store.pop(self.path.rsplit('/', 1)[-1], None)
        self.send_response(204)
        self.send_header('Content-Length', '0')
        self.end_headers()
${SERVE}
from svc_checks import call, track, forget, cleanup
for _ in range(3):
    track(call('POST', '/things', {}), '/things/{__id__}', 'id', {})
store.pop('3')                        # removed behind the test's back ...
assert call('GET', '/things/3').status == 404
store['3'] = 'another test'           # ... and its id given to another record
store['2'] = 'another test'           # a record the test decided is no longer its own
forget('/things/2')
cleanup()
print(json.dumps({'store': store, 'deletes': deletes}))
`;
    const out = runPy(script);
    expect(out).toEqual({ store: { 2: 'another test', 3: 'another test' }, deletes: ['/things/1'] });
  });
  it('deletes a record only while it reads as the test left it: a freed id the server gave to another record is left to the run, even one that only lacks a field the first answer had', () => {
    const script = String.raw`
${HEAD}
store, deletes = {}, []
class H(Quiet):
    def do_POST(self):
        rid = max([int(k) for k in store] or [0]) + 1      # ids reused, like json-server's
        store[str(rid)] = dict(self._body(), id=rid)
        self._send(201, store[str(rid)])
    def do_PATCH(self):
        rec = store[self.path.rsplit('/', 1)[-1]]
        rec.update(self._body())
        self._send(200, rec)
    def do_PUT(self):
        rid = self.path.rsplit('/', 1)[-1]
        store[rid] = dict(self._body(), id=int(rid))
        self._send(204)
    def do_GET(self):
        rec = store.get(self.path.rsplit('/', 1)[-1])
        self._send(200 if rec else 404, rec)
    def do_DELETE(self):
        deletes.append(self.path)
        store.pop(self.path.rsplit('/', 1)[-1], None)
        self._send(204)
${SERVE}
from svc_checks import call, track, cleanup
for name in ['a', 'b', 'c', 'd']:
    track(call('POST', '/things', {'name': name}), '/things/{__id__}', 'id', {})
track(call('POST', '/things', {'name': 'e', 'postId': 7}), '/things/{__id__}', 'id', {})
call('PATCH', '/things/2', {'name': 'b2'})            # changed by the test: still its own
call('PUT', '/things/3', {'name': 'c3', 'size': 3})   # replaced by the test (204, no body): still its own
store['4'] = {'id': 4, 'name': 'another test'}        # removed behind its back, the id given to another record
store['5'] = {'id': 5, 'name': 'e'}                   # the same, to a record without the postId the test's had
cleanup()
print(json.dumps({'store': store, 'deletes': deletes}))
`;
    const out = runPy(script);
    expect(out).toEqual({ store: { 4: { id: 4, name: 'another test' }, 5: { id: 5, name: 'e' } }, deletes: ['/things/3', '/things/2', '/things/1'] });
  });
});
