import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkProject } from '../helpers/portal-bulk.mjs';
import { tempDir } from '../helpers/paths.js';
import { launchChromium, signIn, views as shotsOf, WIDE } from '../helpers/portal-browser.js';
import { seedPortal, type Seeded } from '../helpers/portal-seed.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * Every portal page in real Chromium at 1280 px and at 390 px: axe-core finds no serious or critical
 * violation, and no page is wider than a 390 px phone. The lifecycle and scale tests check the views
 * they reach the same way; this one walks the pages over seeded data: a backend batch with a failure,
 * a blocked chain step, variables and cleanup; a frontend run with screenshots; a 130-test project.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let seed: Seeded;
let bulk: { pid: string; bid: string; failedTest: string; failedRun: string };
const shots = tempDir('svc-portal-a11y-shots-');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const alice = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
  const bob = await server.mintKey({ name: 'bob', email: 'bob@example.com' });
  seed = await seedPortal(server.dataDir, alice, bob);
  bulk = await seedBulkProject(server.dataDir, alice, { tests: 130, calls: 1300 });
  page = await (await browser.newContext({ viewport: WIDE, baseURL: server.url })).newPage();
  page.setDefaultTimeout(30_000);
  await page.goto('/portal');
  await shotsOf(page, shots, 'sign-in');
  await signIn(page, alice);
}, 120_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

describe('every portal page is accessible and fits a phone', () => {
  const pages: [string, () => string][] = [
    ['projects', () => '/portal/projects'],
    ['projects-search', () => '/portal/projects?q=nothing-matches'],
    ['project-new', () => '/portal/projects/new'],
    ['project-backend', () => `/portal/projects/${seed.backendProject}`],
    ['project-frontend', () => `/portal/projects/${seed.frontendProject}`],
    ['project-edit', () => `/portal/projects/${seed.backendProject}/edit`],
    ['project-bulk', () => `/portal/projects/${bulk.pid}`],
    ['project-bulk-filtered', () => `/portal/projects/${bulk.pid}?status=failed&category=functional`],
    ['test-backend', () => `/portal/tests/${seed.tests.get}`],
    ['test-frontend', () => `/portal/tests/${seed.tests.fe}`],
    ['batch', () => `/portal/batches/${seed.batch}`],
    ['batch-live', () => '/portal/batches/bat_live0001'],
    ['batch-bulk', () => `/portal/batches/${bulk.bid}?page=2`],
    ['run-report', () => `/portal/runs/${seed.runs.get}`],
    ['run-blocked', () => `/portal/runs/${seed.runs.update}`],
    ['run-dataflow', () => `/portal/runs/${seed.runs.get}?tab=dataflow`],
    ['run-calls', () => `/portal/runs/${seed.runs.get}?tab=dataflow&view=calls`],
    ['run-variables', () => `/portal/runs/${seed.runs.get}?tab=variables`],
    ['run-chains', () => `/portal/runs/${seed.runs.get}?tab=chains`],
    ['run-cleanup', () => `/portal/runs/${seed.runs.get}?tab=cleanup`],
    ['run-inflight', () => `/portal/runs/${seed.runs.inflight}?tab=cleanup`],
    ['run-bulk-dataflow', () => `/portal/runs/${bulk.failedRun}?tab=dataflow`],
    ['run-bulk-chains', () => `/portal/runs/${bulk.failedRun}?tab=chains`],
    ['run-frontend', () => `/portal/runs/${seed.runs.fe}`],
    ['not-found', () => '/portal/nope'],
  ];
  for (const [name, path] of pages)
    it(name, async () => {
      await page.goto(path(), { waitUntil: 'domcontentloaded' });
      await shotsOf(page, shots, name);
    });
});

describe('rerun controls in Chromium', () => {
  it('offer "Skip dependencies" on a backend test and not on a frontend test', async () => {
    await page.goto(`/portal/tests/${seed.tests.get}`);
    expect(await page.getByLabel('Skip dependencies').count()).toBe(1);
    await page.goto(`/portal/tests/${seed.tests.fe}`);
    expect(await page.getByRole('button', { name: 'Rerun' }).count()).toBe(1);
    expect(await page.getByLabel('Skip dependencies').count()).toBe(0);
    await page.goto(`/portal/projects/${seed.frontendProject}`);
    expect(await page.getByText('Skip dependencies').count()).toBe(0);
  });
});
