"""The backend test harness (standard library only).

A backend test is Python code run top to bottom as `__main__`. Before it runs these globals exist:

    TARGET_URL, BASE_URL     the target's base URL, no trailing slash (the same string)
    __AUTH_HEADERS__         dict of headers carrying the project's credential (may be empty)
    __AUTH_TYPE__            the credential type: 'public', 'Bearer token', 'API key' or
                             'basic token'; with auto-auth 'Bearer token', 'header:<name>' or
                             'cookie:<name>'
    __AUTH_CREDENTIAL__      the raw credential, or None
    VARS                     dict of the values this test needs, by name; a missing name raises
                             VariableNotFound (a KeyError) reading "Variable not found: <name>"
    produce(name, value)     hands a JSON-serialisable value to later tests (last call wins)
    http (alias api)         a small client resolving paths against TARGET_URL and sending
                             __AUTH_HEADERS__ by default; see harness_http.py

`import svc_checks` (lib/svc_checks.py) gives the helpers generated tests use: call, path, pick_id,
track/cleanup, leak_in, shape_problems, differences, unchanged, bad_auth, wrong_scheme.

Every HTTP call made through http.client (urllib.request, requests, urllib3, the helper) is
recorded. Each `assert` is recorded with its outcome. After top-level code, every `test_*`
function it defined but did not call is called without arguments. The first failure ends the
test. Run one job with `python3 harness.py --job DIR` (the job as JSON on stdin: it carries the
credential, so it never touches the disk); fork_server.py runs many from a warm parent. Files in
DIR: events.jsonl (what happened, one JSON object a line, written as it happens), stdout, stderr,
work/ (the test's cwd, HOME and TMPDIR).
"""
import ast
import builtins
import io
import json
import linecache
import os
import re
import sys
import tempfile
import threading
import types

HERE = os.path.dirname(os.path.abspath(__file__))
_added = HERE not in sys.path
if _added:
    sys.path.insert(0, HERE)
import harness_assert  # noqa: E402
import harness_calls  # noqa: E402
import harness_http  # noqa: E402
import harness_record  # noqa: E402
from harness_limits import apply_limits, relax_limits  # noqa: E402
from harness_outcome import failure_of, run_tests, syntax_failure  # noqa: E402
from harness_text import Masker, now_iso  # noqa: E402
if _added:
    sys.path.remove(HERE)   # the test's imports must not see the harness modules by accident
# ...but they do see lib/: svc_checks, the helpers generated tests import (documented there).
LIB = os.path.join(HERE, 'lib')
if LIB not in sys.path:
    sys.path.append(LIB)

FILENAME = 'test.py'
NAME_RE = re.compile(r'^[A-Za-z_][A-Za-z0-9_.\-]{0,127}$')
PRODUCE_CAP = 1024 * 1024
MEMORY_EXIT = 86            # the runner reads this exit status as a memory failure


class VariableNotFound(KeyError):
    def __init__(self, name, available):
        hint = 'available: ' + ', '.join(available) if available else 'this test received no variables'
        super().__init__('Variable not found: %s (%s)' % (name, hint))
        self.name = name

    def __str__(self):
        return self.args[0]


class Vars(dict):
    def __missing__(self, key):
        raise VariableNotFound(key, sorted(map(str, self)))


_encode = json.JSONEncoder(ensure_ascii=False, default=str, separators=(',', ':')).encode


class Events:
    """events.jsonl: one JSON object per line, appended with one write so a kill loses at most one."""

    def __init__(self, path):
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self.lock = threading.Lock()

    def emit(self, ev):
        line = _encode(ev) + '\n'
        view = memoryview(line.encode('utf-8', 'backslashreplace'))
        with self.lock:
            while view:
                view = view[os.write(self.fd, view):]


class CappedOut(io.RawIOBase):
    """A file descriptor that keeps the first `cap` bytes and counts the rest."""

    def __init__(self, fd, cap):
        self.fd, self.cap, self.total = fd, cap, 0

    def writable(self):
        return True

    def write(self, b):
        n = len(b)
        keep = max(0, min(n, self.cap - self.total))
        self.total += n
        view = memoryview(b)[:keep]
        while view:
            view = view[os.write(self.fd, view):]
        return n


def make_produce(events):
    def produce(name, value):
        if not isinstance(name, str) or not NAME_RE.match(name):
            raise ValueError('produce(): the variable name must be a non-empty identifier '
                             '(letters, digits, _ . -), got %r' % (name,))
        try:
            text = json.dumps(value, allow_nan=False)
        except (TypeError, ValueError) as e:
            raise TypeError('produce(%r, ...): the value must be JSON-serialisable (str, int, float, '
                            'bool, None, list, dict); got %s: %s' % (name, type(value).__name__, e)) from None
        if len(text) > PRODUCE_CAP:
            raise ValueError('produce(%r, ...): the value is %d bytes as JSON; the limit is %d'
                             % (name, len(text), PRODUCE_CAP))
        events.emit({'e': 'produce', 'name': name, 'value': json.loads(text)})
        return value
    return produce


