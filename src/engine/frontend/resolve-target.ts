/**
 * Find a step's target on the live page and describe it as a stable locator. Strategy order: test id
 * attributes (configurable list), role + accessible name, label, placeholder, text — exact matches
 * before partial ones. An element found by its name that carries a unique test id is recorded by the
 * test id, the most stable handle, so that a later replay notices when the app changes it.
 */
import type { Page } from 'playwright-core';
import type { Target, TargetKind } from './phrases.js';
import type { LocatorDescriptor } from './types.js';
import { locatorLabel, testIdSelector, toLocator } from './locator.js';
import { pageChange } from './page-still.js';

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

/** Index of the first visible match (for fields: one that takes typing), -1 when none; `count` is the total number of matches. */
async function firstVisible(page: Page, d: LocatorDescriptor, field = false): Promise<{ count: number; index: number }> {
  const loc = toLocator(page, d);
  const count = await loc.count().catch(() => 0);
  for (let i = 0; i < Math.min(count, 10); i++) {
    if (!(await loc.nth(i).isVisible().catch(() => false))) continue;
    // A field must be something one can type into (a label can also name a button).
    if (field && !(await loc.nth(i).evaluate((el, sel) => el.matches(sel), EDITABLE).catch(() => false))) continue;
    return { count, index: i };
  }
  return { count, index: -1 };
}

/** Prefer a unique test id carried by the chosen element. */
async function upgradeToTestId(page: Page, d: LocatorDescriptor, attrs: string[]): Promise<LocatorDescriptor> {
  if (d.strategy === 'testid') return d;
  // Every attribute in one look at the element.
  const values = await toLocator(page, d)
    .evaluate((el, names) => names.map((n) => el.getAttribute(n)), attrs, { timeout: 500 })
    .catch(() => attrs.map(() => null));
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
}

/** Poll the candidates until one matches a visible element, or throw ResolveError. */
export async function findTarget(page: Page, t: Target, opts: FindOptions): Promise<LocatorDescriptor> {
  const list = candidates(t, opts.testIdAttributes);
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    // Count every candidate at once (one round of requests), then look closer only at those that
    // match. The test ids are counted as one selector first: most pages carry none of them.
    const counted = (d: LocatorDescriptor) => toLocator(page, d).count().catch(() => 0);
    const ids = list.filter((d): d is Extract<LocatorDescriptor, { strategy: 'testid' }> => d.strategy === 'testid');
    const anyId = ids.length ? counted({ strategy: 'css', selector: ids.map((d) => testIdSelector(d.attribute, d.value)).join(', '), ...(ids[0]!.within ? { within: ids[0]!.within } : {}) }) : 0;
    const others = list.map((d) => (d.strategy === 'testid' ? undefined : counted(d)));
    const idsFound = (await anyId) > 0;
    const counts = await Promise.all(list.map((d, k) => others[k] ?? (idsFound ? counted(d) : 0)));
    for (const [k, d] of list.entries()) {
      if (!counts[k]) continue;
      const { count, index } = await firstVisible(page, d, t.kind === 'field');
      const pick = index >= 0 ? index : opts.allowHidden && count > 0 ? 0 : -1;
      if (pick < 0) continue;
      const chosen: LocatorDescriptor = count > 1 ? { ...d, nth: pick } : d;
      return upgradeToTestId(page, chosen, opts.testIdAttributes);
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
