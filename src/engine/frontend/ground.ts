/**
 * Scored grounding: when no name-based strategy (test id, role, label, placeholder, text) matches a
 * target, every visible element of the right kind is scored against the target's words (accessible
 * name, title, placeholder, label, value, id, name and class tokens), scoped to the element that
 * shows the `within` text when there is one, in the page and its same-origin frames. The best
 * element is recorded by a CSS path so a replay needs no scoring. Also finds the page's main entry
 * field, the focused field, a drop region and a connection handle of an element.
 */
import type { Frame, Page } from 'playwright-core';
import type { Target } from '../../steps/intent.js';
import type { LocatorDescriptor } from './types.js';

export interface GroundSpec {
  /** One group per word of the target (the word and its synonyms); a group matches once. */
  tokens: string[][];
  name: string;
  kind: Target['kind'];
  role?: string;
  within?: string;
  multiline?: boolean;
  handle?: boolean;
  region?: boolean;
  entry?: boolean;
  focused?: boolean;
  /** The first this many token groups (the target's own name) must all match. */
  strict?: number;
  /** Prefer elements that can be dragged (palette nodes, cards, list items). */
  draggable?: boolean;
  /** Only elements that look draggable. */
  draggableOnly?: boolean;
  /** Only elements on screen, even inside a `within` scope. */
  visibleOnly?: boolean;
  /** With `within`: only scopes at most this many levels above the element showing that text. */
  maxDepth?: number;
  /** Only multi-line fields (textarea, contenteditable). */
  multilineOnly?: boolean;
  /** Consider hidden elements too (for checks that something is hidden). */
  includeHidden?: boolean;
  /** Words naming the area the element sits in ("left panel", "header", "dialog"). */
  area?: string[];
  /** Where on the screen the element is. */
  place?: 'top' | 'bottom' | 'left' | 'right';
  /** Among the best candidates, the nth in reading order (1-based; -1 = last). */
  nth?: number;
  /** Keep candidates that miss words (with what they miss): the closest ones, for a failure's message. */
  explain?: boolean;
  /**
   * Find a container instead of a control: the section whose heading is `name`, the row whose label
   * is `name`, or the open dialog (showing `name` when one is given).
   */
  container?: 'section' | 'row' | 'dialog' | 'editor' | 'table' | 'form';
  /** With a row: its cell in the column headed so. */
  column?: string;
  /** With a row and no name: the first or last row of the page's main table or list. */
  position?: 'first' | 'last';
  /** With a section: a heading that holds the name's word among others ("Your interests" for "interests") counts too, below one that starts with it. */
  looseName?: boolean;
}

interface Hit {
  selector: string;
  /** For `explain`: what the element is and which of the target's words it lacks. */
  what?: string;
  missing?: string[];
  /** A role and accessible name to record instead of the path when they pick this element alone. */
  role?: string;
  label?: string;
  score: number;
  visible: boolean;
  /** For the `form` container: one field of the form on screen, as a person reads it. */
  field?: FormField;
}

/** A field of the form on screen: what kind of input it is, its caption, a list's options, what it holds. */
export interface FormField {
  kind: 'text' | 'email' | 'number' | 'tel' | 'url' | 'date' | 'password' | 'textarea' | 'select' | 'combobox';
  label: string;
  options: string[];
  value: string;
}

const SYN: Record<string, string[]> = {
  remove: ['destroy', 'delete', 'trash', 'close', 'x', '×'], delete: ['destroy', 'remove', 'trash', 'x', '×'], x: ['destroy', 'close', 'remove', '×'],
  checkmark: ['confirm', 'done', 'ok', 'save', 'check', '✓'], tick: ['confirm', 'done', 'check'], save: ['confirm', 'done', 'ok', 'submit'],
  confirm: ['save', 'done', 'ok'], text: ['body', 'content', 'textarea'], body: ['text', 'content', 'textarea'], title: ['titlebar', 'heading'],
  workspace: ['canvas', 'chart', 'board', 'stage', 'workspace'], canvas: ['workspace', 'chart', 'board', 'stage'], board: ['canvas', 'workspace', 'chart'],
  database: ['db'], db: ['database'], system: ['driver', 'engine', 'type'],
  // A record's fields go by several names: its summary is often its title, a remark a comment.
  summary: ['title', 'subject', 'headline'], subject: ['title', 'summary'], description: ['comment', 'details', 'body'], remark: ['comment', 'remarks', 'note'],
  i: ['info', 'inspector', 'information', 'details', 'about'], wrench: ['preferences', 'prefs', 'settings', 'tools', 'options'],
  turtle: ['speed', 'slow', 'limit', 'limits', 'alternative', 'temporary', 'turtle'], play: ['start', 'resume', 'run'], run: ['execute', 'play', 'start', 'go'], execute: ['run', 'play', 'go'],
  output: ['out', 'output', 'source'], input: ['in', 'input', 'target'], search: ['search', 'find', 'filter'], username: ['user', 'login', 'email'],
  avatar: ['user', 'profile', 'account'], filter: ['filter', 'search'], todo: ['todo', 'item', 'task'], new: ['new', 'add', 'create'],
  // Icons are named by what they look like; their labels and classes say what they do.
  gear: ['settings', 'cog', 'preferences', 'options', 'config'], cog: ['settings', 'gear', 'preferences'], hamburger: ['menu', 'toggle', 'sidebar', 'nav', 'bars'], bars: ['menu', 'hamburger', 'toggle', 'nav'],
  trash: ['delete', 'remove', 'bin', 'destroy'], bin: ['delete', 'remove', 'trash'], pencil: ['edit', 'rename', 'modify'], envelope: ['mail', 'email', 'read', 'message', 'inbox'],
  moon: ['dark', 'theme', 'night'], sun: ['light', 'theme', 'day'], bell: ['notifications', 'notification', 'alerts'], magnifier: ['search', 'find'], magnifying: ['search', 'find'],
  plus: ['add', 'new', 'create', '+'], cross: ['close', 'remove', 'delete', 'x', '×'], kebab: ['more', 'menu', 'options', 'actions'], dots: ['more', 'menu', 'options', 'actions'],
  ellipsis: ['more', 'menu', 'options'], chevron: ['expand', 'collapse', 'toggle', 'next', 'more', 'arrow'], caret: ['expand', 'collapse', 'toggle', 'dropdown', 'arrow'],
  arrow: ['expand', 'collapse', 'toggle', 'next', 'open', 'chevron', 'caret', 'start', 'play'], double: ['pause'], eye: ['show', 'view', 'preview', 'visibility', 'reveal'], padlock: ['lock', 'locked', 'secure', 'private'],
  lock: ['padlock', 'locked', 'secure', 'private'], refresh: ['reload', 'refresh', 'sync', 'update'], reload: ['refresh', 'reload', 'sync'], person: ['user', 'account', 'profile', 'avatar'],
  editing: ['editor', 'edit', 'text', 'content', 'source', 'textarea'], star: ['watch', 'favorite', 'favourite', 'bookmark', 'starred'], initials: ['avatar', 'user', 'account', 'profile'], circle: ['avatar', 'round', 'badge'], house: ['home'], question: ['help', 'info'], info: ['help', 'information', 'about'],
};

