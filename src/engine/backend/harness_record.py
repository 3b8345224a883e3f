"""HTTP recording for backend tests, at the http.client level.

urllib.request, requests and urllib3 all end in http.client.HTTPConnection, so patching its
putrequest/putheader/send/getresponse sees every call they make (harness_calls.py keeps each
call's details). urllib3 connects
HTTPS sockets before putrequest, so its pool's _make_request is wrapped too, to record connection
failures that never reached http.client. Recording is off until activate() is called, so a fork
server can import and patch once and stay silent itself.
"""
import http.client
import re

from harness_calls import Call

_active = None                 # the Recorder of the running test, or None
_installed = False


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


# A header line the email parser would read as a field (its headerRE, less the unix-from case).
_FIELD = re.compile(r'[\041-\071\073-\176]+:')


def _parse_headers(fp, _class=http.client.HTTPMessage):
    """http.client.parse_headers without the email package's feed parser, which costs a test
    process about a millisecond a response: the same message for well-formed heads (fields,
    folded lines, a blank line to end them); anything else goes to the email parser as before."""
    lines = http.client._read_headers(fp)
    if lines[-1] not in (b'\r\n', b'\n'):
        return _orig['parse_headers'](_Replay(lines), _class)
    fields = []
    for raw in lines[:-1]:
        line = raw.decode('iso-8859-1')
        if line[0] in ' \t' and fields:
            fields[-1].append(line)
        elif _FIELD.match(line) and not line.startswith('From '):
            fields.append([line])
        else:
            return _orig['parse_headers'](_Replay(lines), _class)
    msg = _class()
    for parts in fields:
        msg.set_raw(*msg.policy.header_source_parse(parts))
    msg.set_payload('')
    return msg


class _Replay:
    """The header lines already read, handed to the original parser as the file it reads."""

    def __init__(self, lines):
        self.lines = list(lines)

    def readline(self, *_):
        return self.lines.pop(0) if self.lines else b''


def install():
    """Patch once per process; idempotent (and cheap again: every test calls it)."""
    global _installed
    if _installed:
        return
    _installed = True
    C = http.client.HTTPConnection
    _orig['parse_headers'] = http.client.parse_headers
    http.client.parse_headers = _parse_headers
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
