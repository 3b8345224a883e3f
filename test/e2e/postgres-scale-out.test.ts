import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, svc, type CliEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/paths.js';
import { freshDatabase } from '../helpers/postgres.js';
import { expectHostSealed, expectProcessesContained, hostProbe, processProbe, TRY } from '../helpers/sandbox-probes.js';
import { until } from '../helpers/runs.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startWorkerProcess } from '../helpers/worker.js';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';

let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: TestServer;
let target: Awaited<ReturnType<typeof startTargetApi>>;
let ctx: CliEnv;
let projectId: string;
const workers: ChildProcess[] = [];
const dataDir = join(tempDir('svc-pg-'), 'data');

const startWorker = (env: NodeJS.ProcessEnv = {}) => startWorkerProcess({ dataDir, databaseUrl: db.url, env, all: workers });

beforeAll(async () => {
  db = await freshDatabase();
  target = await startTargetApi({ port: 0 });
  server = await startServer({ dataDir, env: { SVC_DATABASE_URL: db.url }, args: ['--no-workers'] });
  const key = await server.mintKey({ name: 'pg' });
  ctx = cliEnv({ SVC_API_KEY: key, SVC_API_URL: server.apiUrl, SVC_ALLOW_PRIVATE_TARGETS: '1' });
  const p = await svc(['--output', 'json', 'project', 'create', '--type', 'backend', '--name', 'pg', '--url', target.url], { ctx });
  projectId = p.json().id;
  await svc(['project', 'credential', projectId, '--type', 'Bearer token', '--credential', 'demo-token'], { ctx });
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await server?.stop();
  await target?.close();
  await db?.drop();
});

async function addTest(name: string, code: string, flags: string[] = []): Promise<string> {
  const f = join(ctx.cwd, `${name.replace(/\W+/g, '_')}.py`);
  writeFileSync(f, code);
  const r = await svc(['--output', 'json', 'test', 'create', '--project', projectId, '--type', 'backend', '--name', name, '--code-file', f, ...flags], { ctx });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.json().testId;
}

