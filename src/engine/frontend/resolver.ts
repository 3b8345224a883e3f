/**
 * Clause → concrete action. The interpreter (interpret.ts) has read the sentence into clauses with
 * intents; this finds each target on the live page: by name first (resolve-target.ts), then by a
 * scored search (ground.ts). When neither can, and a model provider is available, the model gets the
 * clause plus an accessibility snapshot and proposes an action, which is only used if its locators
 * really match the page.
 */
import type { Page } from 'playwright-core';
import type { ModelProvider } from '../../ai/provider.js';
import type { Intent, Scope, Target } from '../../steps/intent.js';
import { targetPhrase } from '../../steps/describe.js';
import { iconWords, looseWords, PLACE_KINDS } from '../../steps/lexicon.js';
import { ENTRY, FOCUSED, type Clause } from './interpret.js';
import { expandTokens, formFields, GENERATED_ID, ground, MODAL_SELECTOR, nearMisses, type GroundSpec } from './ground.js';
import { describeSearch, findTarget, matchCount, ResolveError, withinDescriptor } from './resolve-target.js';
import { fieldForValue, resolveSignIn, setSignInField } from './sign-in.js';
import { modelResolve } from './model-resolve.js';
import { appPath, namesTheApp, openByHop, openByName } from './open-by-name.js';
import type { FilePicker } from './files.js';
import { drawnChecked } from './in-page.js';
import type { PageWatch } from './page-watch.js';
import type { LocatorDescriptor, PlanStep, ResolvedAction, SignInField } from './types.js';
import { pageChange, settle } from './page-still.js';
import { openTreePath, pathSegments } from './tree-path.js';
import { toLocator } from './locator.js';

export interface ResolveOptions {
  page: Page;
  baseUrl: string;
  testIdAttributes: string[];
  /** How long to wait for a target to appear. */
  timeoutMs: number;
  model?: ModelProvider;
  signal?: AbortSignal;
  /** What the run's earlier clauses acted on, for "it" and "the same field". */
  last?: LastTargets;
  /** The run's files and the file chooser the page has open. */
  picker?: FilePicker;
  /** What the page did: the browser's own questions among it. */
  watch?: PageWatch;
}

/** A target that answers a confirmation: "confirm", "OK", "Yes", or a quoted question it is inside. */
function confirming(t: Target): boolean {
  const words = [t.name, ...(t.anyOf ?? [])].filter(Boolean).join(' ');
  return /^(?:confirm|ok|okay|yes|accept|continue|proceed)\b/i.test(words) || (!t.name && Boolean(t.anyOf?.some((w) => /^(?:confirm|ok|yes|accept)$/i.test(w))));
}

/** A button that sends what was just written: "Post the comment "x"". */
const SEND_BUTTON = /^(?:send|post|submit|comment|reply|save|add comment|post comment|send message|add reply)$/i;

/** The elements the previous clauses acted on (kept for the whole run). */
export interface LastTargets {
  /** The last confirmation the browser itself showed (window.confirm), accepted when it opened. */
  dialog?: { message: string; at: number; answered?: boolean };
  any?: LocatorDescriptor;
  field?: LocatorDescriptor;
  /** The last control clicked that is not an entry of a menu: "open the same menu again" clicks it again. */
  opener?: { target: LocatorDescriptor; right: boolean };
  /** The last item of a list clicked (a message, a row): what "it is marked with a flag" is said of. */
  item?: LocatorDescriptor;
  /** Each target found so far, by how the step named it: "click the hamburger icon again" finds the same one. */
  named?: Record<string, LocatorDescriptor>;
}

function nameKey(t: Target): string | undefined {
  if (!t.name || t.name.startsWith('@') || t.ref || t.within || t.nth) return undefined;
  return `${t.kind}|${t.role ?? ''}|${t.name.toLowerCase()}|${(t.area ?? []).join(' ')}|${t.place ?? ''}`;
}

/** Whether the page is still the project URL itself (no path or query of its own beyond it). */
function atProjectUrl(url: string, baseUrl: string): boolean {
  try {
    const [u, b] = [new URL(url), new URL(baseUrl)];
    return u.origin === b.origin && u.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '') && (u.search === b.search || !u.search);
  } catch {
    return false;
  }
}

/** What a lookup found, or undefined when it found nothing (other errors still throw). */
function unlessMissing<T>(p: Promise<T>): Promise<T | undefined> {
  return p.catch((err) => (err instanceof ResolveError ? undefined : Promise.reject(err)));
}

/** A locator for a target that may legitimately be absent (negative assertions, counts). */
function semantic(t: Target): LocatorDescriptor {
  const within = t.within ? { within: withinDescriptor(t.within) } : {};
  if (t.by === 'placeholder') return { strategy: 'placeholder', text: t.name, ...within };
  if (t.role) return { strategy: 'role', role: t.role, ...(t.name ? { name: t.name } : {}), ...within };
  if (t.kind === 'field') return { strategy: 'label', text: t.name, ...within };
  return { strategy: 'text', text: t.name, ...within };
}

function tokensOf(t: Target): string[][] {
  const own = t.name.startsWith('@') ? [] : t.name.toLowerCase().split(/[^a-z0-9×✓]+/).filter((w) => w.length > 0 && !['the', 'a', 'an', 'of', 'to'].includes(w));
  const groups = expandTokens([...own, ...(t.hints ?? []).map((h) => h.toLowerCase())]);
  return t.anyOf ? [...groups, t.anyOf.map((w) => w.toLowerCase())] : groups;
}

/** One pass over every way of finding a target; undefined when nothing fits yet. */
async function attempt(t: Target, o: ResolveOptions, allowHidden: boolean, includeHidden = false): Promise<LocatorDescriptor | undefined> {
  const { page } = o;
  const base = { tokens: tokensOf(t), name: t.name.startsWith('@') ? '' : t.name, kind: t.kind, ...(t.multiline ? { multiline: true } : {}) };
  // "the Notes cell of Siobhan Kerr's row": the row that shows the name, its cell under the column heading.
  if (t.column && t.within) return ground(page, { tokens: [], name: t.within, kind: 'any', container: 'row', column: t.column });
  if (t.name === FOCUSED) {
    // "Replace the text with…": the text area when there is one, else the field being edited.
    const multi = t.hints?.includes('text') ? await ground(page, { ...base, kind: 'field', multilineOnly: true }) : undefined;
    if (multi) return multi;
    // The field opened in the item's own row, else the focused one. An app may open the editor a
    // moment after the double-click that asked for it: until then, nothing further away counts.
    const near = { tokens: [], name: '', kind: 'field' as const, visibleOnly: true };
    if (t.within) {
      const inItem = await ground(page, { ...near, within: t.within, maxDepth: 2 });
      if (inItem) return inItem;
    }
    const f = await ground(page, { ...base, focused: true });
    if (f) return f;
    if (Date.now() < (groundOnlyUntil.get(t) ?? 0)) return undefined;
    const further = t.within ? await ground(page, { ...near, within: t.within }) : undefined;
    // Nothing has focus: the page's text area or editor, where typing without a field named goes.
    return further ?? (t.hints?.length ? ground(page, { ...base, kind: 'field' }) : ground(page, { ...base, kind: 'field', multilineOnly: true, visibleOnly: true }));
  }
  if (t.ref === 'previous') {
    if (t.role === 'menu' && o.last?.opener) return o.last.opener.target;
    const prev = t.kind === 'field' ? (o.last?.field ?? o.last?.any) : (o.last?.any ?? o.last?.field);
    if (prev) return prev;
    if (t.kind === 'field') return ground(page, { ...base, focused: true });
    return undefined;
  }
  if (t.name === ENTRY) return ground(page, { ...base, tokens: [], entry: true });
  const seen = nameKey(t);
  const before = seen ? o.last?.named?.[seen] : undefined;
  if (before && (await matchCount(page, before)) > 0) return before;
  // An item's own checkbox sits in its row, a few levels up from its name at most (not a box elsewhere on the page).
  if (t.item) return ground(page, { tokens: [], name: '', kind: 'checkbox', within: t.name, maxDepth: 3 });
  if (t.handle) return ground(page, { tokens: expandTokens([t.name, 'port']), name: '', kind: 'any', within: t.within, handle: true });
  if (t.region) return ground(page, { ...base, region: true });
  // A quoted name must be matched word for word by the scored search; described names need not.
  const own = tokensOf({ ...t, hints: undefined, anyOf: undefined }).length;
  // A name that is one of several words for the control ("title": title, name, subject) need not match itself.
  const strict = (t.hints ?? []).some((h) => t.name.toLowerCase().includes(h.toLowerCase())) || t.anyOf?.some((w) => w.toLowerCase() === t.name.toLowerCase()) ? 0 : own;
  if (t.draggable) {
    // A palette fills in after its headings: for a moment only draggable-looking items count.
    const early = Date.now() < (groundOnlyUntil.get(t) ?? 0);
    const d = await ground(page, { ...base, strict, draggable: true, draggableOnly: early });
    if (d || early) return d;
  }
  // "Expand dc=example,dc=org": the toggle in the named item's own row (a "+", an arrow) when the name is a link of its own.
  const toggle = t.hints?.find((h) => /^(?:expand|collapse)$/.test(h));
  if (toggle && t.name && !t.within && !t.role) {
    const shared = [...TOGGLE_WORDS, 'chevron', 'triangle', 'disclosure'];
    const words = [...(toggle === 'expand' ? ['expand', 'plus'] : ['collapse', 'minus']), ...shared];
    // (A tree's own toggle beside the item's name: jsTree's "jstree-ocl", a caret, an arrow.)
    const item = await findTarget(page, { name: t.name, kind: 'any' }, { testIdAttributes: o.testIdAttributes, timeoutMs: 0, exactOnly: true }).catch(() => undefined);
    const beside: LocatorDescriptor | undefined = item ? { strategy: 'css', selector: `xpath=ancestor-or-self::li[1]/*[${TOGGLE_XPATH}][1]`, within: item } : undefined;
    if (beside && (await toLocator(page, beside).filter({ visible: true }).count().catch(() => 0)) > 0) return beside;
    const d = await ground(page, { tokens: [words], name: '', kind: 'clickable', within: t.name, maxDepth: 2, visibleOnly: true });
    if (d) return d;
    // A tree that loads after the page does: its toggles are waited for before its names alone count.
    if (Date.now() < (groundOnlyUntil.get(t) ?? 0) && (await page.locator('[role=tree], .jstree').count().catch(() => 0)) > 0) return undefined;
  }
  const opts = { testIdAttributes: o.testIdAttributes, timeoutMs: 0, allowHidden };
  const placed = { ...(t.area?.length ? { area: t.area } : {}), ...(t.place ? { place: t.place } : {}), ...(t.nth ? { nth: t.nth } : {}) };
  if (Object.keys(placed).length) {
    // Where the target is (an area, a place on screen, an ordinal) decides among candidates: scored.
    const d = await ground(page, { ...base, strict: t.described && Date.now() >= (looseAfter.get(t) ?? 0) ? 0 : strict, role: t.role, ...placed, ...(t.within ? { within: t.within } : {}) });
    if (d) return d;
  }
  // A control named by several words, any of which is its name ("Save": Save, Done, OK…): exact names first.
  if (!t.name && t.anyOf?.length) {
    for (const name of [...new Set(t.anyOf.flatMap((w) => [w, w.charAt(0).toUpperCase() + w.slice(1)]))]) {
      const d = await findTarget(page, { name, kind: t.kind, ...(t.role ? { role: t.role } : {}), ...(t.within ? { within: t.within } : {}) }, { ...opts, exactOnly: true }).catch(() => undefined);
      if (d) return d;
    }
  }
  if (t.by === 'placeholder') {
    const d: LocatorDescriptor = { strategy: 'placeholder', text: t.name };
    return (await matchCount(page, d)) > 0 ? d : undefined;
  }
  for (const name of [t.name, ...(t.alt ?? [])]) {
    if (!name) continue;
    const d = await findTarget(page, { ...t, name }, opts).catch(() => undefined);
    if (d) return d;
    if (t.role && (t.relaxed || t.described)) {
      // A control's role relaxed is still a control: not a heading whose name a tooltip inside it lends.
      const kind = t.kind === 'field' ? 'field' : /^(?:button|link|menuitem|tab|checkbox|radio|switch)$/.test(t.role) ? 'clickable' : 'any';
      const any = await findTarget(page, { ...t, name, role: undefined, kind }, opts).catch(() => undefined);
      if (any) return any;
    }
  }
  const altTokens = (t.alt ?? []).flatMap((a) => a.toLowerCase().split(/[^a-z0-9×✓]+/).filter(Boolean));
  const scored = await ground(page, {
    ...base,
    tokens: altTokens.length ? [...base.tokens, altTokens] : base.tokens,
    strict: t.described && Date.now() >= (looseAfter.get(t) ?? 0) ? 0 : strict,
    role: t.role,
    ...(t.within ? { within: t.within } : {}),
    ...(includeHidden ? { includeHidden } : {}),
  });
  if (scored) return scored;
  if (!t.name && t.anyOf?.some((w) => /^(?:confirm|ok|save|submit|done|apply|yes)$/i.test(w))) return dialogPrimary(page);
  return alone(t, o);
}

