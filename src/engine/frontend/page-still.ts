/**
 * Acting like a person on pages that move: wait for the page to stop moving before acting on it,
 * make sure a click reached the page, and let a page finish what it scheduled before leaving it.
 *
 * A script installed in every document of a run notes when the document last changed (any DOM
 * mutation, which includes the inline styles of script-driven animations), counts the mouse presses
 * it received and keeps the short timers still pending. What real apps need from that:
 * - Acting while the page still animates can be lost: Node-RED's palette, refiltered while its
 *   previous filter is still sliding categories shut, ends in the old filter. Before acting, the
 *   page is waited on until it has been still for a moment (no mutation, and before a pointer
 *   action no finite animation running), at most a second. Typing aims at no place on the screen:
 *   it does not wait out CSS transitions, which TiddlyWiki runs for 400 ms each time a tiddler
 *   opens (script-driven animations, like Node-RED's, change the DOM and are waited out).
 * - A click can be lost: in TiddlyWiki, the first click after the focused editor iframe closed
 *   moved the focus to "Edit this tiddler" while no mouse event reached the document, in 5 of 6
 *   tries of a plain Playwright script. The element is looked up before the click (with that, the
 *   loss was not seen again in the corpus runs) and a click of which its document received no
 *   mouse event at all is sent once more; one it received is never repeated (sent again after a
 *   mousedown that deleted Closure's todo, it deleted the next one).
 * - Leaving a page right after acting on it can drop work the page had scheduled (see settle).
 * - Acting while the page still waits on its own request can be undone by the answer: the sample
 *   app's todo form empties its field when the POST of the last item comes back, so an item typed
 *   in meanwhile was lost. The page's fetch and XHR requests in flight are counted, and acting
 *   waits for those sent since the last action (a long poll already waiting does not hold it up).
 */
import type { BrowserContext, CDPSession, ElementHandle, Locator, Page } from 'playwright-core';

const STILL_MS = 40;
const MAX_WAIT_MS = 1000;
/** How long acting waits for the page's own requests in flight (and how far back, at most, it looks). */
const NET_WAIT_MS = 3000;

type SetTimer = (fn: unknown, ms?: number, ...rest: unknown[]) => number;
/** What the init script keeps in each document, as `window.__svcPage`. */
type Watch = { doc: number; clicks: number; last: number; ver: number; timers: Set<unknown>; net: Map<number, number>; wait: SetTimer };
type Watched = { __svcPage?: Watch };

/** Installed with context.addInitScript: runs in every frame's document before its own scripts. */
function watchDocument(): void {
  const w = window as unknown as Watched;
  if (w.__svcPage) return;
  const set = window.setTimeout.bind(window) as unknown as SetTimer;
  const clear = window.clearTimeout.bind(window) as unknown as (id?: number) => void;
  const s: Watch = (w.__svcPage = { doc: Math.random(), clicks: 0, last: performance.now(), ver: 0, timers: new Set(), net: new Map(), wait: set });
  // A press reached the page if any of its events did: an app that acts on mousedown or mouseup
  // (Closure's TodoMVC deletes on it) may remove the element before a click event exists.
  for (const type of ['mousedown', 'mouseup', 'click', 'dblclick']) addEventListener(type, () => void s.clicks++, true);
  new MutationObserver(() => {
    s.last = performance.now();
    s.ver++;
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
  // The page's own requests in flight (id -> when sent); an answer counts as a change of the page.
  let seq = 0;
  const sent = () => {
    const id = ++seq;
    s.net.set(id, performance.now());
    return () => {
      s.net.delete(id);
      s.last = performance.now();
      s.ver++;
    };
  };
  const fetch0 = window.fetch;
  if (typeof fetch0 === 'function') {
    window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
      const end = sent();
      try {
        const p = fetch0.apply(this, args);
        p.then(end, end);
        return p;
      } catch (err) {
        end();
        throw err;
      }
    } as typeof fetch;
  }
  const send0 = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const end = sent();
    this.addEventListener('loadend', end, { once: true });
    try {
      return send0.call(this, body);
    } catch (err) {
      end();
      throw err;
    }
  };
}

