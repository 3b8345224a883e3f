/**
 * Find a step's target on the live page and describe it as a stable locator. Strategy order: test id
 * attributes (configurable list), role + accessible name, label, placeholder, text — exact matches
 * before partial ones. An element found by its name that carries a unique test id is recorded by the
 * test id, the most stable handle, so that a later replay notices when the app changes it.
 */
import type { Page } from 'playwright-core';
import type { Target, TargetKind } from '../../steps/intent.js';
import type { LocatorDescriptor } from './types.js';
import { locatorLabel, testIdSelector, toLocator } from './locator.js';
import { pageChange } from './page-still.js';
import { MODAL_SELECTOR } from './ground.js';

export const DEFAULT_TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'data-qa'];

const ROLES: Record<TargetKind, string[]> = {
  clickable: ['button', 'link', 'menuitem', 'tab', 'checkbox', 'radio', 'switch', 'option'],
  field: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  select: ['combobox', 'listbox'],
  checkbox: ['checkbox', 'radio', 'switch'],
  any: ['button', 'link', 'heading', 'textbox', 'checkbox', 'combobox', 'tab', 'menuitem', 'img'],
};
const SUFFIX: Record<TargetKind, string[]> = {
  clickable: ['button', 'btn', 'link'],
  field: ['input', 'field'],
  select: ['select', 'dropdown'],
  checkbox: ['checkbox', 'toggle'],
  any: [],
};
export const CONTAINER = 'li, tr, [role="listitem"], [role="row"], article';

export class ResolveError extends Error {
  constructor(message: string, readonly lookedFor: string[]) {
    super(message);
  }
}

export function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function withinDescriptor(text: string): LocatorDescriptor {
  return { strategy: 'css', selector: CONTAINER, hasText: text, nth: 0 };
}

/** Candidate locators for a target, in strategy order. */
export function candidates(t: Target, testIdAttributes: string[]): LocatorDescriptor[] {
  const within = t.within ? withinDescriptor(t.within) : undefined;
  const out: LocatorDescriptor[] = [];
  const s = slug(t.name);
  const ids = [...new Set([t.name, s, ...SUFFIX[t.kind].map((x) => `${s}-${x}`)])].filter(Boolean);
  for (const attribute of testIdAttributes) for (const value of ids) out.push({ strategy: 'testid', attribute, value });
  const roles = t.role ? [t.role] : ROLES[t.kind];
  const textOk = t.kind === 'clickable' || t.kind === 'any';
  for (const exact of [true, false]) {
    for (const role of roles) out.push({ strategy: 'role', role, name: t.name, ...(exact ? { exact } : {}) });
    out.push({ strategy: 'label', text: t.name, ...(exact ? { exact } : {}) });
    out.push({ strategy: 'placeholder', text: t.name, ...(exact ? { exact } : {}) });
    if (textOk) out.push({ strategy: 'text', text: t.name, ...(exact ? { exact } : {}) });
  }
  return within ? out.map((d) => ({ ...d, within })) : out;
}

const EDITABLE = 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable=""], [contenteditable=true], [role=textbox], [role=searchbox], [role=combobox], [role=spinbutton]';

/**
 * How many elements each CSS selector matches on the page, open shadow roots included (as
 * Playwright's CSS engine counts them), in one evaluation; 0 for a selector the page cannot parse.
 */
async function cssCounts(page: Page, selectors: string[]): Promise<number[]> {
  return page
    .evaluate((sels) => {
      const roots: Array<Document | ShadowRoot> = [document];
      for (let i = 0; i < roots.length; i++) for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
      return sels.map((sel) => {
        try {
          return roots.reduce((n, r) => n + r.querySelectorAll(sel).length, 0);
        } catch {
          return 0;
        }
      });
    }, selectors)
    .catch(() => selectors.map(() => 0));
}

interface Look {
  /** How many elements match. */
  count: number;
  /** The first visible one among the first ten (for fields: one that takes typing), -1 when none. */
  index: number;
  /** The test-id attributes of the element chosen (of the first match when none is visible). */
  ids: Array<string | null>;
  /** A modal dialog is open and the element chosen is behind it. */
  behindModal?: boolean;
}

/**
 * One look at a candidate's matches: how many, the first visible one (Playwright's own rule: a
 * non-empty box and a visible style; `display: contents` by its children) and its test ids. One
 * call instead of a count, a visibility check per match and a read of the attributes.
 */
async function look(page: Page, d: LocatorDescriptor, field: boolean, attrs: string[]): Promise<Look> {
  return toLocator(page, d)
    .evaluateAll(
      (els, o) => {
        const shown = (el: Element): boolean => {
          const style = getComputedStyle(el);
          if (style.display === 'contents') {
            return [...el.childNodes].some((n) => {
              if (n.nodeType === 1) return shown(n as Element);
              if (n.nodeType !== 3) return false;
              const range = document.createRange();
              range.selectNodeContents(n);
              const r = range.getBoundingClientRect();
              return r.width > 0 && r.height > 0;
            });
          }
          const c = el as Element & { checkVisibility?: () => boolean };
          if (c.checkVisibility && !c.checkVisibility()) return false;
          if (style.visibility !== 'visible') return false;
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0;
        };
        // A field must be something one can type into (a label can also name a button).
        const fits = (el: Element) => shown(el) && (!o.field || el.matches(o.editable));
        // With a modal dialog open, the one inside it: what is behind the dialog is out of reach.
        const modals = Array.from(document.querySelectorAll(o.modal)).filter((m) => shown(m));
        const inModal = modals.length ? els.slice(0, 10).findIndex((el) => fits(el) && modals.some((m) => m.contains(el))) : -1;
        const index = inModal >= 0 ? inModal : els.slice(0, 10).findIndex(fits);
        const el = els[Math.max(0, index)];
        return { count: els.length, index, ids: o.attrs.map((n) => el?.getAttribute(n) ?? null), behindModal: modals.length > 0 && index >= 0 && inModal < 0 };
      },
      { field, editable: EDITABLE, attrs, modal: MODAL_SELECTOR },
    )
    .catch(() => ({ count: 0, index: -1, ids: attrs.map(() => null), behindModal: false }));
}

