/**
 * Replay support: decide whether a saved step still fits the page, and re-resolve it when it does
 * not. A heal happens only when a saved locator matches nothing, or nothing its action can act on; an
 * assertion evaluated on an element that is there keeps its verdict, and negative assertions
 * (something must be absent) never heal.
 */
import type { Page } from 'playwright-core';
import { locatorLabel, toLocator } from './locator.js';
import { targetsOf } from './model-resolve.js';
import { reachSignInForm } from './sign-in.js';
import type { LocatorDescriptor, ResolvedAction } from './types.js';
import { pageChange } from './page-still.js';

export function isNegative(a: ResolvedAction): boolean {
  return (a.kind === 'expect-look' && a.negated === true) || (a.kind === 'expect-state' && a.state === 'hidden') || (a.kind === 'expect-count' && a.count === 0) || (a.kind === 'expect-text' && !a.visible);
}

/** Locators a drift check looks at (count-style targets are allowed to match nothing). */
function checkable(a: ResolvedAction): LocatorDescriptor[] {
  if (isNegative(a) || a.kind === 'expect-count') return [];
  if (a.kind === 'sign-in') return [...(a.fields ?? []).map((f) => f.target), ...(a.username ? [a.username] : []), a.password, ...(a.submit && !a.fillOnly ? [a.submit] : [])];
  // A step that opens a page first: only what it acts on before that must be on this one.
  if (a.kind === 'steps') {
    const first = a.parts.findIndex((p) => p.action.kind === 'navigate');
    if (first >= 0) return a.parts.slice(0, first).flatMap((p) => checkable(p.action));
  }
  return targetsOf(a);
}

/**
 * What an element must be for the action to act on it: a saved locator that now finds something
 * else (the text field where a redesign moved the checkbox) has drifted as much as one that finds
 * nothing.
 */
const FITS: Partial<Record<ResolvedAction['kind'], string>> = {
  check: 'input[type=checkbox], input[type=radio], [role=checkbox], [role=radio], [role=switch], [role=menuitemcheckbox], label',
  fill: 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset]):not([type=hidden]), textarea, [contenteditable=""], [contenteditable=true], [role=textbox], [role=searchbox], [role=combobox], label',
};

async function fits(page: Page, d: LocatorDescriptor, kind: ResolvedAction['kind']): Promise<boolean> {
  const loc = toLocator(page, d);
  // A drag takes its element where it is drawn; one that is not drawn (a structural path that now
  // ends on an empty SVG group) cannot be dragged. Clicks may reveal what hovering shows.
  if (kind === 'drag') return loc.first().isVisible().catch(() => false);
  // One look at the page: is there a first match, and can the action act on it.
  const want = FITS[kind] ?? '*';
  return loc.evaluateAll((els, sel) => els.length > 0 && els[0]!.matches(sel), want).catch(() => false);
}

/** The first saved locator that still matches nothing (or nothing the action can act on) after `probeMs`, or undefined. */
export async function findDrift(
  page: Page,
  a: ResolvedAction,
  o: { probeMs: number; stepTimeoutMs: number; baseUrl: string; testIdAttributes: string[] },
): Promise<LocatorDescriptor | undefined> {
  if (a.kind === 'sign-in') await reachSignInForm(page, o.baseUrl, a, o.stepTimeoutMs, o.testIdAttributes).catch(() => undefined);
  await page.waitForLoadState('load', { timeout: o.stepTimeoutMs }).catch(() => {});
  const deadline = Date.now() + o.probeMs;
  const targets = checkable(a);
  for (const d of targets) {
    for (;;) {
      if (await fits(page, d, a.kind)) break;
      if (Date.now() >= deadline) return d;
      await pageChange(page, deadline - Date.now(), 20, 100);
    }
  }
  return undefined;
}

/** Old → new display of a heal: the drifted locator and its replacement at the same place. */
export function healRecord(drifted: LocatorDescriptor, before: ResolvedAction, after: ResolvedAction): { from: string; to: string } {
  const oldTargets = targetsOf(before);
  const newTargets = targetsOf(after);
  const i = oldTargets.findIndex((d) => JSON.stringify(d) === JSON.stringify(drifted));
  const replacement = newTargets[i >= 0 ? i : 0] ?? newTargets[0];
  return { from: locatorLabel(drifted) ?? '(none)', to: locatorLabel(replacement) ?? `(${after.kind})` };
}