class Stdio:
    """The test's sys.stdout, sys.stderr (capped, over descriptors 1 and 2) and sys.stdin (empty).

    A fork server builds them once, unused, so each test takes them as they are (see warm())."""

    def __init__(self):
        self.outs = [CappedOut(fd, 0) for fd in (1, 2)]
        self.streams = [io.TextIOWrapper(raw, encoding='utf-8', errors='backslashreplace', write_through=True)
                        for raw in self.outs]
        self.stdin = open(os.devnull)


_stdio = None


def redirect_output(job_dir, cap):
    global _stdio
    for fd, name in ((1, 'stdout'), (2, 'stderr')):
        f = os.open(os.path.join(job_dir, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(f, fd)
        os.close(f)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    if _stdio is None:
        _stdio = Stdio()
    for raw in _stdio.outs:
        raw.cap, raw.total = cap, 0
    sys.stdout, sys.stderr = _stdio.streams
    sys.stdin = _stdio.stdin
    return _stdio.outs


def execute(job, events):
    """Runs the test code; returns the end event's fields (verdict, failure, trace)."""
    code, auth = job['code'], job.get('auth') or {}
    masker = Masker(job.get('maskLiterals') or [], job.get('maskHeaders') or [])
    recorder = harness_calls.Recorder(events.emit, masker)
    harness_record.install()
    harness_record.activate(recorder)
    asserts = harness_assert.Asserts(events.emit, masker)
    ran = []

    def mark_ran(name):
        if name not in ran:
            ran.append(name)
            events.emit({'e': 'fn', 'name': name})

    target = str(job.get('targetUrl') or '').rstrip('/')
    helper = harness_http.Http(target, auth.get('headers') or {})
    module = types.ModuleType('__main__')
    module.__dict__.update({
        '__file__': FILENAME, '__builtins__': builtins, 'TARGET_URL': target, 'BASE_URL': target,
        '__AUTH_HEADERS__': dict(auth.get('headers') or {}), '__AUTH_TYPE__': auth.get('type') or 'none',
        '__AUTH_CREDENTIAL__': auth.get('credential'), 'VARS': Vars(job.get('vars') or {}),
        'VariableNotFound': VariableNotFound, 'produce': make_produce(events), 'http': helper, 'api': helper,
        '__svc_check__': asserts.check, '__svc_compare__': asserts.compare,
        '__svc_failmsg__': asserts.failmsg, '__svc_ran__': mark_ran,
        '__svc_record__': lambda url, method, via: events.emit({'e': 'record', 'url': str(url), 'method': str(method), 'via': str(via), 'at': now_iso()}),
    })
    sys.modules['__main__'] = module
    linecache.cache[FILENAME] = (len(code), None, code.splitlines(True), FILENAME)
    try:
        compiled = compile(harness_assert.rewrite(ast.parse(code, FILENAME), code), FILENAME, 'exec')
    except (SyntaxError, ValueError) as e:
        return syntax_failure(e)
    try:
        run_tests(compiled, module.__dict__, ran, FILENAME)
        outcome = {'verdict': 'passed'}
    except BaseException as e:  # noqa: B902 - every way a test can end is a verdict
        outcome = failure_of(e, FILENAME, HERE, job.get('memoryMb'))
    recorder.flush()
    outcome.update(testFunctions=ran, assertionsNotRecorded=asserts.dropped)
    return outcome


def run_job(job_dir, job):
    """Runs one job in this process and returns the exit status for os._exit."""
    outs = redirect_output(job_dir, int(job.get('outputCap') or 1024 * 1024))
    events = Events(os.path.join(job_dir, 'events.jsonl'))
    work = os.path.join(job_dir, 'work')
    try:
        os.mkdir(work, 0o700)
    except FileExistsError:
        pass
    os.chdir(work)
    os.environ['HOME'] = os.environ['TMPDIR'] = work     # (update() costs ten times as much)
    tempfile.tempdir = None
    sys.argv = [FILENAME]
    apply_limits(job.get('memoryMb'))
    events.emit({'e': 'start', 'pid': os.getpid(), 'at': now_iso()})
    try:
        outcome = execute(job, events)
    except MemoryError:
        return MEMORY_EXIT
    relax_limits()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    # What went through sys.stdout/sys.stderr, or what the files hold when more was written to
    # the descriptors directly (by a process the test started): 0 tells svc not to read them.
    sizes = []
    for out in outs:
        try:
            sizes.append(max(out.total, os.fstat(out.fd).st_size))
        except OSError:
            sizes.append(out.total)
    outcome.update(stdoutBytes=sizes[0], stderrBytes=sizes[1], at=now_iso())
    events.emit(dict(outcome, e='end'))
    return 0


def warm(rehearsals=1):
    """Imports what tests commonly use, then runs a typical test `rehearsals` times (see
    _rehearse), so that a test started from here finds it loaded and set up. A fork server, whose
    every child inherits it, rehearses REHEARSALS times; a process for one test, once."""
    import asyncio  # noqa: F401
    import inspect  # noqa: F401
    import ssl  # noqa: F401
    import urllib.request  # noqa: F401
    import svc_checks  # noqa: F401
    try:
        import requests  # noqa: F401
    except Exception:
        pass
    harness_record.install()
    _rehearse(rehearsals)
    global _stdio
    _stdio = Stdio()


# What a test commonly does: read a variable, call the target through the helper, svc_checks and
# urllib, assert on the answers, produce a value; and a test_* function left for the harness to call.
REHEARSAL = '''
import json, urllib.request
import svc_checks
prev = VARS['n']
r = http.get('/items', params={'q': 'x'})
assert r.status == 200, r.text
assert r.json()['ok'] is True
a = svc_checks.call('POST', '/items', {'name': 'x'})
assert a.status in (200, 201) and a.json() == {'ok': True}
req = urllib.request.Request(TARGET_URL + '/items/1', data=b'{}', method='PUT',
                             headers={'Content-Type': 'application/json', 'Accept': 'application/json'})
with urllib.request.urlopen(req, timeout=5) as u:
    json.loads(u.read())
produce('n2', prev + 1)


def test_more():
    assert http.post('/items', json={'n': 1}).status == 200
'''
REHEARSALS = 10          # in a fork server; more gain little (measured: 10 vs 30)


def _rehearse(times):
    """Runs a typical test (REHEARSAL) through execute() in this process `times` times, its
    calls answered from memory over socket pairs and its events dropped. Whatever a test's first
    run sets up (compiled patterns, the default opener, lazy imports, the interpreter's caches and
    specialised bytecode of the harness and the HTTP stack) is then inherited by every forked test
    instead of being redone (and its pages copied) in each: about a tenth of a test's CPU."""
    import socket
    reply = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{"ok": true}'
    peers = []
    tunnel = getattr(socket.create_connection, '__module__', '') == 'harness_egress'

    class Pair(socket.socket):
        def setsockopt(self, level, *args):
            return None if level == socket.IPPROTO_TCP else super().setsockopt(level, *args)

    def answered(*_args, **_kwargs):
        ours, theirs = socket.socketpair()
        peers.append(theirs)
        if not tunnel:
            theirs.sendall(reply)
            return Pair(fileno=ours.detach())
        # Through svc's egress proxy (the sandbox): its reply to CONNECT comes first.
        import harness_egress
        theirs.sendall(b'HTTP/1.1 200 Connection established\r\n\r\n' + reply)
        sock = harness_egress._Tunnel(fileno=ours.detach())
        harness_egress._read_head(sock)
        return sock

    real, main = socket.create_connection, sys.modules.get('__main__')
    socket.create_connection = answered
    job = {'code': REHEARSAL, 'targetUrl': 'http://svc.invalid', 'vars': {'n': 1},
           'auth': {'headers': {'Authorization': 'Bearer rehearsal'}, 'type': 'Bearer token', 'credential': 'rehearsal'}}
    events = Events(os.devnull)
    try:
        socket.getaddrinfo('127.0.0.1', 80, 0, socket.SOCK_STREAM)    # the host's codec (idna) lookup
        for _ in range(times):
            execute(job, events)
            for p in peers:
                p.close()
            peers.clear()
    except Exception:
        pass                            # an optimisation: a test works without it
    finally:
        socket.create_connection = real
        harness_record.activate(None)
        os.close(events.fd)
        linecache.cache.pop(FILENAME, None)
        if main is not None:
            sys.modules['__main__'] = main
        for p in peers:
            p.close()
        import svc_checks
        for state in (svc_checks._created, svc_checks._gone, svc_checks._own, svc_checks._read):
            state.clear()


if __name__ == '__main__':
    if len(sys.argv) != 3 or sys.argv[1] != '--job':
        sys.stderr.write('usage: harness.py --job DIR\n')
        sys.exit(2)
    status = 70
    try:
        status = run_job(sys.argv[2], json.loads(sys.stdin.buffer.read()))
    except MemoryError:
        status = MEMORY_EXIT
    finally:
        os._exit(status)    # do not wait for threads the test left running
