"""Assertion rewriting for backend tests, in the spirit of pytest's (much simpler).

Every `assert expr, msg` becomes `assert __svc_check__(...), __svc_failmsg__()`: the check
records the assertion (source, line, outcome, message) and the statement still raises
AssertionError at the test's own line. A single comparison keeps its operands, so a failure
reads `assert 500 == 201`. Each module-level-looking `test_*` function gets a first statement
that reports it ran, so the harness knows which ones top-level code already called.
"""
import ast
import operator
import re
import threading

from harness_text import now_iso

OPS = {
    ast.Eq: ('==', operator.eq), ast.NotEq: ('!=', operator.ne), ast.Lt: ('<', operator.lt),
    ast.LtE: ('<=', operator.le), ast.Gt: ('>', operator.gt), ast.GtE: ('>=', operator.ge),
    ast.Is: ('is', operator.is_), ast.IsNot: ('is not', operator.is_not),
    ast.In: ('in', lambda a, b: a in b), ast.NotIn: ('not in', lambda a, b: a not in b),
}
BY_SYMBOL = {sym: fn for sym, fn in OPS.values()}
MAX_RECORDS = 2000


def is_test_name(name):
    return name == 'test' or name.startswith('test_')


def short_repr(value, limit=200):
    try:
        r = repr(value)
    except Exception as e:  # a broken __repr__ must not hide the assertion
        r = '<unrepresentable %s: %s>' % (type(value).__name__, e)
    return r if len(r) <= limit else r[:limit] + '…'


# A source's lines as the parser counts them: \r\n, \r and \n end one (a form feed does not).
_LINE = re.compile(r'[^\r\n]*(?:\r\n|[\r\n])|[^\r\n]+')
# Statement lists inside a statement: an assert or a def can only be found in these.
_BODIES = ('body', 'orelse', 'finalbody')
_NESTED = ('handlers', 'cases')     # except clauses, match cases: each has a body
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


class _Rewriter:
    """Walks statements only (an assert or a def is never inside an expression) and gives each
    node it adds the location of the statement it replaces, so no pass over the whole tree is
    needed: a test's parse and rewrite cost little more than the parse."""

    def __init__(self, source):
        self.lines = _LINE.findall(source)

    def segment(self, node):
        """ast.get_source_segment, on lines split once (columns count UTF-8 bytes)."""
        try:
            first, last = node.lineno - 1, node.end_lineno - 1
            start, end = node.col_offset, node.end_col_offset
        except AttributeError:
            return None
        if last is None or end is None:
            return None
        if first == last:
            return self.lines[first].encode()[start:end].decode()
        return ''.join([self.lines[first].encode()[start:].decode()] + self.lines[first + 1:last]
                       + [self.lines[last].encode()[:end].decode()])

    def walk(self, stmts):
        for i, node in enumerate(stmts):
            if type(node) is ast.Assert:
                stmts[i] = self.assertion(node)
                continue
            for field in _BODIES:
                inner = getattr(node, field, None)
                if inner:
                    self.walk(inner)
            for field in _NESTED:
                for part in getattr(node, field, None) or ():
                    self.walk(part.body)
            if isinstance(node, _DEFS):
                self.mark(node)
        return stmts

    def assertion(self, node):
        src = ' '.join((self.segment(node) or 'assert …').split())[:500]
        expr = ' '.join((self.segment(node.test) or '…').split())[:300]
        msg = _at(ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[],
                                                defaults=[]), body=node.msg), node) if node.msg else _at(ast.Constant(None), node)
        meta = [_at(ast.Constant(src), node), _at(ast.Constant(expr), node), _at(ast.Constant(node.lineno), node), msg]
        test = node.test
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in OPS:
            sym = OPS[type(test.ops[0])][0]
            check = _call('__svc_compare__', [test.left, _at(ast.Constant(sym), node), test.comparators[0]] + meta, node)
        else:
            check = _call('__svc_check__', [test] + meta, node)
        return _at(ast.Assert(test=check, msg=_call('__svc_failmsg__', [], node)), node)

    def mark(self, node):
        if is_test_name(node.name):
            body = node.body
            at = 1 if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str) else 0
            call = _call('__svc_ran__', [_at(ast.Constant(node.name), body[0])], body[0])
            body.insert(at, _at(ast.Expr(call), body[0]))


def _at(new, old):
    new.lineno, new.col_offset = old.lineno, old.col_offset
    new.end_lineno, new.end_col_offset = old.end_lineno, old.end_col_offset
    return new


def _call(name, args, where):
    return _at(ast.Call(_at(ast.Name(id=name, ctx=ast.Load()), where), args, []), where)


def rewrite(tree, source):
    _Rewriter(source).walk(tree.body)
    return tree


class Asserts:
    """The runtime half: records each executed assertion and builds failure messages."""

    def __init__(self, emit, masker):
        self.emit, self.masker = emit, masker
        self.count = self.dropped = 0
        self.local = threading.local()

    def _record(self, ok, src, line, msg, detail):
        message = None
        if not ok:
            user = None
            if msg is not None:
                try:
                    user = str(msg())
                except Exception as e:
                    user = '<the assertion message raised %s: %s>' % (type(e).__name__, e)
            message = '%s\n%s' % (user, detail) if user else detail
            self.local.message = message
        self.count += 1
        if ok and self.count > MAX_RECORDS:
            self.dropped += 1
            return ok
        self.emit({'e': 'assert', 'ok': ok, 'source': self.masker.text(src), 'line': line,
                   'message': self.masker.text(message), 'at': now_iso()})
        return ok

    def check(self, value, src, expr, line, msg):
        ok = bool(value)
        detail = None if ok else 'assert %s (got %s)' % (expr, short_repr(value))
        return self._record(ok, src, line, msg, detail)

    def compare(self, left, sym, right, src, expr, line, msg):
        ok = bool(BY_SYMBOL[sym](left, right))
        detail = None if ok else 'assert %s %s %s' % (short_repr(left), sym, short_repr(right))
        return self._record(ok, src, line, msg, detail)

    def failmsg(self):
        return getattr(self.local, 'message', None) or 'assertion failed'
