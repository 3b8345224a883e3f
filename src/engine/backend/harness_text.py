"""Text handling for recorded HTTP traffic: secret masking, error descriptions, body decoding."""
import datetime
import zlib

BODY_CAP = 64 * 1024          # recorded text per body
SENSITIVE_HEADERS = {'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token'}


def now_iso():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='milliseconds').replace('+00:00', 'Z')


def mask_value(value):
    return '****' + value[-4:] if len(value) >= 12 else '****'


class Masker:
    """Hides secrets: whole values of sensitive headers, literal secret values anywhere."""

    def __init__(self, literals=(), header_names=()):
        lits = {s for s in literals if isinstance(s, str) and len(s) >= 4}
        self.literals = sorted(lits, key=len, reverse=True)
        self.headers = SENSITIVE_HEADERS | {h.lower() for h in header_names if isinstance(h, str)}

    def text(self, s):
        if not s or not self.literals:
            return s
        for lit in self.literals:
            if lit in s:
                s = s.replace(lit, mask_value(lit))
        return s

    def headers_dict(self, pairs):
        out = {}
        for name, value in pairs:
            value = mask_value(value) if name.lower() in self.headers and value else self.text(value)
            out[name] = out[name] + ', ' + value if name in out else value
        return out


def describe_error(exc):
    """The innermost OS-level cause reads best: 'ConnectionRefusedError: [Errno 111] ...'."""
    seen, cur, best = set(), exc, exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if isinstance(cur, OSError) and type(cur).__module__ in ('builtins', 'socket', 'ssl'):
            best = cur
        cur = cur.__cause__ or cur.__context__
    return '%s: %s' % (type(best).__name__, best)


def dechunk(raw):
    out, i = bytearray(), 0
    while i < len(raw):
        j = raw.find(b'\r\n', i)
        if j < 0:
            break
        try:
            size = int(raw[i:j].split(b';')[0].strip() or b'0', 16)
        except ValueError:
            return bytes(raw)
        if size == 0:
            break
        out += raw[j + 2:j + 2 + size]
        i = j + 2 + size + 2
    return bytes(out)


def decode_body(data, encoding=None, total=None):
    """Bytes to recorded text: decompressed, UTF-8 (or a binary note), capped at BODY_CAP.

    total is the full size when only a prefix was kept (None when unknown)."""
    enc = (encoding or '').lower().strip()
    if data and enc in ('gzip', 'x-gzip', 'deflate'):
        try:
            d = zlib.decompressobj(47 if enc != 'deflate' else 15)
            data, total = d.decompress(data, BODY_CAP + 1), None
        except zlib.error:
            try:
                data, total = zlib.decompressobj(-15).decompress(data, BODY_CAP + 1), None
            except zlib.error:
                return '[%s-encoded body, %d bytes]' % (enc, len(data))
    elif data and enc and enc != 'identity':
        return '[%s-encoded body, %d bytes]' % (enc, len(data))
    clipped = data[:BODY_CAP]
    try:
        text = clipped.decode('utf-8')
    except UnicodeDecodeError as e:
        if e.start < len(clipped) - 4 or b'\x00' in clipped:
            return '[binary body, %d bytes]' % (total if total is not None else len(data))
        text = clipped.decode('utf-8', 'ignore')
    if total is not None and total > len(clipped):
        text += '\n[truncated: %d bytes in total]' % total
    elif len(data) > BODY_CAP:
        text += '\n[truncated at %d KB]' % (BODY_CAP // 1024)
    return text
