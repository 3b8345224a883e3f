"""svc_checks: the helpers generated backend tests import (standard library only).

Any backend test may use them too:

    from svc_checks import call, path, pick_id, leak_in, shape_problems, differences, track, cleanup

    r = call("POST", "/users", {"name": "Ann", "email": "ann-" + uniq() + "@example.com"})
    assert r.status in [201], f"{r.where}: expected 201, got {r.status}: {r.text[:300]}"
    assert not leak_in(r), f"{r.where} leaks internals: {leak_in(r)!r}"

The helpers never assert: a test states its checks as plain `assert`s, which the harness records
with their source and message (README, "The check catalogue", names each check). They read the
harness globals of the running test (BASE_URL/TARGET_URL and __AUTH_HEADERS__) when called; outside
the harness, set BASE_URL (and optionally SVC_AUTH_HEADER, e.g. "Authorization: Bearer x") in the
environment.

    call(method, path, body=None, auth=True, headers=None, raw=None, content_type="application/json")
        One HTTP request; an error status is an answer, never an exception. auth=False sends no
        credential, a dict sends those headers instead. raw sends bytes or text as is. The answer
        has .status, .headers, .text, .json() (None when not JSON) and .where ("POST /users").
    path(template, values)            fills {name} parameters, each value URL-quoted
    uniq(), uniq_int()                a fresh 12-character hex string, a fresh 10-digit integer
    pick_id(r, field)                 the id of a created record: body[field], body.data[field], or Location
    track(r, delete_template, field, values, headers=None)
                                      remembers a record the answer names, deleted by cleanup() (with
                                      these headers, e.g. one the DELETE requires)
    track_at(r, delete_path, headers=None)
                                      remembers the record at a path when the answer is a success: what
                                      a PUT to a new key creates
    cleanup()                         deletes what track() remembered, newest first, except what the
                                      test deleted itself or found gone (a GET answered 404 or 410), and
                                      a record that no longer reads as the test left it (a server may
                                      give a freed id to another record): a GET before each DELETE
    forget(path)                      the record at path is no longer the one the test made: cleanup()
                                      leaves it
    leak_in(r)                        the first stack trace, source path or database error in the answer, or None
    shape_problems(r, schema)         how the JSON answer breaks a schema (types, required, nullable, items);
                                      a GET's list record that is gone when looked for again does not count
    differences(sent, read)           "field: sent x, read y" for each scalar field sent that reads back otherwise
    unchanged(was, now)               whether a record still has the scalar values it had
    bad_auth(), wrong_scheme()        a wrong credential of the configured scheme; the credential under another scheme
"""
import base64
import json
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

__all__ = ['call', 'path', 'uniq', 'uniq_int', 'pick_id', 'track', 'track_at', 'cleanup', 'forget', 'leak_in', 'shape_problems',
           'differences', 'unchanged', 'same', 'bad_auth', 'wrong_scheme', 'Answer']

LEAK = re.compile(
    r"Traceback \(most recent call last\)|\bat [^\s()]+ \(?[^\s()]+\.(?:js|mjs|cjs|ts|py|rb|java|go|php):\d+"
    r"|\bat [^\s()]+\.(?:js|mjs|cjs|ts):\d+:\d+|/srv/|/home/[a-z]|/usr/src/|/var/www/|node_modules|site-packages"
    r"|java\.lang\.\w+|System\.\w+Exception|SQLSTATE|psycopg2|ORA-\d{5}|SQLITE_ERROR|syntax error at or near",
    re.I,
)
_created = []
_gone = set()
_own = {}       # path of a tracked record -> its scalar fields as the test last made them
_read = set()   # paths whose fields were read from an answer (not only what was sent)


def _globals():
    main = sys.modules.get('__main__')
    return vars(main) if main is not None else {}


def _base():
    g = _globals()
    return str(g.get('BASE_URL') or g.get('TARGET_URL') or os.environ.get('BASE_URL') or '').rstrip('/')


def _auth():
    g = _globals()
    if '__AUTH_HEADERS__' in g:
        return dict(g['__AUTH_HEADERS__'] or {})
    name, _, value = os.environ.get('SVC_AUTH_HEADER', '').partition(':')
    return {name.strip(): value.strip()} if value else {}


