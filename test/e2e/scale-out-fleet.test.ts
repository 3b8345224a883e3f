// The whole scale-out topology at once: two API processes (--no-workers) and three worker processes
// that share only PostgreSQL, the secret key and an S3 artifact store (s3rver). Backend and frontend
// suites run through them while one worker is killed mid-run; an every-minute schedule fires on its
// own with a signed webhook per failed batch; a GitHub Actions job (its environment simulated) gets
// annotations and a job summary from the same fleet.
import { type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/paths.js';
import { freshDatabase } from '../helpers/postgres.js';
import { until } from '../helpers/runs.js';
import { startS3, type TestS3 } from '../helpers/s3.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';
import { startWorkerProcess, type WorkerProcess } from '../helpers/worker.js';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let sql: pg.Client;
let s3: TestS3;
let web: WebApp;
let target: Awaited<ReturnType<typeof startTargetApi>>;
let receiver: Server;
const hooks: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const apis: TestServer[] = [];
const workers: WorkerProcess[] = [];
const procs: ChildProcess[] = [];
let key: string;
let ctxA: CliEnv;
let ctxB: CliEnv;
let scheduledProject: string;
let scheduleSetAt: Date;
let webhookSecret: string;
let backendProject: string;
let frontendProject: string;
const tests: Record<string, string> = {};

const STORE = () => ['--artifacts-s3', `s3://${s3.bucket}/fleet`, '--s3-endpoint', s3.endpoint, '--s3-path-style'];
const MINUTE = 60_000;

beforeAll(async () => {
  [db, s3, web, target] = await Promise.all([freshDatabase(), startS3(), startWebApp(), startTargetApi({ port: 0 })]);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();

  // A dead worker's lease lapses after 3 s; schedules are looked at every 500 ms by each API process.
  const env = { ...s3.env, SVC_DATABASE_URL: db.url, SVC_SECRET_KEY: randomBytes(32).toString('base64'), SVC_QUEUE_LEASE_MS: '3000', SVC_SCHEDULER_TICK_MS: '500', SVC_WEBHOOK_BACKOFF_MS: '300' };
  apis.push(...(await Promise.all([0, 1].map(() => startServer({ env, args: ['--no-workers', ...STORE()] })))));
  for (let i = 0; i < 3; i++) {
    const dataDir = join(tempDir(`svc-fleet-worker${i}-`), 'data');
    // One batch at a time per worker, so the one killed holds exactly one batch.
    workers.push(startWorkerProcess({ dataDir, databaseUrl: db.url, env, args: ['--batch-concurrency', '1', ...STORE()], all: procs }));
  }
  await until(async () => workers.every((w) => w.output().includes('artifacts: s3')) || undefined, 30_000, 'three workers up');
  key = await apis[0]!.mintKey({ name: 'fleet' });
  ctxA = userCtx(apis[0]!, key);
  ctxB = userCtx(apis[1]!, key);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    procs.map(async (p) => {
      if (p.exitCode !== null || p.signalCode) return;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (p.exitCode === null && !p.signalCode) p.kill('SIGKILL');
    }),
  );
  await Promise.all(apis.map((a) => a.stop()));
  await sql?.end();
  await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)));
  await Promise.all([web?.close(), target?.close(), s3?.stop()]);
  await db?.drop();
}, 60_000);

async function addBackendTest(ctx: CliEnv, project: string, name: string, code: string, flags: string[] = []): Promise<string> {
  const f = join(ctx.cwd, `${name.replace(/\W+/g, '_')}.py`);
  writeFileSync(f, code);
  return (await json(ctx, ['test', 'create', '--project', project, '--type', 'backend', '--name', name, '--code-file', f, ...flags])).testId;
}

async function addPlan(ctx: CliEnv, project: string, name: string, steps: [string, string][]): Promise<string> {
  const f = join(ctx.cwd, `${name.replace(/\W+/g, '_')}.json`);
  writeFileSync(f, JSON.stringify({ projectId: project, type: 'frontend', name, planSteps: steps.map(([type, description]) => ({ type, description })) }));
  return (await json(ctx, ['test', 'create', '--plan-from', f])).testId;
}