export async function watchPages(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchDocument).catch(() => {});
}

const cdpSessions = new WeakMap<Page, Promise<CDPSession | null>>();

/** A CDP session on the page (null where none can be had, e.g. a browser that is not Chromium). */
export function cdpOf(page: Page): Promise<CDPSession | null> {
  let session = cdpSessions.get(page);
  if (!session) {
    session = offTrace(page, () => page.context().newCDPSession(page)).catch(() => null);
    cdpSessions.set(page, session);
  }
  return session;
}

/**
 * Runs `fn` with the Playwright calls it makes kept out of the run's trace. Finding a target tries
 * many candidate locators, and each call records two DOM snapshots in the trace: on a first run
 * that was 300 calls for a 20-step plan, most of the trace's cost. The action performed and the
 * assertion's checks stay in the trace. Uses Playwright's internal-call marker where it has one
 * (playwright-core pins it); elsewhere the calls are traced as before.
 */
export async function offTrace<T>(page: Page, fn: () => Promise<T>): Promise<T> {
  const wrap = (page as unknown as { _wrapApiCall?: (f: () => Promise<T | undefined>, o: { internal: boolean }) => Promise<T | undefined> })._wrapApiCall;
  if (typeof wrap !== 'function') return fn();
  // A failure is carried past the wrapper, which would prefix its message with its own name.
  let failed: { error: unknown } | undefined;
  const result = await wrap.call(page, () => fn().catch((error: unknown) => ((failed = { error }), undefined)), { internal: true });
  if (failed) throw failed.error;
  return result as T;
}

/**
 * Evaluate `fn(arg)` in the page's main frame. The engine's own looks at the page go through CDP
 * when they can: a Playwright call records two DOM snapshots in the run's trace, which would make
 * these waits, repeated on every action, the costliest part of tracing.
 */