/**
 * Where a person says a control is (in a row, an area, a place on the screen) narrows the search; when
 * it narrows to nothing, after a moment, the control by its name alone is taken if the page shows just
 * one ("[Add] at the top left of the users table", where no element says "users").
 */
async function alone(t: Target, o: ResolveOptions): Promise<LocatorDescriptor | undefined> {
  if (!t.name || t.name.startsWith('@') || t.ref || t.column || !(t.within || t.area?.length || t.place) || Date.now() < (relaxAfter.get(t) ?? Infinity)) return undefined;
  const { within: _w, area: _a, place: _p, ...bare } = t;
  // ("[Add]": the brackets a page prints around a link are not its name.)
  for (const name of new Set([t.name, t.name.replace(/^\[(.+)\]$/, '$1')])) {
    const d = await findTarget(o.page, { ...bare, name }, { testIdAttributes: o.testIdAttributes, timeoutMs: 0, exactOnly: true }).catch(() => undefined);
    if (d && (await toLocator(o.page, d).filter({ visible: true }).count().catch(() => 0)) === 1) return d;
  }
  return undefined;
}

/** "…and confirm" in a dialog whose button says what it does ("Rename", "Delete"): its main button. */
async function dialogPrimary(page: Page): Promise<LocatorDescriptor | undefined> {
  const primary: LocatorDescriptor = { strategy: 'css', selector: ':is([role=dialog], [role=alertdialog], dialog[open], .modal) :is(.btn-primary, .primary, button[type=submit], .mdc-button--raised, .MuiButton-containedPrimary)' };
  const shown = await toLocator(page, primary).evaluateAll((els) => els.map((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; })).catch(() => [] as boolean[]);
  if (shown.filter(Boolean).length !== 1) return undefined;
  return shown.length === 1 ? primary : { ...primary, nth: shown.indexOf(true) };
}

const TYPABLE = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]):not([type=reset]), textarea, select, [contenteditable=""], [contenteditable=true], [role=textbox], [role=searchbox], [role=combobox]';
const CHOOSABLE = 'select, [role=listbox]';

/**
 * The control to type into (or choose in) for what was found by its name: the element itself when it
 * is one, else the one inside it (a widget wrapping its input), else the first one after it within
 * its row (a caption not tied to its control: `<th>System</th><td><select>`).
 */
