// Real third-party API servers from npm, served on loopback for the backend corpus, and the
// evaluation that runs a generated suite against one of them through the real service. Used by
// test/e2e/backend-corpus.test.ts and test/bench/backend-corpus.mjs (after `npm run build`).
//
//   json-server     the npm package `json-server` (0.17): a REST API over test/corpus/backend/json-server/db.json
//   loopback-todo   the npm package `@loopback/example-todo` (6): LoopBack 4's Todo API, JSON filters in
//                   query strings, 200 on create and 204 on update, over its own seed data (4 todos)
//   loopback-todo-served  the same, described by the OpenAPI document it serves (GET /openapi.json)
//   tiddlywiki      the npm package `tiddlywiki` (5.4): its web server API over a fresh "server" edition
//                   wiki with two tiddlers of its own, kept in memory; tiddlers keyed by title, PUT to
//                   create or replace
//   tiddlywiki-disk the same saving to disk, as the edition does by default: a defect of its file
//                   store kills the server during the run (bench only; its failures depend on timing)
//   node-red        the npm package `node-red` (4.x): its Admin HTTP API under /admin, with a bearer token
//                   from its own POST /auth/token, over a flow file of two flows (one with two nodes)
//
// Each API has a folder under test/corpus/backend/<name>/ holding the OpenAPI document written from
// the server's own documentation and `defects.json`, the defects found in it by hand before the
// generator ran on it. A defect is reported when a failed test matches one of its `match` entries
// (endpoint of the test name, a pattern over the test name and the failure message, and one over
// the analysis's hypothesis where given) and the analysis blames the app. A failed test that matches no defect is a false failure. A defect with
// `variants` counts only for those APIs (a folder shared by set-ups of one server), and one found
// by the suite first and then confirmed by hand says so in `foundBy`.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointOf } from '../../dist/src/server/batch-triage.js';
import { MUTANTS, startReference, variant, writeReferenceDocs } from './reference-api.mjs';
import { NODE_RED_USER, writeNodeRedSettings } from './apps.mjs';
import { freePort, startService } from './service.mjs';

const require = createRequire(import.meta.url);
const HERE = dirname(fileURLToPath(import.meta.url));
export const BACKEND_DIR = join(HERE, 'backend');