async function portalCookie(api: TestServer): Promise<string> {
  const r = await fetch(`${api.url}/portal/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: api.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key, next: '/portal/projects' }) });
  expect(r.status).toBe(303);
  return r.headers.getSetCookie()[0]!.split(';')[0]!;
}

const allOutput = () => workers.map((w) => w.output()).join('\n');
const finishedLines = (batchId: string) => allOutput().split('\n').filter((l) => l.includes(`batch ${batchId} finished`)).length;

describe('two API processes, three workers, PostgreSQL and an S3 artifact store', () => {
  it('an every-minute schedule with a failure webhook is set through one API process', async () => {
    scheduledProject = (await json(ctxA, ['project', 'create', '--type', 'backend', '--name', 'every minute', '--url', target.url])).id;
    await addBackendTest(ctxA, scheduledProject, 'health is green', "r = api.get('/health')\nassert r.status == 503, f'health answered {r.status}'\n");
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/svc-hook`;
    scheduleSetAt = new Date();
    const set = await json(ctxA, ['project', 'schedule', 'set', scheduledProject, '--cron', '* * * * *', '--webhook-url', url]);
    expect(set).toMatchObject({ schedule: { pattern: '* * * * *', enabled: true }, webhook: { url, secretShown: true } });
    webhookSecret = set.webhook.secret;
    // The other API process sees the same schedule and the same next due time.
    const seen = await json(ctxB, ['project', 'schedule', 'get', scheduledProject]);
    // (A minute boundary between the two reads moves the next due time on by one, and only then.)
    expect([set.schedule.nextRuns[0], set.schedule.nextRuns[1]]).toContain(seen.schedule.nextRuns[0]);
    expect(seen.schedule.pattern).toBe('* * * * *');
    expect(seen.webhook.secret).toBe(`****${webhookSecret.slice(-4)}`);
  });

  it('backend and frontend suites run through both API processes while a worker is killed mid-run; every run ends once', async () => {
    backendProject = (await json(ctxA, ['project', 'create', '--type', 'backend', '--name', 'fleet api', '--url', target.url])).id;
    await svc(['project', 'credential', backendProject, '--type', 'Bearer token', '--credential', 'demo-token'], { ctx: ctxA });
    tests.create = await addBackendTest(ctxA, backendProject, 'create user', "r = api.post('/users', json={'name': 'Fleet', 'email': 'fleet@example.com'})\nassert r.status == 201, r.text\nproduce('user_id', r.json()['id'])\n", ['--produces', 'user_id']);
    tests.read = await addBackendTest(ctxA, backendProject, 'read user', "r = api.get(f\"/users/{VARS['user_id']}\")\nassert r.status == 200\nassert r.json()['name'] == 'Fleet'\n", ['--needs', 'user_id']);
    tests.slow = await addBackendTest(ctxA, backendProject, 'slow report', "u = api.post('/users', json={'name': 'Slow', 'email': 'slow@example.com'})\nassert u.status == 201\nr = api.get('/slow?ms=8000')\nassert r.status == 200\n");
    tests.missing = await addBackendTest(ctxA, backendProject, 'a missing user is found', "r = api.get('/users/999999')\nassert r.status == 200, f'got {r.status}'\n");
    frontendProject = (await json(ctxB, ['project', 'create', '--type', 'frontend', '--name', 'fleet todos', '--url', web.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
    tests.todos = await addPlan(ctxB, frontendProject, 'todos page', [['action', 'Sign in'], ['action', 'Go to /todos'], ['assertion', 'Verify "New item" is visible']]);
    tests.library = await addPlan(ctxB, frontendProject, 'library page', [['action', 'Sign in'], ['action', 'Go to /library'], ['assertion', 'Verify "Library" is visible']]);
    const usersBefore = target.store().users.length;

    const back = await json(ctxA, ['test', 'run', '--all', '--project', backendProject]);
    const front = await json(ctxB, ['test', 'run', '--all', '--project', frontendProject]);
    const batches = [back.batchId as string, front.batchId as string];

    // The slow test has created its user and is waiting on the target: kill the worker holding its batch.
    const slowRun = await until(async () => {
      const r = await sql.query("select id from runs where batch_id = $1 and test_id = $2 and status = 'running'", [back.batchId, tests.slow]);
      return r.rows[0]?.id as string | undefined;
    }, 60_000, 'the slow run running');
    // Its create has settled and reached the shared database (every 500 ms a running test's new calls do).
    await until(async () => (await sql.query("select 1 from run_calls where run_id = $1 and origin = 'live' and method = 'POST'", [slowRun])).rowCount! > 0 || undefined, 30_000, 'the slow run’s live create call');
    expect(target.store().users.some((u: { name: string }) => u.name === 'Slow')).toBe(true);
    const holder = (await sql.query("select locked_by from jobs where ref_id = $1 and status = 'running'", [back.batchId])).rows[0]!.locked_by as string;
    const pid = Number(holder.split(':')[1]);
    const victim = workers.find((w) => w.proc.pid === pid)!;
    expect(victim, holder).toBeDefined();
    victim.proc.kill('SIGKILL');
    await new Promise((r) => victim.proc.once('exit', r));
    // What the dead worker left running: only runs of the one batch it held.
    const orphaned = (await sql.query("select r.id, r.batch_id from runs r where r.status = 'running' and r.batch_id in (select ref_id from jobs where locked_by = $1 and status = 'running')", [holder])).rows;
    expect(orphaned.map((r) => r.id)).toContain(slowRun);
    expect(new Set(orphaned.map((r) => r.batch_id))).toEqual(new Set([back.batchId]));

    // Both batches end; the killed worker's batch is resumed by one of the others.
    await until(async () => {
      const r = await sql.query("select count(*)::int as n from batches where id = any($1) and phase = 'done'", [batches]);
      return r.rows[0].n === 2 || undefined;
    }, 240_000, 'both batches done');
    for (const b of batches) {
      expect(finishedLines(b), `${b}\n${allOutput()}`).toBe(1);
      expect(victim.output()).not.toContain(`batch ${b} finished`);
    }
    const jobs = (await sql.query('select ref_id, status from jobs where ref_id = any($1)', [batches])).rows;
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);

    const runs = (await sql.query('select id, test_id, status, reason, finished_at from runs where batch_id = any($1)', [batches])).rows;
    expect(runs).toHaveLength(6);
    const by = (t: string) => runs.find((r) => r.test_id === tests[t])!;
    expect(by('create').status).toBe('passed');
    expect(by('read').status).toBe('passed');
    expect(by('slow')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^interrupted: svc-server stopped/) });
    expect(by('missing').status).toBe('failed');
    expect(by('todos').status).toBe('passed');
    expect(by('library').status).toBe('passed');
    for (const r of runs) expect(r.finished_at, r.id).toBeTruthy();
    // Each run was charged once and is one row: nothing ran twice.
    const usage = (await sql.query('select run_id, count(*)::int as n from usage where run_id = any($1) group by run_id', [runs.map((r) => r.id)])).rows;
    expect(usage).toHaveLength(6);
    expect(usage.every((u) => u.n === 1)).toBe(true);
    // The resumed batch's cleanup (on another worker, another disk) removed both users, the one of the interrupted run too.
    expect(target.store().users.length).toBe(usersBefore);
    // Both API processes report the same batch.
    for (const ctx of [ctxA, ctxB]) {
      const r = await svc(['--output', 'json', 'test', 'wait', by('todos').id, by('slow').id, '--timeout', '5'], { ctx });
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.json().results.map((x: { status: string }) => x.status).sort()).toEqual(['failed', 'passed']);
    }
  }, 400_000);

  it('a frontend run’s artifacts are in the store, served by both API processes; a portal session works on both', async () => {
    const runId = (await sql.query("select id from runs where test_id = $1 and status = 'passed' order by created_at desc limit 1", [tests.todos])).rows[0]!.id as string;
    expect(await s3.keys(`fleet/runs/${runId}/`)).toEqual(expect.arrayContaining([`fleet/runs/${runId}/trace.zip`, `fleet/runs/${runId}/steps/step-001.jpg`]));
    const o = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `fleet/runs/${runId}/steps/step-001.jpg` }));
    const shot = Buffer.from(await o.Body!.transformToByteArray());

    const cookie = await portalCookie(apis[0]!);
    for (const [api, ctx] of [[apis[0]!, ctxA], [apis[1]!, ctxB]] as const) {
      const out = join(tempDir('svc-fleet-bundle-'), 'bundle');
      const r = await svc(['test', 'artifact', 'get', runId, '--out', out], { ctx });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(readFileSync(join(out, 'artifacts', 'steps', 'step-001.jpg')).equals(shot)).toBe(true);
      // One sign-in on the first process: its session opens the second one's pages too.
      const res = await fetch(`${api.url}/portal/runs/${runId}/artifacts/steps/step-001.jpg`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(shot)).toBe(true);
      const page = await fetch(`${api.url}/portal/projects`, { headers: { cookie }, redirect: 'manual' });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('fleet todos');
    }
    const out = await fetch(`${apis[1]!.url}/portal/sign-out`, { method: 'POST', redirect: 'manual', headers: { origin: apis[1]!.url, 'content-type': 'application/x-www-form-urlencoded', cookie }, body: '' });
    expect(out.status).toBe(303);
    for (const api of apis) expect((await fetch(`${api.url}/portal/projects`, { headers: { cookie }, redirect: 'manual' })).status).toBe(303);
  });

  it('a GitHub Actions job against the second API process gets one annotation per cause and the job summary', async () => {
    const summary = join(tempDir('svc-fleet-gh-'), 'step_summary.md');
    writeFileSync(summary, '');
    const r = await svc(['test', 'run', '--all', '--project', backendProject, '--wait', '--timeout', '180', '--report', 'junit', '--report-file', 'out/junit.xml'], {
      ctx: ctxB,
      env: { CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_RUN_ID: '4242', GITHUB_REPOSITORY: 'acme/shop' },
      timeout: 240_000,
    });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/4 run\(s\): 3 passed, 1 failed, 0 blocked, 0 cancelled/);
    const batchId = /^batch (bat_\S+?):/m.exec(r.stdout)![1]!;
    const notes = r.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^::error title=a missing user is found[^:]*::.*got 404/);
    expect(notes[0]).toContain('/portal/runs/run_');
    const md = readFileSync(summary, 'utf8');
    expect(md).toMatch(/^## svc: 1 of 4 runs did not pass\n/);
    expect(md).toContain(`Batch: [\`${batchId}\`](${apis[1]!.url}/portal/batches/${batchId})`);
    expect(md).toContain('a missing user is found');
    expect(readFileSync(join(ctxB.cwd, 'out', 'junit.xml'), 'utf8')).toMatch(/tests="4" failures="1"/);
    expect(finishedLines(batchId)).toBe(1);
  }, 300_000);

  it('the every-minute schedule fired exactly once per minute, each failed batch signed and delivered to the webhook once', async () => {
    // The first due time is the minute after the schedule was set; wait for two of them to be done and delivered.
    const first = new Date(Math.floor(scheduleSetAt.getTime() / MINUTE) * MINUTE + MINUTE);
    const second = new Date(first.getTime() + MINUTE);
    await until(async () => {
      const r = await sql.query("select count(*)::int as n from webhook_deliveries d join schedule_runs s on s.batch_id = d.batch_id where s.project_id = $1 and d.status = 'delivered' and s.due_at <= $2", [scheduledProject, second.toISOString()]);
      return r.rows[0].n >= 2 || undefined;
    }, 200_000, 'two scheduled batches delivered');
    await new Promise((r) => setTimeout(r, 1500)); // three more ticks of each API process

    const now = Date.now();
    const fired = (await sql.query("select due_at, kind, batch_id from schedule_runs where project_id = $1 and kind != 'missed' order by due_at", [scheduledProject])).rows;
    // Every minute from the first due time on, once, in order: no gap, no second batch for a minute
    // (the newest minute may still be starting when this looks).
    const owed = Math.floor((now - first.getTime()) / MINUTE) + 1;
    expect(fired.length === owed || fired.length === owed - 1, `${fired.length} fired, ${owed} owed`).toBe(true);
    fired.forEach((f, i) => expect(f.due_at).toBe(new Date(first.getTime() + i * MINUTE).toISOString()));
    expect(new Set(fired.map((f) => f.batch_id)).size).toBe(fired.length);
    expect((await sql.query("select 1 from schedule_runs where project_id = $1 and kind = 'missed'", [scheduledProject])).rowCount).toBe(0);
    const batches = (await sql.query("select id, status, phase from batches where project_id = $1 and source = 'schedule' order by created_at", [scheduledProject])).rows;
    expect(fired.map((f) => f.batch_id)).toEqual(expect.arrayContaining(batches.map((b) => b.id)));
    expect(batches.length).toBeGreaterThanOrEqual(fired.filter((f) => f.due_at <= second.toISOString()).length);
    for (const b of batches.filter((x) => x.phase === 'done')) {
      expect(b.status).toBe('failed');
      expect(finishedLines(b.id)).toBe(1);
    }

    // One delivery per delivered batch, each signed with the project's secret.
    const delivered = (await sql.query("select batch_id from webhook_deliveries where status = 'delivered' and batch_id = any($1)", [batches.map((b) => b.id)])).rows.map((r) => r.batch_id as string);
    expect(delivered.length).toBeGreaterThanOrEqual(2);
    const mine = hooks.map((h) => ({ h, p: JSON.parse(h.body) })).filter(({ p }) => p.project?.id === scheduledProject);
    const hooked = mine.map(({ p }) => p.batch.id as string);
    expect(new Set(hooked).size, 'one delivery per batch').toBe(hooked.length);
    expect(hooked).toEqual(expect.arrayContaining(delivered));
    for (const { h, p } of mine) {
      const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(h.headers['x-svc-signature']))!;
      expect(sig).toBeTruthy();
      expect(timingSafeEqual(Buffer.from(sig[2]!, 'hex'), createHmac('sha256', webhookSecret).update(`${sig[1]}.${h.body}`).digest())).toBe(true);
      expect(p).toMatchObject({ event: 'run.failed', batch: { source: 'schedule', status: 'failed' }, summary: { total: 1, failed: 1 } });
      expect(p.batch.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal\/batches\/bat_/);
      expect(JSON.stringify(p.failuresByCause)).toContain('health answered 200');
    }
    const view = await json(ctxB, ['project', 'schedule', 'get', scheduledProject]);
    expect(view.misses).toEqual([]);
    expect(view.recent.length).toBeGreaterThanOrEqual(2);
  }, 260_000);
});
