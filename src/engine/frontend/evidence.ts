/** What the page actually showed, for failure messages and analysis. */
import type { Page } from 'playwright-core';

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