async function controlOf(page: Page, d: LocatorDescriptor, sel: string): Promise<LocatorDescriptor> {
  const found = await toLocator(page, d)
    .first()
    .evaluate((e, s) => {
      if (e.matches(s) || (e as HTMLElement).isContentEditable || (e.closest('label') as HTMLLabelElement | null)?.control?.matches(s)) return 'self';
      const shown = (x: Element) => { const r = x.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
      const all = Array.from(document.querySelectorAll(s));
      const inside = Array.from(e.querySelectorAll(s)).find(shown);
      if (inside) return all.indexOf(inside);
      for (let up: Element | null = e.parentElement, k = 0; up && k < 3; up = up.parentElement, k++) {
        const next = Array.from(up.querySelectorAll(s)).find((x) => shown(x) && e.compareDocumentPosition(x) & Node.DOCUMENT_POSITION_FOLLOWING);
        if (next) return all.indexOf(next);
      }
      return 'self';
    }, sel)
    .catch(() => 'self' as const);
  return found === 'self' || found < 0 ? d : { strategy: 'css', selector: sel, nth: found };
}

/**
 * The field a value goes in: the control captioned so; when that is a drop-down that does not
 * offer the value, the text field after it in the same row (a form whose rows start with a
 * function or operator list, then the value).
 */
async function typable(page: Page, d: LocatorDescriptor, value: string): Promise<LocatorDescriptor> {
  const c = await controlOf(page, d, TYPABLE);
  const next = await toLocator(page, c).first().evaluate((e, [v, sel]) => {
    if (e.localName !== 'select') return -1;
    const want = v.trim().toLowerCase();
    if (Array.from((e as HTMLSelectElement).options).some((o) => o.text.trim().toLowerCase() === want || o.value.toLowerCase() === want)) return -1;
    const row = e.closest('tr, [role=row], li, p, .row, .form-group') ?? e.parentElement;
    const all = Array.from(document.querySelectorAll(sel));
    const field = Array.from(row?.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea') ?? []).find((x) => e.compareDocumentPosition(x) & Node.DOCUMENT_POSITION_FOLLOWING);
    return field ? all.indexOf(field) : -1;
  }, [value, TYPABLE] as [string, string], { timeout: 1000 }).catch(() => -1);
  return next >= 0 ? { strategy: 'css', selector: TYPABLE, nth: next } : c;
}

/**
 * The section, row or dialog a check names, as a locator; undefined when the page shows none (the
 * check then looks at the whole page, as it would without the words).
 */
async function scopeOf(o: ResolveOptions, scope: Scope, looseName = false): Promise<LocatorDescriptor | undefined> {
  const spec: GroundSpec = { tokens: [], name: scope.name, kind: 'any', container: scope.editor ? 'editor' : scope.dialog ? 'dialog' : scope.row ? 'row' : scope.table ? 'table' : 'section', ...(scope.column ? { column: scope.column } : {}), ...(scope.position ? { position: scope.position } : {}), ...(looseName ? { looseName } : {}) };
  const deadline = Date.now() + Math.min(o.timeoutMs, 3000);
  for (;;) {
    const d = await ground(o.page, spec);
    if (d) return d;
    if (Date.now() >= deadline) return undefined;
    await pageChange(o.page, deadline - Date.now());
  }
}

/**
 * "Fill in page 1 with Nadia Haddad, nadia@example.org and Northgate": each value into a field of the
 * form on screen. A value with a label goes to the field captioned so; the others in the fields' order,
 * each to the next field that can take it (an address to an e-mail field, a number to a number field, one
 * of a list's options to that list, a name written as two words to a first and a last name field).
 */
async function fillForm(o: ResolveOptions, values: Array<{ label?: string; value: string }>): Promise<ResolvedAction> {
  const deadline = Date.now() + Math.min(o.timeoutMs, 3000);
  let fields = await formFields(o.page);
  while (!fields.length && Date.now() < deadline) {
    await pageChange(o.page, deadline - Date.now());
    fields = await formFields(o.page);
  }
  if (!fields.length) throw new ResolveError('there is no form on the page to fill in', ['visible input fields, text areas or drop-downs']);
  const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1 || /\d/.test(w));
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const used = new Set<number>();
  const parts: Array<{ field: { kind: string; label: string; target: LocatorDescriptor }; value: string }> = [];
  const put = (k: number, value: string) => {
    used.add(k);
    parts.push({ field: fields[k]!, value });
  };
  const order = (f: { target: LocatorDescriptor }) => { const k = fields.findIndex((g) => g.target === f.target); return k < 0 ? fields.length : k; };
  // Labelled values first: the field whose caption holds the label's words (most of them).
  for (const v of values.filter((x) => x.label)) {
    const want = words(v.label!);
    let best = -1;
    let score = 0;
    for (const [k, f] of fields.entries()) {
      if (used.has(k)) continue;
      const have = words(f.label);
      const s = want.filter((w) => have.some((h) => h === w || h.startsWith(w) || w.startsWith(h))).length / want.length;
      if (s > score) { score = s; best = k; }
    }
    if (best >= 0 && score >= 0.5) {
      put(best, v.value);
      continue;
    }
    // Not a caption the form shows: the field found by its name the usual way (placeholder, name, nearby text).
    const target = await typable(o.page, await locate({ name: v.label!, kind: 'field' }, o, Math.min(o.timeoutMs, 3000)), v.value);
    parts.push({ field: { kind: (await isSelect(o.page, target)) ? 'select' : 'text', label: v.label!, target }, value: v.value });
  }
  const TEXTUAL = new Set(['text', 'email', 'number', 'tel', 'url', 'date', 'password', 'textarea']);
  const takes = (f: (typeof fields)[number], value: string) => {
    if (f.kind === 'select') return f.options.some((op) => norm(op) === norm(value));
    if (f.kind === 'email') return value.includes('@');
    if (f.kind === 'number') return /^-?\d+(?:[.,]\d+)?$/.test(value);
    if (f.kind === 'combobox') return !value.includes('@') && !/^\d+$/.test(value);
    // An address goes to the field for it when the form has one.
    if (value.includes('@') && fields.some((g, k) => !used.has(k) && (g.kind === 'email' || /mail/i.test(g.label)))) return /mail/i.test(f.label);
    return TEXTUAL.has(f.kind);
  };
  const plain = values.filter((x) => !x.label).map((x) => x.value);
  for (let n = 0; n < plain.length; n++) {
    const value = plain[n]!;
    const open = fields.map((f, k) => k).filter((k) => !used.has(k));
    // One of a list's options: that list.
    const list = open.find((k) => fields[k]!.kind === 'select' && takes(fields[k]!, value));
    if (list !== undefined) { put(list, value); continue; }
    const next = open.find((k) => fields[k]!.kind !== 'select' && fields[k]!.kind !== 'combobox' && takes(fields[k]!, value));
    // "Nadia Haddad" for a first and a last name field, when the values are fewer than the text fields.
    const two = /^(\S+)\s+(\S+)$/.exec(value);
    if (next !== undefined && two && /first|given|fore/i.test(fields[next]!.label)) {
      const last = open.find((k) => k !== next && /last|sur|family/i.test(fields[k]!.label));
      if (last !== undefined) { put(next, two[1]!); put(last, two[2]!); continue; }
    }
    // A word the text fields before it do not take (a branch's name after the text is typed): the next drop-down.
    const later = plain.slice(n + 1);
    const textLeft = open.filter((k) => TEXTUAL.has(fields[k]!.kind) && fields[k]!.kind !== 'number');
    const combo = open.find((k) => fields[k]!.kind === 'combobox' || fields[k]!.kind === 'select');
    if (combo !== undefined && (next === undefined || (next > combo && later.length < textLeft.length))) { put(combo, value); continue; }
    if (next !== undefined) { put(next, value); continue; }
    if (combo !== undefined) { put(combo, value); continue; }
    throw new ResolveError(`the form has no field left for "${value}"`, fields.map((f) => `field "${f.label}"${used.has(fields.indexOf(f)) ? ' (filled)' : ''}`));
  }
  parts.sort((a, b) => order(a.field) - order(b.field));
  return {
    kind: 'steps',
    parts: parts.map(({ field, value }) => ({
      text: `${field.kind === 'select' || field.kind === 'combobox' ? 'choose' : 'type'} "${value}" ${field.kind === 'select' || field.kind === 'combobox' ? 'in' : 'into'} "${field.label || field.kind}"`,
      action: field.kind === 'select' || field.kind === 'combobox' ? { kind: 'select', target: field.target, value } : { kind: 'fill', target: field.target, value },
    })),
  };
}

/**
 * The drop-down of the form on screen that offers `value`: a list whose options hold it, else the one
 * empty drop-down drawn by the app (its choices are shown only once it is opened).
 */
async function listOffering(o: ResolveOptions, value: string): Promise<LocatorDescriptor | undefined> {
  const fields = await formFields(o.page);
  const want = value.replace(/\s+/g, ' ').trim().toLowerCase();
  const native = fields.find((f) => f.kind === 'select' && f.options.some((op) => op.toLowerCase() === want));
  if (native) return native.target;
  const drawn = fields.filter((f) => f.kind === 'combobox' && !f.value.trim());
  return drawn.length === 1 ? drawn[0]!.target : undefined;
}

/** Glyphs a menu's button is drawn as, and the words its class, label or title use instead. */
const MENU_GLYPHS: Array<[RegExp, string[]]> = [
  [/^(?:⋮|︙|⁝|⋯|…|\.\.\.|three dots|dots|kebab|ellipsis|more)$/, ['more', 'menu', 'options', 'actions', 'trigger', 'dots', 'kebab', 'ellipsis', 'overflow']],
  [/^(?:☰|≡|hamburger|three bars|bars)$/, ['menu', 'hamburger', 'bars', 'nav', 'toggle', 'trigger']],
];

/** The control that opens the menu a step names: by its name, or, drawn as a glyph, by the words for it. */
async function menuOpener(o: ResolveOptions, menu: Target): Promise<LocatorDescriptor | undefined> {
  const glyph = MENU_GLYPHS.find(([re]) => re.test(menu.name.toLowerCase()));
  // ("the queue menu": a menu named for what it acts on is its "⋮" button when nothing carries the name.)
  const named = glyph ? undefined : await unlessMissing(locate({ ...menu, hints: [...(menu.hints ?? []), 'menu'] }, o, Math.min(o.timeoutMs, 1500)));
  if (named) return named;
  const words = glyph?.[1] ?? MENU_GLYPHS[0]![1];
  const deadline = Date.now() + Math.min(o.timeoutMs, 3000);
  for (;;) {
    const d = await ground(o.page, { tokens: [words], name: '', kind: 'clickable', visibleOnly: true });
    if (d || Date.now() >= deadline) return d;
    await pageChange(o.page, deadline - Date.now());
  }
}

/** The scoring spec of a target (for the closest candidates of a failure). */
function spec(t: Target): GroundSpec {
  return { tokens: tokensOf(t), name: t.name, kind: t.kind, ...(t.role ? { role: t.role } : {}), ...(t.within ? { within: t.within } : {}), ...(t.area ? { area: t.area } : {}), ...(t.place ? { place: t.place } : {}) };
}

/**
 * Until when only the likeliest places count: the draggable items of a palette still filling in,
 * the field an edit opens in its item's row or with focus.
 */
const groundOnlyUntil = new WeakMap<Target, number>();
/**
 * Until when a described target ("the data folder") must match its own words: an element that only
 * matches its hints ("folder") is taken only once the page has had time to show the named one (a
 * list that loads after the page does).
 */
const looseAfter = new WeakMap<Target, number>();
/** From when a target whose relations find nothing may be taken by its name alone (see `alone`). */
const relaxAfter = new WeakMap<Target, number>();

/** Poll until the target is found or the timeout passes; then say what was looked for. */
async function locate(t: Target, o: ResolveOptions, timeoutMs = o.timeoutMs, allowHidden = false): Promise<LocatorDescriptor> {
  const deadline = Date.now() + timeoutMs;
  if (t.draggable) groundOnlyUntil.set(t, Date.now() + Math.min(3000, timeoutMs / 2));
  if (t.name === FOCUSED) groundOnlyUntil.set(t, Date.now() + Math.min(1000, timeoutMs / 2));
  if (t.hints?.some((h) => h === 'expand' || h === 'collapse') && t.name && !t.within && !t.role) groundOnlyUntil.set(t, Date.now() + Math.min(2000, timeoutMs / 2));
  if (t.described) looseAfter.set(t, Date.now() + Math.min(2500, timeoutMs / 2));
  relaxAfter.set(t, Date.now() + Math.min(3000, timeoutMs / 2));
  if (t.name === FOCUSED && t.hints?.includes('text') && !t.within) {
    // "Replace the text…": give a text area that is still opening a moment before the focused field.
    const until = Date.now() + Math.min(1500, timeoutMs);
    const base = { tokens: tokensOf(t), name: '', kind: 'field' as const, multilineOnly: true };
    while (Date.now() < until) {
      const d = await ground(o.page, base);
      if (d) return d;
      await pageChange(o.page, until - Date.now(), 30, 150);
    }
  }
  for (;;) {
    const d = await attempt(t, o, allowHidden);
    if (d) return d;
    if (Date.now() >= deadline) break;
    await pageChange(o.page, deadline - Date.now());
  }
  const looked = t.name === FOCUSED ? ['the focused text field'] : t.name === ENTRY ? ['the main text field for new entries (an empty input)'] : t.item ? [`the checkbox of the item "${t.name}"`] : t.handle ? [`the ${t.name} handle of "${t.within}"`] : t.region ? [`an area named "${t.name}"`] : t.ref ? ['the element the previous clause acted on'] : describeSearch(t, o.testIdAttributes);
  const close = t.name.startsWith('@') || t.ref ? [] : await nearMisses(o.page, spec(t));
  const closest = close.length ? `; closest candidates: ${close.join('; ')}` : '; nothing on the page comes close';
  throw new ResolveError(`no element matches ${targetPhrase(t)}${closest}`, [...looked, ...close.map((c) => `candidate: ${c}`)]);
}

const isSelect = (page: Page, d: LocatorDescriptor) => toLocator(page, d).first().evaluate((e) => e.localName === 'select', null, { timeout: 1000 }).catch(() => false);

/** A tree node's open/close toggle among its children, by class (jsTree's "jstree-ocl", a toggle, an arrow, a caret). */
const TOGGLE_WORDS = ['ocl', 'toggle', 'expander', 'twisty', 'caret', 'arrow'];
const TOGGLE_XPATH = TOGGLE_WORDS.map((w) => `contains(@class, "${w}")`).join(' or ');

/** "Open Trips" in a tree: the folder is opened by its toggle too, not only selected by its name. */
async function treeOpened(intent: Intent, a: ResolvedAction, o: ResolveOptions): Promise<ResolvedAction> {
  if (intent.kind !== 'click' || a.kind !== 'click' || intent.right || !(intent.target.page || intent.ifShown || intent.target.hints?.includes('open')) || !(await closedTreeNode(o.page, a.target))) return a;
  const toggle: LocatorDescriptor = { strategy: 'css', selector: `xpath=ancestor-or-self::li[1]/*[${TOGGLE_XPATH}][1]`, within: a.target };
  return { kind: 'steps', parts: [{ text: `click ${targetPhrase(intent.target)}`, action: a }, { text: `open ${targetPhrase(intent.target)}`, action: { kind: 'click', target: toggle } }] };
}

/** Whether a found element is (the name of) a closed node of a tree that has a toggle of its own. */
async function closedTreeNode(page: Page, target: LocatorDescriptor): Promise<boolean> {
  return toLocator(page, target).first().evaluate((e, xp) => {
    // (jsTree: the name is the tree item, its toggle a sibling in the list item.)
    const node = e.closest('li') ?? e.closest('[role=treeitem]');
    if (!node || !node.closest('[role=tree], .jstree, [class*=tree i]')) return false;
    const closed = e.closest('[role=treeitem]')?.getAttribute('aria-expanded') === 'false' || node.getAttribute('aria-expanded') === 'false' || /(?:^|\s)(?:jstree-closed|closed|collapsed)(?:\s|$)/.test(node.className);
    return closed && document.evaluate(`*[${xp}][1]`, node, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== null;
  }, TOGGLE_XPATH).catch(() => false);
}

/** Controls that open a file chooser, by the names they usually carry. */
const FILE_CONTROLS = ['Upload', 'Upload file', 'Upload files', 'Browse', 'Browse…', 'Browse...', 'Choose file', 'Choose files', 'Select file', 'Select files', 'Attach', 'Attach file', 'Attach files', 'Add file', 'Add files', 'Import'];

/**
 * Where files go: the file field the step names (or the one inside or labelled by the control it
 * names, else that control, clicked for its chooser); without a name, the chooser a click just opened,
 * else the page's file field (in the open dialog first), else a control named like Upload or Browse.
 */
async function uploadTo(o: ResolveOptions, intent: Extract<Intent, { kind: 'upload' }>): Promise<ResolvedAction> {
  const files = intent.files;
  // The chooser a click opened may be reported a moment after the click.
  for (const end = Date.now() + 500; !intent.target && o.picker && !o.picker.open && Date.now() < end; ) await o.page.waitForTimeout(25);
  if (intent.orItem && !o.picker?.open && files.length === 1) {
    // "Select the file todo.txt" in an app that lists files: the item, when one is shown by that name.
    const item = await findTarget(o.page, { name: files[0]!, kind: 'any' }, { testIdAttributes: o.testIdAttributes, timeoutMs: 0, exactOnly: true }).catch(() => undefined);
    if (item) return { kind: 'click', target: item };
  }
  if (intent.target) {
    // ("Attach x.csv to the message": where the file goes may name no control; then the page's own is used.)
    const control = await locate(intent.target, o, Math.min(o.timeoutMs, 3000), true).catch((err: unknown) => (err instanceof ResolveError ? err : Promise.reject(err)));
    if (!(control instanceof ResolveError)) {
      const field = await fileFieldOf(o.page, control);
      return field ? { kind: 'upload', files, target: field } : { kind: 'upload', files, target: control, chooser: true };
    }
    return (await untargeted().catch(() => undefined)) ?? Promise.reject(control);
  }
  return untargeted();

  async function untargeted(): Promise<ResolvedAction> {
    if (o.picker?.open) return { kind: 'upload', files };
    const field = await fileField(o.page);
    if (field) return { kind: 'upload', files, target: field };
    const control = await locate({ name: '', kind: 'clickable', anyOf: FILE_CONTROLS, hints: ['upload', 'file'] }, o, Math.min(o.timeoutMs, 3000));
    return { kind: 'upload', files, target: control, chooser: true };
  }
}

/** The page's file field: in the open dialog first, an enabled one, a shown one (many are hidden behind a styled button). */
async function fileField(page: Page): Promise<LocatorDescriptor | undefined> {
  const k = await page.evaluate((modal) => {
    const all = Array.from(document.querySelectorAll('input[type=file]')) as HTMLInputElement[];
    const rank = (e: HTMLInputElement) => (e.closest(modal) ? 4 : 0) + (e.disabled ? 0 : 2) + (e.offsetParent !== null ? 1 : 0);
    let best = -1;
    for (const [i, e] of all.entries()) if (best < 0 || rank(e) > rank(all[best]!)) best = i;
    return best;
  }, MODAL_SELECTOR).catch(() => -1);
  return k >= 0 ? { strategy: 'css', selector: 'input[type=file]', nth: k } : undefined;
}

/** The file field a found control is, holds or labels; undefined when it is a control to click for a chooser. */
async function fileFieldOf(page: Page, control: LocatorDescriptor): Promise<LocatorDescriptor | undefined> {
  const k = await toLocator(page, control).first().evaluate((e) => {
    const input = e.matches('input[type=file]') ? e : (e as HTMLLabelElement).control?.matches('input[type=file]') ? (e as HTMLLabelElement).control : e.querySelectorAll('input[type=file]').length === 1 ? e.querySelector('input[type=file]') : null;
    return input ? Array.from(document.querySelectorAll('input[type=file]')).indexOf(input) : -1;
  }, null, { timeout: 1000 }).catch(() => -1);
  return k >= 0 ? { strategy: 'css', selector: 'input[type=file]', nth: k } : undefined;
}

/** A sign-in form's field by its name ("database"): the control captioned so, chosen in when it is a drop-down. */
async function namedField(o: ResolveOptions, name: string, value: string): Promise<SignInField> {
  const target = await typable(o.page, await locate({ name, kind: 'field' }, o), value);
  return { target, value, ...((await isSelect(o.page, target)) ? { choose: true } : {}) };
}

async function fromIntent(intent: Intent, o: ResolveOptions): Promise<ResolvedAction> {
  const find = (t: Target, timeoutMs = o.timeoutMs, allowHidden = false) => locate(t, o, timeoutMs, allowHidden);
  switch (intent.kind) {
    case 'expect-order': {
      const within = intent.scope ? await scopeOf(o, intent.scope) : undefined;
      return { kind: 'expect-order', texts: intent.texts, ...(within ? { within } : {}) };
    }
    case 'navigate':
    case 'back':
    case 'reload':
    case 'expect-url':
    case 'expect-title':
    case 'expect-no-error':
      return intent;
    case 'expect-text': {
      const within = intent.scope ? await scopeOf(o, intent.scope) : undefined;
      // ("Buffer Size shows 200": in a label's row, the value of its field is what a person reads.)
      const orValue = intent.orValue || (within !== undefined && intent.scope?.row === true && intent.visible);
      return { kind: 'expect-text', text: intent.text, visible: intent.visible, ...(orValue ? { orValue: true } : {}), ...(within ? { within } : {}) };
    }
    case 'sign-in': {
      const form = await resolveSignIn(o.page, o.baseUrl, { testIdAttributes: o.testIdAttributes, timeoutMs: o.timeoutMs });
      // Each value is set as soon as its field is found: a choice can change the form (SQLite has no server field).
      const fields: SignInField[] = [];
      const used = () => fields.map((x) => (x.target.strategy === 'css' ? x.target.selector : ''));
      // Values a drop-down offers first: choosing "SQLite 3" hides the server field a value alone could have gone to.
      const given = intent.fields ?? [];
      const chosen = new Set<number>();
      for (const [k, f] of given.entries()) {
        if (f.name) continue;
        const field = await fieldForValue(o.page, f.value, used(), true);
        if (!field) continue;
        await setSignInField(o.page, field, o.timeoutMs);
        fields.push(field);
        chosen.add(k);
      }
      for (const [k, f] of given.entries()) {
        if (chosen.has(k)) continue;
        const field = f.name ? await namedField(o, f.name, f.value) : await fieldForValue(o.page, f.value, used());
        if (!field) throw new ResolveError(`no field on the sign-in form takes "${f.value}" (no drop-down offers it and no empty text field is left)`, ['select with that option', 'empty text input']);
        await setSignInField(o.page, field, o.timeoutMs);
        fields.push(field);
      }
      const filled = { ...form, ...(fields.length ? { fields } : {}), ...(intent.fillOnly ? { fillOnly: true } : {}) };
      return intent.username !== undefined ? { ...filled, credentials: { username: intent.username, password: intent.password ?? '' } } : filled;
    }
    case 'click':
      // "Click at the end of "Choir concert"": the element holding that text; where in it, when clicked.
      if (intent.at) return { kind: 'click', target: await find(intent.target), at: { text: intent.target.name, where: intent.at } };
      if (intent.repeat) {
        // "Go on to the last page": Next as long as there is one; on the last page already, nothing to do.
        const next = await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 3000)));
        return next ? { kind: 'click', target: next, repeat: true } : { kind: 'skip', reason: `no ${targetPhrase(intent.target)} is shown: this is the last page already` };
      }
      if (intent.target.shape && intent.target.within) {
        // "The hash link of the check-in X": in X's row, the link whose text is a hash (a number, a date).
        const row = await scopeOf(o, { name: intent.target.within, row: true });
        const text = row
          ? await toLocator(o.page, row).first().evaluate((r, shape) => {
            const re = shape === 'hash' ? /^\[?[0-9a-f]{6,64}\]?$/i : shape === 'date' ? /\d{4}-\d\d-\d\d|\d{1,2}[./]\d{1,2}[./]\d{2,4}/ : /^#?\d+$|^\[?(?=[0-9a-f]*\d)[0-9a-f]{6,40}\]?$/i;
            for (const el of Array.from(r.querySelectorAll('a, button, [role=link], [role=button]'))) {
              const t = ((el as HTMLElement).innerText ?? '').trim();
              if (t && re.test(t)) return t;
            }
            return undefined;
          }, intent.target.shape).catch(() => undefined)
          : undefined;
        if (row && text) return { kind: 'click', target: { strategy: 'css', selector: ':is(a, button, [role=link], [role=button])', hasText: text, within: row } };
        throw new ResolveError(`no link whose text is a ${intent.target.shape} in the row "${intent.target.within}"`, [`a ${intent.target.shape} link in the row "${intent.target.within}"`]);
      }
      if (intent.target.via) {
        // "Open the ticket X from the All Tickets report": here when it is shown, else that page first.
        const { via, ...here } = intent.target;
        const now = await unlessMissing(find(here, Math.min(o.timeoutMs, 1500)));
        if (now) return { kind: 'click', target: now };
        const opened = await fromIntent({ kind: 'click', target: via }, o);
        if (opened.kind === 'click') {
          await Promise.all([o.page.waitForLoadState('load', { timeout: o.timeoutMs }).catch(() => {}), toLocator(o.page, opened.target).first().click({ timeout: o.timeoutMs })]);
          await o.page.waitForLoadState('load', { timeout: o.timeoutMs }).catch(() => {});
        }
        const target = await find(here, o.timeoutMs);
        return { kind: 'steps', parts: [{ text: `open the "${via.name}" page`, action: { kind: 'navigate', url: appPath(o.page.url(), o.baseUrl) } }, { text: `click ${targetPhrase(here)}`, action: { kind: 'click', target } }] };
      }
      if (intent.target.menu) {
        // "Pick Pause from the ⋮ menu": the entry when it is shown already, else the menu opened first.
        const { menu, ...entry } = intent.target;
        const now = await unlessMissing(find(entry, Math.min(o.timeoutMs, 800)));
        const inMenu = now && (await toLocator(o.page, now).first().evaluate((e) => Boolean(e.closest('[role=menu], [role=menuitem], [role=listbox], [role=option], [class*=dropdown-menu], [class*=popover], [data-radix-popper-content-wrapper]'))).catch(() => false));
        if (now && inMenu) return { kind: 'click', target: now };
        // A control carrying the menu's name ("the queue menu") that opens no such entry: the menu's ⋮ button, then.
        const glyph = { name: '⋮', kind: 'clickable' as const };
        const tries = MENU_GLYPHS.some(([re]) => re.test(menu.name.toLowerCase())) ? [menu] : [menu, glyph];
        for (const which of tries) {
          const opener = await menuOpener(o, which);
          if (!opener) continue;
          await toLocator(o.page, opener).first().click({ timeout: o.timeoutMs });
          const last = which === tries[tries.length - 1];
          const target = last ? await find(entry, o.timeoutMs) : await unlessMissing(find(entry, Math.min(o.timeoutMs, 2500)));
          // Closed again: the clicks returned open it when they run.
          await o.page.keyboard.press('Escape').catch(() => {});
          await pageChange(o.page, 300, 100, 300);
          if (target) return { kind: 'steps', parts: [{ text: `open the "${which.name}" menu`, action: { kind: 'click', target: opener } }, { text: `click ${targetPhrase(entry)}`, action: { kind: 'click', target } }] };
        }
      }
      if (intent.target.within && (intent.target.role === 'tab' || intent.target.page) && !intent.target.via) {
        // "Open the Completed tab of render-pdf": here when render-pdf's page is shown, else that page first.
        const now = await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 1500)));
        if (now) return { kind: 'click', target: now };
        const { within: named, ...here } = intent.target;
        // ("the Gantt tab of the Online Shop project": the project is "Online Shop"; its kind, a way to it.)
        const kind = PLACE_AFTER_NAME.exec(named);
        const within = kind ? named.slice(0, kind.index) : named;
        const place = await unlessMissing(find({ name: within, kind: 'clickable' }, Math.min(o.timeoutMs, 3000)));
        if (!place) {
          // Not linked from here: one hop away (the Projects page), then the tab there.
          const hopped = await openByHop(o.page, within, o.baseUrl, o.timeoutMs, kind ? [kind[1]!] : []).catch(() => undefined);
          const target = hopped ? await unlessMissing(find(here, o.timeoutMs)) : undefined;
          if (hopped && target) return { kind: 'steps', parts: [{ text: `open "${within}"`, action: hopped }, { text: `click ${targetPhrase(here)}`, action: { kind: 'click', target } }] };
        }
        if (place) {
          const before = o.page.url();
          await Promise.all([o.page.waitForLoadState('load', { timeout: o.timeoutMs }).catch(() => {}), toLocator(o.page, place).first().click({ timeout: o.timeoutMs })]);
          await o.page.waitForLoadState('load', { timeout: o.timeoutMs }).catch(() => {});
          const target = await find(here, o.timeoutMs);
          // A page of its own is gone to again by its address; else the same click opens it.
          const opening: ResolvedAction = o.page.url() !== before ? { kind: 'navigate', url: appPath(o.page.url(), o.baseUrl) } : { kind: 'click', target: place };
          return { kind: 'steps', parts: [{ text: `open "${within}"`, action: opening }, { text: `click ${targetPhrase(here)}`, action: { kind: 'click', target } }] };
        }
      }
      // "Open orders:queue": a tree's item by its path, folder by folder.
      if (intent.kind === 'click' && intent.target.name && !intent.target.within && !intent.right) {
        const segments = pathSegments(intent.target.name);
        const walked = segments ? await openTreePath(o.page, segments, o.timeoutMs) : undefined;
        if (walked && 'missing' in walked) throw new ResolveError(walked.missing, [`"${segments!.join(' > ')}" in the tree`]);
        if (walked) return walked;
      }
      if (intent.target.page && /^#\d+$/.test(intent.target.name) && !intent.target.within) {
        // "Open issue #3": a link to it by its number ("#3", "Bug #3: …", a "3" in a # column), else the app's search for "#3".
        const byNumber = await numberLink(o.page, intent.target.name.slice(1), Math.min(o.timeoutMs, 3000));
        if (byNumber) return { kind: 'click', target: byNumber };
        const searched = await openByName(o.page, intent.target.name, o.baseUrl, o.timeoutMs).catch((err) => (err instanceof ResolveError ? err : Promise.reject(err)));
        if (!(searched instanceof ResolveError)) return searched;
        throw new ResolveError(`no link to ${intent.target.hints?.[0] ?? 'record'} ${intent.target.name} on the page, and the app's search found none`, [`a link "${intent.target.name}"`, `a link "${intent.target.name.slice(1)}" in a # column`]);
      }
      if (intent.target.page && intent.target.name && !intent.target.within) {
        // "Open the Coffee page": a link to it, else the app's own search finds it.
        const first = Math.min(o.timeoutMs, 3000);
        // A page is named exactly: "Special:Search" is not the "Jump to search" link.
        const link = await find({ ...intent.target, described: undefined }, first).catch((err) => (err instanceof ResolveError ? err : Promise.reject(err)));
        if (!(link instanceof ResolveError)) return { kind: 'click', target: link };
        // "Open GraphiQL": the app itself, by the name its title or main heading gives it.
        if (await namesTheApp(o.page, intent.target.name)) return { kind: 'navigate', url: appPath(o.page.url(), o.baseUrl) };
        const searched = await openByName(o.page, intent.target.name, o.baseUrl, o.timeoutMs).catch((err) => (err instanceof ResolveError ? err : Promise.reject(err)));
        if (!(searched instanceof ResolveError)) return searched;
        const hopped = await openByHop(o.page, intent.target.name, o.baseUrl, o.timeoutMs, intent.target.hints ?? []).catch((err) => (err instanceof ResolveError ? err : Promise.reject(err)));
        if (!(hopped instanceof ResolveError)) return hopped;
        const later = await find(intent.target, Math.max(0, o.timeoutMs - first)).catch((err) => (err instanceof ResolveError ? err : Promise.reject(err)));
        if (!(later instanceof ResolveError)) return { kind: 'click', target: later };
        // "Open the docs page" first thing, on the project URL, where nothing is called so: the page
        // the project is, as the plan's writer calls it.
        if (!o.last?.any && !o.last?.field && atProjectUrl(o.page.url(), o.baseUrl)) return { kind: 'navigate', url: appPath(o.page.url(), o.baseUrl) };
        throw new ResolveError(`${later.message}; ${searched.message}`, [...later.lookedFor, ...searched.lookedFor]);
      }
      try {
        const again = intent.target.ref === 'previous' && intent.target.role === 'menu' && o.last?.opener?.right;
        // With a stand-in: the first choice on screen looked for briefly, then what stands in for it,
        // then the first choice wherever it is.
        const soft = (t: Target, ms: number, hidden: boolean) => unlessMissing(find(t, ms, hidden));
        const alt = intent.target.orElse;
        // (A stand-in that describes a control the step does not name — "the main menu (the three
        // bars at the top right)" — is looked for first.)
        const found = alt && !intent.target.name && !intent.target.anyOf?.length
          ? ((await soft(alt, Math.min(o.timeoutMs, 2500), false)) ?? (await find(intent.target, o.timeoutMs, false)))
          : alt
          ? ((await soft(intent.target, Math.min(o.timeoutMs, 2500), false)) ?? (await soft(alt, o.timeoutMs, false)) ?? (await find(intent.target, Math.min(o.timeoutMs, 2500), true)))
          : await find(intent.target, o.timeoutMs, Boolean(intent.target.within));
        // "Click the title X": a heading (or any text that does nothing itself) holding one link is clicked on its link.
        const inner = await toLocator(o.page, found).first().evaluate((e) => {
          if (e.closest('a[href], button, input, select, textarea, summary, label, [role=button], [role=link], [role=menuitem], [role=tab], [role=option], [role=checkbox], [onclick], [contenteditable=true]')) return false;
          const links = Array.from(e.querySelectorAll('a[href], button')).filter((x) => { const r = x.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
          return links.length === 1;
        }).catch(() => false);
        const target: LocatorDescriptor = inner ? { strategy: 'css', selector: ':is(a[href], button):visible', within: found } : found;
        // What a later "the same menu" opens again: a control clicked that is not an entry of a menu.
        if (o.last && intent.kind === 'click') {
          const [entry, item] = await toLocator(o.page, target).first().evaluate((e) => [Boolean(e.closest('[role=menu], [role=menubar], [role=listbox], [role=menuitem], [role=option]')), Boolean(e.closest('tr, li, [role=row], [role=listitem], [role=treeitem], article'))]).catch(() => [true, false]);
          if (!entry) o.last.opener = { target, right: Boolean(intent.right || again) };
          if (item && !entry) o.last.item = target;
        }
        return { kind: intent.kind, target, ...(intent.right || again ? { right: true } : {}) };
      } catch (err) {
        // "…and confirm": the browser's own confirmation was shown and accepted already.
        const dialog = o.last?.dialog;
        if (err instanceof ResolveError && dialog && !dialog.answered && Date.now() - dialog.at < 60_000 && confirming(intent.target)) {
          dialog.answered = true;
          return { kind: 'skip', reason: `the browser's confirmation "${dialog.message.slice(0, 80)}" was accepted when it opened` };
        }
        // "Click "New issue"" where it is an entry of a closed drop-down menu (Redmine's "+"): the menu opened first.
        const opener = err instanceof ResolveError && intent.kind === 'click' && intent.target.name && !intent.right ? await closedMenuHolding(o.page, intent.target.name) : undefined;
        if (opener) {
          await toLocator(o.page, opener).first().click({ timeout: o.timeoutMs });
          const entry = await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 2500)));
          // Closed again: the clicks returned open it when they run.
          await o.page.keyboard.press('Escape').catch(() => {});
          if (entry && (await toLocator(o.page, entry).first().isVisible().catch(() => false))) await toLocator(o.page, opener).first().click({ timeout: 1000 }).catch(() => {});
          await pageChange(o.page, 300, 100, 300);
          if (entry) return { kind: 'steps', parts: [{ text: 'open the menu it is in', action: { kind: 'click', target: opener } }, { text: `click ${targetPhrase(intent.target)}`, action: { kind: 'click', target: entry } }] };
        }
        // "Choose Northgate": not on screen as such, but one of a drop-down's choices.
        const list = err instanceof ResolveError && intent.kind === 'click' && intent.target.name && !intent.target.within && !intent.target.role ? await listOffering(o, intent.target.name) : undefined;
        if (list) return { kind: 'select', target: list, value: intent.target.name };
        throw err;
      }
    case 'hover':
    case 'dblclick':
      return { kind: intent.kind, target: await find(intent.target, o.timeoutMs, Boolean(intent.target.within)) };
    case 'drag': {
      const source = await find(intent.source);
      return { kind: 'drag', source, target: await find(intent.dest), ...(intent.position ? { position: intent.position } : {}) };
    }
    case 'fill-form': return fillForm(o, intent.values);
    case 'fill': {
      // "Replace the name with Staff rota 2027.xlsx" while an item is renamed in place: with no name
      // field on the page, the field being edited.
      const generic = !intent.target.within && intent.target.anyOf?.some((w) => /^(?:name|title)$/.test(w));
      const found = generic ? await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 2500))) ?? await unlessMissing(find({ name: FOCUSED, kind: 'field' }, 1000)) : undefined;
      const target = await typable(o.page, found ?? (await find(intent.target)), intent.value);
      // "SQLite 3 as the system": a value given for a drop-down is chosen in it.
      if (!intent.append && intent.find === undefined && (await isSelect(o.page, target))) return { kind: 'select', target, value: intent.value };
      // "…and type " (7pm)"" in a rich-text editor with the caret in it: typed where the caret is.
      const caret = intent.target.name === FOCUSED && !intent.append && intent.find === undefined && (await toLocator(o.page, target).first().evaluate((e) => (e as HTMLElement).isContentEditable && !e.matches('input, textarea') && e.contains(document.activeElement)).catch(() => false));
      return { kind: 'fill', target, value: intent.value, ...(intent.append ? { append: true } : {}), ...(intent.end ? { end: true } : {}), ...(intent.find !== undefined ? { find: intent.find } : {}), ...(caret ? { caret: true } : {}) };
    }
    case 'select': {
      // "the "All Categories" drop-down": a drop-down without a label goes by the choice it shows.
      const showing = intent.target.name && !intent.target.within ? await selectShowing(o.page, intent.target.name) : undefined;
      if (showing) return { kind: 'select', target: showing, value: intent.value };
      return { kind: intent.kind, target: await controlOf(o.page, await find(intent.target), CHOOSABLE), value: intent.value };
    }
    case 'check': {
      // "Tick the box next to Teachers": with no box of its own named, the box of the item named.
      const t = !intent.target.name && intent.target.within && !intent.target.item ? { name: intent.target.within, kind: 'checkbox' as const, item: true } : intent.target;
      if (t !== intent.target) {
        const own = await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 1500), true));
        if (own) return { kind: 'check', target: own, checked: intent.checked };
      }
      if (!t.item) return { kind: 'check', target: await find(t, o.timeoutMs, true), checked: intent.checked };
      // "Select todo.txt": the item's checkbox; an item with none is selected by a click on it.
      const first = Math.min(o.timeoutMs, 3000);
      const box = await find(t, first, true).catch((err) => (err instanceof ResolveError ? err : Promise.reject(err)));
      if (!(box instanceof ResolveError)) return { kind: 'check', target: box, checked: intent.checked };
      const named = await findTarget(o.page, { name: t.name, kind: 'any' }, { testIdAttributes: o.testIdAttributes, timeoutMs: 0, exactOnly: true }).catch(() => undefined);
      // (A box the app draws in the item, as a tree's are: ticked or not as the step says, by a click when needed.)
      if (named && (await toLocator(o.page, named).first().evaluate(drawnChecked).catch(() => null)) !== null) return { kind: 'check', target: named, checked: intent.checked };
      if (named && intent.checked) return { kind: 'click', target: named };
      return { kind: 'check', target: await find(t, Math.max(0, o.timeoutMs - first), true), checked: intent.checked };
    }
    case 'upload': return uploadTo(o, intent);
    case 'select-text': {
      const from = await find({ name: intent.from, kind: 'any' });
      const to = intent.to ? await find({ name: intent.to, kind: 'any' }) : from;
      return { kind: 'select-text', from: { target: from, text: intent.from }, to: { target: to, text: intent.to ?? intent.from } };
    }
    case 'answer-dialog': {
      // No question from the browser itself: the app's own Yes / No (or OK / Cancel) on the page, when it shows one.
      if (o.watch && !o.watch.dialogs.some((d) => !d.checked)) {
        const names = intent.accept ? ['OK', 'Yes', 'Confirm', 'Continue'] : ['Cancel', 'No', 'Keep', 'Close'];
        const own = await unlessMissing(find({ name: '', kind: 'clickable', anyOf: names, role: 'button', relaxed: true }, Math.min(o.timeoutMs, 1500)));
        if (own) return { kind: 'click', target: own };
      }
      return { kind: 'dialog', accept: intent.accept, ...(intent.text ? { text: intent.text } : {}) };
    }
    case 'press': {
      if (intent.target) return { kind: 'press', key: intent.key, target: await find(intent.target) };
      if (intent.orClick) {
        // "Press Delete" on a page with a Delete button: the button, as a person would read it.
        const button = o.page.getByRole('button', { name: intent.orClick, exact: true }).or(o.page.locator(`input[type=submit][value="${intent.orClick.replace(/"/g, '')}" i], input[type=button][value="${intent.orClick.replace(/"/g, '')}" i]`)).filter({ visible: true });
        if ((await button.count().catch(() => 0)) === 1) {
          const target = await find({ name: intent.orClick, kind: 'clickable', role: 'button' }, 1000).catch(() => undefined);
          if (target) return { kind: 'click', target };
        }
      }
      if (intent.orSend) {
        // "Post the comment "x"": the form's own send button (a text area's Enter is a new line), else Enter.
        const send = o.page.getByRole('button', { name: SEND_BUTTON }).or(o.page.locator('input[type=submit]')).filter({ visible: true });
        const form = o.last?.field ? toLocator(o.page, o.last.field).first().locator('xpath=ancestor::form[1]') : undefined;
        const inForm = form && (await form.count().catch(() => 0)) ? form.getByRole('button', { name: SEND_BUTTON }).or(form.locator('input[type=submit]')).filter({ visible: true }) : undefined;
        for (const candidates of [inForm, send]) {
          if (!candidates || !(await candidates.count().catch(() => 0))) continue;
          const name = await candidates.first().evaluate((e) => (e.getAttribute('aria-label') || (e as HTMLInputElement).value || (e as HTMLElement).innerText || e.getAttribute('title') || '').trim()).catch(() => '');
          const target = name ? await find({ name, kind: 'clickable', role: 'button', relaxed: true }, 1000).catch(() => undefined) : undefined;
          if (target) return { kind: 'click', target };
        }
      }
      return { kind: 'press', key: intent.key };
    }
    case 'wait':
      if (!intent.target) return intent.ms === undefined ? { kind: 'wait' } : { kind: 'wait', ms: intent.ms };
      // Waiting for something to go: it may be gone already.
      if (intent.gone) return { kind: 'wait', target: (await attempt(intent.target, o, true, true)) ?? semantic(intent.target), gone: true };
      return { kind: 'wait', target: await find(intent.target) };
    case 'scroll':
      if (!intent.target) return { kind: 'scroll', direction: intent.direction ?? 'down' };
      return { kind: 'scroll', target: await find(intent.target) };
    case 'expect-state': {
      // An element expected to be hidden may not exist at all; do not wait for it.
      const negative = intent.state === 'hidden';
      if (negative) {
        // Something said to be absent is looked for by its name only: a loose match would find
        // something else that is there (a wrapper holding the words, a neighbour in the same area).
        const t = intent.target;
        const byName = t.name && !t.name.startsWith('@') && !t.ref ? await findTarget(o.page, t, { testIdAttributes: o.testIdAttributes, timeoutMs: 0, allowHidden: true, exactOnly: true }).catch(() => undefined) : undefined;
        const found = byName ?? (t.described || !t.name ? undefined : await attempt(t, o, true, true));
        return { kind: 'expect-state', target: found ?? semantic(t), state: 'hidden' };
      }
      // "Reception is ticked" in a tree whose boxes the app draws: the item named, its state read from it.
      if ((intent.target.item || intent.target.kind === 'checkbox') && intent.target.name && (intent.state === 'checked' || intent.state === 'unchecked')) {
        const box = await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 1500), true));
        if (box) return { kind: 'expect-state', target: box, state: intent.state };
        const named = await findTarget(o.page, { name: intent.target.name, kind: 'any' }, { testIdAttributes: o.testIdAttributes, timeoutMs: 0, exactOnly: true }).catch(() => undefined);
        if (named && (await toLocator(o.page, named).first().evaluate(drawnChecked).catch(() => null)) !== null) return { kind: 'expect-state', target: named, state: intent.state };
      }
      try {
        // A control shown on screen first: a hidden one of the same words (a shortcut list's "Toggle turtle
        // mode") is only taken when none is shown (a styled checkbox hides its input).
        const shown = await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 2500)));
        return { kind: 'expect-state', target: shown ?? (await find(intent.target, o.timeoutMs, true)), state: intent.state };
      } catch (err) {
        // "The Stapler row is shown" on a page that shows no "Stapler" at all: the app does not show it
        // (a check that fails, blaming the app), not a target the step described badly.
        const name = intent.target.name;
        if (!(err instanceof ResolveError) || intent.state !== 'visible' || !name || name.startsWith('@') || intent.target.ref) throw err;
        const anywhere = await o.page.getByText(name).count().catch(() => 1);
        if (anywhere > 0) throw err;
        return { kind: 'expect-text', text: name, visible: true };
      }
    }
    case 'expect-look': {
      // Said of the thing just acted on ("it is marked with a flag"): the list item last clicked.
      // (The thing last named, when it is an item of a list rather than an entry of a menu; else the
      // list item last clicked; else what was last acted on.)
      const named = intent.target.ref === 'previous' && intent.target.name ? await unlessMissing(find({ name: intent.target.name, kind: 'any' })) : undefined;
      const listed = named && (await toLocator(o.page, named).first().evaluate((e) => Boolean(e.closest('tr, li, [role=row], [role=listitem], [role=treeitem], article')) && !e.closest('[role=menu], [role=menubar], [role=listbox], [role=menuitem]')).catch(() => false));
      const target = intent.target.ref === 'previous' ? ((listed ? named : undefined) ?? o.last?.item ?? named ?? o.last?.any ?? (await find(intent.target))) : await find(intent.target);
      const icon = intent.icon ? iconWords(intent.icon) : undefined;
      return { kind: 'expect-look', target, ...(intent.style ? { style: intent.style } : {}), ...(icon ? { icon } : {}), ...(intent.negated ? { negated: true } : {}) };
    }
    case 'expect-all': {
      // "Nothing is selected": the page's content, its items none of them selected.
      if (intent.state === 'unselected') return { kind: 'expect-all', target: intent.group ? ((await scopeOf(o, { name: intent.group }, true)) ?? { strategy: 'css', selector: 'body' }) : { strategy: 'css', selector: 'body' }, state: 'unselected' };
      if (!intent.group) return { kind: 'expect-all', target: { strategy: 'css', selector: `${(await mainList(o.page)) ?? CONTENT_ITEMS} input[type=checkbox]` }, state: intent.state };
      // "Every box in that tree": the tree (list, table…) the last step acted in, with the boxes it draws.
      const kindOf = { tree: '@role="tree"', list: 'self::ul or self::ol or @role="list"', table: 'self::table or @role="table" or @role="grid"', grid: '@role="grid" or self::table', panel: 'self::section or self::fieldset or @role="region"', form: 'self::form', section: 'self::section or self::fieldset or @role="region"', group: '@role="group" or self::fieldset' } as Record<string, string>;
      const area = kindOf[intent.group];
      if (area) {
        const within: LocatorDescriptor = o.last?.any ? { strategy: 'css', selector: `xpath=ancestor-or-self::*[${area}][1]`, within: o.last.any } : { strategy: 'css', selector: `xpath=//*[${area}][.//input[@type="checkbox"] or .//*[@role="checkbox"] or .//*[contains(translate(@class, "CHECKBOX", "checkbox"), "checkbox")]][1]` };
        return { kind: 'expect-all', target: { strategy: 'css', selector: BOXES, within }, state: intent.state, ...(intent.count !== undefined ? { count: intent.count } : {}) };
      }
      // "All six interests are ticked": the boxes of the section its title names.
      const group = await scopeOf(o, { name: intent.group }, true);
      if (!group) throw new ResolveError(`no group of check boxes titled "${intent.group}"`, [`a section or question titled "${intent.group}" holding check boxes`]);
      return { kind: 'expect-all', target: { strategy: 'css', selector: BOXES, within: group }, state: intent.state, ...(intent.count !== undefined ? { count: intent.count } : {}) };
    }
    case 'expect-value':
      // "Resolution is empty" where Resolution labels a value shown, not a field: the value beside the label is empty.
      if (intent.value === '' && intent.target.kind === 'field' && !intent.target.ref) {
        const field = await unlessMissing(find(intent.target, Math.min(o.timeoutMs, 1500)));
        const editable = field && (await toLocator(o.page, field).first().evaluate((e) => e.matches('input, textarea, select, [contenteditable=""], [contenteditable=true], [role=textbox], [role=combobox]')).catch(() => false));
        if (!editable) {
          const label = await unlessMissing(find({ name: intent.target.name, kind: 'any' }, o.timeoutMs));
          const beside = label && (await toLocator(o.page, label).first().evaluate((e) => Boolean(e.nextElementSibling) && e.matches('th, td, dt, label, [class*=label i], [class*=name i], [class*=key i]')).catch(() => false));
          if (label && beside) return { kind: 'expect-state', target: { strategy: 'css', selector: 'xpath=following-sibling::*[1]', within: label }, state: 'empty' };
          if (field) return { kind: 'expect-value', target: field, value: '' };
        }
      }
      return { kind: 'expect-value', target: intent.target.kind === 'field' ? await typable(o.page, await find(intent.target), intent.value) : await find(intent.target), value: intent.value };
    case 'expect-each': {
      const rows: LocatorDescriptor = { strategy: 'css', selector: await itemsOfList(o.page) };
      const h = intent.has;
      const has: LocatorDescriptor = h.role && h.name ? { strategy: 'role', role: h.role, name: h.name } : h.role ? { strategy: 'role', role: h.role } : { strategy: 'text', text: h.name };
      return { kind: 'expect-each', rows, has };
    }
    case 'expect-count': {
      if (intent.target) return { kind: 'expect-count', target: semantic(intent.target), count: intent.count };
      // Which list is counted is decided once: after the page's pending work (a debounced search) is done.
      await settle(o.page, true, false);
      // "The timeline reports 6 check-ins": the page's own "N check-ins" is what it reports.
      if (intent.said && intent.noun) {
        const shown = await statedCount(o.page, intent.noun);
        if (shown) return { kind: 'expect-text', text: `${intent.count} ${shown}`, visible: true };
      }
      if (intent.among) {
        // The list that holds the names the step gives: their nearest common container.
        const holder = await holderOf(o.page, intent.among, Math.min(o.timeoutMs, 3000));
        if (holder) return { kind: 'expect-count', target: { strategy: 'css', selector: await itemsOfList(o.page, intent.noun, true, holder) }, count: intent.count };
      }
      // Inside the section the check names: the list nearest its heading.
      const within = intent.scope ? await scopeOf(o, intent.scope) : undefined;
      // An editor's items are its lines.
      // (A file's last newline leaves an empty last line, which nobody counts.)
      if (intent.scope?.editor && within?.strategy === 'css') return { kind: 'expect-count', target: { strategy: 'css', selector: `${within.selector} :is(.CodeMirror-line:not(:has([cm-text=""])), .cm-line:not(:has(> br:only-child)), .view-line, .ace_line)` }, count: intent.count };
      if (within?.strategy === 'css') {
        const until = Date.now() + (intent.count > 0 ? o.timeoutMs : 0);
        let selector = await itemsOfList(o.page, intent.noun, true, within.selector);
        while (Date.now() < until && (await matchCount(o.page, { strategy: 'css', selector })) === 0) {
          await pageChange(o.page, until - Date.now());
          selector = await itemsOfList(o.page, intent.noun, true, within.selector);
        }
        return { kind: 'expect-count', target: { strategy: 'css', selector }, count: intent.count };
      }
      // A list that loads after the page does: looked for until it shows (a count of none needs no list).
      const until = Date.now() + (intent.count > 0 ? o.timeoutMs : 0);
      // "No todos are shown" where no list is drawn yet: nothing else that repeats counts as the list.
      let selector = await itemsOfList(o.page, intent.noun, intent.count > 0);
      while (selector === CONTENT_ITEMS && Date.now() < until && (await matchCount(o.page, { strategy: 'css', selector })) === 0) {
        await pageChange(o.page, until - Date.now());
        selector = await itemsOfList(o.page, intent.noun);
      }
      return { kind: 'expect-count', target: { strategy: 'css', selector }, count: intent.count };
    }
  }
}

