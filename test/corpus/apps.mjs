// Real third-party web apps from npm, served on loopback for the frontend corpus, and the reader of
// the corpus's plan files. Used by the corpus e2e test and by test/bench/frontend-corpus.mjs.
//
//   todomvc/<folder>  the npm package `todomvc`: static files, one implementation per folder
//   tiddlywiki        the npm package `tiddlywiki`: its own server over a fresh "server" edition wiki
//   node-red          the npm package `node-red` (4.x): editor at /admin, user admin / secret-pass
//   tiddlywiki@5.1, node-red@3   earlier releases of both (TiddlyWiki 5.1.23 of 2020, Node-RED 3.1;
//                     npm aliases `tiddlywiki-5.1` and `node-red-3`), set up the same way: what a
//                     script saved before an upgrade meets after it (test/bench/frontend-heal.mjs)
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './service.mjs';

const require = createRequire(import.meta.url);
const HERE = dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = join(HERE, 'frontend');
export const NODE_RED_USER = { username: 'admin', password: 'secret-pass' };

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.woff': 'font/woff', '.ttf': 'font/ttf' };

/** Static files of one directory tree on a loopback port. */
async function serveStatic(root) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let file = join(root, path);
    if (!file.startsWith(root)) { res.writeHead(403); res.end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404); res.end('not found'); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }) };
}

async function waitHttp(url, child, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode}): ${child.output.slice(-2000)}`);
    const ok = await fetch(url).then((r) => r.status < 500, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${ms} ms: ${child.output.slice(-2000)}`);
}

function startNode(args, cwd) {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  const keep = (d) => { child.output = (child.output + d).slice(-20_000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return child;
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => { clearTimeout(t); resolve(); });
    child.kill('SIGTERM');
  });
}

let todomvc;
/** One static server for every TodoMVC implementation (state lives in each browser context). */
async function todomvcOrigin() {
  todomvc ??= serveStatic(dirname(require.resolve('todomvc/package.json')));
  return todomvc;
}

/** The npm package (an alias for an earlier release) behind each app key. */
const PACKAGES = { tiddlywiki: 'tiddlywiki', 'tiddlywiki@5.1': 'tiddlywiki-5.1', 'node-red': 'node-red', 'node-red@3': 'node-red-3' };

async function startTiddlyWiki(pkg) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-corpus-tw-'));
  const bin = join(dirname(require.resolve(`${pkg}/package.json`)), 'tiddlywiki.js');
  const port = await freePort();
  const init = startNode([bin, join(dir, 'wiki'), '--init', 'server'], dir);
  await new Promise((r) => init.once('exit', r));
  const child = startNode([bin, join(dir, 'wiki'), '--listen', `port=${port}`, 'host=127.0.0.1'], dir);
  const url = `http://127.0.0.1:${port}/`;
  await waitHttp(url, child);
  return { url, stop: async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); } };
}

/**
 * Writes `settings.js` for Node-RED on loopback in `dir` (its user dir, flows in flows.json): the
 * editor and Admin API under /admin, HTTP nodes under /api, `user` its only admin.
 */
export function writeNodeRedSettings(dir, port, user, extra = {}, pkg = 'node-red') {
  const hash = createRequire(require.resolve(`${pkg}/package.json`))('bcryptjs').hashSync(user.password, 8);
  writeFileSync(join(dir, 'settings.js'), `module.exports = ${JSON.stringify({
    uiHost: '127.0.0.1', uiPort: port, httpAdminRoot: '/admin', httpNodeRoot: '/api', userDir: dir, flowFile: 'flows.json',
    credentialSecret: 'corpus', logging: { console: { level: 'warn' } },
    adminAuth: { type: 'credentials', users: [{ username: user.username, password: hash, permissions: '*' }] },
    editorTheme: { tours: false, projects: { enabled: false } }, telemetry: { enabled: false }, diagnostics: { enabled: false },
    ...extra,
  })};\n`);
}

