/**
 * Lifting the literal parts out of a step before it is read: quoted strings, URLs and paths, JSON
 * literals, and parentheses. What remains is lower-cased with single spaces and the literals replaced
 * by placeholders (`q0`, `q1`, … for quoted values; `u0`, … for URLs), so the reader sees the
 * sentence's shape without being misled by what is inside a value.
 *
 * A parenthesis right after a target that holds a quoted name or a word or two ("the trash button
 * ("Remove")", "the remove (x) button") is another name of that target; a longer parenthesis is a
 * remark ("(this name is taken already)") and is dropped, as a reader skips it.
 */

export interface Lifted {
  /** Lower-cased sentence with literals replaced by placeholders. */
  s: string;
  quotes: string[];
  urls: string[];
  /** Alternative names by the index of the placeholder or word they follow: "qN" → ["Remove"]. */
  alts: Map<string, string[]>;
  /** Remarks in parentheses that were dropped. */
  remarks: string[];
  /** Placeholders that stand for words written without quotes ("Q1"): restored as written. */
  bare: Set<number>;
  /** Menu paths given in parentheses as the way to do the clause before them ("Run all cells (Cell > Run All)"). */
  menus: string[];
  /** The step as written, normalised quotes and spaces. */
  original: string;
}

const URL = /(?<![\w"])(https?:\/\/[^\s"'<>)]+|[\w-]+\.(?:php|html?|aspx?|jsp|cgi)(?:[?#][^\s"'<>)]*)?|(?:\/[\w\-.~%!$&*+,;=:@]+)+\/?(?:[?#][^\s"'<>)]*)?|\/(?=[\s.,;)]|$)|#\/[\w\-/]*|\?[\w\-]+=[^\s"'<>)]*)/g;

const KEY_VALUE = '[A-Za-z][\\w.-]*=[^\\s,()"\'=]+';
const IDENTIFIER = new RegExp(`(?<![\\w"'=@.%])${KEY_VALUE}(?:,${KEY_VALUE})*`, 'g');

/**
 * Replace each balanced `{ … }` block that holds words (with the GraphQL operation written before it:
 * `query Name($v: T)`, `mutation`) by `replace(block)`. A block whose braces do not balance is left as it is.
 */
function liftBlocks(text: string, replace: (block: string) => string): string {
  let out = '';
  let from = 0;
  for (let k = text.indexOf('{'); k >= 0; k = text.indexOf('{', k + 1)) {
    if (k < from) continue;
    let depth = 0;
    let end = -1;
    for (let j = k; j < text.length; j++) {
      if (text[j] === '{') depth++;
      else if (text[j] === '}' && --depth === 0) { end = j; break; }
    }
    if (end < 0) break;
    const inner = text.slice(k + 1, end);
    // Nested braces, or words inside (a selection set), make it code; "{x}" alone (a placeholder) does not.
    if (!/\{/.test(inner) && !/^\s*[\w"]+\s*:\s*\S|\s\w+\s+\w+\s/.test(inner)) continue;
    const op = /(?:^|[\s:])((?:query|mutation|subscription|fragment)\b(?:\s+(?!(?:query|mutation|subscription|fragment)\b)\w+)?(?:\s*\([^()]*\))?(?:\s+on\s+\w+)?\s*)$/i.exec(text.slice(from, k));
    const start = op ? k - op[1]!.length : k;
    out += text.slice(from, start) + replace(text.slice(start, end + 1));
    from = end + 1;
    k = end;
  }
  return out + text.slice(from);
}

export function lift(description: string): Lifted {
  const quotes: string[] = [];
  const urls: string[] = [];
  const remarks: string[] = [];
  const menus: string[] = [];
  const alts = new Map<string, string[]>();
  const bare = new Set<number>();
  // Quoted values keep their spaces ("  - Week 4" is a list item in a wiki's syntax); the rest is read with single spaces.
  const original = description.trim().replace(/[“”„]/g, '"').replace(/[‘’‚]/g, "'");
  // Words of the step that look like the reader's own placeholders ("Q1 sales", "U2") are literals:
  // marked first, lifted as quoted values once the real quotes are out.
  const MARK = '\uE000';
  const unmark = (v: string) => v.split(MARK).join('');
  let text = original.replace(/\b([qumQUM]\d+)\b/g, `${MARK}$1`);
  // Code in braces written as it is typed — a GraphQL query ("query Q($id: ID!) { target(id: $id) { name } }",
  // "mutation { book(x: "A") { id } }"), nested JSON — is a value whole, inner quotes and all.
  text = liftBlocks(text, (m) => {
    bare.add(quotes.length);
    quotes.push(unmark(m));
    return ` q${quotes.length - 1} `;
  });
  // JSON literals ({"k": 1}, [1, 2]) are values: lifted whole before their inner quotes are.
  text = text.replace(/(?<=\s|^)(\{[^{}]*"[^{}]*\}|\[[^\[\]]*"[^\[\]]*\])(?=\s|$|[.,;])/g, (m) => {
    quotes.push(unmark(m));
    return ` q${quotes.length - 1} `;
  });
  // Code written as it is typed (print(sales["March"] * 2), sum(rate(up[5m]))): a value whole, quotes inside and all.
  text = text.replace(/(?<=\s|^)([A-Za-z_][\w.]*\((?:[^()\s]|\s(?=[^()]*\))|\((?:[^()])*\))*\))(?=\s|$|[.,;])/g, (m) => {
    if (!/["'\[(*+=<>]/.test(m.slice(m.indexOf('(') + 1))) return m;
    // Written without quotes: restored as written.
    bare.add(quotes.length);
    quotes.push(unmark(m));
    return ` q${quotes.length - 1} `;
  });
  // Quoted strings: "…", `…`, and '…' where the quote is not an apostrophe (user's, don't).
  text = text.replace(/"([^"]*)"|`([^`]*)`|(?<![A-Za-z0-9])'([^']*?)'(?![A-Za-z0-9])/g, (_m, a?: string, b?: string, c?: string) => {
    quotes.push(unmark(a ?? b ?? c ?? ''));
    return ` q${quotes.length - 1} `;
  });
  // An API operation written as its method and path ("POST /tools", "GET /tools/{toolId}") names it, as on
  // an API's documentation page: a literal, not an address to go to.
  text = text.replace(/(?<![\w/])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\/[^\s,;()"']*)/g, (_m, method: string, path: string) => {
    const clean = path.replace(/[.:!?]+$/, '');
    bare.add(quotes.length);
    quotes.push(unmark(`${method} ${clean}`));
    return ` q${quotes.length - 1} ${path.slice(clean.length)}`;
  });
  // A dash between words introduces what follows, as a colon does; an arrow or ">" walks a menu path.
  text = text.replace(/\s+/g, ' ').replace(/\s+[-–—]\s+/g, ': ').replace(/\s*(?:→|⇒|»|->)\s*/g, ' > ').replace(/,?\s+(?:i\.e\.|i\.e,|ie\.|that is,)\s+/gi, ': ');
  text = text.replace(URL, (m) => {
    const clean = m.replace(/[.,;:!]+$/, '');
    urls.push(unmark(clean));
    return ` u${urls.length - 1} ${m.slice(clean.length)}`;
  });
  // key=value names written without quotes are literals too ("uid=asmith", "dc=harbour,dc=test",
  // "status=open"), restored as written.
  text = text.replace(IDENTIFIER, (m) => {
    const clean = m.replace(/[.,;:!?]+$/, '');
    bare.add(quotes.length);
    quotes.push(unmark(clean));
    return ` q${quotes.length - 1} ${m.slice(clean.length)}`;
  });
  text = text.replace(new RegExp(`${MARK}([qumQUM]\\d+)`, 'g'), (_m, tok: string) => {
    bare.add(quotes.length);
    quotes.push(tok);
    return ` q${quotes.length - 1} `;
  });
  // Parentheses: another name of what precedes them, or a remark.
  text = text.replace(/(\S+)?(\s*)\(([^()]*)\)/g, (whole, before: string | undefined, gap: string, inside: string) => {
    // Written onto a word, a short parenthesis is part of it ("Fl(2) W 20s", "H(2)O").
    if (before && !gap && /^[\w.+-]{1,8}$/.test(inside) && /\w$/.test(before)) return whole;
    let inner = inside.trim();
    const quoted = [...inner.matchAll(/\bq(\d+)\b/g)].map((x) => quotes[Number(x[1])]!);
    const key = (before ?? '').toLowerCase();
    const words = inner.split(/\s+/).filter(Boolean);
    // A URL alone in parentheses is where to go: kept in the sentence; a count after a label is part of it ("Firing (1)").
    if (/^u\d+$/.test(inner)) return ` ${before ?? ''} ${inner} `;
    // "(Tickets, then All Tickets)", "(Admin → Users)": the way there, written as a path.
    const path = inner.split(/\s*(?:,\s*then|,?\s+then|→|->|»)\s*/);
    if (path.length > 1 && path.every((p) => /^[A-Z][\w.'-]*(?: [\w.'-]+){0,3}$/.test(p))) inner = path.join(' > ');
    // "(Cell > Run All)": the way to do it, through a menu.
    if (/^[\w .'-]+(?:\s+>\s+[\w .'-]+)+$/.test(inner)) {
      menus.push(inner);
      return ` ${before ?? ''} m${menus.length - 1} `;
    }
    if (/^\d+(?:\s+\w+)?$/.test(inner) && before) return ` ${before} (${inner}) `;
    if (quoted.length && inner.replace(/\bq\d+\b|\bor\b|,|\s|\balso\b|\baka\b|\bcalled\b|\blabell?ed\b|\btooltip\b|\bicon\b/g, '') === '') {
      alts.set(key, [...(alts.get(key) ?? []), ...quoted]);
      return ` ${before ?? ''} `;
    }
    // A word or two, or a label-like phrase ("(Delete all emails)"), names the target it follows.
    const labelLike = words.length <= 4 && /^[A-Z]/.test(inner) && !/[.!?:;]/.test(inner);
    if (!quoted.length && (words.length <= 2 || labelLike) && before && !/\d/.test(inner) && !/^(?:beta|optional|new|required|again|sic|once|twice|etc|disabled|enabled|underlined|bold|red|green|grey|gray|highlighted|selected|checked)$/i.test(inner)) {
      alts.set(key, [...(alts.get(key) ?? []), inner]);
      return ` ${before} `;
    }
    remarks.push(inner.replace(/\bq(\d+)\b/g, (_x, n: string) => `"${quotes[Number(n)]}"`));
    return ` ${before ?? ''} `;
  });
  const s = text
    .replace(/\s+([,:;.!?])/g, '$1')
    .replace(/[.!?]+$/, '')
    .toLowerCase()
    .replace(/\b(it|that|there|what|here|who)'s\b/g, '$1 is').replace(/\b(you|we|they)'re\b/g, '$1 are').replace(/\bi'm\b/g, 'i am')
    .replace(/\b(is|are|was|were|does|do|did|has|have|should|could|would)n't\b/g, '$1 not').replace(/\bcan't\b/g, 'cannot').replace(/\bwon't\b/g, 'will not')
    .replace(/\s+/g, ' ')
    .trim();
  return { s, quotes, urls, alts, remarks, menus, bare, original: original.replace(/\s+/g, ' ') };
}

/** Value of a placeholder (`q3` → the quoted text, `u1` → the URL); anything else → undefined. */
export function literal(l: Lifted, token: string): string | undefined {
  const m = /^([qu])(\d+)$/.exec(token.trim());
  if (!m) return undefined;
  return m[1] === 'q' ? l.quotes[Number(m[2])] : l.urls[Number(m[2])];
}

/** Every quoted value in a fragment, in order. */
export function quotesIn(l: Lifted, s: string): string[] {
  return [...s.matchAll(/\bq(\d+)\b/g)].map((m) => l.quotes[Number(m[1])] ?? '');
}

/** The fragment with its placeholders turned back into what was written. */
export function restore(l: Lifted, s: string): string {
  return s.replace(/\b([qu])(\d+)\b/g, (_m, k: string, n: string) => (k === 'q' ? (l.bare.has(Number(n)) ? l.quotes[Number(n)] ?? '' : `"${l.quotes[Number(n)] ?? ''}"`) : l.urls[Number(n)] ?? ''));
}

/** The fragment in the step's own casing when it can be found there. */
export function asWritten(l: Lifted, fragment: string): string {
  const plain = restore(l, fragment).replace(/\s+/g, ' ');
  const flat = l.original.replace(/\s+/g, ' ');
  const i = flat.toLowerCase().indexOf(plain.toLowerCase());
  if (i >= 0) return flat.slice(i, i + plain.length);
  // As written with its contractions ("what's coming up", read as "what is coming up").
  const spelled = plain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\b(it|that|there|what|here|who) is\b/gi, "$1(?: is|['’]s)").replace(/\b(you|we|they) are\b/gi, "$1(?: are|['’]re)").replace(/\bi am\b/gi, "i(?: am|['’]m)")
    .replace(/\b(is|are|was|were|does|do|did|has|have|should|could|would) not\b/gi, "$1(?: not|n['’]t)").replace(/\bcannot\b/gi, "(?:cannot|can['’]t)").replace(/\bwill not\b/gi, "(?:will not|won['’]t)");
  return new RegExp(spelled, 'i').exec(flat)?.[0] ?? plain;
}