/** A shown link to record `n` by its number: "#3", "Bug #3: …", or "3" alone in a table's "#" / "ID" column. */
async function numberLink(page: Page, n: string, timeoutMs: number): Promise<LocatorDescriptor | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const k = await page.evaluate((num) => {
      const links = Array.from(document.querySelectorAll('a[href]'));
      const shown = (e: Element) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
      const text = (e: Element) => ((e as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim();
      const tagged = new RegExp(`(?:^|\\s)#${num}(?![\\d])`);
      let k = links.findIndex((a) => shown(a) && tagged.test(text(a)));
      if (k < 0) k = links.findIndex((a) => {
        if (!shown(a) || text(a) !== num) return false;
        const cell = a.closest('td, [role=cell], [role=gridcell]');
        const row = cell?.parentElement;
        const table = cell?.closest('table, [role=table], [role=grid]');
        const head = table?.querySelector('thead tr, tr:has(th), [role=row]:has([role=columnheader])');
        const at = row ? Array.from(row.children).indexOf(cell!) : -1;
        const title = head && at >= 0 ? text(head.children[at] ?? head) : '';
        return /^(?:#|id|no\.?|number)$/i.test(title) || /(?:^|\/)(?:issues?|tickets?|bugs?|tasks?|orders?|invoices?|cases?|pulls?|merge_requests|jobs?|builds?|runs?)\/\d+\/?$/.test(new URL((a as HTMLAnchorElement).href).pathname);
      });
      return k;
    }, n).catch(() => -1);
    if (k >= 0) return { strategy: 'css', selector: 'a[href]', nth: k };
    if (Date.now() >= deadline) return undefined;
    await pageChange(page, deadline - Date.now());
  }
}

/** The kind of place said after a place's name ("the Online Shop project"): the name is what its link says. */
const PLACE_AFTER_NAME = new RegExp(`\\s+(${PLACE_KINDS}|queue|page)$`);

/** Controls that open a drop-down menu: by what they say of it, or by the class words apps give them. */
const MENU_TRIGGERS = '[aria-haspopup]:not([aria-haspopup=false]), [aria-expanded=false], [data-toggle=dropdown], [data-bs-toggle=dropdown], [class*=trigger i], [class*=toggle i]:is(a, button, span, [role=button]), [class*=dropdown i]:is(a, button, [role=button])';
/** Those, and any link or button drawn as a glyph ("+", "⋮", "▾"). */
const MENU_OPENERS = `${MENU_TRIGGERS}, a, button, [role=button]`;

/** The shown control whose closed menu (beside it, in its parent or grandparent) holds an entry named `name`. */
async function closedMenuHolding(page: Page, name: string): Promise<LocatorDescriptor | undefined> {
  const k = await page.evaluate(([sel, want, triggers]) => {
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
    const shown = (e: Element) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    return Array.from(document.querySelectorAll(sel)).findIndex((t) => {
      if (!shown(t) || !(t.matches(triggers) || norm((t as HTMLElement).innerText ?? '').length <= 3)) return false;
      for (let up = t.parentElement, d = 0; up && up !== document.body && d < 2; up = up.parentElement, d++) {
        if (Array.from(up.querySelectorAll('a, button, [role=menuitem]')).some((x) => !shown(x) && !t.contains(x) && norm(x.textContent ?? '') === want)) return true;
      }
      return false;
    });
  }, [MENU_OPENERS, name.replace(/\s+/g, ' ').trim().toLowerCase(), MENU_TRIGGERS] as const).catch(() => -1);
  return k >= 0 ? { strategy: 'css', selector: MENU_OPENERS, nth: k } : undefined;
}

/** Check boxes, the page's own and those an app draws (a tree's "jstree-checkbox" icon, with no input in it). */
const BOXES = 'input[type=checkbox], [role=checkbox], [class*=checkbox i]:not(:has(input[type=checkbox], [role=checkbox])):not(input)';

/** A shown drop-down whose current choice reads `name` and that no label names otherwise, by its id or name. */
async function selectShowing(page: Page, name: string): Promise<LocatorDescriptor | undefined> {
  const sel = await page
    .evaluate((want) => {
      const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
      const hits = Array.from(document.querySelectorAll('select')).filter((s) => {
        const r = s.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && norm(s.selectedOptions[0]?.text ?? '') === norm(want) && !Array.from(s.labels ?? []).some((l) => norm(l.innerText) === norm(want));
      });
      const s = hits.length === 1 ? hits[0]! : undefined;
      if (!s) return undefined;
      const by = s.id ? `select#${CSS.escape(s.id)}` : s.name ? `select[name="${CSS.escape(s.name)}"]` : '';
      return by && document.querySelectorAll(by).length === 1 ? by : undefined;
    }, name)
    .catch(() => undefined);
  return sel ? { strategy: 'css', selector: sel } : undefined;
}

/** The noun as the page writes it after a number ("check-ins" of "6 check-ins"), when the page states such a count. */
async function statedCount(page: Page, noun: string): Promise<string | undefined> {
  const stem = noun.toLowerCase().split(' ').pop()!.replace(/(?:ies|es|s)$/, '');
  if (stem.length < 3) return undefined;
  return page
    .evaluate((st) => {
      const esc = st.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const m = new RegExp(`\\b\\d[\\d,.]*\\s+(${esc}[\\w-]*)`, 'i').exec(document.body.innerText);
      return m?.[1];
    }, stem)
    .catch(() => undefined);
}

/** The nearest element that shows every one of the names, as a CSS path (undefined when some name is not shown). */
async function holderOf(page: Page, names: string[], timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const path = await page.evaluate((want) => {
      // (The options of a <select> an app hides behind its own box — Tom Select, Select2 — are not what shows.)
      const tiny = (e: Element | null) => { if (!e) return false; const r = e.getBoundingClientRect(); return r.width <= 4 || r.height <= 4; };
      const shown = (e: Element) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !tiny(e.closest('select')); };
      const all = Array.from(document.querySelectorAll('body *'));
      const matches = want.map((n) => all.filter((e) => shown(e) && e.children.length <= 3 && ((e as HTMLElement).innerText ?? '').trim().replace(/\s*[×✕✖⨯]$/, '').toLowerCase() === n.toLowerCase()));
      if (matches.some((m) => !m.length)) return undefined;
      // The tightest group that shows them all: suggestions open over a list holding the same names are the suggestions.
      let common: Element | null = null;
      let size = Infinity;
      for (const first of matches[0]!.slice(0, 20)) {
        let up: Element | null = first;
        while (up && up !== document.body && !matches.every((m) => m.some((e) => up!.contains(e)))) up = up.parentElement;
        if (!up || up === document.body) continue;
        const n = up.getElementsByTagName('*').length;
        if (n < size) { common = up; size = n; }
      }
      if (!common) return undefined;
      const parts: string[] = [];
      for (let e: Element | null = common; e && e !== document.body; e = e.parentElement) {
        const p: Element | null = e.parentElement;
        parts.unshift(p ? `${e.localName}:nth-child(${Array.from(p.children).indexOf(e) + 1})` : e.localName);
      }
      return `body > ${parts.join(' > ')}`;
    }, names).catch(() => undefined);
    if (path || Date.now() >= deadline) return path;
    await pageChange(page, deadline - Date.now());
  }
}

