"""Running the compiled test and turning how it ended into a verdict.

Top-level code runs first; then every `test_*` function defined in the test (not imported) that
has not run yet is called without arguments, in source order. sys.exit(0) ends a stage quietly;
any other exit status, exception or failed assertion ends the test as failed.
"""
import inspect
import traceback

from harness_assert import is_test_name
from harness_limits import relax_limits

TRACE_CAP = 64 * 1024
OWN_TYPES = ('builtins', '__main__', 'harness')


def run_tests(compiled, g, ran, filename):
    try:
        exec(compiled, g)
    except SystemExit as e:
        if e.code not in (None, 0):
            raise
    for name in _uncalled(g, ran, filename):
        if name in ran:
            continue                     # an earlier test function called it
        try:
            _call(name, g[name])
        except SystemExit as e:
            if e.code not in (None, 0):
                raise


def _uncalled(g, ran, filename):
    found = []
    for name, obj in list(g.items()):
        if not is_test_name(name) or name in ran or not callable(obj):
            continue
        code = getattr(inspect.unwrap(obj), '__code__', None)
        if code is not None and code.co_filename == filename:
            found.append((code.co_firstlineno, name))
    return [name for _, name in sorted(found)]


def _call(name, fn):
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        params = []
    required = [p.name for p in params if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if required:
        raise TypeError('%s() takes arguments (%s); test functions are called without arguments'
                        % (name, ', '.join(required)))
    result = fn()
    if inspect.isawaitable(result):
        import asyncio

        async def wait():
            return await result
        asyncio.run(wait())


def type_name(e):
    t = type(e)
    return t.__qualname__ if t.__module__ in OWN_TYPES else '%s.%s' % (t.__module__, t.__qualname__)


def _test_line(tb, filename):
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def format_trace(e, harness_dir):
    """The traceback without the harness's own frames, capped (the end matters most)."""
    top = traceback.TracebackException(type(e), e, e.__traceback__)
    pending, seen = [top], set()
    while pending:
        te = pending.pop()
        if te is None or id(te) in seen:
            continue
        seen.add(id(te))
        te.stack = traceback.StackSummary.from_list(
            [f for f in te.stack if not f.filename.startswith(harness_dir + '/')])
        pending += [te.__cause__, te.__context__]
    text = ''.join(top.format())
    return text if len(text) <= TRACE_CAP else '[…]\n' + text[-TRACE_CAP:]


def failure_of(e, filename, harness_dir, memory_mb):
    if isinstance(e, MemoryError):
        relax_limits()
    line = _test_line(e.__traceback__, filename)
    detail = str(e)
    if isinstance(e, MemoryError):
        kind, message = 'memory', 'MemoryError: the test went over its memory limit of %s MB' % memory_mb
    elif isinstance(e, AssertionError):
        kind, message = 'assertion', detail or 'AssertionError'
    elif isinstance(e, SystemExit):
        kind, message = 'exception', 'SystemExit: the test called sys.exit(%r)' % (e.code,)
    else:
        kind, message = 'exception', '%s: %s' % (type_name(e), detail) if detail else type_name(e)
    failure = {'kind': kind, 'message': message, 'exceptionType': type_name(e)}
    if line is not None:
        failure['line'] = line
    return {'verdict': 'failed', 'failure': failure, 'trace': format_trace(e, harness_dir)}


def syntax_failure(e):
    line = getattr(e, 'lineno', None)
    message = '%s: %s' % (type(e).__name__, getattr(e, 'msg', None) or e)
    failure = {'kind': 'syntax', 'message': message + (' (line %d)' % line if line else ''),
               'exceptionType': type(e).__name__}
    if line:
        failure['line'] = line
    return {'verdict': 'failed', 'failure': failure, 'trace': ''.join(traceback.format_exception_only(type(e), e))}
