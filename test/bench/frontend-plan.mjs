// Benchmark: a 20-step frontend plan through the engine (resolve, replay) next to a raw Playwright
// script doing the same steps. Run after `npm run build`: node test/bench/frontend-plan.mjs [rounds]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startWebApp, DEMO_USER } from '../../fixtures/web-app/server.mjs';
import { BrowserPool, CHROMIUM_ARGS, findChromium } from '../../dist/src/engine/frontend/browser.js';
import { runPlan } from '../../dist/src/engine/frontend/runner.js';

const rounds = Number(process.argv[2] ?? 3);
const a = (description) => ({ type: 'action', description });
const v = (description) => ({ type: 'assertion', description });
const PLAN = [
  a('Sign in'), v('Verify "Welcome, demo" is visible'), a('Go to /todos'),
  a('Type "milk" into the "New item" field'), a('Click "Add"'),
  a('Type "eggs" into the "New item" field'), a('Click "Add"'),
  v('Assert the page shows "2 items"'), v('Verify the list has 2 items'),
  a('Click "Delete" next to "milk"'), v('Verify "milk" is not visible'),
  a('Go to /profile'), a('Fill in "Full name" with "Ada"'), a('Fill in "Email" with "ada@example.com"'),
  a('Select "Phone" from the "Preferred contact" dropdown'), a('Click "Save profile"'),
  v('Verify "Profile saved. Thanks, Ada!" is visible'), a('Go to /settings'),
  a('Uncheck "Email notifications"'), v('Verify the "Delete account" button is disabled'),
];

/** The same 20 steps written by hand against playwright-core; resolves, once they pass, to its context's closer. */
async function raw(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await ctx.newPage();
  const visible = (loc) => loc.first().waitFor({ state: 'visible', timeout: 5000 });
  await page.goto(url);
  await page.getByLabel('Username').fill(DEMO_USER.username);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await visible(page.getByText('Welcome, demo'));
  await page.goto(`${url}/todos`);
  for (const item of ['milk', 'eggs']) {
    await page.getByLabel('New item').fill(item);
    await page.getByRole('button', { name: 'Add' }).click();
    await visible(page.locator('main li').filter({ hasText: item }));
  }
  await visible(page.getByText('2 items'));
  while ((await page.locator('main li').count()) !== 2) await page.waitForTimeout(50);
  await page.locator('li').filter({ hasText: 'milk' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText('milk').waitFor({ state: 'hidden', timeout: 5000 });
  await page.goto(`${url}/profile`);
  await page.getByLabel('Full name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Preferred contact').selectOption({ label: 'Phone' });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await visible(page.getByText('Profile saved. Thanks, Ada!'));
  await page.goto(`${url}/settings`);
  await page.getByLabel('Email notifications').setChecked(false);
  if (!(await page.getByRole('button', { name: 'Delete account' }).isDisabled())) throw new Error('expected disabled');
  return () => ctx.close();
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
/**
 * Time to the verdict: for the engine, its trace and video written; the browser context is closed
 * after, untimed, on both sides (the engine's pool closes it in the background, the raw script's
 * closer is called), so that no variant starts while the last one's context is still closing.
 */
async function time(fn) {
  const t = performance.now();
  const closer = await fn();
  const ms = performance.now() - t;
  if (typeof closer === 'function') await closer();
  await pool.settled();
  return ms;
}

const app = await startWebApp();
const pool = new BrowserPool({ size: 1 });
const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
const reset = () => fetch(`${app.url}/__reset`, { method: 'POST' });
const dir = () => mkdtempSync(join(tmpdir(), 'svc-bench-'));
try {
  // Warm both browsers once so launch cost is not counted.
  await reset();
  const warm = await runPlan({ steps: PLAN, baseUrl: app.url, account: DEMO_USER, artifactsDir: dir(), pool });
  if (warm.verdict !== 'passed') throw new Error(`plan failed: ${warm.failure?.message}`);
  await reset();
  await (await raw(browser, app.url))();
  await pool.settled();
  // Each variant with its run; the order turns every round, so that none always comes first (a run
  // that follows another of the pool waits for the pool's spare page, about 0.1 s on this machine).
  const variants = {
    'engine: resolve + run (screenshots, video, trace)': { goal: '≤ 1.25', run: () => runPlan({ steps: PLAN, baseUrl: app.url, account: DEMO_USER, artifactsDir: dir(), pool }) },
    'engine: replay saved script (screenshots, video, trace)': { goal: '≤ 1.1', run: () => runPlan({ script: warm.script, baseUrl: app.url, account: DEMO_USER, artifactsDir: dir(), pool }) },
    'engine: replay, no video/trace (screenshots only)': { goal: '', run: () => runPlan({ script: warm.script, baseUrl: app.url, account: DEMO_USER, artifactsDir: dir(), pool, video: false, trace: false }) },
    'engine: resolve + run, no video/trace (screenshots only)': { goal: '', run: () => runPlan({ steps: PLAN, baseUrl: app.url, account: DEMO_USER, artifactsDir: dir(), pool, video: false, trace: false }) },
    'raw Playwright script': { goal: '', run: () => raw(browser, app.url) },
  };
  const keys = Object.keys(variants);
  const rows = Object.fromEntries(keys.map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    for (const k of [...keys.slice(i % keys.length), ...keys.slice(0, i % keys.length)]) {
      await reset();
      rows[k].push(await time(variants[k].run));
    }
  }
  const base = median(rows[keys[4]]);
  console.log(`20-step plan, ${rounds} rounds, median wall time (Chromium ${browser.version()})\n`);
  console.log(`${'variant'.padEnd(58)} ${'median ms'.padStart(10)} ${'vs raw'.padStart(8)} ${'goal'.padStart(8)}`);
  for (const k of keys) {
    const m = median(rows[k]);
    console.log(`${k.padEnd(58)} ${m.toFixed(0).padStart(10)} ${(m / base).toFixed(2).padStart(7)}x ${variants[k].goal.padStart(8)}`);
  }
} finally {
  await browser.close();
  await pool.close();
  await app.close();
}