async function startNodeRed(pkg) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-corpus-nr-'));
  const port = await freePort();
  writeNodeRedSettings(dir, port, NODE_RED_USER, {}, pkg);
  const child = startNode([join(dirname(require.resolve(`${pkg}/package.json`)), 'red.js'), '-s', join(dir, 'settings.js')], dir);
  const url = `http://127.0.0.1:${port}/`;
  await waitHttp(`${url}admin/`, child, 60_000);
  return { url, stop: async () => { await stopChild(child); rmSync(dir, { recursive: true, force: true }); } };
}

/**
 * Start a fresh instance of an app; `url` is the project URL a plan runs against. TodoMVC keeps its
 * state in the browser, so its instances share one static server; the others start clean each time.
 */
export async function startApp(key) {
  if (key.startsWith('todomvc/')) {
    const folder = key.slice('todomvc/'.length);
    const root = dirname(require.resolve('todomvc/package.json'));
    if (!existsSync(join(root, 'examples', folder, 'index.html'))) throw new Error(`todomvc has no implementation "${folder}"`);
    const { origin } = await todomvcOrigin();
    return { url: `${origin}/examples/${folder}/`, stop: async () => {} };
  }
  if (key.startsWith('tiddlywiki') && PACKAGES[key]) return startTiddlyWiki(PACKAGES[key]);
  if (key.startsWith('node-red') && PACKAGES[key]) return startNodeRed(PACKAGES[key]);
  throw new Error(`unknown corpus app "${key}"`);
}

/** Stop the shared TodoMVC server (call once at the end). */
export async function stopApps() {
  if (todomvc) await (await todomvc).stop();
  todomvc = undefined;
}

/** `account: user=<name> password=<secret>` (user may be left out: an app that signs in with a password alone). */
function readAccount(value, where) {
  const fields = Object.fromEntries(value.split(/\s+/).filter(Boolean).map((kv) => kv.split('=')));
  if (!fields.password) throw new Error(`${where}: account needs password=<secret> (and user=<name> where the app asks for one)`);
  return { username: fields.user ?? '', password: fields.password };
}

/**
 * Read every `*.plans` file: blocks start with `# <name>`, then `app:`, an optional `account:` (the
 * project's test account), `expect: pass` or `expect: fail at <step>`, an optional `defect:`, and steps as `do: …` (action) or `check: …`
 * (assertion). Lines starting with `#` before the first block are the file's preamble; more `#` lines
 * right under a plan's name are notes about it.
 */
export function readCorpus(dir = CORPUS_DIR) {
  const plans = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.plans')).sort()) {
    let plan;
    let preamble = true;
    for (const raw of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line) { preamble = false; continue; }
      if (line.startsWith('#')) {
        if (preamble) continue;
        // Further `#` lines right under a plan's name are notes about the plan.
        if (plan && !plan.app && !plan.steps.length) {
          plan.note = `${plan.note ?? ''} ${line.replace(/^#\s*/, '')}`.trim();
          continue;
        }
        plan = { file, name: line.replace(/^#\s*/, ''), app: '', account: undefined, expect: 'pass', failAt: undefined, defect: undefined, steps: [] };
        plans.push(plan);
        continue;
      }
      const m = /^(app|account|expect|defect|do|check):\s*(.*)$/.exec(line);
      if (!m || !plan) throw new Error(`${file}: cannot read line "${line}"`);
      const [, key, value] = m;
      if (key === 'app') plan.app = value;
      else if (key === 'account') plan.account = readAccount(value, `${file}: "${plan.name}"`);
      else if (key === 'defect') plan.defect = value;
      else if (key === 'expect') {
        const f = /^fail at (\d+)$/.exec(value);
        if (value !== 'pass' && !f) throw new Error(`${file}: "${plan.name}": expect must be "pass" or "fail at <step>"`);
        plan.expect = f ? 'fail' : 'pass';
        plan.failAt = f ? Number(f[1]) : undefined;
      } else plan.steps.push({ type: key === 'do' ? 'action' : 'assertion', description: value });
    }
  }
  return plans;
}
