import { execFileSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/paths.js';
import { freshDatabase } from '../helpers/postgres.js';
import { until } from '../helpers/runs.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';
import { startWorkerProcess, type WorkerProcess } from '../helpers/worker.js';

/**
 * Two API processes (A and B, both --no-workers) on one PostgreSQL database behave like one:
 * an exploration asked of A is carried out by a worker process and followed through B; a worker
 * that dies mid-exploration leaves it failed, not hanging; a `test wait` on B wakes when a worker
 * finishes a run triggered on A; the trigger rate limit counts across A and B.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: TestServer;
let b: TestServer;
let web: WebApp;
let target: Awaited<ReturnType<typeof startTargetApi>>;
let ctxA: CliEnv;
let ctxB: CliEnv;
let email: string;
const workers: ChildProcess[] = [];
const dataDir = join(tempDir('svc-pg-shared-'), 'data');
const LIMIT = 3;
const LEASE = { SVC_QUEUE_LEASE_MS: '2000' };

const startWorker = () => startWorkerProcess({ dataDir, databaseUrl: db.url, env: LEASE, all: workers });

/** Every process below `pid`, by command name. */
function descendants(pid: number): string[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,comm='], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/));
  const found: string[] = [];
  const parents = new Set([String(pid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp, comm] of rows) {
      if (pp && parents.has(pp) && p && !parents.has(p)) {
        parents.add(p);
        found.push(comm ?? '');
        grew = true;
      }
    }
  }
  return found;
}

const browserIn = (pid: number) => descendants(pid).some((c) => /chrom|headless/i.test(c));

beforeAll(async () => {
  db = await freshDatabase();
  [web, target] = await Promise.all([startWebApp(), startTargetApi({ port: 0 })]);
  const env = { SVC_DATABASE_URL: db.url, SVC_TRIGGER_RATE_PER_MINUTE: String(LIMIT), ...LEASE };
  a = await startServer({ dataDir, env, args: ['--no-workers'] });
  b = await startServer({ dataDir, env, args: ['--no-workers'] });
  const key = await a.mintKey({ name: 'shared' });
  ctxA = userCtx(a, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  ctxB = userCtx(b, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  email = (await json(ctxA, ['auth', 'status'])).email;
}, 60_000);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await Promise.all([a?.stop(), b?.stop(), web?.close(), target?.close()]);
  await db?.drop();
});

describe('two API processes on one PostgreSQL database behave like one', () => {
  let worker: WorkerProcess;

  it('an exploration asked of A runs on a worker process, and B follows it live to the end', async () => {
    worker = startWorker();
    const project = (await json(ctxA, ['project', 'create', '--type', 'frontend', '--name', 'Anon', '--url', web.url])).id;
    const started = await json(ctxA, ['project', 'explore', project]);
    expect(started.status).toBe('running');
    const signIn = await fetch(`${b.url}/portal/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: b.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: ctxA.env.SVC_API_KEY! }).toString() });
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const res = await fetch(`${b.url}/portal/projects/${project}/explorations/${started.id}/events`, { headers: { cookie }, signal: AbortSignal.timeout(180_000) });
    expect(res.status).toBe(200);
    // While B streams, A never has a browser below it; the worker does.
    let apiBrowser = false;
    let workerBrowser = false;
    let streaming = true;
    const watch = (async () => {
      while (streaming) {
        apiBrowser ||= browserIn(a.proc.pid!) || browserIn(b.proc.pid!);
        workerBrowser ||= browserIn(worker.proc.pid!);
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
    const stream = await res.text();
    streaming = false;
    await watch;
    expect(stream).toMatch(/event: progress\ndata: \{"explorationId":"exp_\w+","status":"running"/);
    expect(stream).toMatch(/event: done\ndata: \{"explorationId":"exp_\w+","status":"done"/);
    expect(apiBrowser).toBe(false);
    expect(workerBrowser).toBe(true);
    const viaB = await json(ctxB, ['project', 'exploration', project]);
    expect(viaB).toMatchObject({ id: started.id, status: 'done', error: null });
    const status = Object.fromEntries(viaB.features.map((f: { id: string; status: string }) => [f.id, f.status]));
    expect(status['nav-about']).toBe('done');
    expect(status['nav-todos']).toBe('blocked');
  }, 200_000);

  it('a worker killed mid-exploration: once its lease lapses the next worker ends the exploration as interrupted', async () => {
    worker ??= startWorker();
    const project = (await json(ctxA, ['project', 'create', '--type', 'frontend', '--name', 'Account', '--url', web.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
    const started = await json(ctxA, ['project', 'explore', project]);
    // A second exploration of the project is refused while the first is queued or held.
    const again = await svc(['--output', 'json', 'project', 'explore', project], { ctx: ctxB });
    expect(again.exitCode).toBe(6);
    // `project exploration` exits 1 once a feature failed: read its JSON whatever the exit code.
    const view = async () => (await svc(['--output', 'json', 'project', 'exploration', project], { ctx: ctxB })).json();
    await until(async () => (await view()).features.some((f: { status: string }) => f.status === 'exploring'), 60_000, 'a feature being explored');
    worker.proc.kill('SIGKILL');
    const next = startWorker();
    await until(async () => /exploration exp_\w+ failed: interrupted/.test(next.output()), 60_000, 'the next worker to end the exploration');
    const e = await view();
    expect(e).toMatchObject({ id: started.id, status: 'failed', error: expect.stringMatching(/^interrupted: the worker exploring it stopped/) });
    expect(e.features.length).toBeGreaterThan(0);
    expect(e.features.filter((f: { status: string }) => f.status === 'exploring')).toEqual([]);
    worker = next;
  }, 120_000);

  it('a `test wait` on B wakes when a worker finishes a run triggered on A', async () => {
    worker ??= startWorker();
    const key = await a.mintKey({ name: 'waiter', email });
    const onA = userCtx(a, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
    const onB = userCtx(b, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
    const project = (await json(onA, ['project', 'create', '--type', 'backend', '--name', 'api', '--url', target.url])).id;
    const file = join(onA.cwd, 'health.py');
    writeFileSync(file, "import urllib.request\nassert urllib.request.urlopen(TARGET_URL + '/health').status == 200\n");
    const testId = (await json(onA, ['test', 'create', '--project', project, '--type', 'backend', '--name', 'health', '--code-file', file])).testId;
    const run = await json(onA, ['test', 'run', testId]);
    const t0 = Date.now();
    const waited = await svc(['--output', 'json', 'test', 'wait', run.runId, '--timeout', '90'], { ctx: onB });
    expect(waited.exitCode, waited.stderr).toBe(0);
    expect(waited.json()).toMatchObject({ status: 'passed' });
    expect(Date.now() - t0).toBeLessThan(60_000);
  }, 120_000);

  it('the trigger rate limit is one count across A and B', async () => {
    const key = await a.mintKey({ name: 'burst', email });
    const project = (await json(userCtx(a, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' }), ['project', 'create', '--type', 'backend', '--name', 'burst', '--url', target.url])).id;
    const file = join(ctxA.cwd, 'cheap.py');
    writeFileSync(file, 'assert True\n');
    const testId = (await json(userCtx(a, key), ['test', 'create', '--project', project, '--type', 'backend', '--name', 'cheap', '--code-file', file])).testId;
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < LIMIT + 2; i++) {
      const base = i % 2 ? b.apiUrl : a.apiUrl;
      const r = await fetch(`${base}/tests/${testId}/runs`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });
      statuses.push(r.status);
      if (r.status === 429) limited ??= r;
      else await r.body?.cancel();
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited!.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await limited!.json()).error).toMatchObject({ code: 'RATE_LIMITED', message: `trigger rate limit reached: at most ${LIMIT} runs per minute per key` });
  }, 120_000);
});