/**
 * The page's main list, as a CSS path: the list whose items are the content (not navigation, not a
 * footer of filter links, not a side bar), preferring one named like a list of entries. Hidden lists
 * count (an empty list is often hidden). Null when the page shows no such list.
 */
export async function mainList(page: Page): Promise<string | null> {
  const found = await page.evaluate((generatedId) => {
    const generated = new RegExp(generatedId, 'i');
    // Open shadow roots count (web components); a path climbs from a shadow root to its host.
    const roots: Array<Document | ShadowRoot> = [document];
    for (let i = 0; i < roots.length; i++) for (const el of Array.from(roots[i]!.querySelectorAll('*'))) if (el.shadowRoot) roots.push(el.shadowRoot);
    const lists = roots.flatMap((r) => Array.from(r.querySelectorAll('ul, ol, [role=list], tbody')));
    let best: { el: Element; score: number } | undefined;
    for (const el of lists) {
      const items = Array.from(el.children).filter((c) => /^(li|tr)$/.test(c.localName) || c.getAttribute('role') === 'listitem');
      // A table's body goes by the table's name (#messagelist).
      const table = el.localName === 'tbody' ? el.parentElement : null;
      const name = `${el.id} ${typeof el.className === 'string' ? el.className : ''} ${table ? `${table.id} ${typeof table.className === 'string' ? table.className : ''}` : ''}`.toLowerCase();
      let score = 0;
      if (/list|todo|item|task|note|result|entr|row/.test(name)) score += 2;
      // A list drawn on the screen over one that is not (a closed menu's).
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) score -= 1;
      if (el.closest('nav, aside, footer, header, [role=navigation], [role=complementary], [role=contentinfo], [role=banner], [role=tablist], [role=menu]')) score -= 3;
      // (Whole words: a "table" is not a "tab".)
      if (/(?:^|[\s_-])(?:filters?|nav\w*|menu\w*|tabs?|tablist|breadcrumbs?|pagination)(?:$|[\s_-])/.test(name)) score -= 3;
      if (items.length && items.every((c) => c.children.length === 1 && c.firstElementChild?.localName === 'a')) score -= 2;
      score += Math.min(items.length, 10) * 0.1;
      if (el.closest('main, [role=main]')) score += 0.5;
      if (!best || score > best.score) best = { el, score };
    }
    if (!best || best.score < 0) return null;
    let path = '';
    let cur: Element | null = best.el;
    while (cur && cur !== document.documentElement) {
      const id = cur.id ? `#${CSS.escape(cur.id)}` : '';
      if (id && !generated.test(cur.id) && roots.reduce((n, r) => n + r.querySelectorAll(id).length, 0) === 1) { path = `${id}${path}`; break; }
      const parent: Element | null = cur.parentElement;
      const siblings = parent ? parent.children : cur.parentNode instanceof ShadowRoot ? cur.parentNode.children : null;
      const same = siblings ? Array.from(siblings).filter((c) => c.localName === cur!.localName) : [];
      const next: Element | null = parent ?? (cur.parentNode instanceof ShadowRoot ? cur.parentNode.host : null);
      path = `${next ? ' > ' : ''}${same.length > 1 ? `${cur.localName}:nth-of-type(${same.indexOf(cur) + 1})` : cur.localName}${path}`;
      cur = next;
    }
    return path.replace(/^ > /, '');
  }, GENERATED_ID);
  return found;
}

