"""HTTP recording for backend tests, at the http.client level.

urllib.request, requests and urllib3 all end in http.client.HTTPConnection, so patching its
putrequest/putheader/send/getresponse sees every call they make. The response body is recorded
by teeing the response's socket file as the caller reads it, so streaming and lazy reads keep
working; bodies the test never read are drained (bounded) when the test ends. urllib3 connects
HTTPS sockets before putrequest, so its pool's _make_request is wrapped too, to record connection
failures that never reached http.client. Recording is off until activate() is called, so a fork
server can import and patch once and stay silent itself.
"""
import http.client
import threading
import time
from urllib.parse import urlsplit

from harness_text import Masker, decode_body, dechunk, describe_error, now_iso

RAW_CAP = 1024 * 1024          # raw response bytes kept for decoding (compressed bodies grow)
REQ_CAP = 80 * 1024            # request header block + body prefix kept

_active = None                 # the Recorder of the running test, or None


class Recorder:
    def __init__(self, emit, masker=None):
        self.emit = emit
        self.masker = masker or Masker()
        self.lock = threading.Lock()
        self.seq = 0
        self.open_tees = set()

    def next_seq(self):
        with self.lock:
            self.seq += 1
            return self.seq

    def error_call(self, method, url, headers, body, exc):
        call = Call(self, method, url)
        for name, value in (headers or {}).items():
            call.add_header(name, (value,))
        if isinstance(body, str):
            body = body.encode('utf-8')
        call.add_sent(b'\r\n\r\n' + (body if isinstance(body, (bytes, bytearray)) else b''))
        call.fail(exc)

    def flush(self, drain_timeout=1.0):
        """At the end of a test: read what is cheaply readable of unread bodies, then emit them."""
        for tee in list(self.open_tees):
            resp = tee.resp
            try:
                if resp.fp is tee and resp.length is not None and 0 < resp.length <= RAW_CAP:
                    sock = getattr(getattr(tee.fp, 'raw', None), '_sock', None)
                    if sock is not None:
                        sock.settimeout(drain_timeout)
                    resp.read()
            except Exception:
                pass
            tee.finish(incomplete=True)


class Call:
    def __init__(self, rec, method, url):
        self.rec, self.seq = rec, rec.next_seq()
        self.method, self.url = method, url
        self.headers, self.sent, self.sent_total, self.streamed = [], bytearray(), 0, False
        self.t0, self.started_at = time.monotonic(), now_iso()
        self.req_emitted = False

    def ms(self):
        return round((time.monotonic() - self.t0) * 1000, 1)

    def add_header(self, name, values):
        name = name.decode('latin-1') if isinstance(name, bytes) else str(name)
        vals = [v.decode('latin-1') if isinstance(v, bytes) else str(v) for v in values]
        self.headers.append((name, ', '.join(vals)))

    def add_sent(self, data):
        if not isinstance(data, (bytes, bytearray, memoryview)):
            self.streamed = True
            return
        data = bytes(data)
        if not self.sent and data.startswith(b'CONNECT '):
            return                                  # proxy tunnel set-up, not this request
        self.sent_total += len(data)
        room = REQ_CAP - len(self.sent)
        if room > 0:
            self.sent += data[:room]

    def emit_request(self):
        if self.req_emitted:
            return
        self.req_emitted = True
        m = self.rec.masker
        end = self.sent.find(b'\r\n\r\n')
        body = bytes(self.sent[end + 4:]) if end >= 0 else b''
        total = self.sent_total - (end + 4 if end >= 0 else 0)
        if any(n.lower() == 'transfer-encoding' and 'chunked' in v.lower() for n, v in self.headers):
            body, total = dechunk(body), None
        text = decode_body(body, None, total) if body else ('[streamed body]' if self.streamed else None)
        url = m.text(self.url)
        self.rec.emit({'e': 'req', 'seq': self.seq, 'method': self.method, 'url': url,
                       'path': urlsplit(url).path or '/', 'requestHeaders': m.headers_dict(self.headers),
                       'requestBody': m.text(text), 'startedAt': self.started_at})

    def fail(self, exc):
        self.emit_request()
        self.rec.emit({'e': 'err', 'seq': self.seq, 'error': self.rec.masker.text(describe_error(exc)),
                       'latencyMs': self.ms()})

    def respond(self, resp):
        self.emit_request()
        headers = [(str(n), str(v)) for n, v in resp.msg.items()]
        self.rec.emit({'e': 'resp', 'seq': self.seq, 'status': resp.status, 'latencyMs': self.ms(),
                       'responseHeaders': self.rec.masker.headers_dict(headers)})
        if resp.length == 0 or resp.fp is None:
            self.rec.emit({'e': 'body', 'seq': self.seq, 'responseBody': ''})
        else:
            resp.fp = _Tee(resp.fp, self, resp)


