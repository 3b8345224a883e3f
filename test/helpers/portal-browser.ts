import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Real Chromium as the portal's e2e tests drive it (system Chromium; never `playwright install`). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
export const WIDE = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/lib/chromium/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Signs `page` in to the portal with an API key through the sign-in form. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.goto('/portal');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal\/projects$/);
}

/** A new page at 1280 px on `baseURL`, signed in with `key`, waiting up to 30 s per action. */
export async function signedInPage(browser: Browser, baseURL: string, key: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: WIDE, baseURL })).newPage();
  page.setDefaultTimeout(30_000);
  await signIn(page, key);
  return page;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

/** axe-core, injected into the page as it is, finds no serious or critical violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Through the debugging protocol, as a page script could not be (the portal's CSP allows none inline).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(' | ')}`), `${name}: axe violations`).toEqual([]);
}

/**
 * Screenshots of the current view at both widths (into `dir`), checked by axe-core at each; at 390 px
 * nothing may stick out sideways.
 */
export async function views(page: Page, dir: string, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: join(dir, `${name}-1280.png`), fullPage: true });
  await expectAccessible(page, `${name} at 1280 px`);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(dir, `${name}-390.png`), fullPage: true });
  await expectAccessible(page, `${name} at 390 px`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  // On failure, name what sticks out.
  const wide = width > 390 ? await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391).slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`)) : [];
  expect(width, `${name} is ${width}px wide at 390px: ${wide.join(', ')}`).toBeLessThanOrEqual(390);
  await page.setViewportSize(WIDE);
}

/** The report chat panel ("Ask about this report") of a run's report or a test's page. */
export function reportChat(page: Page): Locator {
  return page.getByRole('region', { name: 'Ask about this report' });
}

/** Asks in the report chat as a user does (type, then Ask); returns the answer the panel then shows. */
export async function askInReport(page: Page, question: string): Promise<string> {
  const panel = reportChat(page);
  const answers = panel.locator('.chat-log li.a');
  const before = await answers.count();
  await panel.getByLabel('Your question or change request').fill(question);
  await panel.getByRole('button', { name: 'Ask' }).click();
  await expect.poll(() => answers.count()).toBe(before + 1);
  return (await answers.last().locator('pre.answer').textContent())!;
}