/** A list shown on the page whose id, class or label names the noun ("suggestions", "channel-list"), as a CSS path. */
async function namedList(page: Page, noun: string): Promise<string | undefined> {
  return page.evaluate((word) => {
    const stem = word.toLowerCase().replace(/(?:ies|es|s)$/, '');
    if (stem.length < 3) return undefined;
    const shown = (el: Element) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
    const named = Array.from(document.querySelectorAll('ul, ol, [role=listbox], [role=list], [role=menu], [role=grid], table, tbody')).filter((el) => {
      const words = `${el.id} ${typeof el.className === 'string' ? el.className : ''} ${el.getAttribute('aria-label') ?? ''}`.toLowerCase();
      return words.includes(stem) && el.children.length > 0 && shown(el);
    });
    if (!named.length) {
      // A panel named for what it holds ("results-panel", "search-results"): its children are the items.
      const words = (el: Element) => `${el.id} ${typeof el.className === 'string' ? el.className : ''} ${el.getAttribute('aria-label') ?? ''}`.toLowerCase().split(/[\s_-]+/);
      const panels = Array.from(document.querySelectorAll('div, section, aside, [role=region], [role=feed]')).filter((el) => words(el).some((w) => w.startsWith(stem)) && shown(el) && Array.from(el.children).some(shown));
      const inner = panels.filter((p) => !panels.some((q) => q !== p && p.contains(q)));
      const panel = inner.length === 1 ? inner[0]! : undefined;
      if (!panel) return undefined;
      const cls = (typeof panel.className === 'string' ? panel.className : '').split(/\s+/).find((c) => c.toLowerCase().split(/[_-]/).some((w) => w.startsWith(stem)));
      const by = [panel.id ? `#${CSS.escape(panel.id)}` : '', cls ? `${panel.localName}.${CSS.escape(cls)}` : ''];
      return by.find((sel) => sel && document.querySelectorAll(sel).length === 1);
    }
    const found = named[0];
    if (!found || named.length > 1) return undefined;
    // A table named so: its body's rows are the items.
    const el = found.localName === 'table' ? found.querySelector(':scope > tbody') : found;
    if (!el) return undefined;
    if (el !== found) {
      const sel = found.id ? `#${CSS.escape(found.id)}` : '';
      return sel && document.querySelectorAll(sel).length === 1 ? `${sel} > tbody` : undefined;
    }
    // By what names it: its id, the class or the label that carries the noun.
    const cls = (typeof el.className === 'string' ? el.className : '').split(/\s+/).find((c) => c.toLowerCase().includes(stem));
    const label = el.getAttribute('aria-label');
    const by = [el.id && el.id.toLowerCase().includes(stem) ? `#${CSS.escape(el.id)}` : '', cls ? `${el.localName}.${CSS.escape(cls)}` : '', label ? `${el.localName}[aria-label="${CSS.escape(label)}"]` : ''];
    return by.find((sel) => sel && document.querySelectorAll(sel).length === 1);
  }, noun).catch(() => undefined);
}

