import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { BIN } from '../helpers/paths.js';
import { py, records, runsWorld, until, type RunsWorld } from '../helpers/runs.js';
import { startServer, type TestServer } from '../helpers/server.js';

// Ctrl-C during --wait only detaches the client; a server killed mid-run and restarted on the same
// data directory leaves no run stuck: in-flight runs end 'interrupted', queued ones continue.
let w: RunsWorld;
let restarted: TestServer | undefined;

beforeAll(async () => {
  w = await runsWorld({ server: { args: ['--concurrency', '1'] } });
});
afterAll(async () => {
  await restarted?.stop();
  await w?.close();
});

const slowCode = py`
  for _ in range(4):
      http.get('/slow', params={'ms': 1500}, auth=False)
  produce('slow_done', True)
`;

describe('Ctrl-C during --wait', () => {
  it('detaches with an advisory (exit 130); the run still finishes on the server', async () => {
    const testId = await w.addTest('Slow for SIGINT', slowCode, { produces: ['slow_done'] });
    const child = spawn(process.execPath, [BIN.svc, '--verbose', 'test', 'run', testId, '--wait', '--timeout', '120'], { cwd: w.ctx.cwd, env: w.ctx.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.stdout!.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const runId = await until(async () => /run (run_\S+): \S+ -> running/.exec(stderr)?.[1], 60_000, 'the CLI to see the run running');
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toMatch(/^\[advisory\] detached: the run keeps executing \(and billing\) on the server; follow it with svc test wait <run-id>$/m);
      expect(stdout).toBe('');
      const after = await w.api('GET', `/runs/${runId}`);
      expect(['queued', 'running']).toContain(after.status);
      const r = await w.svc(['test', 'wait', runId, '--timeout', '60']);
      expect(r.exitCode, r.stdout).toBe(0);
      expect(r.stdout).toMatch(/^status:\s+passed$/m);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('svc-server killed mid-run', () => {
  it('restarts on the same data dir: in-flight run interrupted, queued runs continue, cleanup runs', async () => {
    const project = await w.project('Crash');
    const ids = {
      user: await w.addTest('Create user', py`
        r = http.post('/users', json={'name': 'Crash', 'email': 'crash@example.com'})
        assert r.status == 201, r.text
        produce('user_id', r.json()['id'])
      `, { produces: ['user_id'], project }),
      // It creates a record before svc stops under it: the cleanup after the restart must remove it.
      slow: await w.addTest('Slow', py`
        r = http.post('/users', json={'name': 'Interrupted', 'email': 'interrupted@example.com'})
        assert r.status == 201, r.text
      ` + slowCode, { produces: ['slow_done'], project }),
      quick: await w.addTest('Quick', "assert http.get('/health').status == 200\n", { project }),
      read: await w.addTest('Read user', "assert http.get(f\"/users/{VARS['user_id']}\").status == 200\n", { needs: ['user_id'], project }),
    };
    const before = records(w.target.store());
    const trigger = await w.json(['test', 'run', '--all', '--project', project]);
    const runOf = (testId: string) => trigger.runs.find((r: any) => r.testId === testId).runId as string;
    // One test at a time (--concurrency 1): the user is created, then the slow test holds the slot.
    await until(async () => (await w.api('GET', `/runs/${runOf(ids.slow)}`)).status === 'running' && w.target.store().users.length === before.users.length + 2, 60_000, 'the slow run');
    expect((await w.api('GET', `/runs/${runOf(ids.quick)}`)).status).toBe('queued');

    expect(await w.server.stop('SIGKILL')).toBeNull();
    restarted = await startServer({ dataDir: w.server.dataDir });
    const ctx = { ...w.ctx, env: { ...w.ctx.env, SVC_API_URL: restarted.apiUrl } };
    const waited = await svc(['--output', 'json', 'test', 'wait', ...trigger.runs.map((r: any) => r.runId), '--timeout', '120'], { ctx, timeout: 150_000 });
    const rows = Object.fromEntries(waited.json().results.map((r: any) => [r.testId, r]));
    expect(rows[ids.user].status).toBe('passed');
    expect(rows[ids.slow].status).toBe('failed');
    expect(rows[ids.slow].run.reason).toMatch(/^interrupted: svc-server stopped while this test was running/);
    expect(rows[ids.quick].status).toBe('passed');
    expect(rows[ids.read].status).toBe('passed');
    expect(waited.exitCode).toBe(1);
    // Cleanup ran after the restart, for the interrupted run's record too: both users are gone again.
    expect(records(w.target.store()).users).toEqual(before.users);
    expect(restarted.output()).toMatch(/resuming 1 batch\(es\) interrupted by a previous stop/);
  });
});
