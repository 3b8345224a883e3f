// Benchmark: the frontend corpus (test/corpus/frontend/*.plans, written as people write test plans)
// against real third-party web apps from npm. Each plan runs twice: a first run that interprets every
// step, then a replay of the script it saved. Prints steps understood, steps grounded, verdicts right
// (first run and replay) and time per plan next to hand-written Playwright scripts of the same plans
// (median of 3 runs each way; the raw script's time includes opening and closing its context).
// Run after `npm run build`:
//   node test/bench/frontend-corpus.mjs [filter,filter…]
//   node test/bench/frontend-corpus.mjs --set test/corpus/first-sight/<set> [filter]   a first-sight set
//     (its own apps.mjs and scripts.mjs; every plan's script timed once)
//   SVC_DIST=<folder>   the build to measure (default dist/): a first-sight figure of an earlier build
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCorpus, startApp as startCorpusApp, stopApps as stopCorpusApps } from '../corpus/apps.mjs';
import { RAW_SCRIPTS, runRaw } from '../corpus/raw-scripts.mjs';
import { loadSet } from '../corpus/confirm.mjs';

const dist = resolve(process.env.SVC_DIST ?? 'dist');
const load = (m) => import(pathToFileURL(join(dist, 'src/engine/frontend', m)).href);
const { BrowserPool } = await load('browser.js');
const { runPlan } = await load('runner.js');
const { interpret } = await load('interpret.js');

const args = process.argv.slice(2);
const setAt = args.indexOf('--set');
const set = setAt >= 0 ? await loadSet(args[setAt + 1]) : undefined;
if (setAt >= 0) args.splice(setAt, 2);
const filter = args[0];
const TIMING_ROUNDS = set ? 1 : 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const startApp = set ? set.apps.startApp : startCorpusApp;
const stopApps = set ? async () => set.apps.stopApps?.() : stopCorpusApps;
/** A set's scripts take (page, url, account); the corpus's own take (page, url). */
const rawScript = (plan) => (set ? set.scripts[plan.name] : RAW_SCRIPTS[plan.name]);
async function timeRaw(pool, plan, url) {
  if (!set) return runRaw(pool, plan.name, url);
  const lease = await pool.acquire({});
  try {
    await set.scripts[plan.name](lease.page, url, plan.account).catch(() => {});
  } finally {
    lease.release().catch(() => {});
  }
}
// A filter is a comma-separated list of parts of plan or app names.
const plans = (set ? set.plans : readCorpus()).filter((p) => !filter || filter.split(',').some((f) => p.name.includes(f) || p.app.includes(f)));
const pool = new BrowserPool({});
// A set's files (its `files/` folder) are the project's files its upload steps pick.
const files = set && existsSync(join(set.dir, 'files')) ? join(set.dir, 'files') : undefined;
const work = mkdtempSync(join(tmpdir(), 'svc-corpus-'));

/** A verdict is right when a passing plan passes, and a failing plan fails at its step, blaming the app. */
export function verdictRight(plan, r) {
  if (plan.expect === 'pass') return r.verdict === 'passed';
  return r.verdict === 'failed' && r.failedStepIndex === plan.failAt - 1 && (r.failure?.kind === 'assertion' || r.failure?.kind === 'page-error');
}