class _Tee:
    """Stands in for HTTPResponse.fp: passes every read through and keeps a copy of the bytes."""

    def __init__(self, fp, call, resp):
        self.fp, self.call, self.resp = fp, call, resp
        self.buf, self.total, self.done = bytearray(), 0, False
        call.rec.open_tees.add(self)

    def _keep(self, data):
        if data:
            self.total += len(data)
            room = RAW_CAP - len(self.buf)
            if room > 0:
                self.buf += data[:room]
        return data

    def read(self, *a):
        return self._keep(self.fp.read(*a))

    def read1(self, *a):
        return self._keep(self.fp.read1(*a))

    def readline(self, *a):
        return self._keep(self.fp.readline(*a))

    def readinto(self, b):
        n = self.fp.readinto(b)
        if n:
            self._keep(bytes(memoryview(b)[:n]))
        return n

    def readinto1(self, b):
        n = self.fp.readinto1(b)
        if n:
            self._keep(bytes(memoryview(b)[:n]))
        return n

    def peek(self, *a):
        return self.fp.peek(*a)

    def close(self):
        try:
            self.fp.close()
        finally:
            self.finish(incomplete=bool(self.resp.length))

    def __getattr__(self, name):
        return getattr(self.fp, name)

    def finish(self, incomplete=False):
        if self.done:
            return
        self.done = True
        self.call.rec.open_tees.discard(self)
        raw, total = bytes(self.buf), self.total
        if self.resp.chunked:
            raw, total = dechunk(raw), None
        text = decode_body(raw, self.resp.getheader('content-encoding'), total)
        if incomplete:
            text += '\n[the test did not read this body to the end]'
        self.call.rec.emit({'e': 'body', 'seq': self.call.seq, 'responseBody': self.call.rec.masker.text(text)})


def activate(recorder):
    global _active
    _active = recorder



_orig = {}


def _putrequest(self, method, url, *a, **kw):
    if _active is not None:
        self._svc_call = Call(_active, method, _full_url(self, url))
        self._svc_attempts = getattr(self, '_svc_attempts', 0) + 1
    return _orig['putrequest'](self, method, url, *a, **kw)


def _putheader(self, header, *values):
    call = getattr(self, '_svc_call', None)
    if call is not None:
        call.add_header(header, values)
    return _orig['putheader'](self, header, *values)


def _send(self, data):
    call = getattr(self, '_svc_call', None)
    if call is not None:
        call.add_sent(data)
    try:
        return _orig['send'](self, data)
    except BaseException as e:
        if call is not None:
            call.fail(e)              # kept on the connection: a response may still follow
        raise


def _getresponse(self, *a, **kw):
    call = getattr(self, '_svc_call', None)
    if call is None:
        return _orig['getresponse'](self, *a, **kw)
    self._svc_call = None
    call.emit_request()
    try:
        resp = _orig['getresponse'](self, *a, **kw)
    except BaseException as e:
        call.fail(e)
        raise
    call.respond(resp)
    return resp


def _wrap_make_request(orig):
    """urllib3 opens HTTPS sockets before putrequest: record failures that never reached it."""
    def _make_request(self, conn, method, url, *a, **kw):
        before = getattr(conn, '_svc_attempts', 0)
        try:
            return orig(self, conn, method, url, *a, **kw)
        except BaseException as e:
            if _active is not None and getattr(conn, '_svc_attempts', 0) == before:
                body = kw.get('body', a[0] if a else None)
                headers = kw.get('headers', a[1] if len(a) > 1 else None)
                _active.error_call(method, _join(self.scheme, self.host, self.port, url), headers, body, e)
            raise
    _make_request._svc = True
    return _make_request


def install():
    """Patch once per process; idempotent."""
    C = http.client.HTTPConnection
    if not _orig:
        for name, fn in (('putrequest', _putrequest), ('putheader', _putheader), ('send', _send),
                         ('getresponse', _getresponse)):
            _orig[name] = getattr(C, name)
            setattr(C, name, fn)
    try:
        import urllib3.connectionpool as pool
    except Exception:
        return
    P = pool.HTTPConnectionPool
    if hasattr(P, '_make_request') and not getattr(P._make_request, '_svc', False):
        P._make_request = _wrap_make_request(P._make_request)


def _full_url(conn, target):
    if target.startswith(('http://', 'https://')):
        return target
    host, port = conn.host, conn.port
    if getattr(conn, '_tunnel_host', None):
        host, port = conn._tunnel_host, conn._tunnel_port
    https = isinstance(conn, http.client.HTTPSConnection) or getattr(conn, 'default_port', 80) == 443
    return _join(('https' if https else 'http'), host, port, target)


def _join(scheme, host, port, target):
    host = '[%s]' % host if host and ':' in host and not host.startswith('[') else host
    default = 443 if scheme == 'https' else 80
    netloc = host if port in (None, default) else '%s:%s' % (host, port)
    return '%s://%s%s' % (scheme, netloc, target if target.startswith('/') else '/' + target)
