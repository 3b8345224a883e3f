/**
 * Functions run in the page, shared by the run (`locator.evaluate(fn)`) and the exported Playwright
 * script (their source, written into it), so the two decide alike. Each stands alone: no imports, no
 * closures, plain DOM.
 */

/** What stands between a label and its value, or a key and what it points to: "Status: New", "next → 2.0". */
export const LABEL_SEPARATOR = ' ?(?:[:：=|•·→⇒›»>]|->|=>|–|—)(?= |$)';

/**
 * Whether `root` shows the text as a person reads it: its rendered text, without what CSS hides, and
 * without a label's punctuation or brackets ("Severity Critical" where it shows "Severity: Critical",
 * "(8 total)" where it goes on "(8 total, query took …)"); with `values`, a field's value counts too;
 * so does text printed with CSS (::before / ::after content), read with the element's own text.
 * `sep` is LABEL_SEPARATOR (passed in: this runs in the page).
 */
export function textShownIn(root: Element, [t, values, sep]: readonly [string, boolean, string]): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const loose = (s: string) => norm(norm(s).replace(new RegExp(sep, 'g'), ' ').replace(/[()[\]]/g, ' '));
  const shown = (root as HTMLElement).innerText ?? '';
  if (norm(shown).includes(norm(t)) || loose(shown).includes(loose(t))) return true;
  if (values && Array.from(root.querySelectorAll('input, textarea, select')).some((f) => norm((f as HTMLInputElement).value ?? '').includes(norm(t)))) return true;
  // Text the app prints with CSS (::before / ::after content): a drawn drop-down's choice (Quill's
  // "Heading 2"), a tooltip's lead-in ("Visit URL:" before the link), read with the element's own text.
  const said = (e: Element, p: string) => {
    const c = getComputedStyle(e, p).content;
    const attr = /^attr\(([\w-]+)\)$/.exec(c);
    return attr ? (e.getAttribute(attr[1]!) ?? '') : /^["'].*["']$/.test(c) ? c.slice(1, -1) : '';
  };
  const all = Array.from(root.querySelectorAll('*')).slice(0, 5000);
  return all.some((e) => {
    const before = said(e, '::before');
    const after = said(e, '::after');
    if (!before && !after) return false;
    if ((e as HTMLElement).offsetParent === null && getComputedStyle(e).position !== 'fixed') return false;
    const own = ((e as HTMLElement).innerText ?? '').slice(0, 300);
    const whole = norm(`${before} ${own} ${after}`);
    return whole.includes(norm(t)) || loose(whole).includes(loose(t));
  });
}

/**
 * Whether what a person sees as `e` is empty: a calendar's day that shows nothing but its own number,
 * a tab (or a tab's label) that counts nothing (no number but 0 on it), a field with no value, else an
 * element with no text.
 */
export function isEmpty(e: Element): boolean {
  const day = e.closest('[role=gridcell], td, [data-date]');
  if (day && !e.matches('input, textarea') && (day.hasAttribute('data-date') || day.getAttribute('role') === 'gridcell')) return !((day as HTMLElement).innerText ?? '').replace(/\d+|\s+/g, '').trim();
  if (e.closest('[role=tab]') || e.matches('[class*=tab i]:not(input, textarea, [contenteditable])')) return !/(?:^|\D)[1-9]\d*(?:\D|$)/.test((e as HTMLElement).innerText ?? '');
  const v = (e as HTMLInputElement).value;
  return typeof v === 'string' ? v === '' : (e.textContent ?? '').trim() === '';
}

/**
 * Whether a field selected by `sel` holds the text in its value (a value shows on screen as text does).
 * `served`: only a value the page came with (an entry's form), not one being typed in the field.
 */
export function fieldValueHas([t, sel, served]: readonly [string, string, boolean]): boolean {
  return Array.from(document.querySelectorAll(sel)).some((e) => {
    const f = e as HTMLInputElement;
    if (served && (f.value !== f.defaultValue || f === document.activeElement || /^(?:hidden|password|checkbox|radio|submit|button|reset|image|file)$/.test(f.type))) return false;
    return f.value.includes(t) && f.offsetParent !== null;
  });
}