describe('scale-out on PostgreSQL with separate worker processes', () => {
  it('shares portal sessions between API processes: signed in on one, known to the other, signed out on both', async () => {
    const second = await startServer({ dataDir, env: { SVC_DATABASE_URL: db.url }, args: ['--no-workers'] });
    try {
      const form = (origin: string, body: Record<string, string>) => ({ method: 'POST', redirect: 'manual' as const, headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
      const signIn = await fetch(`${server.url}/portal/sign-in`, form(server.url, { key: ctx.env.SVC_API_KEY!, next: '/portal/projects' }));
      expect(signIn.status).toBe(303);
      const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
      const get = (base: string) => fetch(`${base}/portal/projects`, { headers: { cookie }, redirect: 'manual' });
      expect((await get(second.url)).status).toBe(200);
      expect(await (await get(second.url)).text()).toContain('>pg<');
      const out = await fetch(`${second.url}/portal/sign-out`, { ...form(second.url, {}), headers: { ...form(second.url, {}).headers, cookie } });
      expect(out.status).toBe(303);
      expect((await get(server.url)).status).toBe(303);
      expect((await get(second.url)).status).toBe(303);
    } finally {
      await second.stop();
    }
  });

  it('stores everything in PostgreSQL and lets a worker process execute the runs', async () => {
    const w = startWorker();
    await addTest('create user', "r = api.post('/users', json={'name': 'Pg', 'email': 'pg@example.com'})\nassert r.status == 201, r.text\nproduce('user_id', r.json()['id'])\n", ['--produces', 'user_id']);
    await addTest('read user', "r = api.get(f\"/users/{VARS['user_id']}\")\nassert r.status == 200\nassert r.json()['name'] == 'Pg'\n", ['--needs', 'user_id']);
    const r = await svc(['--output', 'json', 'test', 'run', '--all', '--project', projectId, '--wait', '--timeout', '120'], { ctx });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json().wait.summary).toMatchObject({ total: 2, passed: 2 });
    expect(r.json().cleanup).toMatchObject({ deleted: 1 });
    expect(w.output()).toMatch(/batch bat_\S+ finished/);
    w.proc.kill('SIGTERM');
  });

  it('a worker runs uploaded code in its sandbox: the escapes stay shut, the database is out of reach, the target is not', async () => {
    const w = startWorker();
    const pid = w.proc.pid!;
    const result = async (code: string) => {
      const id = await addTest(`probe ${Math.random().toString(36).slice(2, 8)}`, code);
      const r = await svc(['--output', 'json', 'test', 'run', id, '--wait', '--timeout', '120'], { ctx });
      expect(r.exitCode, r.stderr).toBe(0);
      const res = (await svc(['--output', 'json', 'test', 'result', id], { ctx })).json();
      return JSON.parse(String(res.apiOutput).trim().split('\n').pop()!);
    };
    expectHostSealed(await result(hostProbe(pid, dataDir)));
    const marker = `svc-pg-grandchild-${process.pid}-${Date.now()}`;
    expectProcessesContained(await result(processProbe(marker)), marker);
    const net = await result(`${TRY}
import urllib.request
attempt('database', lambda: urllib.request.urlopen('http://127.0.0.1:5432/', timeout=5).status)
try:
    urllib.request.urlopen('http://127.0.0.1:5432/', timeout=5)
except Exception as e:
    out['database_reason'] = str(e)
out['target'] = api.get('/health').status
print(json.dumps(out))
`);
    expect(net.database).toMatch(/^blocked/);
    expect(net.database_reason).toMatch(/svc refused 127.0.0.1:5432: .*svc's own service/);
    expect(net.target).toBe(200);
    expect(w.output()).toMatch(/isolation: bubblewrap sandbox per test/);
    w.proc.kill('SIGTERM');
  });

  it('a worker killed mid-run is replaced: its batch resumes elsewhere and nothing stays running', async () => {
    const lease = { SVC_QUEUE_LEASE_MS: '1500' };
    // It creates a user before the worker dies under it: the resumed batch's cleanup must remove it.
    const before = target.store().users.length;
    const slow = await addTest('slow producer', "u = api.post('/users', json={'name': 'Orphan', 'email': 'orphan@example.com'})\nassert u.status == 201\nr = api.get('/slow?ms=4000')\nassert r.status == 200\nproduce('token', 'abc')\n", ['--produces', 'token']);
    await addTest('uses token', "assert VARS['token'] == 'abc'\n", ['--needs', 'token']);
    const a = startWorker(lease);
    const trig = await svc(['--output', 'json', 'test', 'run', slow], { ctx });
    const runId = trig.json().runId as string;
    await until(async () => {
      const v = await svc(['--output', 'json', 'test', 'wait', runId, '--timeout', '1'], { ctx });
      return v.stdout.includes('"status": "running"') ? true : undefined;
    });
    await until(async () => (target.store().users.length === before + 1 ? true : undefined));
    a.proc.kill('SIGKILL');
    const b = startWorker(lease);
    const done = await svc(['--output', 'json', 'test', 'wait', runId, '--timeout', '90'], { ctx });
    expect(done.exitCode).toBe(1);
    expect(done.json()).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^interrupted: svc-server stopped/) });
    expect(b.output()).toMatch(/batch bat_\S+ finished/);
    const batch = await fetch(`${server.apiUrl}/batches/${trig.json().batchId}`, { headers: { authorization: `Bearer ${ctx.env.SVC_API_KEY}` } }).then((x) => x.json());
    expect(batch.phase).toBe('done');
    expect(batch.runs.every((x: { status: string }) => !['queued', 'running'].includes(x.status))).toBe(true);
    expect(target.store().users.length).toBe(before);
  });

  it('serves the portal pages on PostgreSQL: filtered test list, batch page with triage, paged calls', async () => {
    const signIn = await fetch(`${server.url}/portal/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key: ctx.env.SVC_API_KEY! }).toString() });
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
      return text;
    };
    const project = await get(`/portal/projects/${projectId}?status=passed&q=${encodeURIComponent('CREATE U')}`);
    expect(project).toMatch(/<a href="\/portal\/tests\/tst_\w+">create user<\/a>/);
    expect(project).not.toContain('>read user<');
    const batchId = /href="\/portal\/batches\/(bat_\w+)"/.exec(project)![1]!;
    const batch = await get(`/portal/batches/${batchId}?status=failed`);
    expect(batch).toContain('Failures by cause');
    const runId = /href="\/portal\/runs\/(run_\w+)"/.exec(await get(`/portal/batches/${batchId}`))![1]!;
    expect(await get(`/portal/runs/${runId}?tab=dataflow&view=calls&page=1`)).toContain('class="pager');
  });
});
