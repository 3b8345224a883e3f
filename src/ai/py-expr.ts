/**
 * A tiny reader of the Python boolean expressions tests assert about a response status:
 * comparisons (chained too), `in`/`not in` over literal tuples, lists, sets and range(), `not`,
 * `and`, `or`, `//` and `%`. Anything else (calls, subscripts, names) is an unknown value, and the
 * evaluation is three-valued, so `r.status == 201 and body["id"]` still says what the status part
 * demands. Evaluated once per candidate status, it tells which statuses the assertion accepts.
 */

export type PyNode =
  | { k: 'num'; v: number }
  | { k: 'bool'; v: boolean }
  | { k: 'status' }
  | { k: 'ok' }
  | { k: 'coll'; items: PyNode[] }
  | { k: 'range'; args: PyNode[] }
  | { k: 'unk' }
  | { k: 'not'; x: PyNode }
  | { k: 'and' | 'or'; xs: PyNode[] }
  | { k: 'cmp'; first: PyNode; rest: [string, PyNode][] }
  | { k: 'arith'; op: string; l: PyNode; r: PyNode };

type Value = number | boolean | number[] | null;

const TOKEN = /\s*(?:([rbfuRBFU]{0,2}(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"))|(\d+(?:\.\d+)?)|([A-Za-z_]\w*)|(==|!=|<=|>=|\/\/|[<>%+\-*/()[\]{},.:]))/y;
// A status is read as r.status, r.status_code, r.code, r.getcode() or a bare `status` variable.
const STATUS_NAME = /^(?:[\w.]*\.(?:status|status_code|code|getcode\(\))|status|status_code)$/;

/** Parses the test expression of `assert <expr>, <message>` (the `assert` and message optional). */
export function parsePyCondition(source: string): { node: PyNode; mentionsStatus: boolean; codes: number[] } | null {
  const toks: string[] = [];
  let pos = 0;
  for (TOKEN.lastIndex = 0; ; ) {
    const m = TOKEN.exec(source);
    if (!m) break;
    toks.push(m[0].trim());
    pos = TOKEN.lastIndex;
  }
  // Text the reader does not know (often inside the message) only matters if the expression reaches it.
  if (source.slice(pos).trim() !== '') toks.push('\u0000');
  let i = toks[0] === 'assert' ? 1 : 0;
  let mentionsStatus = false;
  const codes: number[] = [];
  const peek = (o = 0) => toks[i + o];
  const eat = (t: string) => (toks[i] === t ? (i++, true) : false);
  const fail = (): never => { throw new Error('unsupported'); };
  const skipGroup = (open: string, close: string) => {
    for (let depth = 0; i < toks.length; i++) {
      if (toks[i] === open) depth++;
      else if (toks[i] === close && --depth === 0) return void i++;
    }
    fail();
  };
  const CMP = ['==', '!=', '<', '<=', '>', '>=', 'in', 'is'];

  const or = (): PyNode => nary('or', and);
  const and = (): PyNode => nary('and', not);
  function nary(op: 'and' | 'or', next: () => PyNode): PyNode {
    const xs = [next()];
    while (eat(op)) xs.push(next());
    return xs.length === 1 ? xs[0]! : { k: op, xs };
  }
  function not(): PyNode {
    return eat('not') ? { k: 'not', x: not() } : comparison();
  }
  function comparison(): PyNode {
    const first = arith();
    const rest: [string, PyNode][] = [];
    for (;;) {
      let op: string | undefined;
      if (peek() === 'not' && peek(1) === 'in') op = (i += 2, 'not in');
      else if (peek() === 'is' && peek(1) === 'not') op = (i += 2, 'is not');
      else if (CMP.includes(peek() ?? '')) op = toks[i++];
      if (!op) break;
      rest.push([op, arith()]);
    }
    return rest.length ? { k: 'cmp', first, rest } : first;
  }
  function arith(): PyNode {
    let l = primary();
    while (['//', '%', '+', '-', '*', '/'].includes(peek() ?? '')) l = { k: 'arith', op: toks[i++]!, l, r: primary() };
    return l;
  }
  function primary(): PyNode {
    const t = peek();
    if (t === undefined) return fail();
    if (/^\d/.test(t)) {
      i++;
      const v = Number(t);
      if (Number.isInteger(v) && v >= 100 && v <= 599) codes.push(v);
      return { k: 'num', v };
    }
    if (t === 'True' || t === 'False') return (i++, { k: 'bool', v: t === 'True' });
    if (t === '(' || t === '[' || t === '{') {
      i++;
      const close = t === '(' ? ')' : t === '[' ? ']' : '}';
      const items: PyNode[] = [];
      while (!eat(close)) {
        items.push(or());
        if (!eat(',') && peek() !== close) return fail();
      }
      return t === '(' && items.length === 1 && toks[i - 2] !== ',' ? items[0]! : { k: 'coll', items };
    }
    if (t === 'range' && peek(1) === '(') {
      i += 2;
      const args: PyNode[] = [];
      while (!eat(')')) { args.push(or()); eat(','); }
      return { k: 'range', args };
    }
    if (/^[A-Za-z_]/.test(t) && !['and', 'or', 'not', 'in', 'is', 'if', 'else', 'lambda', 'assert'].includes(t) || /^[rbfuRBFU]{0,2}['"]/.test(t)) {
      // A name with its trailers (.attr, (...), [...]) or a string literal: known only when it names the status.
      let name = toks[i++]!;
      for (;;) {
        if (peek() === '.' && /^[A-Za-z_]/.test(peek(1) ?? '')) name += `.${toks[(i += 2) - 1]}`;
        else if (peek() === '(') { const at = i; skipGroup('(', ')'); name += at + 2 === i ? '()' : '(…)'; }
        else if (peek() === '[') { skipGroup('[', ']'); name += '[…]'; }
        else break;
      }
      if (STATUS_NAME.test(name)) return (mentionsStatus = true, { k: 'status' });
      if (/\.ok$/.test(name)) return (mentionsStatus = true, { k: 'ok' });
      return { k: 'unk' };
    }
    return fail();
  }

  try {
    const node = or();
    if (i < toks.length && toks[i] !== ',') return null;
    return { node, mentionsStatus, codes };
  } catch {
    return null;
  }
}

/** true / false, or null when the outcome hangs on something other than the status. */
export function evalPy(n: PyNode, status: number): boolean | null {
  const v = value(n, status);
  return v === null || Array.isArray(v) ? null : Boolean(v);
}

function value(n: PyNode, s: number): Value {
  switch (n.k) {
    case 'num': case 'bool': return n.v;
    case 'status': return s;
    case 'ok': return s < 400;
    case 'unk': return null;
    case 'coll': {
      const xs = n.items.map((x) => value(x, s));
      return xs.every((x): x is number => typeof x === 'number') ? xs : null;
    }
    case 'range': {
      const [a, b] = n.args.map((x) => value(x, s));
      const [lo, hi] = b === undefined ? [0, a] : [a, b];
      if (typeof lo !== 'number' || typeof hi !== 'number' || hi - lo > 1000 || n.args.length > 2) return null;
      return Array.from({ length: Math.max(0, hi - lo) }, (_, k) => lo + k);
    }
    case 'not': { const x = evalPy(n.x, s); return x === null ? null : !x; }
    case 'and': case 'or': {
      const xs = n.xs.map((x) => evalPy(x, s));
      const decisive = n.k === 'and' ? false : true;
      return xs.includes(decisive) ? decisive : xs.includes(null) ? null : !decisive;
    }
    case 'arith': {
      const l = value(n.l, s), r = value(n.r, s);
      if (typeof l !== 'number' || typeof r !== 'number') return null;
      if ((n.op === '//' || n.op === '%' || n.op === '/') && r === 0) return null;
      return n.op === '//' ? Math.floor(l / r) : n.op === '%' ? l % r : n.op === '+' ? l + r : n.op === '-' ? l - r : n.op === '*' ? l * r : l / r;
    }
    case 'cmp': {
      let left = value(n.first, s);
      let result: boolean | null = true;
      for (const [op, node] of n.rest) {
        const right = value(node, s);
        const r = compare(left, op, right);
        if (r === false) return false;
        if (r === null) result = null;
        left = right;
      }
      return result;
    }
  }
}

function compare(l: Value, op: string, r: Value): boolean | null {
  if (l === null || r === null) return null;
  if (op === 'in' || op === 'not in') {
    if (!Array.isArray(r) || Array.isArray(l)) return null;
    const has = r.includes(Number(l));
    return op === 'in' ? has : !has;
  }
  if (Array.isArray(l) || Array.isArray(r)) return null;
  const a = Number(l), b = Number(r);
  switch (op) {
    case '==': case 'is': return a === b;
    case '!=': case 'is not': return a !== b;
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
  }
  return null;
}