/** An empty field whose placeholder reads the text ("Username", "Search…"): a person sees that word in the box. */
export function placeholderReads(t: string): boolean {
  return Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]')).some((e) => {
    const f = e as HTMLInputElement;
    return !f.value && f.offsetParent !== null && (f.placeholder ?? '').replace(/[\s.…]+$/, '').trim().toLowerCase() === t.trim().toLowerCase();
  });
}

/**
 * How the text of `e` is set, by the part that carries most of its text: in bold or italics (its own
 * style), struck through or underlined (a decoration or a tag — s, del, strike, u — on it or on what
 * holds it, up to the element just above `e`).
 */
export function textStyleOf(e: Element): { bold: boolean; italic: boolean; strike: boolean; underline: boolean } {
  const size = (x: Element) => ((x as HTMLElement).innerText ?? '').trim().length;
  const main = Array.from(e.querySelectorAll('*')).filter((d) => d.children.length === 0 && size(d) > 0).sort((x, y) => size(y) - size(x))[0] ?? e;
  const cs = getComputedStyle(main);
  const weight = Number(cs.fontWeight) || (cs.fontWeight === 'bold' ? 700 : 400);
  const lines = new Set<string>();
  for (let cur: Element | null = main; cur; cur = cur === e ? e.parentElement : cur === e.parentElement ? null : cur.parentElement) {
    for (const l of getComputedStyle(cur).textDecorationLine.split(' ')) lines.add(l);
    if (/^(?:s|strike|del)$/.test(cur.localName)) lines.add('line-through');
    if (cur.localName === 'u') lines.add('underline');
    if (cur === e.parentElement) break;
  }
  return { bold: weight >= 600, italic: /italic|oblique/.test(cs.fontStyle), strike: lines.has('line-through'), underline: lines.has('underline') };
}

/**
 * Where on the screen a text inside `e` starts, ends or has its middle (for a click that puts the
 * caret there): the text found across `e`'s text nodes, letter case aside. Null when `e` does not hold it.
 */
export function textPoint(e: Element, [text, where]: readonly [string, 'start' | 'middle' | 'end']): { x: number; y: number } | null {
  (e as HTMLElement).scrollIntoView?.({ block: 'center', inline: 'nearest' });
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const whole = nodes.map((n) => n.data).join('');
  const at = whole.toLowerCase().indexOf(text.toLowerCase());
  if (at < 0) return null;
  const locate = (offset: number, end: boolean): [Text, number] => {
    let seen = 0;
    for (const n of nodes) {
      if (offset < seen + n.data.length || (end && offset === seen + n.data.length)) return [n, offset - seen];
      seen += n.data.length;
    }
    const last = nodes[nodes.length - 1]!;
    return [last, last.data.length];
  };
  const range = document.createRange();
  range.setStart(...locate(at, false));
  range.setEnd(...locate(at + text.length, true));
  const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 || r.height > 0);
  if (!rects.length) return null;
  const first = rects[0]!;
  const last = rects[rects.length - 1]!;
  if (where === 'start') return { x: first.left + 1, y: first.top + first.height / 2 };
  if (where === 'end') return { x: last.right - 1, y: last.top + last.height / 2 };
  return { x: first.left + first.width / 2, y: first.top + first.height / 2 };
}

/**
 * Whether a check box the app draws is ticked (true), not (false), partly (false), or undecidable
 * (null): its aria-checked, else a tree item's aria-selected when it holds a drawn box, else a class
 * on it or its list item ("jstree-checked", "checked"; "undetermined", "indeterminate": partly).
 */
