import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkProject } from '../helpers/portal-bulk.mjs';
import { tempDir } from '../helpers/paths.js';
import { launchChromium, signedInPage, views as shotsOf } from '../helpers/portal-browser.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * A project the size of a real suite stays readable in real Chromium: the test list counts, pages,
 * puts failures first and narrows by status, category, endpoint and search; the Data Flow of a batch
 * with many calls shows a few per endpoint and pages the rest. (test/bench/portal-pages.mjs times the
 * pages at 2,000 tests and 50,000 calls.)
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let seed: { pid: string; bid: string; failedTest: string; failedRun: string; calls: number };
const shots = tempDir('svc-portal-scale-shots-');
const views = (name: string) => shotsOf(page, shots, name);
const rows = () => page.locator('#results table.tests tbody tr');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const key = await server.mintKey({ name: 'Sam' });
  // 130 tests over 80 endpoints (10 failed, 4 blocked), 10 calls each.
  seed = await seedBulkProject(server.dataDir, key, { tests: 130, calls: 1300 });
  page = await signedInPage(browser, server.url, key);
}, 120_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

describe('portal at scale in Chromium', () => {
  it('counts the tests, puts failures first and pages the list', async () => {
    await page.goto(`/portal/projects/${seed.pid}`);
    expect(await page.locator('.counts-line').textContent()).toMatch(/^130 tests\s*✗ Failed 10\s*⊘ Blocked 4\s*✓ Passed 116$/);
    expect(await rows().count()).toBe(50);
    const statuses = await rows().locator('td:first-child').allTextContents();
    expect(statuses.slice(0, 14).map((s) => s.trim())).toEqual([...Array(10).fill('✗ Failed'), ...Array(4).fill('⊘ Blocked')]);
    expect(statuses.slice(14).every((s) => s.includes('Passed'))).toBe(true);
    expect(await page.locator('#results .pager').textContent()).toMatch(/1–50 of 130 · page 1 of 3/);
    await views('project-tests');
    await page.locator('#results .pager').getByRole('link', { name: 'Next →' }).click();
    await page.waitForURL(/page=2/);
    expect(await rows().count()).toBe(50);
    expect(await page.locator('#results .pager').textContent()).toMatch(/51–100 of 130 · page 2 of 3/);
  });

  it('narrows the list by status, search, category and endpoint, on the server', async () => {
    await page.goto(`/portal/projects/${seed.pid}`);
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=failed/);
    expect(await rows().count()).toBe(10);
    expect((await rows().locator('td:first-child').allTextContents()).every((s) => s.includes('Failed'))).toBe(true);
    expect(await page.locator('#results .pager').textContent()).toMatch(/1–10 of 10/);

    await page.getByRole('link', { name: 'Clear' }).click();
    await page.getByLabel('Search tests').fill('CASE 12');
    await page.getByLabel('Search tests').press('Enter');
    await page.waitForURL(/q=CASE\+12/);
    const names = await rows().locator('td:nth-child(2)').allTextContents();
    expect(names).toHaveLength(11);
    expect(names.every((n) => /case 12\d?$/.test(n))).toBe(true);

    await page.goto(`/portal/projects/${seed.pid}`);
    await page.getByLabel('Category', { exact: true }).selectOption('auth');
    await page.getByLabel('Endpoint', { exact: true }).selectOption('GET /api/r3/{id}');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/endpoint=/);
    expect(await rows().locator('td:nth-child(2)').allTextContents()).toEqual(['GET /api/r3/{id} auth case 93']);
    await views('project-tests-filtered');

    // A value the list cannot have narrows to nothing, with the filters kept and a way back.
    await page.goto(`/portal/projects/${seed.pid}?status=nonsense&q=${encodeURIComponent('%_')}`);
    expect(await page.locator('#results').textContent()).toContain('No test matches these filters.');
    expect(await page.getByLabel('Search tests').inputValue()).toBe('%_');
  });

  it('shows a few calls per endpoint in the Data Flow and pages the Calls view', async () => {
    await page.goto(`/portal/runs/${seed.failedRun}?tab=dataflow`);
    const sections = page.locator('section.endpoint');
    expect(await sections.count()).toBe(80);
    const first = sections.first();
    expect(await first.locator(':scope > h3').textContent()).toMatch(/POST \/api\/r0 · 20 calls · 20 × 2xx/);
    expect(await first.locator('tbody tr').count()).toBe(5);
    await views('run-dataflow');
    await first.getByRole('link', { name: /all 20 calls of POST \/api\/r0/ }).click();
    await page.waitForURL(/view=calls/);
    expect(await page.getByLabel('Endpoint', { exact: true }).inputValue()).toBe('POST /api/r0');
    expect(await page.locator('table.calls tbody tr').count()).toBe(20);

    await page.goto(`/portal/runs/${seed.failedRun}?tab=dataflow&view=calls`);
    expect(await page.locator('section.tab-dataflow > table.calls tbody tr').count()).toBe(100);
    expect(await page.locator('.pager').textContent()).toMatch(/1–100 of 1,300 · page 1 of 13/);
    await page.locator('.pager').getByRole('link', { name: 'Next →' }).click();
    await page.waitForURL(/page=2/);
    expect(await page.locator('.pager').textContent()).toMatch(/101–200 of 1,300/);
    await views('run-calls');
  });

  it('keeps the batch page readable: counts, triage groups and 50 runs a page', async () => {
    await page.goto(`/portal/batches/${seed.bid}`);
    expect(await page.locator('#runs tbody tr').count()).toBe(50);
    expect(await page.locator('#runs .pager').textContent()).toMatch(/1–50 of 130/);
    expect(await page.locator('#triage').textContent()).toMatch(/14 of 130 runs did not pass/);
    await views('batch');
  });
});
