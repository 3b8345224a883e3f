/** What the page actually showed, for failure messages and analysis. */
import { copyFile, writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { cdpOf, pageLook } from './page-still.js';

export async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText({ timeout: 2000 }).catch(() => '');
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
}

const tokens = (s: string) =>
  s.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 1 || /\d/.test(t)).map((t) => (t.length > 3 ? t.replace(/s$/, '') : t));

/** Visible lines most like the expected text (shared words, then length closeness). */
export function closestLines(lines: string[], expected: string, max = 3): string[] {
  const want = new Set(tokens(expected));
  const scored = lines
    .map((line) => {
      const have = tokens(line);
      const shared = have.filter((t) => want.has(t)).length;
      return { line, score: shared * 10 - Math.abs(line.length - expected.length) / 10 };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score);
  return [...new Set(scored.map((x) => x.line.slice(0, 160)))].slice(0, max);
}

export async function pageExcerpt(page: Page, max = 600): Promise<string> {
  return (await visibleLines(page)).join(' | ').slice(0, max);
}

/**
 * A step screenshot of the viewport as JPEG (quality 80), asked of Chromium directly with its
 * fast encoder: about 15 ms at 1280×720 where Playwright's PNG takes about 65, on every step's
 * critical path. Falls back to Playwright's own JPEG where no CDP session can be had. Never throws;
 * false when no picture was taken.
 */
export async function stepScreenshot(page: Page, path: string): Promise<boolean> {
  const cdp = await cdpOf(page);
  if (cdp) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const shot = await Promise.race([
      cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 80, optimizeForSpeed: true }).catch(() => null),
      new Promise<null>((r) => (timer = setTimeout(() => r(null), 5000))),
    ]);
    clearTimeout(timer);
    if (shot) {
      await writeFile(path, Buffer.from(shot.data, 'base64'));
      return true;
    }
    return false;
  }
  return page.screenshot({ path, type: 'jpeg', quality: 80, timeout: 5000 }).then(() => true, () => false);
}

/**
 * The step screenshots of one run. A step that only looked at the page (assertions, waits) and left
 * it as the last picture showed it (same document, no DOM change or answer since, same scroll and
 * focus, nothing drawn outside the DOM: see pageLook) gets a copy of that picture instead of a new
 * capture, which costs Chromium a fresh frame (20–60 ms on a busy machine). What the page looked like
 * is read before each capture, so a change made while the picture is taken counts as a change.
 */
export class StepShots {
  private last?: { look: string; path: string };
  constructor(private readonly page: Page) {}

  /** Picture of the page as `path`; `readOnly` when the step did not act on the page. Never throws. */
  async take(path: string, readOnly: boolean): Promise<boolean> {
    const look = await pageLook(this.page);
    const last = this.last;
    if (readOnly && look && last?.look === look && (await copyFile(last.path, path).then(() => true, () => false))) return true;
    const ok = await stepScreenshot(this.page, path);
    this.last = ok && look ? { look, path } : undefined;
    return ok;
  }
}
