// Retention through the real binaries: runs with artifacts made by the real server, aged in the
// temp database, listed by `svc-server prune --dry-run` (nothing deleted), then pruned: rows and
// files of old batches gone; the last run of each test and the newest flaky series kept, still
// readable with `svc test result`, and no portal page links to something that is gone.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { BIN } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

let server: TestServer;
let app: WebApp;
let api: Server;
let ctx: CliEnv;
let key: string;
let frontendTest: string;
let backendTest: string;

const sh = (args: string[]) => execa(process.execPath, [BIN.server, ...args, '--data-dir', server.dataDir], { reject: false, timeout: 60_000 });
const db = () => new BetterSqlite3(join(server.dataDir, 'svc.db'));
const runDirs = () => (existsSync(join(server.dataDir, 'artifacts', 'runs')) ? readdirSync(join(server.dataDir, 'artifacts', 'runs')) : []);
async function ok(args: string[]): Promise<void> {
  const r = await svc(args, { ctx, timeout: 330_000 });
  expect(r.exitCode, `svc ${args.join(' ')}\n${r.stderr}`).toBe(0);
}

beforeAll(async () => {
  [server, app] = await Promise.all([startServer(), startWebApp()]);
  api = createServer((_q, r) => {
    r.writeHead(200, { 'content-type': 'application/json' });
    r.end('{"ok":true}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  key = await server.mintKey({ name: 'retention' });
  ctx = userCtx(server, key);
  const fe = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Todos', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
  const steps = [['action', 'Sign in'], ['action', 'Go to /todos'], ['assertion', 'Verify "New item" is visible']];
  writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: fe, type: 'frontend', name: 'Todos page', planSteps: steps.map(([type, description]) => ({ type, description })) }));
  frontendTest = (await json(ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId;
  const be = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'API', '--url', `http://127.0.0.1:${(api.address() as { port: number }).port}`])).id;
  writeFileSync(join(ctx.cwd, 'health.py'), "import urllib.request\nassert urllib.request.urlopen(TARGET_URL + '/health').status == 200\n");
  backendTest = (await json(ctx, ['test', 'create', '--project', be, '--type', 'backend', '--name', 'Health', '--code-file', 'health.py'])).testId;

  // Frontend: a run, two replays, a flaky series of two, one more replay (the last run). Backend: two runs.
  await ok(['test', 'run', frontendTest, '--wait', '--timeout', '300']);
  await ok(['test', 'rerun', frontendTest, '--wait', '--timeout', '300']);
  await ok(['test', 'rerun', frontendTest, '--wait', '--timeout', '300']);
  await ok(['test', 'flaky', frontendTest, '--runs', '2', '--timeout', '300']);
  await ok(['test', 'rerun', frontendTest, '--wait', '--timeout', '300']);
  await ok(['test', 'run', backendTest, '--wait', '--timeout', '120']);
  await ok(['test', 'run', backendTest, '--wait', '--timeout', '120']);
}, 600_000);
afterAll(async () => {
  await Promise.all([server?.stop(), app?.close(), new Promise((r) => api?.close(r))]);
});

