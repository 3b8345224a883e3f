/**
 * Acting like a person on pages that move: wait for the page to stop moving before acting on it,
 * and make sure a click reached the page.
 *
 * A script installed in every document of a run notes when the document last changed (any DOM
 * mutation, which includes the inline styles of script-driven animations) and counts the clicks it
 * received. Two things real apps need from that:
 * - Acting while the page still animates can be lost: Node-RED's palette, refiltered while its
 *   previous filter is still sliding categories shut, ends in the old filter. Before acting, the
 *   page is waited on until it has been still for a moment (no mutation, no finite animation
 *   running), at most a second.
 * - A click can be lost: in TiddlyWiki, the first click after the focused editor iframe closed
 *   moved the focus to "Edit this tiddler" while no mouse event reached the document, in most runs.
 *   A click the element's document never received is sent once more; one it received is never
 *   repeated.
 * - Leaving a page right after acting on it can drop work the page had scheduled (see settle).
 */
import type { BrowserContext, ElementHandle, Locator, Page } from 'playwright-core';

const STILL_MS = 40;
const MAX_WAIT_MS = 1000;

/** Installed with context.addInitScript: runs in every frame's document before its own scripts. */
function watchDocument(): void {
  type SetTimer = (fn: unknown, ms?: number, ...rest: unknown[]) => number;
  type Watch = { doc: number; clicks: number; last: number; timers: Set<unknown>; wait: SetTimer };
  const w = window as unknown as { __svcPage?: Watch };
  if (w.__svcPage) return;
  const set = window.setTimeout.bind(window) as unknown as SetTimer;
  const clear = window.clearTimeout.bind(window) as unknown as (id?: number) => void;
  const s: Watch = (w.__svcPage = { doc: Math.random(), clicks: 0, last: performance.now(), timers: new Set(), wait: set });
  addEventListener('click', () => void s.clicks++, true);
  addEventListener('dblclick', () => void s.clicks++, true);
  new MutationObserver(() => {
    s.last = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // Short timers still pending (a debounced save, a deferred update) are work the page has not done yet.
  window.setTimeout = ((fn: unknown, ms?: number, ...rest: unknown[]) => {
    if (typeof fn !== 'function' || (ms ?? 0) > 1000) return set(fn, ms, ...rest);
    const id = set((...args: unknown[]) => {
      s.timers.delete(id);
      return (fn as (...a: unknown[]) => unknown).apply(window, args);
    }, ms, ...rest);
    s.timers.add(id);
    return id;
  }) as unknown as typeof setTimeout;
  window.clearTimeout = ((id?: number) => {
    s.timers.delete(id);
    clear(id);
  }) as typeof clearTimeout;
}

export async function watchPages(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchDocument).catch(() => {});
}

/**
 * Wait until the page has been still for a moment (bounded); never throws. Before leaving a page
 * (`leaving`: a navigation or reload after acting on it) also until its short timers have run, as
 * TodoMVC's ampersand app saves a change 100 ms after it, and a reload sooner would lose it.
 */
export async function settle(page: Page, leaving = false): Promise<void> {
  await page
    .evaluate(
      async ([stillMs, maxMs, leave]) => {
        const s = (window as unknown as { __svcPage?: { last: number; timers: Set<unknown>; wait: (fn: unknown, ms: number) => number } }).__svcPage;
        if (!s) return;
        const t0 = performance.now();
        const animating = () =>
          document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        const busy = () => performance.now() - s.last < stillMs || animating() || (leave && s.timers.size > 0);
        while (performance.now() - t0 < maxMs && busy()) await new Promise((r) => s.wait(r, 16));
      },
      [STILL_MS, MAX_WAIT_MS, leaving] as const,
    )
    .catch(() => {});
}

type Counter = { doc: number; clicks: number } | null;
const clicksOf = (el: ElementHandle): Promise<Counter> =>
  el
    .evaluate((e) => {
      const s = (e.ownerDocument?.defaultView as unknown as { __svcPage?: { doc: number; clicks: number } } | null)?.__svcPage;
      return s ? { doc: s.doc, clicks: s.clicks } : null;
    })
    .catch(() => null);

/**
 * Run a click (or double-click) on `el`; when the element's document is still the same one and
 * received no click at all, run it once more. The count is read through a handle taken before the
 * click, so an element the click removed (a delete button) costs no wait.
 */
export async function deliveredClick(el: Locator, click: () => Promise<void>): Promise<void> {
  const handle = await el.elementHandle({ timeout: 200 }).catch(() => null);
  const before = handle ? await clicksOf(handle) : null;
  try {
    await click();
    if (!before || !handle) return;
    const after = await clicksOf(handle);
    if (after && after.doc === before.doc && after.clicks === before.clicks) await click();
  } finally {
    void handle?.dispose().catch(() => {});
  }
}

/**
 * Between two looks at a page that did not yet show what is sought: wait until its document changes
 * (at least `minMs`, so a page that never stops changing is not searched without pause) or `maxMs`
 * pass. A fixed pause would add half of itself to every wait on average.
 */
export async function pageChange(page: Page, remainingMs: number, minMs = 30, maxMs = 200): Promise<void> {
  const cap = Math.max(0, Math.min(maxMs, remainingMs));
  if (cap === 0) return;
  const t = Date.now();
  await page
    .evaluate(
      ([min, max]) =>
        new Promise<boolean>((resolve) => {
          const s = (window as unknown as { __svcPage?: { last: number; wait: (fn: unknown, ms: number) => number } }).__svcPage;
          if (!s) return resolve(false);
          const t0 = performance.now();
          const tick = () => {
            const elapsed = performance.now() - t0;
            if (elapsed >= max || (elapsed >= min && s.last > t0 - 5)) resolve(true);
            else s.wait(tick, 16);
          };
          tick();
        }),
      [Math.min(minMs, cap), cap] as const,
    )
    // No watcher in this document: a plain pause. The document went away (a navigation): a change.
    .then((watched) => (watched ? undefined : page.waitForTimeout(Math.max(0, cap - (Date.now() - t)))))
    .catch(() => page.waitForTimeout(Math.max(0, Math.min(minMs, cap) - (Date.now() - t))).catch(() => {}));
}
