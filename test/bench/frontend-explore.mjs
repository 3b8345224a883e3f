// Benchmark: exploration of the frontend corpus's real third-party apps (TodoMVC, TiddlyWiki,
// Node-RED; test/corpus/apps.mjs). Prints every feature the explorer found and whether each app's
// main features, listed by hand below from the apps' own documentation, are among them.
// Run after `npm run build`: node test/bench/frontend-explore.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserPool } from '../../dist/src/engine/frontend/browser.js';
import { explore } from '../../dist/src/engine/frontend/explore.js';
import { NODE_RED_USER, startApp, stopApps } from '../corpus/apps.mjs';

/** Main features per app: a name and a test on a found feature's name, url and observed steps. */
const APPS = [
  {
    key: 'todomvc/vanillajs',
    main: [
      ['adding a todo', (f) => /what needs to be done|new todo/i.test(f.text)],
      ['the Active filter', (f) => /active/i.test(f.text)],
      ['the Completed filter', (f) => /completed/i.test(f.text)],
    ],
  },
  {
    key: 'tiddlywiki',
    main: [
      ['creating a tiddler', (f) => /new tiddler/i.test(f.text)],
      ['searching', (f) => /search/i.test(f.text)],
      ['the sidebar tabs', (f) => /recent|tools|more/i.test(f.text)],
    ],
  },
  {
    key: 'node-red',
    path: '/admin',
    account: NODE_RED_USER,
    main: [
      ['signing in', (f) => f.id === 'signin' && f.status === 'done'],
      ['deploying', (f) => /deploy/i.test(f.text)],
      ['filtering the palette', (f) => /filter nodes/i.test(f.text)],
    ],
  },
];

const pool = new BrowserPool({});
const rows = [];
for (const a of APPS) {
  const app = await startApp(a.key);
  const dir = mkdtempSync(join(tmpdir(), 'svc-explore-bench-'));
  try {
    const t0 = Date.now();
    const r = await explore({ baseUrl: a.path ? new URL(a.path, app.url).toString() : app.url, account: a.account, artifactsDir: dir, pool });
    const ms = Date.now() - t0;
    console.log(`\n== ${a.key}: ${r.features.length} features in ${ms} ms${a.account ? `, signed in: ${r.signedIn}` : ''}`);
    const found = r.features.map((f) => ({ ...f, text: [f.name, f.url, ...f.observedSteps.map((s) => s.description)].join(' | ') }));
    for (const f of found) console.log(`  ${f.status.padEnd(8)} ${f.kind.padEnd(10)} ${f.name.slice(0, 50).padEnd(50)} ${f.reason ? `(${f.reason.slice(0, 90)})` : ''}`);
    const hit = a.main.filter(([, test]) => found.some((f) => f.status === 'done' && test(f)));
    rows.push({ app: a.key, features: r.features.length, done: r.features.filter((f) => f.status === 'done').length, 'main features found': `${hit.length}/${a.main.length}`, missing: a.main.filter((m) => !hit.includes(m)).map(([n]) => n).join(', ') });
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
await pool.close();
await stopApps();
console.log('');
console.table(rows);