export function drawnChecked(e: Element): boolean | null {
  const aria = e.getAttribute('aria-checked');
  if (aria !== null) return aria === 'true';
  const item = e.closest('li, [role=treeitem], [role=option]') ?? e;
  const cls = `${typeof e.className === 'string' ? e.className : ''} ${typeof item.className === 'string' ? item.className : ''}`;
  if (/(?:^|[\s_-])(?:undetermined|indeterminate|partial|mixed)(?:$|[\s_-])/i.test(cls)) return false;
  if (/(?:^|[\s_-])(?:checked|ticked)(?:$|\s)/i.test(cls)) return true;
  const box = e.matches('[class*=checkbox i]') || e.querySelector('[class*=checkbox i]') !== null;
  const selected = e.closest('[aria-selected]')?.getAttribute('aria-selected') ?? e.querySelector('[aria-selected]')?.getAttribute('aria-selected');
  if (box && selected != null) return selected === 'true';
  return box ? false : null;
}

/**
 * How many items inside `root` are shown selected: a list's, a tree's, a table's or a grid's items
 * (aria-selected, or a class that says selected / highlighted / clicked), those of navigation, tabs,
 * menus and the page's header and footer aside (a current page or tab is not a selection), and items
 * with a check box of their own (their selection is their tick).
 */
export function selectedCount(root: Element): number {
  const items = Array.from(root.querySelectorAll('[aria-selected=true], li, tr, [role=treeitem], [role=option], [role=row], [role=gridcell], [role=listitem], li > a, [role=treeitem] > a'));
  const aside = 'nav, [role=navigation], [role=tablist], [role=tab], [role=menubar], [role=menu], header, footer, [role=banner], [role=contentinfo], select, [role=toolbar]';
  return items.filter((e) => {
    // (An item with a box of its own is ticked, not selected: jsTree's check-box tree.)
    if (e.closest(aside) || e.querySelector('input[type=checkbox], [role=checkbox], [class*=checkbox i]')) return false;
    const box = e.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(e).visibility === 'hidden') return false;
    const cls = typeof e.className === 'string' ? e.className : '';
    return e.getAttribute('aria-selected') === 'true' || /(?:^|[\s_-])(?:selected|is-selected|highlighted|clicked|ui-selected)(?:$|\s)/i.test(cls);
  }).length;
}

/**
 * The text of `root` in reading order, as a person reads it, in lower case with spaces made one: its
 * rendered text, with what the app prints with CSS (::before / ::after content, "Visit URL:" before a
 * link) in its place when there is any.
 */