async function waitFor(url, proc, log) {
  for (let i = 0; i < 150; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${log()}`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`server at ${url} did not answer in 30 s:\n${log()}`);
}

/** json-server 0.17 over a fresh copy of the corpus db.json. `snapshot()` is the whole database. */
async function startJsonServer() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-json-server-'));
  copyFileSync(join(BACKEND_DIR, 'json-server', 'db.json'), join(dir, 'db.json'));
  const port = await freePort();
  const bin = join(dirname(require.resolve('json-server/package.json')), 'lib', 'cli', 'bin.js');
  const proc = spawn(process.execPath, [bin, '--host', '127.0.0.1', '--port', String(port), '--quiet', 'db.json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/db`, proc, () => out);
  return {
    url,
    snapshot: async () => (await fetch(`${url}/db`)).json(),
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** LoopBack's Todo example over a fresh copy of its seed data. `snapshot()` is every todo. */
async function startLoopbackTodo() {
  const pkg = dirname(require.resolve('@loopback/example-todo/package.json'));
  const dir = mkdtempSync(join(tmpdir(), 'svc-loopback-todo-'));
  mkdirSync(join(dir, 'data'));
  copyFileSync(join(pkg, 'data', 'db.json'), join(dir, 'data', 'db.json'));
  const port = await freePort();
  const proc = spawn(process.execPath, [join(pkg, 'dist', 'index.js')], { cwd: dir, env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/todos/count`, proc, () => out);
  return {
    url,
    snapshot: async () => ({ todos: await (await fetch(`${url}/todos`)).json() }),
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * TiddlyWiki's web server over a fresh "server" edition wiki holding two tiddlers of its own, in
 * memory (the edition without its file system plugin) or saved to disk. `snapshot()` is every
 * non-system tiddler with its text. If the server died during the run it is started again on the
 * same wiki folder (what it saved survives), so the records can still be read.
 */
async function startTiddlyWikiApi({ disk = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tiddlywiki-'));
  const bin = join(dirname(require.resolve('tiddlywiki/package.json')), 'tiddlywiki.js');
  const wiki = join(dir, 'wiki');
  await new Promise((ok, fail) => spawn(process.execPath, [bin, wiki, '--init', 'server'], { stdio: 'ignore' }).once('exit', (c) => (c === 0 ? ok() : fail(new Error(`tiddlywiki --init exited ${c}`)))));
  if (!disk) {
    const info = JSON.parse(readFileSync(join(wiki, 'tiddlywiki.info'), 'utf8'));
    info.plugins = info.plugins.filter((x) => x !== 'tiddlywiki/filesystem');
    writeFileSync(join(wiki, 'tiddlywiki.info'), JSON.stringify(info));
  }
  mkdirSync(join(wiki, 'tiddlers'), { recursive: true });
  writeFileSync(join(wiki, 'tiddlers', 'Shopping.tid'), 'title: Shopping\ntags: Lists [[To do]]\ntype: text/vnd.tiddlywiki\n\nmilk, eggs\n');
  writeFileSync(join(wiki, 'tiddlers', 'Ideas.tid'), 'title: Ideas\npriority: high\n\nWrite more tests\n');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let proc;
  let out = '';
  const launch = async () => {
    proc = spawn(process.execPath, [bin, wiki, '--listen', `port=${port}`, 'host=127.0.0.1'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    await waitFor(`${url}/status`, proc, () => out);
  };
  await launch();
  const read = async (path) => (await fetch(`${url}${path}`)).json();
  return {
    url,
    async snapshot() {
      if (proc.exitCode !== null || proc.signalCode !== null) await launch();
      const list = await read('/recipes/default/tiddlers.json');
      const tiddlers = await Promise.all(list.map((t) => read(`/recipes/default/tiddlers/${encodeURIComponent(t.title)}`)));
      return { tiddlers: tiddlers.map(({ revision, ...t }) => ({ id: t.title, ...t })) };
    },
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : proc.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const NODE_RED_FLOWS = [
  { id: 'f1a0000000000001', type: 'tab', label: 'Orders', disabled: false, info: '' },
  { id: 'n1a0000000000001', type: 'inject', z: 'f1a0000000000001', name: 'tick', props: [], repeat: '', once: false, topic: '', x: 100, y: 80, wires: [['n1a0000000000002']] },
  { id: 'n1a0000000000002', type: 'debug', z: 'f1a0000000000001', name: 'out', active: true, complete: 'false', x: 300, y: 80, wires: [] },
  { id: 'f1a0000000000002', type: 'tab', label: 'Billing', disabled: false, info: '' },
];

/**
 * Node-RED with admin authentication over a flow file of its own. `credential` is a bearer token
 * from its POST /auth/token; `snapshot()` is every node of the active configuration.
 */
async function startNodeRedApi() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-node-red-'));
  const pkg = dirname(require.resolve('node-red/package.json'));
  const port = await freePort();
  writeFileSync(join(dir, 'flows.json'), JSON.stringify(NODE_RED_FLOWS));
  writeNodeRedSettings(dir, port, NODE_RED_USER, { diagnostics: { enabled: true } });
  const proc = spawn(process.execPath, [join(pkg, 'red.js'), '-s', join(dir, 'settings.js')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}/admin`;
  await waitFor(`${url}/auth/login`, proc, () => out);
  const res = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'node-red-admin', grant_type: 'password', scope: '*', ...NODE_RED_USER }),
  });
  const token = (await res.json()).access_token;
  if (!token) throw new Error(`no token from Node-RED (${res.status}):\n${out}`);
  return {
    url,
    credential: token,
    snapshot: async () => ({ flows: await (await fetch(`${url}/flows`, { headers: { authorization: `Bearer ${token}` } })).json() }),
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : proc.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const APIS = {
  'json-server': { docs: join(BACKEND_DIR, 'json-server', 'openapi.yaml'), start: startJsonServer },
  'loopback-todo': { docs: join(BACKEND_DIR, 'loopback-todo', 'openapi.yaml'), start: startLoopbackTodo },
  // The same server, described by the OpenAPI document it serves itself (GET /openapi.json).
  'loopback-todo-served': {
    dir: 'loopback-todo',
    start: async () => {
      const target = await startLoopbackTodo();
      const docs = join(mkdtempSync(join(tmpdir(), 'svc-loopback-openapi-')), 'openapi.json');
      writeFileSync(docs, await (await fetch(`${target.url}/openapi.json`)).text());
      return { ...target, docs, stop: async () => { await target.stop(); rmSync(dirname(docs), { recursive: true, force: true }); } };
    },
  },
  tiddlywiki: { docs: join(BACKEND_DIR, 'tiddlywiki', 'openapi.yaml'), start: startTiddlyWikiApi },
  'tiddlywiki-disk': { dir: 'tiddlywiki', docs: join(BACKEND_DIR, 'tiddlywiki', 'openapi.yaml'), start: () => startTiddlyWikiApi({ disk: true }) },
  'node-red': { docs: join(BACKEND_DIR, 'node-red', 'openapi.yaml'), start: startNodeRedApi },
};

export function readDefects(name) {
  const all = JSON.parse(readFileSync(join(BACKEND_DIR, APIS[name]?.dir ?? name, 'defects.json'), 'utf8'));
  return all.filter((d) => !d.variants || d.variants.includes(name));
}

/** Records of a collection present after the run that were not there before it. */
export function leftoverRecords(before, after) {
  const out = [];
  for (const [name, value] of Object.entries(after)) {
    if (!Array.isArray(value) || !Array.isArray(before[name])) continue;
    const had = new Set(before[name].map((r) => String(r?.id)));
    for (const rec of value) if (!rec || typeof rec !== 'object' || Array.isArray(rec) || !had.has(String(rec.id))) out.push(`${name}: ${JSON.stringify(rec).slice(0, 120)}`);
  }
  return out;
}

/** Records present before the run that are missing or changed after it, per collection. */
export function changedRecords(before, after) {
  const changed = [];
  for (const [name, value] of Object.entries(before)) {
    if (!Array.isArray(value)) {
      if (JSON.stringify(value) !== JSON.stringify(after[name])) changed.push(`${name}: ${JSON.stringify(value)} → ${JSON.stringify(after[name])}`);
      continue;
    }
    const now = new Map((Array.isArray(after[name]) ? after[name] : []).filter((r) => r && typeof r === 'object').map((r) => [String(r.id), r]));
    for (const rec of value) {
      const later = now.get(String(rec.id));
      if (!later) changed.push(`${name}/${rec.id}: deleted`);
      else if (JSON.stringify(later) !== JSON.stringify(rec)) changed.push(`${name}/${rec.id}: ${JSON.stringify(rec)} → ${JSON.stringify(later)}`);
    }
  }
  return changed;
}

const must = (r, what) => {
  if (r.exitCode !== 0) throw new Error(`${what}: exit ${r.exitCode}\n${r.stderr ?? ''}`);
  return r.json;
};

/**
 * Generates a suite for one corpus API from its document alone, runs it, and scores it:
 * `{ name, tests, passed, failures, defects: [{id, title, found, blamed}], falseFailures, changed }`.
 */
export async function evaluateApi(name) {
  const api = APIS[name];
  const [target, service] = await Promise.all([api.start(), startService()]);
  try {
    const before = await target.snapshot();
    const project = must(await service.svc(['project', 'create', '--type', 'backend', '--name', name, '--url', target.url]), 'project create').id;
    if (target.credential) must(await service.svc(['project', 'credential', project, '--type', 'Bearer token', '--credential', target.credential]), 'credential');
    must(await service.svc(['project', 'docs', 'put', project, '--file', target.docs ?? api.docs]), 'docs put');
    must(await service.svc(['project', 'discover', project]), 'discover');
    must(await service.svc(['plan', 'generate', '--project', project]), 'plan generate');
    must(await service.svc(['plan', 'accept', '--project', project]), 'plan accept');
    const { results, failures, cleanup, batchId } = await runSuite(service, project);
    const after = await target.snapshot();
    const defects = readDefects(name);
    const scored = score(defects, failures);
    // A defect not reported: what the tests of its endpoint printed and the calls they made, to see why.
    const missed = scored.defects.filter((x) => !x.found);
    const flow = missed.length ? await service.api('GET', `/batches/${batchId}/calls`) : { endpoints: [] };
    const calls = flow.endpoints.flatMap((g) => g.calls);
    for (const d of missed) {
      const endpoints = new Set(defects.find((x) => x.id === d.id).match.map((m) => m.endpoint));
      const tests = results.filter((x) => endpoints.has(endpointOf(x.testName, null)));
      d.evidence = await Promise.all(
        tests.map(async (x) => {
          const full = await service.api('GET', `/tests/${x.testId}/result`);
          const made = calls.filter((c) => c.runId === x.runId).map((c) => `${c.method} ${c.path} → ${c.status}`);
          return { testName: x.testName, status: x.status, output: String(full.apiOutput ?? '').slice(0, 1500), calls: made };
        }),
      );
    }
    return { name, tests: results.length, testNames: results.map((x) => x.testName), passed: results.filter((x) => x.status === 'passed').length, ...scored, failures, changed: changedRecords(before, after), leftovers: leftoverRecords(before, after), cleanup };
  } finally {
    await Promise.all([target.stop(), service.stop()]);
  }
}

/** Which defects the failures report (the app blamed), and which failures match no defect. */
export function score(defects, failures) {
  // The endpoint a generated test's name starts with, as batch triage groups failures by it.
  const matches = (m, f) =>
    (!m.endpoint || m.endpoint === endpointOf(f.testName, null)) &&
    new RegExp(m.text, 'i').test(`${f.testName}\n${f.message}`) &&
    (!m.hypothesis || new RegExp(m.hypothesis, 'i').test(f.analysis?.rootCauseHypothesis ?? ''));
  const claimed = new Set();
  const found = defects.map((d) => {
    const hits = failures.filter((f) => d.match.some((m) => matches(m, f)));
    hits.forEach((f) => claimed.add(f));
    return { id: d.id, title: d.title, found: hits.length > 0, blamed: hits.some((f) => f.analysis?.recommendedFixTarget === 'app'), tests: hits.map((f) => f.testName) };
  });
  return { defects: found, falseFailures: failures.filter((f) => !claimed.has(f)) };
}

/** The failures of one `test run --all` of a project, with messages and analyses. */
async function runSuite(service, project) {
  const r = await service.svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '900'], 960_000);
  if (![0, 1].includes(r.exitCode)) throw new Error(`test run: exit ${r.exitCode}\n${r.stderr}`);
  const results = r.json.wait.results;
  const failures = [];
  for (const res of results.filter((x) => x.status !== 'passed')) {
    const full = await service.api('GET', `/tests/${res.testId}/result?includeAnalysis=true`);
    // What the result shows: the assertions that failed, and the error that ended the test if another.
    const failed = (full.assertions ?? []).filter((a) => !a.ok).map((a) => a.message ?? a.source);
    const message = [...failed, ...(full.reason && !failed.includes(full.reason) ? [full.reason] : [])].join('\n');
    failures.push({ testName: res.testName, status: res.status, message, analysis: full.analysis ?? null });
  }
  return { results, failures, cleanup: r.json.cleanup, batchId: r.json.batchId };
}