export function expandTokens(words: string[]): string[][] {
  return [...new Set(words)].map((w) => [w, ...(SYN[w] ?? [])]);
}

/** What counts as an open modal dialog: where a person acts while it is open (in-page code gets it as an argument). */
export const MODAL_SELECTOR = '[aria-modal=true], dialog[open], .modal, .modal-ux, .modal-dialog, .modal-content';

/**
 * Ids a framework numbers as it renders (ember478, ext-gen12, :r3:, yui_3_5_1_1_…, a uuid) or an app
 * draws at random (Node-RED's `fe5a2b8e78fdc9e9`, a database's hex key): not the same on the next
 * load, so no locator is built on them. A pattern's source, for in-page code.
 */
export const GENERATED_ID = String.raw`^(ember\d|ext-(gen|comp|element)|yui_|gwt-uid|mui-\d|radix-|headlessui-|react-aria|:)|_r_[0-9a-z]+_|«r[0-9a-z]+»|\d{3,}|^\d|[0-9a-f]{8}-[0-9a-f]{4}|^(?=[0-9a-f.]*\d)[0-9a-f]{8,}(\.[0-9a-f]+)?$`;

/** Runs in the page: score elements for a spec. Self-contained (serialised into the page). */
function scoreInPage([spec, generatedId, modalSelector]: [GroundSpec, string, string]): Hit[] {
  const doc = document;
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  // Arrow glyphs are named as people name them ("the small down arrow").
  const GLYPHS: Record<string, string> = { '↓': ' down arrow ', '↑': ' up arrow ', '←': ' left arrow ', '→': ' right arrow ', '▼': ' down arrow ', '▲': ' up arrow ', '▾': ' down arrow ', '▴': ' up arrow ', '⌄': ' down arrow ', '⌃': ' up arrow ' };
  const split = (s: string) => s.replace(/[↓↑←→▼▲▾▴⌄⌃]/g, (g) => GLYPHS[g] ?? ' ').replace(/([a-z]{2,})([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9×✓]+/).filter(Boolean);
  const isVisible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    const st = getComputedStyle(el);
    return st.visibility !== 'hidden' && st.display !== 'none' && Number(st.opacity) !== 0;
  };
  const GENERATED_ID = new RegExp(generatedId, 'i');
  // Open shadow roots are part of the page (web components): searched like the document, and a
  // path climbs from a shadow root to its host (Playwright's CSS pierces open shadow roots).
  const roots: Array<Document | ShadowRoot> = [doc];
  for (let i = 0; i < roots.length; i++) for (const el of Array.from(roots[i]!.querySelectorAll('*'))) if (el.shadowRoot) roots.push(el.shadowRoot);
  const hostOf = (el: Element) => (el.getRootNode() instanceof ShadowRoot ? (el.getRootNode() as ShadowRoot).host : null);
  const parentOf = (el: Element) => el.parentElement ?? hostOf(el);
  const inside = (scope: Element, el: Element) => {
    for (let cur: Element | null = el; cur; cur = parentOf(cur)) if (cur === scope) return true;
    return false;
  };
  const deepAll = (scope: Element, sel: string): Element[] => [
    ...Array.from(scope.querySelectorAll(sel)),
    ...roots.slice(1).filter((r) => inside(scope, (r as ShadowRoot).host)).flatMap((r) => Array.from(r.querySelectorAll(sel))),
  ];
  const unique = (sel: string) => { try { return roots.reduce((n, r) => n + r.querySelectorAll(sel).length, 0) === 1; } catch { return false; } };
  // Classes that say what an element is, not its state (selected, completed, editing…) or a build's hash.
  const STATE = /^(is|has)-|active|selected|completed|editing|hover|focus|^open|opened|closed|checked|disabled|hidden|visible|^show|shown|expanded|collapsed|current|done|highlight|dragging|empty|error|valid|dirty|pristine|touched|loading|loaded|^ng-|^css-|^sc-|^jsx-|^svelte-|^_/i;
  const classesOf = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => c.length > 1 && !STATE.test(c) && !GENERATED_ID.test(c));
  const cssPath = (el: Element): string => {
    let path = '';
    let cur: Element | null = el;
    while (cur && cur !== doc.documentElement) {
      if (cur.id && !GENERATED_ID.test(cur.id) && unique(`#${CSS.escape(cur.id)}`)) { path = `#${CSS.escape(cur.id)}${path}`; break; }
      const parent: Element | null = cur.parentElement;
      const tag = cur.localName;
      const siblings = parent ? parent.children : cur.parentNode instanceof ShadowRoot ? cur.parentNode.children : null;
      const same = siblings ? Array.from(siblings).filter((c) => c.localName === tag) : [];
      // A field says which kind it is: on another page the same place may hold another kind of input.
      const type = tag === 'input' && cur.getAttribute('type') ? `[type="${CSS.escape(cur.getAttribute('type')!)}"]` : '';
      // Among siblings of its kind, a class only it has names it where a redesign or an upgrade adds
      // a sibling before it (Node-RED 4 draws one more group before a node's ports); a position does not.
      const own = same.length > 1 ? classesOf(cur).find((c) => same.every((o) => o === cur || !classesOf(o).includes(c))) : undefined;
      const part = own ? `${CSS.escape(tag)}.${CSS.escape(own)}${type}` : same.length > 1 ? `${CSS.escape(tag)}${type}:nth-of-type(${same.indexOf(cur) + 1})` : `${CSS.escape(tag)}${type}`;
      // A shadow root's top elements are children of its host to Playwright's `>`.
      const next = parentOf(cur);
      path = next ? ` > ${part}${path}` : `${part}${path}`;
      cur = next;
    }
    return path.replace(/^ > /, '');
  };
  const textOf = (el: Element) => norm((el as HTMLElement).innerText ?? el.textContent).slice(0, 120);
  const ownTokens = (el: Element): string[] => {
    const e = el as HTMLInputElement;
    let labels = e.labels ? Array.from(e.labels).map((l) => l.textContent ?? '').join(' ') : '';
    // A field with no label of its own is named by the short text just before it ("Enter a new file name:").
    if (!labels.trim() && /^(?:input|textarea|select)$/.test(el.localName)) {
      let before = el.previousElementSibling;
      while (before && !norm(before.textContent) && before.previousElementSibling) before = before.previousElementSibling;
      const said = before && !before.matches('input, textarea, select, button') ? norm(before.textContent) : '';
      const ownText = el.parentElement ? Array.from(el.parentElement.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent ?? '').join(' ') : '';
      // A form laid out as a table captions its field in the cell before: <th>Database</th><td><input>.
      const cell = el.closest('td, [role=cell], [role=gridcell]');
      const caption = cell?.previousElementSibling && !cell.previousElementSibling.querySelector('input, textarea, select, button') ? norm(cell.previousElementSibling.textContent) : '';
      // A fieldset's legend captions the one field it holds ("Search data in tables").
      const set = el.closest('fieldset');
      const legend = set && set.querySelectorAll('input:not([type=hidden]):not([type=submit]):not([type=button]), textarea, select').length === 1 ? norm(set.querySelector('legend')?.textContent) : '';
      labels = [said.length <= 80 ? said : '', norm(ownText).length <= 80 ? ownText : '', caption.length <= 60 ? caption : '', legend.length <= 60 ? legend : ''].join(' ');
    }
    // A code editor drawn over a hidden text area (syntax highlighting) is named by that text area.
    if ((el as HTMLElement).isContentEditable && !labels.trim()) {
      const area = Array.from(el.parentElement?.children ?? []).find((x) => x.localName === 'textarea') as HTMLTextAreaElement | undefined;
      if (area) labels = `${area.name} ${area.id} ${area.labels ? Array.from(area.labels).map((x) => x.textContent ?? '').join(' ') : ''}`;
    }
    const cls = typeof el.className === 'string' ? el.className : (el.getAttribute('class') ?? '');
    // A tree's "+" and "−" are its expand and collapse toggles (as alt text or as the text itself).
    const sign = el.getAttribute('alt') ?? el.querySelector?.('img')?.getAttribute('alt') ?? null;
    const text = textOf(el);
    const glyph = norm(sign ?? text);
    return split([
      el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('alt'), el.getAttribute('placeholder'), labels,
      el.id, el.getAttribute('name'), el.getAttribute('type') === 'search' ? 'search' : '', cls, el.getAttribute('data-testid'), el.localName === 'input' || el.localName === 'textarea' ? '' : el.localName === 'select' ? ((el as HTMLSelectElement).selectedOptions[0]?.text ?? '') : text,
      el.querySelector?.('title')?.textContent ?? '',
      // An icon-only control goes by its icon's class too (<a id="…sidemenu"><i class="fa fa-bars">).
      Array.from(el.querySelectorAll?.(':scope > i, :scope > span > i, :scope > svg, :scope > [class*=icon]') ?? []).slice(0, 3).map((c) => c.getAttribute('class') ?? '').join(' '),
      // …and by its image's file name (<a><img src="tree_expand.png" alt="+-"></a>).
      Array.from(el.querySelectorAll?.(':scope > img, :scope > span > img') ?? []).slice(0, 2).map((c) => (c.getAttribute('src') ?? '').split(/[?#]/)[0]!.split('/').pop()!.replace(/\.\w+$/, '')).join(' '),
      // A tree's own toggle (jsTree's open/close icon, an "expander", a "twisty") opens and closes it.
      /(?:^|\s)(?:jstree-ocl|[\w-]*(?:expander|twisty|toggler))(?:\s|$)/.test(cls) ? 'expand collapse toggle' : '',
      /^(?:\+|\+-|⊕|⊞)$/.test(glyph) ? 'plus expand' : /^(?:-|−|⊖|⊟)$/.test(glyph) ? 'minus collapse' : '',
    ].join(' '));
  };
  // The area words name an ancestor by its tag, role, id, class or label ("left panel", "header", "dialog").
  const AREA_SYN: Record<string, string[]> = {
    header: ['header', 'banner', 'navbar', 'topbar', 'top', 'masthead', 'appbar', 'toolbar', 'nav'], top: ['header', 'banner', 'navbar', 'topbar', 'top', 'toolbar'],
    bar: ['bar', 'navbar', 'toolbar', 'topbar', 'header'], sidebar: ['sidebar', 'aside', 'side', 'complementary', 'nav', 'navigation', 'drawer'],
    left: ['left', 'sidebar', 'aside', 'side', 'nav'], right: ['right', 'sidebar', 'aside', 'side'], panel: ['panel', 'pane', 'sidebar', 'aside', 'card', 'drawer'],
    footer: ['footer', 'contentinfo', 'bottom'], dialog: ['dialog', 'modal', 'popup', 'overlay', 'alertdialog'], modal: ['dialog', 'modal', 'popup', 'overlay'],
    menu: ['menu', 'dropdown', 'menubar', 'popover', 'nav'], toolbar: ['toolbar', 'actions', 'buttons', 'header'], navigation: ['nav', 'navigation', 'menu', 'sidebar'],
    nav: ['nav', 'navigation', 'menu'], table: ['table', 'grid'], list: ['list', 'ul', 'ol'], form: ['form'], editor: ['editor', 'textarea', 'code'],
    diagram: ['svg', 'canvas', 'diagram', 'chart', 'graph', 'workspace'], canvas: ['svg', 'canvas', 'workspace', 'chart'], logo: ['logo', 'brand'],
  };
  const areaWords = (spec.area ?? []).flatMap((w) => AREA_SYN[w] ?? [w]);
  // ("Edit on the libera row", "Delete next to the oftc network": a word that is no kind of area names the
  // row, list item or tree item by a word of its own text.)
  const KINDS = /^(?:row|line|entry|item|record|table|list|tree|node|card|tile|box|section|area|part|panel|page|form|header|footer|menu|bar|column|cell|group|one)s?$/;
  const rowWords = (spec.area ?? []).filter((w) => w.length >= 3 && !AREA_SYN[w] && !KINDS.test(w));
  const inArea = (el: Element): boolean => {
    let cur: Element | null = parentOf(el);
    for (let k = 0; cur && k < 12; k++, cur = parentOf(cur)) {
      const toks = split([cur.localName, cur.getAttribute('role') ?? '', cur.id, typeof cur.className === 'string' ? cur.className : '', cur.getAttribute('aria-label') ?? ''].join(' '));
      if (areaWords.some((w) => toks.includes(w) || toks.some((t) => t.length >= 4 && t.startsWith(w)))) return true;
      if (rowWords.length && cur.matches('tr, li, [role=row], [role=listitem], [role=treeitem]') && rowWords.every((w) => split((cur as HTMLElement).innerText ?? '').includes(w))) return true;
    }
    return false;
  };
  // "the Edit button of the Holidays section": a heading that carries the area's words rules the elements
  // after it, up to the next heading.
  const headings = spec.area?.length ? Array.from(doc.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')) : [];
  const named = headings.filter((h) => {
    const toks = split(h.textContent ?? '');
    return (spec.area ?? []).some((w) => w.length > 3 && !/^(?:section|area|part|panel|page|list|table|form|header|footer)$/.test(w) && toks.includes(w));
  });
  const underNamedHeading = (el: Element): boolean => {
    if (!named.length) return false;
    let last: Element | undefined;
    for (const h of headings) if (h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) last = h;
    return last !== undefined && named.includes(last);
  };
  const atPlace = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    const w = innerWidth;
    const h = innerHeight;
    switch (spec.place) {
      case 'top': return r.top < Math.min(140, h * 0.2);
      case 'bottom': return r.bottom > h - Math.min(160, h * 0.25);
      case 'left': return r.right < w * 0.35;
      case 'right': return r.left > w * 0.65;
      default: return false;
    }
  };
  if (spec.container) return containerHits();
  const FIELD = 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=hidden]):not([type=reset]), textarea, [contenteditable=""], [contenteditable=true], select, [role=textbox], [role=searchbox], [role=combobox]';
  const CLICK = 'button, a, [role=button], [role=link], [role=tab], [role=menuitem], input[type=button], input[type=submit], label, summary, [onclick], [tabindex], svg g[class], [class*=btn], [class*=button], [class*=destroy], [class*=close], :is(div, span, i, img, li, em)[title], .jstree-ocl, [class*=expander], [class*=twisty], [class*=toggler]';
  const CHECK = 'input[type=checkbox], input[type=radio], [role=checkbox], [role=switch]';
  const sel = spec.kind === 'field' ? FIELD : spec.kind === 'checkbox' ? CHECK : spec.kind === 'clickable' ? CLICK : `${CLICK}, ${FIELD}, h1, h2, h3, h4, li, p, span, div, g, text, img, svg`;

  // Scope: ancestors of the element that shows the `within` text, nearest first.
  let scopes: Element[] = [doc.body];
  let depths: number[] = [0];
  if (spec.within) {
    const want = spec.within.toLowerCase();
    const anchors: Element[] = [];
    for (const el of deepAll(doc.body, '*')) {
      if (el.children.length > 3) continue;
      const t = norm(el.textContent).toLowerCase();
      // A tree or list item may show a count after its name ("ou=People (6)").
      if (t === want || (t.includes(want) && t.length <= want.length + 3) || (t.startsWith(want) && /^[:/.]?\*?\s*(?:[([]\d+[)\]])?$/.test(t.slice(want.length)))) anchors.push(el);
      else if ((el as HTMLInputElement).value && norm((el as HTMLInputElement).value).toLowerCase() === want) anchors.push(el);
    }
    // The innermost element showing the text: a list whose only item holds it shows it too, and
    // counting from there would reach far beyond the item's row.
    const innermost = anchors.filter((a) => !anchors.some((b) => b !== a && inside(a, b)));
    anchors.splice(0, anchors.length, ...innermost);
    anchors.sort((a, b) => Number(isVisible(b)) - Number(isVisible(a)));
    scopes = [];
    depths = [];
    // Nearest first across every anchor: a control in the anchor's own row beats one further out.
    for (let up = 0; up < 6; up++) {
      for (const a of anchors.slice(0, 5)) {
        let cur: Element | null = a;
        for (let k = 0; k < up && cur; k++) cur = parentOf(cur);
        if (cur && cur !== doc.body && !scopes.includes(cur) && up <= (spec.maxDepth ?? 5)) { scopes.push(cur); depths.push(up); }
      }
    }
    if (!scopes.length) return [];
  }
  /**
   * A section, row or dialog: a heading or label showing the name (innermost, headings first), then
   * the nearest ancestor that holds more than it (the heading's section, the label's row).
   */
  function containerHits(): Hit[] {
    const full = (el: Element) => norm((el as HTMLElement).innerText ?? el.textContent).toLowerCase();
    if (spec.container === 'form') return formHits();
    const want = norm(spec.name).toLowerCase();
    if (spec.container === 'dialog') {
      const dialogs = deepAll(doc.body, '[role=dialog], [role=alertdialog], dialog[open], [aria-modal=true], .modal').filter(isVisible);
      const pick = [...dialogs].reverse().find((d) => !want || full(d).includes(want));
      return pick ? [{ selector: cssPath(pick), score: 1, visible: true }] : [];
    }
    if (spec.container === 'editor') {
      // The largest code or text editor on screen.
      const editors = deepAll(doc.body, '.CodeMirror, .cm-editor, .monaco-editor, .ace_editor, textarea, [contenteditable=""], [contenteditable=true]').filter(isVisible);
      const area = (e: Element) => { const r = e.getBoundingClientRect(); return r.width * r.height; };
      const pick = editors.filter((e) => !editors.some((o) => o !== e && inside(o, e))).sort((a, b) => area(b) - area(a))[0];
      return pick ? [{ selector: cssPath(pick), score: 1, visible: true }] : [];
    }
    if (spec.container === 'table') {
      // A table is named by its caption or label, else by the heading above it, else by its header row.
      const TABLES = 'table, [role=table], [role=grid], [role=treegrid]';
      const wordsOf = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((w) => w.replace(/(?:es|s)$/, ''));
      const wanted = wordsOf(want);
      const says = (s: string | null | undefined) => !!s && wanted.length > 0 && wanted.every((w) => wordsOf(s).includes(w));
      const headingBefore = (t: Element): string => {
        let cur: Element | null = t;
        for (let up = 0; cur && cur !== doc.body && up < 4; up++, cur = cur.parentElement) {
          for (let p = cur.previousElementSibling; p; p = p.previousElementSibling) {
            if (p.matches('h1, h2, h3, h4, h5, h6, [role=heading]')) return full(p);
            const inner = p.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]');
            if (inner.length) return full(inner[inner.length - 1]!);
            if (p.matches(TABLES) || p.querySelector(TABLES)) return '';
          }
        }
        return '';
      };
      const tables = deepAll(doc.body, TABLES).filter((t) => isVisible(t) && !t.parentElement?.closest(TABLES));
      const scored = tables.map((t) => {
        const by = t.getAttribute('aria-labelledby');
        const own = [t.querySelector('caption')?.textContent, t.getAttribute('aria-label'), t.getAttribute('title'), by ? doc.getElementById(by)?.textContent : null, headingBefore(t)];
        const head = t.querySelector('thead, tr, [role=row]');
        return { t, score: own.some(says) ? 2 : says(head ? full(head) : '') ? 1 : 0 };
      });
      const best = scored.filter((x) => x.score > 0).sort((a, b) => b.score - a.score)[0] ?? (tables.length === 1 ? { t: tables[0]!, score: 0.5 } : undefined);
      return best ? [{ selector: cssPath(best.t), score: best.score, visible: true }] : [];
    }
    const ROWS = 'tr, [role=row]';
    const isHeaderRow = (r: Element) => r.closest('thead') !== null || (r.querySelector('td, [role=cell], [role=gridcell]') === null && r.querySelector('th, [role=columnheader]') !== null);
    const bodyRows = (t: Element) => Array.from(t.querySelectorAll(ROWS)).filter((r) => r.closest('table, [role=table], [role=grid], [role=treegrid]') === t && isVisible(r) && !isHeaderRow(r));
    if (spec.container === 'row' && spec.position) {
      // The page's main table: the one with most rows; else the main list's items.
      const tables = deepAll(doc.body, 'table, [role=table], [role=grid], [role=treegrid]').filter(isVisible).map((t) => ({ t, rows: bodyRows(t) })).filter((x) => x.rows.length > 0);
      tables.sort((a, b) => b.rows.length - a.rows.length);
      let rows: Element[] = tables[0]?.rows ?? [];
      if (!rows.length) {
        // A menu left open is not the page's list.
        const lists = deepAll(doc.body, 'ul, ol, [role=list], [role=listbox]').filter((l) => isVisible(l) && !l.closest('nav, [role=navigation], [role=menu], [role=menubar], header, footer') && !/menu/i.test(`${l.id} ${typeof l.className === 'string' ? l.className : ''}`)).map((l) => Array.from(l.children).filter((c) => isVisible(c) && !c.matches('[role=separator], hr'))).filter((x) => x.length > 1);
        lists.sort((a, b) => b.length - a.length);
        rows = lists[0] ?? [];
      }
      const pick = spec.position === 'first' ? rows[0] : rows[rows.length - 1];
      return pick ? [{ selector: cssPath(pick), score: 1, visible: true }] : [];
    }
    // A row's cell under a column heading: counted across the header row, spans and all.
    const cellOf = (row: Element, column: string): Element | undefined => {
      const table = row.closest('table, [role=table], [role=grid], [role=treegrid]');
      if (!table) return undefined;
      const cellsOf = (r: Element) => Array.from(r.children).filter((c) => c.matches('td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]'));
      const head = Array.from(table.querySelectorAll(ROWS)).find((r) => r.closest('table, [role=table], [role=grid], [role=treegrid]') === table && isHeaderRow(r));
      if (!head) return undefined;
      const col = norm(column).toLowerCase();
      const at = (cells: Element[], k: number) => cells.slice(0, k).reduce((n, c) => n + Math.max(1, Number(c.getAttribute('colspan') ?? 1)), 0);
      const hc = cellsOf(head);
      let k = hc.findIndex((c) => full(c).replace(/[▲▼↑↓⇅]/g, '').trim() === col);
      if (k < 0) k = hc.findIndex((c) => full(c).startsWith(col) || full(c).split(/\s+/).includes(col));
      if (k < 0) return undefined;
      const index = at(hc, k);
      const rc = cellsOf(row);
      for (let j = 0, n = 0; j < rc.length; j++) {
        if (n === index) return rc[j];
        n += Math.max(1, Number(rc[j]!.getAttribute('colspan') ?? 1));
      }
      return undefined;
    };
    if (!want) return [];
    const HEADING = 'h1, h2, h3, h4, h5, h6, [role=heading], legend, caption, summary, th, dt, label, [class*=title], [class*=heading], [class*=header], [class*=label], [class*=name]';
    const anchors: Array<{ el: Element; score: number }> = [];
    for (const el of deepAll(doc.body, '*')) {
      if (el.children.length > 3 || !isVisible(el)) continue;
      const t = full(el);
      const exact = t === want || t === `${want}:`;
      const stem = (w: string) => w.replace(/(?:ies|es|s)$/, '');
      const holds = Boolean(spec.looseName) && t.length <= 80 && el.matches(HEADING) && want.split(' ').every((w) => t.split(/[^\p{L}\p{N}]+/u).some((x) => stem(x) === stem(w)));
      if (!exact && !(t.startsWith(want) && t.length <= want.length + 3) && !holds) continue;
      // A link of a menu names a page, not a section of this one ("Manage Users lists ben…": the page's content).
      if (spec.container === 'section' && el.closest('a[href], [role=menuitem]') && el.closest('nav, [role=navigation], [role=menu], [role=menubar], [id*=menu i], [class*=menu i], .nav, #nav, [class*=sidebar i]')) continue;
      // A row asked for is a table's or list's row more likely than a line of a menu.
      const inRow = spec.container === 'row' && el.closest('tr, [role=row], li') ? 0.5 : 0;
      anchors.push({ el, score: (exact ? 2 : t.startsWith(want) ? 1.5 : 1) + inRow + (el.matches(HEADING) ? 1 : 0) - (el.closest('nav, [role=navigation], [role=menu], [role=tablist]') ? 1.5 : 0) });
    }
    const inner = anchors.filter((a) => !anchors.some((b) => b !== a && inside(a.el, b.el)));
    inner.sort((a, b) => b.score - a.score);
    const hitsOut: Hit[] = [];
    const HEADS = 'h1, h2, h3, h4, h5, h6, [role=heading], legend';
    for (const a of inner.slice(0, 3)) {
      const own = full(a.el).length;
      let cur: Element = a.el;
      let found: Element | undefined;
      for (let k = 0; k < (spec.container === 'row' ? 4 : 6); k++) {
        const up = parentOf(cur);
        if (!up || up === doc.body || up === doc.documentElement) break;
        // A parent holding the next section's heading too: this section is what follows the heading.
        if (spec.container === 'section' && Array.from(up.querySelectorAll(HEADS)).some((h) => h !== a.el && !inside(a.el, h) && !inside(h, a.el) && isVisible(h))) {
          // The element right after the heading, empty or not (a list with nothing left in it is still the list).
          let next = cur.nextElementSibling;
          while (next && next.matches('br, hr, script, template, style, [hidden]')) next = next.nextElementSibling;
          found = next && !next.matches(HEADS) ? next : undefined;
          break;
        }
        if (full(up).length > own + 1 || up.querySelector('input, select, textarea')) { found = up; break; }
        cur = up;
      }
      // A card's header bar ("render-pdf  No workers") is not the card: the section is what holds the header and its body.
      // (So is a card's title line when a row is asked for: "█ Weekend rides [calendar]" heads the entry that holds its URL.)
      for (let up = 0; found && up < 2 && ((spec.container === 'section' && found.matches('header, [class*=header i], [class*=heading i], [class*=title i]') && !found.matches('h1, h2, h3, h4, h5, h6')) || (spec.container === 'row' && found.matches('h1, h2, h3, h4, h5, h6, header, [class*=header i], [class*=title i]') && !found.matches('tr, li, [role=row]'))); up++) {
        const p = parentOf(found);
        if (!p || p === doc.body || p === doc.documentElement || full(p).length <= full(found).length + 1) break;
        found = p;
      }
      // A name in a table's cell: the row is the table's row, not the cell ("trunk with 5 check-ins").
      if (found && spec.container === 'row' && !found.matches(ROWS) && found.matches('td, th, [role=cell], [role=gridcell]') && found.parentElement?.matches(ROWS)) found = found.parentElement;
      // "The Rows column says 4 for customers": the cell, when the row is a table's and the column is found.
      let score = a.score;
      if (found && spec.container === 'row' && spec.column) {
        const row = found.matches(ROWS) ? found : found.closest(ROWS);
        const cell = row ? cellOf(row, spec.column) : undefined;
        if (cell) found = cell;
        else score -= 1;
      }
      if (found) hitsOut.push({ selector: cssPath(found), score, visible: true });
    }
    return hitsOut.sort((x, y) => y.score - x.score);
  }
  /** The fields of the form on screen (in an open dialog when there is one), in reading order, each with its caption. */
  function formHits(): Hit[] {
    const FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=hidden]):not([type=reset]):not([type=file]):not([type=range]):not([type=color]):not([type=image]), textarea, select, [role=combobox]';
    const dialogs = deepAll(doc.body, modalSelector).filter(isVisible);
    const root = dialogs[dialogs.length - 1] ?? doc.body;
    const CAPTION = 'label, legend, h1, h2, h3, h4, h5, h6, [role=heading], th, dt, [class*=title i], [class*=label i], [class*=caption i]';
    const captionOf = (el: Element): string => {
      const e = el as HTMLInputElement;
      const by = el.getAttribute('aria-labelledby');
      const own = [e.labels?.length ? Array.from(e.labels).map((l) => l.textContent ?? '').join(' ') : '', by ? by.split(/\s+/).map((id) => doc.getElementById(id)?.textContent ?? '').join(' ') : '', el.getAttribute('aria-label') ?? ''].map(norm).find(Boolean);
      if (own) return own;
      // The caption just before it: in its own block, the nearest title or label that holds no other field.
      for (let up: Element | null = el.parentElement, k = 0; up && up !== root && k < 6; up = up.parentElement, k++) {
        const before = Array.from(up.querySelectorAll(CAPTION)).filter((c) => !c.querySelector(FIELDS) && !inside(c, el) && (c.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) && isVisible(c));
        const last = before[before.length - 1];
        if (last && norm(last.textContent)) return norm(last.textContent);
      }
      return norm(el.getAttribute('placeholder') ?? el.getAttribute('title') ?? el.getAttribute('name') ?? '');
    };
    const seen = deepAll(root, FIELDS).filter((el) => isVisible(el) && !(el as HTMLInputElement).disabled);
    // A drop-down drawn as a box with a text input inside it is one field: the box.
    const fields = seen.filter((el) => !seen.some((o) => o !== el && o.getAttribute('role') === 'combobox' && !o.matches('input') && inside(o, el)));
    return fields.map((el, k) => {
      const e = el as HTMLInputElement;
      const type = (el.getAttribute('type') ?? 'text').toLowerCase();
      const kind: FormField['kind'] = el.localName === 'select' ? 'select' : el.localName === 'textarea' ? 'textarea' : el.getAttribute('role') === 'combobox' || e.readOnly ? 'combobox'
        : (['email', 'number', 'tel', 'url', 'date', 'password'] as const).find((t) => t === type) ?? 'text';
      const label = captionOf(el).replace(/\s*\*\s*$/, '').replace(/^\d+\.\s*/, '');
      const options = el.localName === 'select' ? Array.from((el as HTMLSelectElement).options).map((o) => norm(o.text)).filter(Boolean) : [];
      const value = el.localName === 'select' ? norm((el as HTMLSelectElement).selectedOptions[0]?.text) : el.matches('input, textarea') ? e.value : norm((el as HTMLElement).innerText);
      return { selector: cssPath(el), score: fields.length - k, visible: true, field: { kind, label, options, value } };
    });
  }
  // An open modal dialog is where a person acts: what is behind it is out of reach.
  const modals = deepAll(doc.body, modalSelector).filter((m) => {
    const r = m.getBoundingClientRect();
    return isVisible(m) && r.width > 150 && r.height > 80;
  });
  const inModal = (el: Element) => modals.some((m) => inside(m, el));
  // The element stands in for its path until the best few are known: a path costs a walk up the tree.
  const hits: Array<Omit<Hit, 'selector'> & { el: Element }> = [];
  const seen = new Set<Element>();
  for (const [depth, scope] of scopes.entries()) {
    for (const el of deepAll(scope, sel)) {
      if (seen.has(el)) continue;
      seen.add(el);
      if (spec.multilineOnly && !el.matches('textarea, [contenteditable=""], [contenteditable=true]')) continue;
      const visible = isVisible(el);
      if (!visible && ((!spec.within && !spec.includeHidden) || spec.visibleOnly)) continue;
      const toks = ownTokens(el);
      let score = 0;
      let missed = false;
      const missing: string[] = [];
      for (const [gi, group] of spec.tokens.entries()) {
        let g = 0;
        for (const t of group) {
          if (toks.includes(t) || (t.includes(' ') && t.split(' ').every((p) => toks.includes(p)))) g = 1;
          else if (t.length >= 4 && toks.some((x) => x.startsWith(t) || (x.length >= 4 && t.startsWith(x)))) g = Math.max(g, 0.6);
        }
        score += g;
        if (g === 0) missing.push(group[0]!);
        if (g === 0 && gi < (spec.strict ?? 0)) missed = true;
      }
      if (missed && !spec.explain) continue;
      // A quoted name belongs to the element itself, not to a large container that happens to hold its words.
      if (spec.strict && spec.name && !el.matches('select, input, textarea') && textOf(el).length > spec.name.length * 3 + 20 && !spec.explain) continue;
      if (spec.draggable) {
        if (el.getAttribute('draggable') === 'true' || /node|card|item|tile|drag|block|widget/.test(toks.join(' '))) score += 0.5;
        else if (spec.draggableOnly) continue;
      }
      score = spec.tokens.length ? score / spec.tokens.length : 0.5;
      const matched = score > 0;
      if (spec.name && textOf(el).toLowerCase() === spec.name.toLowerCase()) score += 1;
      if (spec.multiline && el.localName === 'textarea') score += 0.8;
      if (spec.handle && /port|handle|anchor|connector|socket/.test(toks.join(' '))) score += 0.5;
      if (spec.entry) {
        const e = el as HTMLInputElement;
        if (e.localName !== 'input' || (e.value ?? '') !== '') continue;
        score += /new|add|what|todo|item|task|enter/.test(`${e.placeholder} ${e.id} ${e.className}`.toLowerCase()) ? 1 : 0.2;
        if (e.autofocus) score += 0.3;
      }
      if (spec.region) {
        const r = el.getBoundingClientRect();
        score += Math.min(0.5, (r.width * r.height) / 2_000_000);
      }
      if (spec.within) score -= (depths[depth] ?? 0) * 0.15;
      else if (visible) score += 0.05;
      if (spec.area?.length && inArea(el)) score += 0.35;
      if (named.length && underNamedHeading(el)) score += 0.5;
      if (spec.place && visible && atPlace(el)) score += 0.3;
      // (Only among elements that match: a dialog's bonus alone does not make a candidate.)
      if (modals.length && visible && !spec.within && matched) score += inModal(el) ? 0.3 : -0.3;
      if (spec.explain) {
        if (score <= 0) continue;
      } else if (score <= 0.3 && !spec.entry && !(spec.within && spec.tokens.length === 0)) continue;
      const tag = el.localName;
      const role = el.getAttribute('role') ?? (tag === 'button' ? 'button' : tag === 'a' && el.hasAttribute('href') ? 'link' : tag === 'textarea' || (tag === 'input' && !/^(checkbox|radio|button|submit)$/.test((el as HTMLInputElement).type)) ? 'textbox' : undefined);
      const label = norm(el.getAttribute('aria-label') ?? el.getAttribute('title') ?? (tag === 'input' || tag === 'textarea' ? '' : textOf(el)));
      hits.push({ el, score, visible, ...(role && label && label.length <= 60 ? { role, label } : {}), ...(spec.explain ? { what: `${role ?? tag} "${(label || textOf(el)).slice(0, 40)}"`, missing } : {}) });
    }
  }
  hits.sort((a, b) => b.score - a.score);
  if (spec.nth && hits.length) {
    // "the second row": among the candidates as good as the best, the nth in reading order.
    const best = hits[0]!.score;
    const peers = hits.filter((h) => h.score >= best - 0.25 && h.visible);
    peers.sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const pick = spec.nth > 0 ? peers[spec.nth - 1] : peers[peers.length + spec.nth];
    if (!pick) return [];
    const { el, ...hit } = pick;
    return [{ ...hit, selector: cssPath(el) }];
  }
  return hits.slice(0, 5).map(({ el, ...hit }) => ({ ...hit, selector: cssPath(el) }));
}