def uniq():
    return uuid.uuid4().hex[:12]


def uniq_int():
    return 1000000000 + uuid.uuid4().int % 1000000000


class Answer:
    def __init__(self, method, path, status, headers, raw, sent=None, body=None):
        self.method, self.path, self.status, self.headers = method, path, status, headers
        self.sent = sent or {}
        self.body = body
        self.text = (raw or b'').decode('utf-8', 'replace')
        self.where = method + ' ' + path

    def json(self):
        try:
            return json.loads(self.text)
        except ValueError:
            return None


class AnswerEveryStatus(urllib.request.HTTPErrorProcessor):
    """An error status is an answer, not an exception: urllib's HTTPError (raised, then caught)
    costs a forked test a quarter of a millisecond. Redirects are still followed. (The harness's
    `http` helper uses it too.)"""

    def http_response(self, request, response):
        if 300 <= response.status < 400:
            return super().http_response(request, response)
        return response

    https_response = http_response


_OPENER = urllib.request.build_opener(AnswerEveryStatus())


def call(method, path, body=None, auth=True, headers=None, raw=None, content_type='application/json'):
    h = {'Accept': 'application/json'}
    if auth is True:
        h.update(_auth())
    elif isinstance(auth, dict):
        h.update(auth)
    h.update(headers or {})
    data = None
    if raw is not None:
        data = raw if isinstance(raw, bytes) else raw.encode('utf-8')
        h['Content-Type'] = content_type
    elif body is not None and 'x-www-form-urlencoded' in content_type and isinstance(body, dict):
        data = urllib.parse.urlencode({k: v if isinstance(v, str) else json.dumps(v) for k, v in body.items()}).encode()
        h['Content-Type'] = content_type
    elif body is not None:
        data = json.dumps(body).encode('utf-8')
        h['Content-Type'] = content_type
    req = urllib.request.Request(_base() + path, data=data, method=method, headers=h)
    try:
        with _OPENER.open(req, timeout=30) as r:
            answer = Answer(method, path, r.status, r.headers, r.read(), h, body)
    except urllib.error.HTTPError as e:
        answer = Answer(method, path, e.code, e.headers, e.read(), h, body)
    if (method == 'DELETE' and 200 <= answer.status < 300) or (method == 'GET' and answer.status in (404, 410)):
        _gone.add(path)
    elif method in ('PUT', 'PATCH') and path in _own and 200 <= answer.status < 300:
        _remember(path, answer, _own[path] if method == 'PATCH' else {})
    return answer


def _scalars(value):
    value = _record(value)
    if not isinstance(value, dict):
        return None
    return {k: v for k, v in value.items() if isinstance(v, (str, int, float, bool))}


def _remember(p, r, before=None):
    """What the record at p holds now that r made or changed it: the answer's record, else what was sent."""
    now = _scalars(r.json()) if r.text else None
    if now is not None:
        _read.add(p)
    else:
        _read.discard(p)
        sent = _scalars(r.body)
        now = None if sent is None else dict(before or {}, **sent)
    _own[p] = now


def path(template, values):
    for k, v in values.items():
        template = template.replace('{' + k + '}', urllib.parse.quote(str(v), safe=''))
    return template


def pick_id(r, field):
    data = r.json()
    for d in (data, (data or {}).get('data') if isinstance(data, dict) else None):
        if isinstance(d, dict) and d.get(field) is not None:
            return d[field]
    loc = r.headers.get('Location') if r.headers else None
    return loc.rstrip('/').rsplit('/', 1)[-1] if loc else None


def track(r, delete_template, field, values, headers=None):
    """A record the answer names is deleted by cleanup(). An answer that is a list names no one record
    by its body (a server may store a posted list as one record and answer with it); its Location
    names ours only when it points at the very path the delete template makes of its last segment."""
    if not delete_template or not 200 <= r.status < 300:
        return
    if not isinstance(r.json(), list):
        rid = pick_id(r, field)
        if rid is not None:
            p = path(delete_template, dict(values, __id__=rid))
            _created.append((p, headers))
            _remember(p, r)
        return
    loc = r.headers.get('Location') if r.headers else None
    if loc:
        at = urllib.parse.urlparse(loc).path.rstrip('/')
        p = path(delete_template, dict(values, __id__=urllib.parse.unquote(at.rsplit('/', 1)[-1])))
        if at and at.endswith(p):
            _created.append((p, headers))