export function readingText(root: Element): string {
  const said = (e: Element, p: string) => {
    const c = getComputedStyle(e, p).content;
    const attr = /^attr\(([\w-]+)\)$/.exec(c);
    return attr ? (e.getAttribute(attr[1]!) ?? '') : /^["'].*["']$/.test(c) ? c.slice(1, -1) : '';
  };
  const plain = () => ((root as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  const all = Array.from(root.querySelectorAll('*')).slice(0, 5000);
  if (!all.some((e) => said(e, '::before') || said(e, '::after'))) return plain();
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === 3) { parts.push(n.nodeValue ?? ''); return; }
    if (n.nodeType !== 1) return;
    const e = n as HTMLElement;
    const style = getComputedStyle(e);
    if (style.display === 'none' || style.visibility === 'hidden' || /^(?:script|style|template|noscript)$/i.test(e.localName)) return;
    const block = !/^inline/.test(style.display) && style.display !== 'contents';
    if (block) parts.push(' ');
    parts.push(said(e, '::before'));
    if (/^(?:input|textarea|br|img)$/.test(e.localName)) parts.push(' ');
    else e.childNodes.forEach(walk);
    parts.push(said(e, '::after'));
    if (block) parts.push(' ');
  };
  walk(root);
  return parts.join('').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Whether the check box `e` is (or the item `e` has) is partly ticked: some of what it stands for
 * ticked, not all (a native box's indeterminate, aria-checked="mixed", a tree's "undetermined" box).
 */
export function partlyChecked(e: Element): boolean {
  const boxes = [e, ...Array.from(e.querySelectorAll('input[type=checkbox], [role=checkbox], [aria-checked], [class*=checkbox i]')).slice(0, 3), e.closest('li, [role=treeitem], [role=option], tr')].filter((x): x is Element => x !== null);
  return boxes.some((x) => (x as HTMLInputElement).indeterminate === true || x.getAttribute('aria-checked') === 'mixed' || /(?:^|[\s_-])(?:undetermined|indeterminate|partial|partially-checked|mixed)(?:$|[\s_-])/i.test(typeof x.className === 'string' ? x.className : ''));
}

/**
 * Whether `el`'s item (its row, or the block it repeats with others like it, or what an app calls its
 * preview, card or tile) shows an icon named by one of `ws` ("flag", "tick"…), by an element's class,
 * title, label or alt text, drawn on screen, or by the item's own class ("flagged", "dz-success"). `row`:
 * whether there is such an item.
 */
export function markedWith(el: Element, ws?: string[]): { icon: boolean; row: boolean } {
  // The item it is in: a row, or a block repeated beside others like it, or one an app calls a preview, a card, a tile.
  let row: Element | null = el.closest('tr, li, [role=row], [role=listitem], [role=treeitem], [role=option], article');
  for (let cur: Element | null = el, k = 0; !row && cur && cur !== document.body && k < 6; cur = cur.parentElement, k++) {
    const sig = (e: Element) => `${e.localName}.${(typeof e.className === 'string' ? e.className : '').split(/\s+/)[0] ?? ''}`;
    const alike = cur.parentElement ? Array.from(cur.parentElement.children).filter((c) => sig(c) === sig(cur!)).length > 1 : false;
    if (cur !== el && (alike || /(?:^|[\s_-])(?:preview|card|tile|thumb(?:nail)?|upload|file-?item|entry)(?:$|[\s_-])/i.test(typeof cur.className === 'string' ? cur.className : ''))) row = cur;
  }
  if (!ws?.length) return { icon: false, row: Boolean(row) };
  const scope = row ?? el;
  const names = (e: Element) => `${typeof e.className === 'string' ? e.className : e.getAttribute('class') ?? ''} ${e.getAttribute('title') ?? ''} ${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('alt') ?? ''} ${e.getAttribute('data-icon') ?? ''} ${e.localName === 'i' || e.getAttribute('aria-hidden') === 'true' ? (e.textContent ?? '').trim().slice(0, 30) : ''}`.toLowerCase();
  const named = (text: string) => text.split(/[\s_-]+/).some((w) => ws.some((x) => w.startsWith(x) || w.startsWith(`is${x}`) || w.startsWith(`has${x}`)) && !/^(?:un|not|no)/.test(w)) && !ws.some((x) => new RegExp(`\\b(?:not|no|un)[\\s_-]*${x}`).test(text));
  const drawn = (e: Element) => {
    const cs = getComputedStyle(e);
    if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) return false;
    const r = e.getBoundingClientRect();
    const sized = r.width > 0 && r.height > 0;
    const pseudo = ['::before', '::after'].some((p) => { const c = getComputedStyle(e, p).content; return c !== 'none' && c !== 'normal'; });
    return pseudo || (sized && (e.localName === 'svg' || e.localName === 'img' || cs.backgroundImage !== 'none' || ((e.textContent ?? '').trim().length > 0 && (e.textContent ?? '').trim().length < 30)));
  };
  // (Or the item says it in its own class: "flagged", "is-starred", Dropzone's "dz-success" / "dz-error".)
  const own = typeof scope.className === 'string' && scope.className.split(/\s+/).some((c) => ws.some((x) => c.toLowerCase() === `${x}ged` || c.toLowerCase() === `${x}ed` || c.toLowerCase() === `${x}red` || c.toLowerCase() === `has-${x}` || c.toLowerCase() === `is-${x}` || c.toLowerCase().split(/[_-]/).slice(1).includes(x)));
  const icon = own || Array.from(scope.querySelectorAll('*')).some((e) => named(names(e)) && drawn(e));
  return { icon, row: Boolean(row) };
}