/** The focused field itself: a shadow host whose shadow tree holds the focus matches `:focus` too. */
const FOCUSED_FIELD = ':is(input, textarea, select, [contenteditable=""], [contenteditable=true]):focus';

/** The focused editable element (looking into same-origin frames and open shadow roots). */
function focusedInPage(): string | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const editable = el.matches('input, textarea, [contenteditable=""], [contenteditable=true], select');
  return editable ? ':focus' : el.localName === 'iframe' ? 'iframe' : null;
}

async function frameSelector(frame: Frame): Promise<string | undefined> {
  const handle = await frame.frameElement().catch(() => undefined);
  if (!handle) return undefined;
  const sel = await handle.evaluate((el) => {
    const all = Array.from(document.querySelectorAll('iframe'));
    return `iframe >> nth=${all.indexOf(el as HTMLIFrameElement)}`;
  });
  return sel;
}

/** Best element for the spec in the page or a same-origin frame; undefined when nothing scores. */
export async function ground(page: Page, spec: GroundSpec): Promise<LocatorDescriptor | undefined> {
  if (spec.focused) {
    const f = await page.evaluate(focusedInPage).catch(() => null);
    if (f === ':focus') return { strategy: 'css', selector: FOCUSED_FIELD };
    if (f === 'iframe') {
      for (const frame of page.frames().slice(1)) {
        const inner = await frame.evaluate(focusedInPage).catch(() => null);
        const fsel = inner === ':focus' ? await frameSelector(frame) : undefined;
        if (fsel) return { strategy: 'css', selector: FOCUSED_FIELD, frame: fsel };
      }
    }
    return undefined;
  }
  let best: { d: LocatorDescriptor; score: number } | undefined;
  for (const [i, frame] of page.frames().entries()) {
    const hits = await frame.evaluate(scoreInPage, [spec, GENERATED_ID, MODAL_SELECTOR] as [GroundSpec, string, string]).catch(() => [] as Hit[]);
    const top = hits[0];
    if (!top || (best && best.score >= top.score)) continue;
    const fsel = i === 0 ? undefined : await frameSelector(frame);
    if (i > 0 && !fsel) continue;
    best = { d: await stable(frame, top, fsel), score: top.score };
  }
  return best?.d;
}

