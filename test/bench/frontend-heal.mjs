// Benchmark: auto-heal on a redesign nobody here wrote. TodoMVC publishes one spec implemented
// independently in many frameworks: the same features behind different markup. Each passing TodoMVC
// plan of the corpus is run on its own implementation; the script it saved is then replayed, with
// auto-heal on, against other implementations (the app as a redesign would leave it), each on a
// fresh instance, next to a first run of the plan on that implementation (the verdict the replay
// should reach). Prints, per target implementation and in total: replays that agree with the first
// run, replays failing where the first run passes (heal missed), replays passing where the first run
// fails (a false pass), heals made, and locators saved on ids a framework numbers as it renders.
// Run after `npm run build`: node test/bench/frontend-heal.mjs [impl,impl…] [plan filter]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserPool } from '../../dist/src/engine/frontend/browser.js';
import { runPlan } from '../../dist/src/engine/frontend/runner.js';
import { readCorpus, startApp, stopApps } from '../corpus/apps.mjs';

// Implementations of the npm package that start and follow the spec's markup closely enough for the
// corpus plans (jquery, stapes and yui ship broken: see test/corpus/frontend/todomvc.plans).
const TARGETS = (process.argv[2] || 'vanillajs,react,vue,backbone,angularjs,emberjs,mithril,spine,knockoutjs,ampersand,knockback,canjs,ractive').split(',');
const only = process.argv[3];
const pool = new BrowserPool({});
const work = mkdtempSync(join(tmpdir(), 'svc-heal-'));
const plans = readCorpus().filter((p) => p.app.startsWith('todomvc/') && p.expect === 'pass' && (!only || p.name.includes(only)));
const run = async (app, plan, script, n) => {
  const a = await startApp(app);
  return runPlan({ steps: plan.steps, ...(script ? { script } : {}), baseUrl: a.url, artifactsDir: join(work, String(n)), pool, video: false, trace: false });
};
const GENERATED = /#(ember\d|ext-gen|yui_)|#[^\s'"]*\d{3,}/;

const per = new Map(TARGETS.map((t) => [t, { target: t, replays: 0, agree: 0, 'heal missed': 0, 'false pass': 0, 'both fail': 0, heals: 0 }]));
const notes = [];
let n = 0;
let numbered = 0;
for (const plan of plans) {
  const own = await run(plan.app, plan, undefined, n++);
  if (own.verdict !== 'passed') {
    notes.push(`${plan.name}: fails on its own implementation (${own.failure?.message ?? ''}); skipped`);
    continue;
  }
  if (GENERATED.test(JSON.stringify(own.script))) numbered++;
  for (const t of TARGETS) {
    if (`todomvc/${t}` === plan.app) continue;
    const row = per.get(t);
    const first = await run(`todomvc/${t}`, plan, undefined, n++);
    const replay = await run(`todomvc/${t}`, plan, own.script, n++);
    row.replays++;
    row.heals += replay.heals?.length ?? 0;
    const ok1 = first.verdict === 'passed';
    const ok2 = replay.verdict === 'passed';
    const key = ok1 && ok2 ? 'agree' : ok1 ? 'heal missed' : ok2 ? 'false pass' : 'both fail';
    row[key]++;
    if (key === 'both fail') row.agree++;
    if (key === 'heal missed' || key === 'false pass') {
      notes.push(`${key}: ${plan.name} → ${t}: first run ${first.verdict}${first.failure ? ` (${first.failure.message.slice(0, 140)})` : ''}; replay ${replay.verdict}${replay.failure ? ` (${replay.failure.message.slice(0, 140)})` : ''}`);
    }
  }
}
await stopApps();
await pool.close();
rmSync(work, { recursive: true, force: true });

const rows = [...per.values()].filter((r) => r.replays);
const total = rows.reduce((acc, r) => {
  for (const k of Object.keys(acc)) if (k !== 'target') acc[k] += r[k];
  return acc;
}, { target: 'all', replays: 0, agree: 0, 'heal missed': 0, 'false pass': 0, 'both fail': 0, heals: 0 });
for (const line of notes) console.log(line);
console.table([...rows, total]);
console.table([
  { figure: 'plans', value: String(plans.length) },
  { figure: 'replays on another implementation', value: String(total.replays) },
  { figure: 'verdict as a first run there', value: `${total.agree}/${total.replays} (${((100 * total.agree) / Math.max(1, total.replays)).toFixed(1)}%)` },
  { figure: 'heal missed (replay fails, first run passes)', value: String(total['heal missed']) },
  { figure: 'false passes (replay passes, first run fails)', value: String(total['false pass']) },
  { figure: 'heals made', value: String(total.heals) },
  { figure: 'scripts with a locator on a numbered id', value: String(numbered) },
]);
process.exit(0);