describe('retention', () => {
  it('dry run lists old batches and deletes nothing; prune removes rows and files and keeps what must stay', async () => {
    // Everything happened 40 days ago, as far as the database knows.
    const d = db();
    const shift = (t: string | null) => (t ? new Date(Date.parse(t) - 40 * 86_400_000).toISOString() : t);
    for (const table of ['batches', 'runs']) {
      for (const row of d.prepare(`SELECT id, created_at, finished_at FROM ${table}`).all() as { id: string; created_at: string; finished_at: string | null }[]) {
        d.prepare(`UPDATE ${table} SET created_at = ?, finished_at = ? WHERE id = ?`).run(shift(row.created_at), shift(row.finished_at), row.id);
      }
    }
    const batches = d.prepare('SELECT b.id, b.kind, r.id AS run_id, r.test_id FROM batches b JOIN runs r ON r.batch_id = b.id ORDER BY b.created_at').all() as { id: string; kind: string; run_id: string; test_id: string }[];
    const lastRuns = new Map((d.prepare('SELECT id, last_run_id FROM tests').all() as { id: string; last_run_id: string }[]).map((t) => [t.id, t.last_run_id]));
    const callsBefore = (d.prepare('SELECT count(*) AS n FROM run_calls').get() as { n: number }).n;
    // As if the backend's two batches had been scheduled, each delivered to a webhook.
    const beBatches = batches.filter((b) => b.test_id === backendTest);
    const beProject = (d.prepare('SELECT project_id FROM batches WHERE id = ?').get(beBatches[0]!.id) as { project_id: string }).project_id;
    beBatches.forEach((b, i) => {
      const due = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
      d.prepare("INSERT INTO schedule_runs (id, project_id, due_at, kind, status, batch_id, missed_until, missed_count, error, claimed_until, created_at, updated_at) VALUES (?, ?, ?, 'on-time', 'queued', ?, NULL, 0, NULL, NULL, ?, ?)").run(`sru_${i}`, beProject, due, b.id, due, due);
      d.prepare("INSERT INTO webhook_deliveries (id, project_id, event_key, event, batch_id, payload, status, attempts, attempt_log, last_status, last_error, next_attempt_at, locked_until, created_at, delivered_at) VALUES (?, ?, ?, 'run.failed', ?, '{}', 'delivered', 1, '[]', 204, NULL, NULL, NULL, ?, ?)").run(`whd_${i}`, beProject, `batch:${b.id}`, b.id, due, due);
    });
    d.close();
    const fe = batches.filter((b) => b.test_id === frontendTest);
    const be = batches.filter((b) => b.test_id === backendTest);
    expect(fe.map((b) => b.kind)).toEqual(['single', 'rerun', 'rerun', 'flaky', 'flaky', 'rerun']);
    expect(be).toHaveLength(2);
    const expectedGone = [...fe.slice(0, 3), be[0]!];
    const expectedKept = [...fe.slice(3), be[1]!];
    expect(lastRuns.get(frontendTest)).toBe(fe[5]!.run_id);
    for (const b of fe) expect(runDirs(), `artifacts of ${b.run_id}`).toContain(b.run_id);

    const dry = await sh(['prune', '--retention-days', '30', '--dry-run', '--output', 'json']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout);
    expect(plan).toMatchObject({ dryRun: true, policy: { days: 30, batchesPerProject: null }, kept: { running: 0, 'last-run': 2, flaky: 2 } });
    expect(plan.batches.map((b: { batchId: string }) => b.batchId)).toEqual(expectedGone.map((b) => b.id));
    expect(plan.batches.every((b: { reason: string; runs: number }) => b.reason === 'age' && b.runs === 1)).toBe(true);
    expect(plan.batches.slice(0, 3).every((b: { artifactFiles: number }) => b.artifactFiles > 0)).toBe(true);
    expect(plan.batches[3].calls).toBeGreaterThan(0);
    expect(plan.totals.batches).toBe(4);
    const text = await sh(['prune', '--retention-days', '30', '--dry-run']);
    expect(text.stdout).toMatch(/^BATCH +PROJECT +KIND +CREATED +RUNS +CALLS +ARTIFACTS +REASON$/m);
    expect(text.stdout).toMatch(/Would prune 4 batch\(es\): 4 run\(s\), \d+ recorded call\(s\), \d+ artifact file\(s\)/);
    expect(text.stdout).toMatch(/Kept although old: 2 last-run, 2 flaky\./);
    // Nothing was deleted.
    for (const b of fe) expect(runDirs()).toContain(b.run_id);
    const after = db();
    expect((after.prepare('SELECT count(*) AS n FROM batches').get() as { n: number }).n).toBe(8);
    expect((after.prepare('SELECT count(*) AS n FROM run_calls').get() as { n: number }).n).toBe(callsBefore);
    after.close();

    const real = await sh(['prune', '--retention-days', '30', '--output', 'json']);
    expect(real.exitCode, real.stderr).toBe(0);
    expect(JSON.parse(real.stdout)).toMatchObject({ dryRun: false, totals: { batches: 4, runs: 4 } });
    const d2 = db();
    const left = new Set((d2.prepare('SELECT id FROM batches').all() as { id: string }[]).map((b) => b.id));
    const runsLeft = new Set((d2.prepare('SELECT id FROM runs').all() as { id: string }[]).map((r) => r.id));
    const orphanCalls = (d2.prepare('SELECT count(*) AS n FROM run_calls WHERE batch_id NOT IN (SELECT id FROM batches)').get() as { n: number }).n;
    const lease = d2.prepare("SELECT holder, last_finished_at FROM maintenance_leases WHERE name = 'prune'").get() as { holder: string | null; last_finished_at: string };
    d2.close();
    expect([...left].sort()).toEqual(expectedKept.map((b) => b.id).sort());
    for (const b of expectedGone) {
      expect(runsLeft.has(b.run_id)).toBe(false);
      expect(runDirs()).not.toContain(b.run_id);
    }
    for (const b of expectedKept) expect(runsLeft.has(b.run_id)).toBe(true);
    for (const b of fe.slice(3)) expect(runDirs()).toContain(b.run_id);
    expect(orphanCalls).toBe(0);
    // The pruned batch's delivery went with it; the due times the schedule fired for stay, unlinked.
    const d3 = db();
    expect((d3.prepare('SELECT batch_id FROM webhook_deliveries ORDER BY id').all() as { batch_id: string }[]).map((r) => r.batch_id)).toEqual([be[1]!.id]);
    expect((d3.prepare('SELECT count(*) AS n FROM schedule_runs').get() as { n: number }).n).toBe(2);
    d3.close();
    const fired = (await json(ctx, ['project', 'schedule', 'get', beProject])).recent as { batchId: string; batchStatus: string | null; dashboard: string | null }[];
    expect(fired.find((r) => r.batchId === be[0]!.id)).toMatchObject({ batchStatus: null, dashboard: null });
    expect(fired.find((r) => r.batchId === be[1]!.id)).toMatchObject({ batchStatus: 'passed', dashboard: expect.stringContaining(`/portal/batches/${be[1]!.id}`) });
    expect(lease).toMatchObject({ holder: null, last_finished_at: expect.any(String) });

    // The kept runs are still viewable; the history lists only what is left.
    for (const testId of [frontendTest, backendTest]) {
      const r = await json(ctx, ['test', 'result', testId]);
      expect(r.runId).toBe(lastRuns.get(testId));
    }
    const history = await json(ctx, ['test', 'result', frontendTest, '--history']);
    expect(history.runs.map((h: { runId: string }) => h.runId).sort()).toEqual(fe.slice(3).map((b) => b.run_id).sort());
    // A second prune finds nothing more.
    const again = await sh(['prune', '--retention-days', '30', '--output', 'json']);
    expect(JSON.parse(again.stdout).totals.batches).toBe(0);
  });

  it('no portal page links to a pruned run, batch or artifact', async () => {
    const signIn = await fetch(`${server.url}/portal/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key, next: '/portal/projects' }) });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/=/);
    const get = (path: string) => fetch(new URL(path, server.url), { headers: { cookie }, redirect: 'manual' });
    const seen = new Set<string>();
    const queue = ['/portal/projects', `/portal/tests/${frontendTest}`, `/portal/tests/${backendTest}`];
    // Breadth-first over portal pages of projects, tests, batches and runs, at most 80 requests.
    while (queue.length && seen.size < 80) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await get(path);
      expect([200, 302, 303], `${path} -> ${res.status}`).toContain(res.status);
      if (!(res.headers.get('content-type') ?? '').includes('text/html')) continue;
      const page = await res.text();
      for (const m of page.matchAll(/(?:href|src)="(\/portal\/(?:projects|tests|runs|batches|artifacts)\/[^"#?]+)/g)) {
        if (!seen.has(m[1]!) && !/\/(edit|new|delete)$/.test(m[1]!)) queue.push(m[1]!);
      }
    }
    expect([...seen].some((p) => p.startsWith('/portal/runs/'))).toBe(true);
  });

  it('refuses to prune without a rule (exit 5)', async () => {
    const r = await sh(['prune']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/no retention rule given/);
  });
});