/**
 * The items of the page's main list as a CSS selector: a list element's items (mainList), else the
 * largest group of alike siblings outside navigation, headers and footers (an inbox of links, a grid
 * of cards, rows of divs), preferring one whose names or text carry the counted noun ("4 emails").
 */
export async function itemsOfList(page: Page, noun?: string, alike = true, scope?: string): Promise<string> {
  // "One suggestion drops down": a list on screen named for what is counted (#suggestions) is the one, over the page's main list.
  if (!scope && noun) {
    const named = await namedList(page, noun);
    if (named) return itemsOfList(page, noun, alike, named);
  }
  const list = scope ? null : await mainList(page);
  // A tree's items are all its nodes on screen, at every level ("all 16 items of the tree are visible").
  if (list && (await page.evaluate((sel) => { const r = document.querySelector(sel); return Boolean(r?.closest('[role=tree]') && r.querySelector('[role=treeitem]')); }, list).catch(() => false))) return `${list} [role=treeitem]`;
  if (list) return `${list} > *`;
  if (!alike && !scope) return CONTENT_ITEMS;
  const found = await page.evaluate(([generatedId, word, scopeSel]) => {
    const generated = new RegExp(generatedId, 'i');
    const stem = (word ?? '').toLowerCase().replace(/e?s$/, '');
    const shown = (el: Element) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const root = scopeSel ? document.querySelector(scopeSel) : null;
    if (scopeSel && !root) return null;
    // Items are named by their test id or role when they carry one, else by their tag: classes change with state (read, selected).
    // Inside a section, the classes that say what an item is count too (a panel's buttons are not its folders).
    const STATE = /^(is|has)-|active|selected|current|open|collapsed|expanded|in$|show|hidden|disabled|^ng-|read|unread|hover|focus|completed|^done$|checked|editing|^even|^odd|evenrow|oddrow|^alt(?:ernate)?(?:row)?$|striped|zebra|paused|seeding|downloading|error|flagged|starred|pinned|replied|forwarded|marked|highlight|^new$|^first$|^last$/i;
    const sig = (el: Element) => {
      const id = el.getAttribute('data-testid');
      if (id && !generated.test(id)) return `${el.localName}[data-testid="${CSS.escape(id)}"]`;
      const role = el.getAttribute('role');
      if (role) return `${el.localName}[role="${role}"]`;
      const cls = root ? (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => c && !STATE.test(c) && !generated.test(c)).sort() : [];
      return `${el.localName}${cls.map((c) => `.${CSS.escape(c)}`).join('')}`;
    };
    const depthOf = (el: Element) => { let d = 0; for (let c: Element | null = el; c && c !== root; c = c.parentElement) d++; return d; };
    let best: { el: Element; sel: string; score: number } | undefined;
    const pool = root ? [root, ...Array.from(root.querySelectorAll('*'))] : Array.from(document.querySelectorAll('body *'));
    for (const el of pool) {
      if (el.children.length < (root ? 1 : 2) || (!root && el.closest('nav, header, footer, [role=navigation], [role=menu], [role=menubar], [role=tablist], [role=toolbar]')) || el.closest('select, svg, table thead')) continue;
      const groups = new Map<string, Element[]>();
      // A list's header row, toolbar or summary line is not one of its items.
      const HEADER = /header|heading|toolbar|columnheader/i;
      for (const c of Array.from(el.children)) if (shown(c) && !HEADER.test(`${c.id} ${c.getAttribute('class') ?? ''} ${c.getAttribute('role') === 'columnheader' ? 'header' : ''}`)) groups.set(sig(c), [...(groups.get(sig(c)) ?? []), c]);
      const [sel, items] = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
      const listLike = /^(ul|ol|tbody)$/.test(el.localName) || el.getAttribute('role') === 'list';
      // The scope itself, all of whose children look alike, is the list even with a single item.
      const alikeRoot = el === root && Array.from(el.children).filter(shown).every((c) => sig(c) === sel);
      if (items.length < (root && (listLike || alikeRoot) ? 1 : 2) || items.some((i) => ((i as HTMLElement).innerText ?? '').trim().length < 2)) continue;
      // Controls in a row are a toolbar, not a list's items.
      if (root && items.every((i) => i.matches('button, a, input, select, label, option, [role=button]'))) continue;
      // Inside a section: the list nearest its heading, not one nested in an item.
      let score = root ? items.length - depthOf(el) * 100 : items.length;
      const words = `${el.id} ${typeof el.className === 'string' ? el.className : ''} ${el.getAttribute('aria-label') ?? ''} ${sel}`.toLowerCase();
      if (stem && (words.includes(stem) || items.some((i) => `${i.getAttribute('href') ?? ''} ${i.className}`.toLowerCase().includes(stem)))) score += 10;
      if (!best || score > best.score) best = { el, sel, score };
    }
    if (!best) return null;
    let path = '';
    let cur: Element | null = best.el;
    while (cur && cur !== document.documentElement) {
      if (cur.id && !generated.test(cur.id) && document.querySelectorAll(`#${CSS.escape(cur.id)}`).length === 1) { path = `#${CSS.escape(cur.id)}${path}`; break; }
      const tid = cur.getAttribute('data-testid');
      if (tid && !generated.test(tid) && document.querySelectorAll(`[data-testid="${CSS.escape(tid)}"]`).length === 1) { path = `[data-testid="${CSS.escape(tid)}"]${path}`; break; }
      const parent: Element | null = cur.parentElement;
      const same = parent ? Array.from(parent.children).filter((c) => c.localName === cur!.localName) : [];
      path = `${parent ? ' > ' : ''}${same.length > 1 ? `${cur.localName}:nth-of-type(${same.indexOf(cur) + 1})` : cur.localName}${path}`;
      cur = parent;
    }
    // Siblings of the same tag that are a header or a toolbar are left out by name.
    const NOT_HEADER = ':not([class*=header i]):not([id*=header i]):not([class*=heading i]):not([class*=toolbar i]):not([role=columnheader])';
    return `${path.replace(/^ > /, '')} > ${best.sel}${/^[a-z0-9]+$/.test(best.sel) ? NOT_HEADER : ''}`;
  }, [GENERATED_ID, noun, scope] as const).catch(() => null);
  return found ?? (scope ? `${scope} :is(li, tr, [role=listitem], [role=row])` : CONTENT_ITEMS);
}

