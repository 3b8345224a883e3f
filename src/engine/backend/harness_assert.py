"""Assertion rewriting for backend tests, in the spirit of pytest's (much simpler).

Every `assert expr, msg` becomes `assert __svc_check__(...), __svc_failmsg__()`: the check
records the assertion (source, line, outcome, message) and the statement still raises
AssertionError at the test's own line. A single comparison keeps its operands, so a failure
reads `assert 500 == 201`. Each module-level-looking `test_*` function gets a first statement
that reports it ran, so the harness knows which ones top-level code already called.
"""
import ast
import operator
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


class _Rewriter(ast.NodeTransformer):
    def __init__(self, source):
        self.source = source

    def _name(self, id_):
        return ast.Name(id=id_, ctx=ast.Load())

    def visit_Assert(self, node):
        self.generic_visit(node)
        src = ast.get_source_segment(self.source, node) or 'assert …'
        src = ' '.join(src.split())[:500]
        msg = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[],
                                            defaults=[]), body=node.msg) if node.msg else ast.Constant(None)
        expr = ' '.join((ast.get_source_segment(self.source, node.test) or '…').split())[:300]
        meta = [ast.Constant(src), ast.Constant(expr), ast.Constant(node.lineno), msg]
        test = node.test
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in OPS:
            sym = OPS[type(test.ops[0])][0]
            check = ast.Call(self._name('__svc_compare__'),
                             [test.left, ast.Constant(sym), test.comparators[0]] + meta, [])
        else:
            check = ast.Call(self._name('__svc_check__'), [test] + meta, [])
        new = ast.Assert(test=check, msg=ast.Call(self._name('__svc_failmsg__'), [], []))
        return ast.copy_location(new, node)

    def _mark(self, node):
        self.generic_visit(node)
        if is_test_name(node.name):
            mark = ast.Expr(ast.Call(self._name('__svc_ran__'), [ast.Constant(node.name)], []))
            body = node.body
            at = 1 if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str) else 0
            body.insert(at, ast.copy_location(mark, body[0]))
        return node

    visit_FunctionDef = _mark
    visit_AsyncFunctionDef = _mark


def rewrite(tree, source):
    return ast.fix_missing_locations(_Rewriter(source).visit(tree))


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