/** The fields of the form on screen, in reading order (in the page's main frame). */
export async function formFields(page: Page): Promise<Array<FormField & { target: LocatorDescriptor }>> {
  const hits = await page.evaluate(scoreInPage, [{ tokens: [], name: '', kind: 'field', container: 'form' }, GENERATED_ID, MODAL_SELECTOR] as [GroundSpec, string, string]).catch(() => [] as Hit[]);
  return hits.filter((h) => h.field).map((h) => ({ ...h.field!, target: { strategy: 'css', selector: h.selector } }));
}

/**
 * The closest candidates for a target that was not found, for the failure's message: what each is
 * and which of the target's words it lacks (or that it is hidden, or outside the named area).
 */
export async function nearMisses(page: Page, spec: GroundSpec): Promise<string[]> {
  const hits = await page.evaluate(scoreInPage, [{ ...spec, explain: true, strict: 0, nth: undefined }, GENERATED_ID, MODAL_SELECTOR] as [GroundSpec, string, string]).catch(() => [] as Hit[]);
  return hits.slice(0, 3).map((h) => {
    const why = [
      h.missing?.length ? `lacks ${h.missing.map((w) => `"${w}"`).join(', ')}` : '',
      h.visible ? '' : 'not visible',
    ].filter(Boolean).join(', ');
    return `${h.what ?? h.selector}${why ? ` (${why})` : ''}`;
  });
}

/** Record the element by role and name when that picks it alone (survives layout changes), else by path. */
async function stable(frame: Frame, hit: Hit, fsel: string | undefined): Promise<LocatorDescriptor> {
  const path: LocatorDescriptor = { strategy: 'css', selector: hit.selector, ...(fsel ? { frame: fsel } : {}) };
  if (!hit.role || !hit.label) return path;
  // An icon font's glyph is part of the accessible name ("\uf067 Add Remote Device"): the name as
  // shown, matched as a part of it, picks the element as well when it picks it alone.
  for (const exact of [true, false]) {
    const byRole = frame.getByRole(hit.role as Parameters<Frame['getByRole']>[0], { name: hit.label, exact });
    const same = await byRole.evaluateAll((els, sel) => els.length === 1 && els[0] === document.querySelector(sel), hit.selector).catch(() => false);
    if (same) return { strategy: 'role', role: hit.role, name: hit.label, ...(exact ? { exact } : {}), ...(fsel ? { frame: fsel } : {}) };
  }
  return path;
}