def track_at(r, delete_path, headers=None):
    """The record at delete_path is deleted by cleanup() when the answer is a success. Under svc the
    run also reports it, so the batch's cleanup deletes it if this test could not (it was stopped
    at its time limit, or the target stopped answering)."""
    if delete_path and 200 <= r.status < 300:
        _created.append((delete_path, headers))
        _remember(delete_path, r)
        report = _globals().get('__svc_record__')
        if report is not None:
            report(_base() + delete_path, r.method, _base() + r.path)


def forget(path):
    """The record at path is no longer the one this test made (it was removed, or its id now names
    another record): cleanup() leaves it."""
    _gone.add(path)


def cleanup():
    # Unwinding from a failed assertion: let the clock move past it (timestamps are per millisecond),
    # so the failure's evidence is the request the assertion judged, not these DELETEs.
    if _created and sys.exc_info()[0] is not None:
        time.sleep(0.005)
    while _created:
        p, headers = _created.pop()
        if p in _gone:
            continue
        try:
            if _still_own(p, headers):
                call('DELETE', p, headers=headers)
        except Exception:
            pass


def _still_own(p, headers):
    """Whether the record at p still reads as this test left it: no field it made reads otherwise.
    A server may have removed it (a DELETE elsewhere that cascades) and given its id to another
    test's record; that one is left to the run's cleanup, which runs when no test does. Unknown (no
    GET, no JSON, nothing remembered) counts as its own."""
    was = _own.get(p)
    if not was:
        return True
    r = call('GET', p, headers=headers)
    if r.status in (404, 410):
        return False
    now = _scalars(r.json()) if 200 <= r.status < 300 else None
    if now is None:
        return True
    # A field that reads otherwise says another record holds the id. So does one the API answered with
    # before and leaves out now; a field that was only sent may be nested elsewhere when read.
    kept = [k for k in was if not re.search(r'updated|modified', k, re.I)]
    return all(same(was[k], now[k]) if k in now else p not in _read for k in kept)


def leak_in(r):
    m = LEAK.search(r.text)
    return m.group(0) if m else None


def shape_problems(r, schema):
    """How a JSON answer breaks a schema. For a GET whose only problems are records in a list, those
    records are looked for again (up to about 4 s): one that is gone by then was made, for a moment,
    by another test (tests of a batch run side by side, and negative tests send malformed records on
    purpose, deleting what the API wrongly kept). Only records that stay count, and only where the
    list's records keep their ids from one look to the next (a well-formed one is seen again) or the
    list then reads clean."""
    value = r.json()
    problems = _shape(value, schema)
    if not problems or r.method != 'GET' or not isinstance(schema, dict) or _shape(value, _frame(schema)):
        return problems
    bad, good = _keys(value, schema, 5, True), _keys(value, schema, 5, False)
    if not bad:
        return problems
    deadline, delay = time.monotonic() + 4, 0.05
    while time.monotonic() < deadline:
        time.sleep(delay)
        delay = min(delay * 2, 0.8)
        again = call('GET', r.path, auth=r.sent)
        now = again.json()
        if again.status != r.status or _shape(now, _frame(schema)):
            return problems
        bad &= _keys(now, schema, 1000, True)
        if not bad and (good & _keys(now, schema, 1000, None) or not _shape(now, schema)):
            print(f"[svc] {r.where}: a record that did not match the schema was gone moments later (made by another test meanwhile); not counted")
            return []
    return problems


def _lists(value, schema):
    """The lists of records an answer holds, with their item schema: the answer itself or an envelope's."""
    if isinstance(value, list) and isinstance(schema.get('items'), dict):
        return [(value, schema['items'])]
    if isinstance(value, dict):
        return [(value[k], s['items']) for k, s in (schema.get('properties') or {}).items()
                if isinstance(s, dict) and isinstance(s.get('items'), dict) and isinstance(value.get(k), list)]
    return []


