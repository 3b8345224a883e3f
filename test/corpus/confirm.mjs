// Confirms the expected verdict of every plan in a first-sight set with its hand-written Playwright
// script, each on a fresh instance of its app, in Chromium driven by playwright-core directly (no svc
// code involved). A set is a folder under test/corpus/first-sight/ holding:
//   *.plans      plans in the corpus format (see readCorpus in apps.mjs)
//   apps.mjs     export async function startApp(key) -> { url, stop }, export async function stopApps()
//   scripts.mjs  export const SCRIPTS = { '<plan name>': async (page, url, account) => { … } }
// A passing plan's script returns; a failing plan's script throws an Error whose message starts with
// `step N:` where N is the plan's `expect: fail at N`, showing the defect at that step.
//
//   node test/corpus/confirm.mjs test/corpus/first-sight/<set> [filter]
import { resolve, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { readCorpus } from './apps.mjs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
export const CHROMIUM_PATH = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

export async function launchChromium() {
  let last;
  for (const executablePath of CHROMIUM_PATH) {
    try {
      return await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

/** Loads a set: its plans, its app starter and its scripts. */
export async function loadSet(dir) {
  const abs = resolve(dir);
  const apps = await import(pathToFileURL(join(abs, 'apps.mjs')).href);
  const scripts = await import(pathToFileURL(join(abs, 'scripts.mjs')).href).catch(() => ({ SCRIPTS: {} }));
  return { dir: abs, plans: readCorpus(abs), apps, scripts: scripts.SCRIPTS ?? {} };
}

async function main() {
  const [dir, filter] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node test/corpus/confirm.mjs <set folder> [filter]');
    process.exit(2);
  }
  const set = await loadSet(dir);
  const browser = await launchChromium();
  const rows = [];
  let right = 0;
  const plans = set.plans.filter((p) => !filter || p.name.includes(filter) || p.app.includes(filter));
  for (const plan of plans) {
    const script = set.scripts[plan.name];
    const row = { plan: `${plan.app}: ${plan.name}`.slice(0, 70), expect: plan.failAt ? `fail@${plan.failAt}` : 'pass', got: '', ok: false };
    if (!script) {
      row.got = 'NO SCRIPT';
      rows.push(row);
      continue;
    }
    const app = await set.apps.startApp(plan.app);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await script(page, app.url, plan.account);
      row.got = 'pass';
      row.ok = plan.expect === 'pass';
    } catch (err) {
      const message = String(err?.message ?? err).split('\n')[0];
      const at = /^step (\d+):/.exec(message);
      row.got = at ? `fail@${at[1]}` : `error: ${message.slice(0, 60)}`;
      row.ok = plan.expect === 'fail' && at !== null && Number(at[1]) === plan.failAt;
      if (!row.ok) console.error(`✗ ${plan.name}: ${message}`);
    } finally {
      await context.close().catch(() => {});
      await app.stop();
    }
    if (row.ok) right++;
    rows.push(row);
  }
  await browser.close();
  await set.apps.stopApps?.();
  console.table(rows);
  console.log(`${right} passed, ${plans.length - right} failed`);
  process.exit(right === plans.length ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
