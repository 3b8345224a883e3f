/**
 * "Open the Coffee page" where nothing on the screen links to it: a person types the name into the
 * app's own search box (a wiki, a docs site, a shop) and takes the page that comes up, or the result
 * named exactly so. The page reached is recorded as a navigation to its path, so a replay goes there
 * directly, on any host the app runs on.
 */
import type { Page } from 'playwright-core';
import { ResolveError } from './resolve-target.js';
import type { ResolvedAction } from './types.js';

const SEARCH_BOX = [
  'input[type=search]', '[role=searchbox]', 'input[name=search]', 'input[name=q]', 'input[name=query]', 'input[name=s]',
  'input[placeholder*=search i]', 'input[aria-label*=search i]', 'input[title*=search i]', 'input[id*=search i]',
].map((s) => `${s}:not([type=hidden]):not([disabled])`).join(', ');

/** The path of the current URL as seen from the project URL (absolute when it leaves the app's origin). */
export function appPath(url: string, baseUrl: string): string {
  const u = new URL(url);
  return u.origin === new URL(baseUrl).origin ? `${u.pathname}${u.search}${u.hash}` : url;
}

async function headingIs(page: Page, name: string): Promise<boolean> {
  const want = name.toLowerCase().replace(/\s+/g, ' ').trim();
  return page
    .evaluate((w) => {
      const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
      const h1 = Array.from(document.querySelectorAll('h1, [role=heading][aria-level="1"]')).map((h) => norm((h as HTMLElement).innerText));
      // A record by its number ("#3"): its page's title or heading carries it ("Bug #3: …").
      if (/^#\d+$/.test(w)) {
        const tagged = new RegExp(`(?:^|\\s)${w}(?!\\d)`);
        return [document.title, ...Array.from(document.querySelectorAll('h1, h2')).map((h) => (h as HTMLElement).innerText)].some((t) => tagged.test(norm(t)));
      }
      return h1.includes(w) || norm(document.title).startsWith(w);
    }, want)
    .catch(() => false);
}

/**
 * Whether the page is the app called `name`: its application name, or its title, main heading or
 * logo names it in whole words ("Bakery cache" in "Bakery cache · Redis Commander", "Jupyter" for
 * "JupyterLab"; not "art" in "Start").
 */
export async function namesTheApp(page: Page, name: string): Promise<boolean> {
  const words = name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  if (words.join('').length < 3) return false;
  return page
    .evaluate((w) => {
      const flat = w.join('');
      const wordsOf = (s: string | null | undefined) => (s ?? '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
      const says = (s: string | null | undefined) => {
        const t = wordsOf(s);
        if (t.join('') === flat) return true;
        // One word names an app whose name runs on ("Jupyter" for "JupyterLab").
        if (w.length === 1 && flat.length >= 4 && t.some((x) => x.startsWith(flat))) return true;
        for (let i = 0; i + w.length <= t.length; i++) if (w.every((x, k) => t[i + k] === x)) return true;
        return false;
      };
      const app = wordsOf(document.querySelector('meta[name="application-name"], meta[property="og:site_name"]')?.getAttribute('content')).join('');
      const heads = Array.from(document.querySelectorAll('h1, header, [role=banner], [class*=logo], [id*=logo], img[alt]'))
        .map((e) => (e.localName === 'img' ? e.getAttribute('alt') : (e as HTMLElement).innerText))
        .filter((t) => wordsOf(t).join('').length <= flat.length + 12);
      return app === flat || says(document.title) || heads.some(says);
    }, words)
    .catch(() => false);
}

/** Search the app for the page named `name`; the navigation to it, or a ResolveError saying why not. */
export async function openByName(page: Page, name: string, baseUrl: string, timeoutMs: number): Promise<ResolvedAction> {
  const box = page.locator(SEARCH_BOX).filter({ visible: true }).first();
  if ((await box.count().catch(() => 0)) === 0) throw new ResolveError(`no link to "${name}" on the page, and no search box to look for it`, [`a link "${name}"`, 'a search box']);
  await box.fill(name, { timeout: timeoutMs });
  await Promise.all([page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {}), box.press('Enter', { timeout: timeoutMs })]);
  await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
  const deadline = Date.now() + Math.min(timeoutMs, 5000);
  for (;;) {
    if (await headingIs(page, name)) return { kind: 'navigate', url: appPath(page.url(), baseUrl) };
    // A results page: the result named exactly so.
    const link = page.getByRole('link', { name, exact: true }).filter({ visible: true }).first();
    if ((await link.count().catch(() => 0)) > 0) {
      await Promise.all([page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {}), link.click({ timeout: timeoutMs })]);
      await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
      return { kind: 'navigate', url: appPath(page.url(), baseUrl) };
    }
    if (Date.now() >= deadline) break;
    await page.waitForTimeout(150);
  }
  throw new ResolveError(`no link to "${name}" on the page, and the app's search for it found no page of that name`, [`a link "${name}"`, `a search result "${name}"`]);
}

/**
 * "Open the All Tickets report" where the page links only to "Tickets": a person follows the link
 * that shares a word with the name (or with the kind of thing it is, `kinds`: the Projects link for a
 * project) and takes the page's link of that name there (one step, at most three links tried). The
 * page reached is recorded as a navigation to its path.
 */
export async function openByHop(page: Page, name: string, baseUrl: string, timeoutMs: number, kinds: string[] = []): Promise<ResolvedAction> {
  const from = page.url();
  // ("The Online Shop project": the Projects link is the hop, the link there is "Online Shop".)
  const words = [...kinds, ...name.split(/[^A-Za-z0-9]+/)].map((w) => w.toLowerCase()).filter((w) => w.length >= 3).map((w) => w.replace(/(?:ies|es|s)$/, ''));
  const hops = await page
    .evaluate(([ws, here]) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const a of Array.from(document.querySelectorAll('a[href]')) as HTMLAnchorElement[]) {
        const r = a.getBoundingClientRect();
        const text = (a.innerText ?? '').toLowerCase();
        if (!r.width || !r.height || a.origin !== location.origin || a.href === here || seen.has(a.href) || /^(?:javascript|mailto):/.test(a.href)) continue;
        if (!text.split(/[^a-z0-9]+/).some((t) => t.length >= 3 && ws.some((w) => t.startsWith(w)))) continue;
        seen.add(a.href);
        out.push(a.href);
      }
      return out.slice(0, 3);
    }, [words, from] as const)
    .catch(() => [] as string[]);
  for (const href of hops) {
    await page.goto(href, { timeout: timeoutMs, waitUntil: 'load' }).catch(() => undefined);
    const link = page.getByRole('link', { name: new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i') }).filter({ visible: true }).first();
    if ((await link.count().catch(() => 0)) > 0) {
      await Promise.all([page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {}), link.click({ timeout: timeoutMs })]);
      await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => {});
      return { kind: 'navigate', url: appPath(page.url(), baseUrl) };
    }
  }
  if (hops.length) await page.goto(from, { timeout: timeoutMs, waitUntil: 'load' }).catch(() => undefined);
  throw new ResolveError(`no link to "${name}" on the page or one link away from it`, [`a link "${name}"`]);
}

