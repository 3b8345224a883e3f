// Benchmark: auto-heal on a redesign nobody here wrote. TodoMVC publishes one spec implemented
// independently in many frameworks: the same features behind different markup. Each passing TodoMVC
// plan of the corpus is run on its own implementation; the script it saved is then replayed, with
// auto-heal on, against other implementations (the app as a redesign would leave it), each on a
// fresh instance, next to a first run of the plan on that implementation (the verdict the replay
// should reach). Prints, per target implementation and in total: replays that agree with the first
// run, replays failing where the first run passes (heal missed), replays passing where the first run
// fails (a false pass), heals made, and locators saved on ids a framework numbers as it renders.
// Then the same for real upgrades: each passing TiddlyWiki and Node-RED plan of the corpus resolved on
// an earlier release (TiddlyWiki 5.1.23, Node-RED 3.1) and its script replayed on the current one.
// Run after `npm run build`: node test/bench/frontend-heal.mjs [impl,impl…|upgrades] [plan filter]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserPool } from '../../dist/src/engine/frontend/browser.js';
import { GENERATED_ID } from '../../dist/src/engine/frontend/ground.js';
import { runPlan } from '../../dist/src/engine/frontend/runner.js';
import { readCorpus, startApp, stopApps } from '../corpus/apps.mjs';

// Implementations of the npm package that start and follow the spec's markup closely enough for the
// corpus plans (jquery, stapes and yui ship broken: see test/corpus/frontend/todomvc.plans).
const upgradesOnly = process.argv[2] === 'upgrades';
const TARGETS = upgradesOnly ? [] : (process.argv[2] || 'vanillajs,react,vue,backbone,angularjs,emberjs,mithril,spine,knockoutjs,ampersand,knockback,canjs,ractive').split(',');
// Each app of the corpus, from the release a script was saved on to the one it is replayed on.
const UPGRADES = [['tiddlywiki@5.1', 'tiddlywiki'], ['node-red@3', 'node-red']];
const only = process.argv[3];
const pool = new BrowserPool({});
const work = mkdtempSync(join(tmpdir(), 'svc-heal-'));
const corpus = readCorpus().filter((p) => p.expect === 'pass' && (!only || p.name.includes(only)));
const plans = TARGETS.length ? corpus.filter((p) => p.app.startsWith('todomvc/')) : [];
const run = async (app, plan, script, n) => {
  const a = await startApp(app);
  try {
    return await runPlan({ steps: plan.steps, ...(script ? { script } : {}), baseUrl: a.url, artifactsDir: join(work, String(n)), pool, video: false, trace: false });
  } finally {
    await a.stop();
  }
};
const GENERATED = new RegExp(GENERATED_ID, 'i');
/** Whether a saved script holds a locator on an id the app numbers or draws as it renders. */
const onGeneratedId = (script) => [...JSON.stringify(script).matchAll(/#((?:[\w-]|\\\\.)+)/g)].some((m) => GENERATED.test(m[1].replace(/\\\\/g, '')));

const row = (target) => ({ target, replays: 0, agree: 0, 'heal missed': 0, 'false pass': 0, 'both fail': 0, heals: 0 });
const per = new Map(TARGETS.map((t) => [t, row(t)]));
const notes = [];
let n = 0;
let numbered = 0;
/** Replays `script` on `app` next to a first run of the plan there, and counts the outcome in `r`. */
const compare = async (r, plan, script, app, from) => {
  const first = await run(app, plan, undefined, n++);
  const replay = await run(app, plan, script, n++);
  r.replays++;
  r.heals += replay.heals?.length ?? 0;
  const ok1 = first.verdict === 'passed';
  const ok2 = replay.verdict === 'passed';
  const key = ok1 && ok2 ? 'agree' : ok1 ? 'heal missed' : ok2 ? 'false pass' : 'both fail';
  r[key]++;
  if (key === 'both fail') r.agree++;
  if (key !== 'agree') {
    notes.push(`${key}: ${plan.name} (${from} → ${app}): first run ${first.verdict}${first.failure ? ` (${first.failure.message.slice(0, 140)})` : ''}; replay ${replay.verdict}${replay.failure ? ` (${replay.failure.message.slice(0, 140)})` : ''}`);
  }
};
for (const plan of plans) {
  const own = await run(plan.app, plan, undefined, n++);
  if (own.verdict !== 'passed') {
    notes.push(`${plan.name}: fails on its own implementation (${own.failure?.message ?? ''}); skipped`);
    continue;
  }
  if (onGeneratedId(own.script)) numbered++;
  for (const t of TARGETS) if (`todomvc/${t}` !== plan.app) await compare(per.get(t), plan, own.script, `todomvc/${t}`, plan.app);
}
const upgrades = [];
if (upgradesOnly || !process.argv[2]) {
  for (const [from, to] of UPGRADES) {
    const r = row(`${from} → ${to}`);
    upgrades.push(r);
    for (const plan of corpus.filter((p) => p.app === to)) {
      const old = await run(from, plan, undefined, n++);
      if (old.verdict !== 'passed') {
        notes.push(`${plan.name}: fails on ${from} (${old.failure?.message.slice(0, 200) ?? ''}); not replayed`);
        continue;
      }
      if (onGeneratedId(old.script)) numbered++;
      await compare(r, plan, old.script, to, from);
    }
  }
}
await stopApps();
await pool.close();
rmSync(work, { recursive: true, force: true });

const rows = [...per.values(), ...upgrades].filter((r) => r.replays);
const total = rows.reduce((acc, r) => {
  for (const k of Object.keys(acc)) if (k !== 'target') acc[k] += r[k];
  return acc;
}, { target: 'all', replays: 0, agree: 0, 'heal missed': 0, 'false pass': 0, 'both fail': 0, heals: 0 });
for (const line of notes) console.log(line);
console.table([...rows, total]);
console.table([
  { figure: 'plans', value: String(plans.length + (upgrades.length ? corpus.filter((p) => UPGRADES.some(([, to]) => p.app === to)).length : 0)) },
  { figure: 'replays on another implementation or release', value: String(total.replays) },
  { figure: 'verdict as a first run there', value: `${total.agree}/${total.replays} (${((100 * total.agree) / Math.max(1, total.replays)).toFixed(1)}%)` },
  { figure: 'heal missed (replay fails, first run passes)', value: String(total['heal missed']) },
  { figure: 'false passes (replay passes, first run fails)', value: String(total['false pass']) },
  { figure: 'heals made', value: String(total.heals) },
  { figure: 'scripts with a locator on a numbered id', value: String(numbered) },
]);
process.exit(0);