/**
 * Items of content lists, for when the page shows no list yet (an app that renders its list only
 * once it has items): lists in navigation, side bars, headers and footers are not the content.
 */
const CONTENT_ITEMS = ':is(ul, ol, [role=list]):not(:is(nav, aside, header, footer, [role=navigation], [role=complementary], [role=banner], [role=contentinfo]) *) > :is(li, [role=listitem])';

/** Remember what an action acted on, for "it" and "the same field" in the clauses after it. */
export function remember(a: ResolvedAction, last: LastTargets | undefined, intent?: Intent): ResolvedAction {
  if (!last) return a;
  if (a.kind === 'fill' || a.kind === 'select') last.field = a.target;
  // "The moon button is labelled "…"" then "Press it": a check's element counts too, unless it must be absent.
  if ('target' in a && a.target && (!a.kind.startsWith('expect') || (a.kind === 'expect-state' && a.state !== 'hidden'))) last.any = a.target;
  const t = intent && 'target' in intent ? intent.target : undefined;
  const key = t ? nameKey(t) : undefined;
  if (key && 'target' in a && a.target && !a.kind.startsWith('expect')) (last.named ??= {})[key] = a.target;
  return a;
}

/** Whether the step gives `text` in quotes (a name to find as written) rather than in its own words. */
function quotedIn(sentence: string, text: string): boolean {
  const t = text.trim();
  return ['""', '“”', '‘’', "''", '``'].some(([open, close]) => sentence.includes(`${open}${t}${close}`) || sentence.includes(`${open}${t}`) || sentence.includes(`${t}${close}`));
}

/** Resolve one clause on the page as it is now. Throws ResolveError naming what was looked for. */
export async function resolveClause(clause: Clause, o: ResolveOptions): Promise<ResolvedAction> {
  try {
    const a = await treeOpened(clause.intent, await fromIntent(clause.intent, o), o);
    if (clause.intent.kind === 'expect-count' && a.kind === 'expect-count' && clause.intent.noun && !clause.intent.target && a.count > 0) return { ...a, noun: clause.intent.noun };
    // ""Upload x.csv:" followed by a red error message": a thing described in the step's own words (in
    // lower case, where a name has capitals) is looked for by the one word that names it ("error").
    const named = (t: string) => {
      const words = quotedIn(clause.text, t) || t !== t.toLowerCase() ? [] : looseWords(t).words;
      return words.length === 1 && words[0]!.length >= 3 ? words[0]! : t;
    };
    if (a.kind === 'expect-order') return { ...a, texts: a.texts.map(named) };
    return clause.intent.kind === 'expect-text' && a.kind === 'expect-text' && a.visible && !quotedIn(clause.text, a.text) ? { ...a, loose: true } : a;
  } catch (err) {
    if (!(err instanceof ResolveError)) throw err;
    if (o.model?.available) {
      const proposed = await modelResolve({ type: clause.type, description: clause.text }, o).catch(() => undefined);
      if (proposed) return proposed;
    }
    throw err;
  }
}

/**
 * A step whose sentence was not understood: the model (when configured) is asked for it and its
 * answer is checked against the page; otherwise the step fails as not understood.
 */
export async function resolveUnread(step: PlanStep, o: ResolveOptions): Promise<ResolvedAction | undefined> {
  if (!o.model?.available) return undefined;
  return modelResolve(step, o).catch(() => undefined);
}