/** Prefer a unique test id carried by the chosen element (its attributes as `look` read them). */
async function upgradeToTestId(page: Page, d: LocatorDescriptor, attrs: string[], values: Array<string | null>): Promise<LocatorDescriptor> {
  if (d.strategy === 'testid') return d;
  for (const [k, attribute] of attrs.entries()) {
    const value = values[k];
    if (!value) continue;
    const plain: LocatorDescriptor = { strategy: 'testid', attribute, value };
    if ((await toLocator(page, plain).count()) === 1) return plain;
    if (d.within) {
      const scoped: LocatorDescriptor = { ...plain, within: d.within };
      if ((await toLocator(page, scoped).count()) === 1) return scoped;
    }
  }
  return d;
}

export interface FindOptions {
  testIdAttributes: string[];
  /** 0 = a single pass. */
  timeoutMs: number;
  /** Accept elements that exist but are not visible (e.g. styled checkboxes). */
  allowHidden?: boolean;
  /** Only exact names (a one-word name such as "x" matches too much loosely). */
  exactOnly?: boolean;
}

/** The first of `list` with a visible match (or, with `allowHidden`, any match), or undefined. */
async function firstShown(page: Page, list: LocatorDescriptor[], field: boolean, opts: FindOptions): Promise<LocatorDescriptor | undefined> {
  // Count every candidate at once (one round of requests), then look closer only at those that
  // match. The test ids are plain CSS: all of them in one look at the page (a Playwright call
  // each cost 15-40 ms for a name's 25); inside an item, as one selector first, most pages
  // carrying none of them.
  const counted = (d: LocatorDescriptor) => toLocator(page, d).count().catch(() => 0);
  const ids = list.filter((d): d is Extract<LocatorDescriptor, { strategy: 'testid' }> => d.strategy === 'testid');
  const selectors = ids.map((d) => testIdSelector(d.attribute, d.value));
  const within = ids[0]?.within;
  const idCounts: Promise<number[]> = !ids.length
    ? Promise.resolve([])
    : within
      ? counted({ strategy: 'css', selector: selectors.join(', '), within }).then((n) => (n > 0 ? Promise.all(ids.map(counted)) : ids.map(() => 0)))
      : cssCounts(page, selectors);
  const counts = await Promise.all(list.map((d) => (d.strategy === 'testid' ? idCounts.then((n) => n[ids.indexOf(d)]!) : counted(d))));
  // (One behind an open modal dialog is taken only when no other way of naming it finds one in the dialog.)
  let behind: { chosen: LocatorDescriptor; values: Array<string | null> } | undefined;
  for (const [k, d] of list.entries()) {
    if (!counts[k]) continue;
    const { count, index, ids: values, behindModal } = await look(page, d, field, opts.testIdAttributes);
    const pick = index >= 0 ? index : opts.allowHidden && count > 0 ? 0 : -1;
    if (pick < 0) continue;
    const chosen: LocatorDescriptor = count > 1 ? { ...d, nth: pick } : d;
    if (behindModal) {
      behind ??= { chosen, values };
      continue;
    }
    return upgradeToTestId(page, chosen, opts.testIdAttributes, values);
  }
  return behind ? upgradeToTestId(page, behind.chosen, opts.testIdAttributes, behind.values) : undefined;
}

/** Poll the candidates until one matches a visible element, or throw ResolveError. */
export async function findTarget(page: Page, t: Target, opts: FindOptions): Promise<LocatorDescriptor> {
  const list = candidates(t, opts.testIdAttributes);
  // Two rounds in the candidates' order: the test ids and exact names, then the loose names, which
  // are counted only when no exact one is on the page (most targets are named exactly: half the
  // calls). The first candidate with a visible match wins, as in a single round.
  const loose = list.findIndex((d) => d.strategy !== 'testid' && !('exact' in d && d.exact));
  const rounds = loose < 0 ? [list] : opts.exactOnly ? [list.slice(0, loose)] : [list.slice(0, loose), list.slice(loose)];
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    for (const round of rounds) {
      const found = await firstShown(page, round, t.kind === 'field', opts);
      if (found) return found;
    }
    if (Date.now() >= deadline) break;
    await pageChange(page, deadline - Date.now());
  }
  const looked = describeSearch(t, opts.testIdAttributes);
  throw new ResolveError(`no element matches ${looked.join(', ')}`, looked);
}

/** What was looked for, in a form a person can act on. */
export function describeSearch(t: Target, attrs: string[]): string[] {
  const roles = t.role ? [t.role] : ROLES[t.kind];
  const where = t.within ? ` inside an item containing "${t.within}"` : '';
  return [
    `test id ${attrs.map((a) => `[${a}]`).join('/')} = "${t.name}" or "${slug(t.name)}"`,
    `role ${roles.join('/')} named "${t.name}"`,
    `label "${t.name}"`,
    `placeholder "${t.name}"`,
    ...(t.kind === 'clickable' || t.kind === 'any' ? [`text "${t.name}"`] : []),
  ].map((x) => x + where);
}

/** Count matches of a stored locator now (0 when the page has none). */
export async function matchCount(page: Page, d: LocatorDescriptor): Promise<number> {
  return toLocator(page, d).count().catch(() => 0);
}

export { locatorLabel };
