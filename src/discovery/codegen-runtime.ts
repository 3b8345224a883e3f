/**
 * The standard-library-only prelude every generated backend test starts with. It relies on the
 * harness globals (DESIGN.md 7): BASE_URL/TARGET_URL, __AUTH_HEADERS__, VARS and produce(). HTTP
 * errors are answers, never exceptions; every call goes through http.client, where the harness
 * records it.
 */
export const PY_PRELUDE = String.raw`import base64
import json
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

_BASE = str(globals().get("BASE_URL") or TARGET_URL).rstrip("/")
_AUTH = dict(globals().get("__AUTH_HEADERS__") or {})
_UNIQ = uuid.uuid4().hex[:10]


def _uniq():
    return uuid.uuid4().hex[:12]


_LEAK = re.compile(
    r"Traceback \(most recent call last\)|\bat [^\s()]+ \(?[^\s()]+\.(?:js|mjs|cjs|ts|py|rb|java|go|php):\d+"
    r"|\bat [^\s()]+\.(?:js|mjs|cjs|ts):\d+:\d+|/srv/|/home/[a-z]|/usr/src/|/var/www/|node_modules|site-packages"
    r"|java\.lang\.\w+|System\.\w+Exception|SQLSTATE|psycopg2|ORA-\d{5}|SQLITE_ERROR|syntax error at or near",
    re.I,
)
_created = []
_gone = set()


class _Resp:
    def __init__(self, method, path, status, headers, raw):
        self.method, self.path, self.status, self.headers = method, path, status, headers
        self.text = (raw or b"").decode("utf-8", "replace")
        self.where = method + " " + path

    def json(self):
        try:
            return json.loads(self.text)
        except ValueError:
            return None


def _call(method, path, body=None, auth=True, headers=None, raw=None, content_type="application/json"):
    h = {"Accept": "application/json"}
    if auth is True:
        h.update(_AUTH)
    elif isinstance(auth, dict):
        h.update(auth)
    h.update(headers or {})
    data = None
    if raw is not None:
        data = raw if isinstance(raw, bytes) else raw.encode("utf-8")
        h["Content-Type"] = content_type
    elif body is not None and "x-www-form-urlencoded" in content_type and isinstance(body, dict):
        data = urllib.parse.urlencode({k: v if isinstance(v, str) else json.dumps(v) for k, v in body.items()}).encode()
        h["Content-Type"] = content_type
    elif body is not None:
        data = json.dumps(body).encode("utf-8")
        h["Content-Type"] = content_type
    req = urllib.request.Request(_BASE + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            resp = _Resp(method, path, r.status, r.headers, r.read())
    except urllib.error.HTTPError as e:
        resp = _Resp(method, path, e.code, e.headers, e.read())
    if method == "DELETE" and 200 <= resp.status < 300:
        _gone.add(path)
    return resp


def _uniq_int():
    return 1000000000 + uuid.uuid4().int % 1000000000


def _same(sent, read):
    if isinstance(sent, bool) or isinstance(read, bool):
        return sent is read
    if isinstance(sent, (int, float)) and isinstance(read, (int, float)):
        return float(sent) == float(read)
    if isinstance(sent, str) and isinstance(read, str) and re.match(r"\d{4}-\d\d-\d\dT", sent):
        return sent[:19] == read[:19]
    return str(sent) == str(read)


def _unchanged(was, now):
    """The scalar fields a record had are still there with the same values (timestamps of updates aside)."""
    if isinstance(was, dict) and isinstance(was.get("data"), dict):
        was, now = was["data"], (now or {}).get("data") if isinstance(now, dict) else now
    if not isinstance(was, dict) or not isinstance(now, dict):
        return was == now
    return all(k in now and _same(v, now[k]) for k, v in was.items() if isinstance(v, (str, int, float, bool)) and not re.search(r"updated|modified", k, re.I))


def _read_back(path, sent, what):
    """Read a record back after a write: each scalar field sent must come back as sent."""
    got = _call("GET", path)
    assert got.status == 200, f"GET {path} after {what}: expected 200, got {got.status}: {got.text[:300]}"
    data = got.json()
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        data = data["data"]
    if not isinstance(data, dict) or not isinstance(sent, dict):
        return
    diffs = [f"{k}: sent {v!r}, read {data[k]!r}" for k, v in sent.items() if k in data and isinstance(v, (str, int, float, bool)) and not _same(v, data[k])]
    assert not diffs, f"GET {path} after {what} does not return what was written: {'; '.join(diffs[:5])}"


def _path(template, values):
    for k, v in values.items():
        template = template.replace("{" + k + "}", urllib.parse.quote(str(v), safe=""))
    return template


def _fmt(statuses):
    return "/".join(str(s) for s in statuses)


def _expect(r, allowed, what):
    if allowed:
        assert r.status in allowed, f"{r.where} {what}: expected {_fmt(allowed)}, got {r.status}: {r.text[:300]}"
    assert r.status < 500, f"{r.where} {what}: server error {r.status}: {r.text[:300]}"


def _no_leak(r, what):
    m = _LEAK.search(r.text)
    assert not m, f"{r.where} {what}: response {r.status} leaks internals ({m.group(0)!r}): {r.text[:300]}"


def _pick_id(r, field):
    data = r.json()
    for d in (data, (data or {}).get("data") if isinstance(data, dict) else None):
        if isinstance(d, dict) and d.get(field) is not None:
            return d[field]
    loc = r.headers.get("Location") if r.headers else None
    return loc.rstrip("/").rsplit("/", 1)[-1] if loc else None


def _track(r, delete_template, field, values):
    """Remember a record this test created by accident or on purpose, to delete it at the end.
    An answer that is a list names no one record: its Location is not trusted to name ours."""
    if delete_template and 200 <= r.status < 300 and not isinstance(r.json(), list):
        rid = _pick_id(r, field)
        if rid is not None:
            _created.append(_path(delete_template, dict(values, __id__=rid)))


def _shape(value, schema, at="$", out=None):
    out = [] if out is None else out
    if not isinstance(schema, dict) or len(out) > 5:
        return out
    t = schema.get("type")
    if value is None:
        if t and not schema.get("nullable"):
            out.append(at + " is null")
        return out
    kinds = {"object": dict, "array": list, "string": str, "boolean": bool, "integer": int, "number": (int, float)}
    if t in kinds and (not isinstance(value, kinds[t]) or (t in ("integer", "number") and isinstance(value, bool))):
        out.append(f"{at} is {type(value).__name__}, expected {t}")
        return out
    if isinstance(value, dict):
        for k in schema.get("required") or []:
            if k not in value:
                out.append(f"{at}.{k} is missing")
        for k, s in (schema.get("properties") or {}).items():
            if k in value:
                _shape(value[k], s, at + "." + k, out)
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, v in enumerate(value[:5]):
            _shape(v, schema["items"], f"{at}[{i}]", out)
    return out


def _check_shape(r, schema, what):
    problems = _shape(r.json(), schema)
    assert not problems, f"{r.where} {what}: response does not match the documented schema: {'; '.join(problems)}"


def _bad_auth():
    """A credential of the configured scheme that the server cannot know."""
    bad = {}
    for k, v in (_AUTH or {"Authorization": "Bearer x"}).items():
        if k.lower() == "authorization" and str(v).lower().startswith("basic "):
            bad[k] = "Basic " + base64.b64encode(b"svc-invalid:wrong-password").decode()
        elif k.lower() == "authorization":
            bad[k] = str(v).split(" ", 1)[0] + " svc-invalid-" + _UNIQ
        else:
            bad[k] = "svc-invalid-" + _UNIQ
    return bad


def _wrong_scheme():
    """The configured credential sent under another scheme."""
    v = next(iter(_AUTH.values()), "svc-credential")
    scheme, _, cred = str(v).partition(" ")
    if scheme.lower() == "bearer":
        return {"Authorization": "Basic " + base64.b64encode((cred + ":").encode()).decode()}
    if scheme.lower() == "basic":
        return {"Authorization": "Bearer " + cred}
    return {"Authorization": "Bearer " + str(v)}


def _cleanup():
    # Unwinding from a failed assertion: let the clock move past it (timestamps are per millisecond),
    # so the failure's evidence is the request the assertion judged, not these DELETEs.
    if _created and sys.exc_info()[0] is not None:
        time.sleep(0.005)
    # A record this test deleted itself is not deleted again: a server that reuses ids may have
    # given that id to another test's record since.
    for p in reversed(_created):
        if p in _gone:
            continue
        try:
            _call("DELETE", p)
        except Exception:
            pass
`;
