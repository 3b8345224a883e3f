"""The `http` helper a backend test gets (also bound as `api`).

    r = http.get('/users', params={'page': 2})           # TARGET_URL + '/users?page=2'
    r = http.post('/users', json={'name': 'Ada'})         # sends __AUTH_HEADERS__ by default
    r = http.delete(f"/users/{VARS['user_id']}", auth=False)
    r.status, r.status_code, r.ok, r.headers['content-type'], r.text, r.content, r.json(), r.elapsed_ms

A path is appended to TARGET_URL (so a base URL with a path prefix keeps it); a full URL is used
as is. Keyword arguments: params, json, data (dict → form, str or bytes → raw), headers (win over
the auth headers; a None value drops a header), auth=True, timeout=30, allow_redirects=True,
verify=True. HTTP error statuses are returned, never raised. It is built on urllib.request, so its
calls are recorded like any other. Attributes it does not define come from the standard `http`
package, so `http.HTTPStatus.CREATED` still works.
"""
import http as _stdlib_http
import json as _json
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request


_OPENERS = {}


def _opener(allow_redirects, verify):
    """Openers hold no state between requests: one per kind, built once (in the warm parent)."""
    key = (allow_redirects, verify)
    if key not in _OPENERS:
        from svc_checks import AnswerEveryStatus    # lib/ is on the path once the harness is loaded
        handlers = [AnswerEveryStatus()] if allow_redirects else [AnswerEveryStatus(), _NoRedirect()]
        if not verify:
            handlers.append(urllib.request.HTTPSHandler(context=ssl._create_unverified_context()))
        _OPENERS[key] = urllib.request.build_opener(*handlers)
    return _OPENERS[key]


class Headers(dict):
    """Response headers; lookups ignore case."""

    def __getitem__(self, key):
        return dict.__getitem__(self, key.lower())

    def get(self, key, default=None):
        return dict.get(self, key.lower(), default)

    def __contains__(self, key):
        return dict.__contains__(self, key.lower())


class Response:
    def __init__(self, method, url, status, reason, headers, content, elapsed_ms):
        self.method, self.url, self.status, self.reason = method, url, status, reason
        self.status_code = status
        self.headers = Headers()
        for name, value in headers:
            key = name.lower()
            self.headers[key] = self.headers[key] + ', ' + value if key in self.headers else value
        self.content, self.elapsed_ms = content, elapsed_ms

    @property
    def ok(self):
        return self.status < 400

    @property
    def text(self):
        return self.content.decode('utf-8', 'replace')

    def json(self):
        try:
            return _json.loads(self.text)
        except ValueError:
            raise ValueError('response body of %s %s (status %d) is not JSON: %r'
                             % (self.method, self.url, self.status, self.text[:200])) from None

    def raise_for_status(self):
        if not self.ok:
            raise AssertionError('%s %s returned %d %s' % (self.method, self.url, self.status, self.reason))

    def __repr__(self):
        return '<Response %d %s %s>' % (self.status, self.method, self.url)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **kw):
        return None


class Http:
    def __init__(self, base_url, auth_headers):
        self.base_url, self.auth_headers = base_url, dict(auth_headers)

    def url(self, path_or_url):
        if '://' in path_or_url:
            return path_or_url
        return self.base_url + ('/' + path_or_url.lstrip('/') if path_or_url else '')

    def request(self, method, path, params=None, json=None, data=None, headers=None, auth=True,
                timeout=30, allow_redirects=True, verify=True):
        method, url = method.upper(), self.url(path)
        if params:
            url += ('&' if '?' in url else '?') + urllib.parse.urlencode(params, doseq=True)
        hdrs = {'User-Agent': 'svc-backend-test'}
        # The credential goes to the target only: not to another host, nor along a redirect.
        own = urllib.parse.urlsplit(url).netloc == urllib.parse.urlsplit(self.base_url).netloc
        secret = dict(self.auth_headers) if auth and own else {}
        body = None
        if json is not None:
            body, hdrs['Content-Type'] = _json.dumps(json).encode('utf-8'), 'application/json'
        elif isinstance(data, dict):
            body = urllib.parse.urlencode(data, doseq=True).encode('utf-8')
            hdrs['Content-Type'] = 'application/x-www-form-urlencoded'
        elif data is not None:
            body = data.encode('utf-8') if isinstance(data, str) else data
        for name, value in (headers or {}).items():
            for existing in [k for k in hdrs if k.lower() == name.lower()]:
                del hdrs[existing]
            if value is not None:
                hdrs[name] = str(value)
        named = {h.lower() for h in hdrs} | {h.lower() for h in (headers or {})}
        for name in [k for k in secret if k.lower() in named]:
            del secret[name]                  # the caller's own header (or None, to drop it) wins
        req = urllib.request.Request(url, data=body, headers=hdrs, method=method)
        for name, value in secret.items():
            req.add_unredirected_header(name, value)
        t0 = time.monotonic()
        try:
            r = _opener(bool(allow_redirects), bool(verify)).open(req, timeout=timeout)
        except urllib.error.HTTPError as e:
            r = e
        with r:
            content = r.read()
        return Response(method, url, r.status, r.reason or '', r.headers.items(), content,
                        round((time.monotonic() - t0) * 1000, 1))

    def get(self, path, **kw):
        return self.request('GET', path, **kw)

    def post(self, path, **kw):
        return self.request('POST', path, **kw)

    def put(self, path, **kw):
        return self.request('PUT', path, **kw)

    def patch(self, path, **kw):
        return self.request('PATCH', path, **kw)

    def delete(self, path, **kw):
        return self.request('DELETE', path, **kw)

    def head(self, path, **kw):
        return self.request('HEAD', path, **kw)

    def options(self, path, **kw):
        return self.request('OPTIONS', path, **kw)

    def __getattr__(self, name):
        return getattr(_stdlib_http, name)