/**
 * The strict reference of fixtures/target-api and each of its mutants under one suite generated
 * from the reference's document: `{ tests, reference: {failures, changed, leftovers}, mutants:
 * [{id, kind, rule, killed, blamed, failures}] }`. A mutant is killed when a test fails on it;
 * `blamed` when one of those failures blames the app.
 */
export async function evaluateReference({ only } = {}) {
  const [target, service] = await Promise.all([startReference(), startService()]);
  const docs = writeReferenceDocs(join(mkdtempSync(join(tmpdir(), 'svc-reference-')), 'openapi.json'));
  const records = () => {
    const { nextIds, ...rest } = target.store();
    return rest;
  };
  try {
    const project = must(await service.svc(['project', 'create', '--type', 'backend', '--name', 'reference', '--url', target.url]), 'project create').id;
    must(await service.svc(['project', 'credential', project, '--type', 'Bearer token', '--credential', 'demo-token']), 'credential');
    must(await service.svc(['project', 'docs', 'put', project, '--file', docs]), 'docs put');
    must(await service.svc(['project', 'discover', project]), 'discover');
    must(await service.svc(['plan', 'generate', '--project', project]), 'plan generate');
    must(await service.svc(['plan', 'accept', '--project', project]), 'plan accept');
    const once = async (id) => {
      target.useRoutes(variant(id));
      target.reset();
      const before = records();
      const r = await runSuite(service, project);
      const after = records();
      return { tests: r.results.length, failures: r.failures, changed: changedRecords(before, after), leftovers: leftoverRecords(before, after), cleanup: r.cleanup };
    };
    const reference = await once(undefined);
    const mutants = [];
    for (const m of MUTANTS.filter((x) => !only || only.includes(x.id))) {
      const r = await once(m.id);
      mutants.push({ id: m.id, kind: m.kind, rule: m.rule, killed: r.failures.length > 0, blamed: r.failures.some((f) => f.analysis?.recommendedFixTarget === 'app'), failures: r.failures, changed: r.changed });
    }
    return { tests: reference.tests, reference, mutants };
  } finally {
    await Promise.all([target.close(), service.stop()]);
    rmSync(dirname(docs), { recursive: true, force: true });
  }
}
