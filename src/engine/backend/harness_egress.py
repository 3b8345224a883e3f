"""Egress through svc: inside the sandbox there is no network, only the proxy's unix socket.

Every TCP connection a test opens through the standard library (http.client, so urllib.request)
or urllib3 (so requests) becomes a CONNECT through svc's egress proxy, which applies the server's
target policy to the destination and answers 200 (tunnel open), 403 (refused, with the reason)
or 502 (the destination could not be reached, with its errno). TLS runs end to end through the
tunnel. Raw sockets find no route out.
"""
import errno
import socket

PROXY_SOCKET = '/run/svc/egress.sock'
_ERRORS = {
    'ECONNREFUSED': ConnectionRefusedError, 'ECONNRESET': ConnectionResetError, 'ETIMEDOUT': TimeoutError,
    'EHOSTUNREACH': OSError, 'ENETUNREACH': OSError,
}


class TargetPolicyError(ConnectionRefusedError):
    """svc refused the destination: its target policy does not allow it."""


class _Tunnel(socket.socket):
    """A unix socket carrying one TCP connection; TCP-only options do not apply to it."""

    def setsockopt(self, level, optname, *args):
        if level == socket.IPPROTO_TCP:
            return None
        return super().setsockopt(level, optname, *args)


def _read_head(sock):
    """The proxy's reply head, and not a byte more: what follows it belongs to the caller."""
    head = b''
    while True:
        seen = sock.recv(8192 - len(head), socket.MSG_PEEK)
        if not seen:
            raise ConnectionResetError(errno.ECONNRESET, 'svc egress proxy closed the connection')
        end = (head + seen).find(b'\r\n\r\n')
        if end >= 0:
            head += sock.recv(end + 4 - len(head))
            break
        head += sock.recv(len(seen))
        if len(head) >= 8192:
            raise OSError(errno.EPROTO, 'svc egress proxy sent an invalid reply')
    lines = head.decode('latin-1').split('\r\n')
    fields = {}
    for line in lines[1:]:
        if ':' in line:
            k, v = line.split(':', 1)
            fields[k.strip().lower()] = v.strip()
    parts = lines[0].split(' ', 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0, fields


def connect(address, timeout=socket._GLOBAL_DEFAULT_TIMEOUT, source_address=None, *args, **kwargs):
    """socket.create_connection through the proxy: same arguments, same kinds of errors."""
    host, port = address[0], int(address[1])
    sock = _Tunnel(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        if timeout is not socket._GLOBAL_DEFAULT_TIMEOUT:
            sock.settimeout(timeout)
        sock.connect(PROXY_SOCKET)
        where = '[%s]:%d' % (host, port) if ':' in host else '%s:%d' % (host, port)
        sock.sendall(('CONNECT %s HTTP/1.1\r\nHost: %s\r\n\r\n' % (where, where)).encode('latin-1', 'replace'))
        status, fields = _read_head(sock)
    except BaseException:
        sock.close()
        raise
    if status == 200:
        return sock
    sock.close()
    if status == 403:
        raise TargetPolicyError(errno.ECONNREFUSED, 'svc refused %s: %s' % (where, fields.get('x-svc-egress', 'target policy')))
    code = fields.get('x-svc-errno', 'EIO')
    kind = _ERRORS.get(code, OSError)
    raise kind(getattr(errno, code, errno.EIO), '%s: %s' % (where, code))


def install():
    socket.create_connection = connect
    try:
        import urllib3.util.connection as u3
        u3.create_connection = lambda address, timeout=socket._GLOBAL_DEFAULT_TIMEOUT, source_address=None, socket_options=None: connect(address, timeout)
    except Exception:
        pass