const rows = [];
let steps = 0, understood = 0, reached = 0, grounded = 0, first = 0, replay = 0;
for (const [i, plan] of plans.entries()) {
  const app = await startApp(plan.app);
  try {
    for (const s of plan.steps) {
      steps++;
      if (!interpret(s).unknown) understood++;
    }
    const dir = join(work, String(i));
    const t0 = Date.now();
    const r1 = await runPlan({ steps: plan.steps, baseUrl: app.url, account: plan.account, files, artifactsDir: join(dir, 'first'), pool, video: false, trace: false });
    let firstMs = Date.now() - t0;
    await pool.settled();
    for (const s of r1.steps) {
      if (s.status === 'skipped') continue;
      reached++;
      if (s.status === 'passed' || !['locator-not-found', 'step-not-understood'].includes(r1.failure?.kind)) grounded++;
    }
    const ok1 = verdictRight(plan, r1);
    if (ok1) first++;
    // The replay runs against a fresh instance, as a later run would.
    await app.stop();
    const again = await startApp(plan.app);
    const t1 = Date.now();
    const r2 = await runPlan({ steps: plan.steps, script: r1.script, baseUrl: again.url, account: plan.account, files, artifactsDir: join(dir, 'replay'), pool, video: false, trace: false });
    let replayMs = Date.now() - t1;
    await pool.settled();
    const ok2 = verdictRight(plan, r2);
    if (ok2) replay++;
    let raw = '';
    if (rawScript(plan)) {
      // Timed plans run TIMING_ROUNDS times each way, every run on a fresh instance: medians.
      await again.stop();
      const times = { first: [firstMs], replay: [replayMs], raw: [] };
      const onFresh = async (fn) => {
        const fresh = await startApp(plan.app);
        try {
          const t = Date.now();
          await fn(fresh.url);
          const ms = Date.now() - t;
          await pool.settled(); // the context closes after the verdict, untimed on every side
          return ms;
        } finally {
          await fresh.stop();
        }
      };
      for (let k = 0; k < TIMING_ROUNDS; k++) {
        if (k > 0) {
          times.first.push(await onFresh((url) => runPlan({ steps: plan.steps, baseUrl: url, account: plan.account, files, artifactsDir: join(dir, `first-${k}`), pool, video: false, trace: false })));
          times.replay.push(await onFresh((url) => runPlan({ steps: plan.steps, script: r1.script, baseUrl: url, account: plan.account, files, artifactsDir: join(dir, `replay-${k}`), pool, video: false, trace: false })));
        }
        times.raw.push(await onFresh((url) => timeRaw(pool, plan, url)));
      }
      [firstMs, replayMs, raw] = [median(times.first), median(times.replay), String(median(times.raw))];
    } else await again.stop();
    rows.push({ plan: `${plan.app}: ${plan.name}`.slice(0, 58), steps: plan.steps.length, expect: plan.failAt ? `fail@${plan.failAt}` : 'pass', first: `${r1.verdict}${r1.failedStepIndex !== undefined ? `@${r1.failedStepIndex + 1}` : ''} ${ok1 ? 'ok' : 'WRONG'}`, replay: `${r2.verdict} ${ok2 ? 'ok' : 'WRONG'}`, firstMs, replayMs, rawMs: raw });
    if (!ok1 || !ok2) {
      const bad = !ok1 ? r1 : r2;
      const at = bad.failedStepIndex !== undefined ? ` at step ${bad.failedStepIndex + 1} "${plan.steps[bad.failedStepIndex]?.description}"` : '';
      console.error(`\n✗ ${plan.name} (${!ok1 ? 'first run' : 'replay'})${at}: ${bad.failure?.kind ?? ''} ${bad.failure?.message ?? 'passed but should fail'}`);
    }
  } catch (err) {
    console.error(`\n✗ ${plan.name}: ${err.stack ?? err}`);
    rows.push({ plan: `${plan.app}: ${plan.name}`.slice(0, 58), steps: plan.steps.length, expect: plan.failAt ? `fail@${plan.failAt}` : 'pass', first: 'ERROR', replay: 'ERROR', firstMs: 0, replayMs: 0, rawMs: '' });
    await app.stop().catch(() => {});
  }
}
await pool.close();
await stopApps();
rmSync(work, { recursive: true, force: true });

console.log('');
console.table(rows);
const pct = (a, b) => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : '0.0'}%)`;
const timed = rows.filter((r) => r.rawMs);
const ratio = (key) => (timed.length ? (timed.reduce((s, r) => s + r[key] / Number(r.rawMs), 0) / timed.length).toFixed(2) : 'n/a');
console.table([
  { figure: 'plans', value: String(plans.length), target: '' },
  { figure: 'steps understood', value: pct(understood, steps), target: '≥ 95%' },
  { figure: 'steps grounded (of steps reached)', value: pct(grounded, reached), target: '' },
  { figure: 'verdicts right, first run', value: pct(first, plans.length), target: '100%' },
  { figure: 'verdicts right, replay', value: pct(replay, plans.length), target: '100%' },
  { figure: `first run / raw Playwright (mean of ${timed.length} plans)`, value: ratio('firstMs'), target: '≤ 1.5' },
  { figure: `replay / raw Playwright (mean of ${timed.length} plans)`, value: ratio('replayMs'), target: '' },
]);
