"""What one recorded HTTP call is made of: the request as sent, the response as the test reads it.

The response body is recorded by teeing the response's socket file (HTTPResponse.fp) as the
caller reads it, so streaming and lazy reads keep working. A small body the test dropped unread is
read on close, and at the end of the test whatever is still unread is drained for a moment.
Events go out as they happen: 'req' when the request is sent, 'resp' at the response headers,
'body' once the body is complete, 'err' for a transport error.
"""
import threading
import time
from urllib.parse import urlsplit

from harness_text import Masker, decode_body, dechunk, describe_error, now_iso

RAW_CAP = 1024 * 1024          # raw response bytes kept for decoding (compressed bodies grow)
REQ_CAP = 80 * 1024            # request header block + body prefix kept


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
        """At the end of a test: read (briefly) what is left of bodies it never read, then emit them."""
        for tee in list(self.open_tees):
            resp = tee.resp
            if resp.fp is tee:
                with _socket_timeout(tee.fp, drain_timeout):
                    try:
                        resp.read()
                    except Exception:
                        pass
            tee.finish(incomplete=True)


class _socket_timeout:
    """Temporarily bounds reads on the socket under a response file, if there is one."""

    def __init__(self, fp, timeout):
        self.sock = getattr(getattr(fp, 'raw', None), '_sock', None)
        self.timeout, self.saved = timeout, None

    def __enter__(self):
        if self.sock is not None:
            try:
                self.saved = self.sock.gettimeout()
                self.sock.settimeout(self.timeout)
            except OSError:
                self.sock = None

    def __exit__(self, *exc):
        if self.sock is not None:
            try:
                self.sock.settimeout(self.saved)
            except OSError:
                pass


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
        remaining = self.resp.length
        if remaining and remaining <= RAW_CAP and not self.done:
            # Closed before the end (often a response the test dropped unread): the rest of a small
            # body is usually already here, so keep it for the record.
            with _socket_timeout(self.fp, 0.25):
                try:
                    remaining -= len(self.read(remaining))
                except Exception:
                    pass
        try:
            self.fp.close()
        finally:
            self.finish(incomplete=bool(remaining))

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