async function inPage<A, R>(page: Page, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  const cdp = await cdpOf(page);
  if (!cdp) return (page.evaluate as (f: unknown, a: unknown) => Promise<R>).call(page, fn, arg);
  const r = await cdp.send('Runtime.evaluate', { expression: `(${fn.toString()})(${JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
  return r.result.value as R;
}

/**
 * What a picture of the page shows depends on, as a key that changes when the picture may: each
 * document (the page's and its frames', such as TiddlyWiki's editor) and how often it changed (DOM
 * mutations, answers to its requests), its URL, scroll position and focused element, and the
 * viewport. Null when a picture may change with no trace in the DOM (a canvas, video or plug-in is
 * there, an animation that ends runs), a frame cannot be read (another origin, no watcher) or the
 * page cannot be read at all.
 */
export async function pageLook(page: Page): Promise<string | null> {
  const look = () => {
    const parts: unknown[] = [innerWidth, innerHeight];
    const visit = (doc: Document, depth: number): boolean => {
      const w = doc.defaultView;
      const s = (w as unknown as Watched | null)?.__svcPage;
      // An endless animation (a spinner) changes no content: a picture of it stays true.
      const moving = doc.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (!w || !s || moving || doc.querySelector('canvas, video, embed, object')) return false;
      const el = doc.activeElement;
      parts.push(doc.URL, s.doc, s.ver, w.scrollX, w.scrollY, el ? `${el.tagName}:${Array.prototype.indexOf.call(doc.getElementsByTagName(el.tagName), el)}` : '');
      for (const f of Array.from(doc.querySelectorAll('iframe, frame'))) {
        let inner: Document | null = null;
        try {
          inner = (f as HTMLIFrameElement).contentDocument;
        } catch {
          inner = null;
        }
        if (!inner || depth >= 3 || !visit(inner, depth + 1)) return false;
      }
      return true;
    };
    return visit(document, 0) ? parts.join(' ') : null;
  };
  return inPage(page, look, null).catch(() => null);
}

/** When each page was last acted on (the end of the settle before its last action). */
const lastActed = new WeakMap<Page, number>();

/**
 * Wait until the page has been still for a moment and the requests it sent since the last action
 * (at most the last few seconds: a long poll that was already waiting does not hold every action
 * up) are answered, bounded; never throws. Before leaving a page (`leaving`: a navigation or
 * reload after acting on it) also until its short timers have run, as TodoMVC's ampersand app saves
 * a change 100 ms after it, and a reload sooner would lose it. `animations`: also until no finite
 * animation runs (before pointer actions).
 */
export async function settle(page: Page, leaving = false, animations = true): Promise<void> {
  const acted = lastActed.get(page);
  // (50 ms more: the page's clock is read a moment after this one.)
  const sinceMs = Math.min(NET_WAIT_MS, acted === undefined ? NET_WAIT_MS : Date.now() - acted + 50);
  const wait = async ([stillMs, maxMs, netMs, since, leave, anim]: readonly [number, number, number, number, boolean, boolean]) => {
    const s = (window as unknown as Watched).__svcPage;
    if (!s) return;
    const t0 = performance.now();
    const from = t0 - since;
    const loading = () => [...s.net.values()].some((at) => at >= from);
    const animating = () => anim && document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    const busy = () => performance.now() - s.last < stillMs || animating() || (leave && s.timers.size > 0);
    for (;;) {
      const elapsed = performance.now() - t0;
      if (elapsed >= netMs || (!loading() && (elapsed >= maxMs || !busy()))) return;
      await new Promise((r) => s.wait(r, 16));
    }
  };
  await inPage(page, wait, [STILL_MS, MAX_WAIT_MS, NET_WAIT_MS, sinceMs, leaving, animations] as const).catch(() => {});
  lastActed.set(page, Date.now());
}

type Counter = { doc: number; clicks: number } | null;
const clicksOf = (el: ElementHandle): Promise<Counter> =>
  el
    .evaluate((e) => {
      const s = (e.ownerDocument?.defaultView as unknown as Watched | null)?.__svcPage;
      return s ? { doc: s.doc, clicks: s.clicks } : null;
    })
    .catch(() => null);

/**
 * Run a click (or double-click) on `el`; when the element's document is still the same one and
 * received no click at all, run it once more. The count is read through a handle taken before the
 * click, so an element the click removed (a delete button) costs no wait.
 */
export async function deliveredClick(el: Locator, click: () => Promise<void>): Promise<void> {
  // These looks are the engine's, not the test's: kept out of the trace, where the click is.
  const page = el.page();
  const handle = await offTrace(page, () => el.elementHandle({ timeout: 200 })).catch(() => null);
  const before = handle ? await offTrace(page, () => clicksOf(handle)) : null;
  try {
    await click();
    if (!before || !handle) return;
    const after = await offTrace(page, () => clicksOf(handle));
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
  const changed = ([min, max]: readonly [number, number]) =>
    new Promise<boolean>((resolve) => {
      const s = (window as unknown as Watched).__svcPage;
      if (!s) return resolve(false);
      const t0 = performance.now();
      const tick = () => {
        const elapsed = performance.now() - t0;
        if (elapsed >= max || (elapsed >= min && s.last > t0 - 5)) resolve(true);
        else s.wait(tick, 16);
      };
      tick();
    });
  const rest = (ms: number) => page.waitForTimeout(Math.max(0, ms - (Date.now() - t))).catch(() => {});
  await inPage(page, changed, [Math.min(minMs, cap), cap] as const).then(
    // No watcher in this document: a plain pause. The document went away (a navigation): a change.
    (watched) => (watched ? undefined : rest(cap)),
    () => rest(Math.min(minMs, cap)),
  );
}