def _frame(schema):
    """The schema without its lists' item schemas: what the answer must be apart from its records."""
    frame = {k: v for k, v in schema.items() if k != 'items'}
    if isinstance(schema.get('properties'), dict):
        frame['properties'] = {k: ({x: y for x, y in s.items() if x != 'items'} if isinstance(s, dict) else s)
                               for k, s in schema['properties'].items()}
    return frame


def _keys(value, schema, first, broken):
    """Keys (id, else the whole record) of the first records of each list: those that break their
    schema (broken True), those that do not (False), or all (None)."""
    return {json.dumps(v.get('id') if isinstance(v, dict) and v.get('id') is not None else v, sort_keys=True)
            for items, s in _lists(value, schema) for v in items[:first] if broken is None or bool(_shape(v, s)) == broken}


def _shape(value, schema, at='$', out=None):
    out = [] if out is None else out
    if not isinstance(schema, dict) or len(out) > 5:
        return out
    t = schema.get('type')
    if value is None:
        if t and not schema.get('nullable'):
            out.append(at + ' is null')
        return out
    kinds = {'object': dict, 'array': list, 'string': str, 'boolean': bool, 'integer': int, 'number': (int, float)}
    if t in kinds and (not isinstance(value, kinds[t]) or (t in ('integer', 'number') and isinstance(value, bool))):
        out.append(f'{at} is {type(value).__name__}, expected {t}')
        return out
    if isinstance(value, dict):
        for k in schema.get('required') or []:
            if k not in value:
                out.append(f'{at}.{k} is missing')
        for k, s in (schema.get('properties') or {}).items():
            if k in value:
                _shape(value[k], s, at + '.' + k, out)
    if isinstance(value, list) and isinstance(schema.get('items'), dict):
        for i, v in enumerate(value[:5]):
            _shape(v, schema['items'], f'{at}[{i}]', out)
    return out


def same(sent, read):
    if isinstance(sent, bool) or isinstance(read, bool):
        return sent is read
    if isinstance(sent, (int, float)) and isinstance(read, (int, float)):
        return float(sent) == float(read)
    if isinstance(sent, str) and isinstance(read, str) and re.match(r'\d{4}-\d\d-\d\dT', sent):
        return sent[:19] == read[:19]
    return str(sent) == str(read)


def _record(data):
    return data['data'] if isinstance(data, dict) and isinstance(data.get('data'), dict) else data


def differences(sent, read):
    read = _record(read)
    if not isinstance(read, dict) or not isinstance(sent, dict):
        return []
    return [f'{k}: sent {v!r}, read {read[k]!r}' for k, v in sent.items() if k in read and isinstance(v, (str, int, float, bool)) and not same(v, read[k])]


def unchanged(was, now):
    """The scalar fields a record had are still there with the same values (timestamps of updates aside)."""
    was, now = _record(was), _record(now)
    if not isinstance(was, dict) or not isinstance(now, dict):
        return was == now
    return all(k in now and same(v, now[k]) for k, v in was.items() if isinstance(v, (str, int, float, bool)) and not re.search(r'updated|modified', k, re.I))


def bad_auth():
    """A credential of the configured scheme that the server cannot know."""
    bad = {}
    for k, v in (_auth() or {'Authorization': 'Bearer x'}).items():
        if k.lower() == 'authorization' and str(v).lower().startswith('basic '):
            bad[k] = 'Basic ' + base64.b64encode(b'svc-invalid:wrong-password').decode()
        elif k.lower() == 'authorization':
            bad[k] = str(v).split(' ', 1)[0] + ' svc-invalid-' + uniq()
        else:
            bad[k] = 'svc-invalid-' + uniq()
    return bad


def wrong_scheme():
    """The configured credential sent under another scheme."""
    v = next(iter(_auth().values()), 'svc-credential')
    scheme, _, cred = str(v).partition(' ')
    if scheme.lower() == 'bearer':
        return {'Authorization': 'Basic ' + base64.b64encode((cred + ':').encode()).decode()}
    if scheme.lower() == 'basic':
        return {'Authorization': 'Bearer ' + cred}
    return {'Authorization': 'Bearer ' + str(v)}
