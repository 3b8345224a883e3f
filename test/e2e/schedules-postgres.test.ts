import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, svc, type CliEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/paths.js';
import { freshDatabase } from '../helpers/postgres.js';
import { until } from '../helpers/runs.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * Exactly once on PostgreSQL: two API processes (one with in-process workers, one queue-only)
 * tick the same schedules every 50 ms against one database. A due time must start one batch, a
 * miss range be recorded once, and a failed batch be delivered to the webhook once.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: TestServer;
let b: TestServer;
let ctx: CliEnv;
let sql: pg.Client;
let receiver: Server;
const received: { delivery: string; batchId: string }[] = [];
const dataDir = join(tempDir('svc-sched-pg-'), 'data');

beforeAll(async () => {
  db = await freshDatabase();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ delivery: String(req.headers['x-svc-delivery']), batchId: JSON.parse(body).batch.id });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const env = { SVC_DATABASE_URL: db.url, SVC_SCHEDULER_TICK_MS: '50', SVC_WEBHOOK_BACKOFF_MS: '300' };
  a = await startServer({ dataDir, env });
  b = await startServer({ dataDir, env, args: ['--no-workers'] });
  ctx = cliEnv({ SVC_API_KEY: await a.mintKey({ name: 'sched-pg' }), SVC_API_URL: b.apiUrl });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await new Promise((r) => receiver?.close(r));
  await db?.drop();
});

describe('schedules on PostgreSQL with two API processes', () => {
  it('a per-minute schedule starts exactly one batch per due time, records the miss once and notifies once per failure', async () => {
    const json = async (args: string[]) => {
      const r = await svc(['--output', 'json', ...args], { ctx });
      expect(r.exitCode, r.stderr).toBe(0);
      return r.json();
    };
    const projectId = (await json(['project', 'create', '--type', 'backend', '--name', 'pg-sched'])).id;
    const file = join(ctx.cwd, 't.py');
    writeFileSync(file, 'def test_fails():\n    assert False, "scheduled failure"\n');
    await json(['test', 'create', '--project', projectId, '--type', 'backend', '--name', 'fails', '--code-file', file]);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await json(['project', 'schedule', 'set', projectId, '--cron', '* * * * *', '--webhook-url', url]);

    // Three due times owed (the server was "down"): one batch for the newest, the two before it missed.
    const minute = new Date();
    minute.setUTCSeconds(0, 0);
    await sql.query('update schedules set next_due_at = $1 where project_id = $2', [new Date(minute.getTime() - 2 * 60_000).toISOString(), projectId]);
    await until(async () => (await sql.query("select 1 from batches where source = 'schedule'")).rowCount! > 0, 40_000, 'a scheduled batch');
    await new Promise((r) => setTimeout(r, 2000)); // 40 more ticks of each process

    const runs = (await sql.query("select due_at, kind, batch_id, status, missed_count from schedule_runs where project_id = $1 order by due_at", [projectId])).rows;
    const fired = runs.filter((r) => r.kind !== 'missed');
    const batches = (await sql.query("select id from batches where source = 'schedule' and project_id = $1", [projectId])).rows.map((r) => r.id).sort();
    expect(new Set(fired.map((r) => r.due_at)).size).toBe(fired.length);
    expect(fired.map((r) => r.batch_id).sort()).toEqual(batches);
    expect(fired[0]).toMatchObject({ due_at: minute.toISOString(), status: 'queued' });
    expect(runs.filter((r) => r.kind === 'missed')).toEqual([expect.objectContaining({ due_at: new Date(minute.getTime() - 120_000).toISOString(), missed_count: 2 })]);
    // A minute boundary during the test may add the next due time: never a second batch for one.
    expect(fired.length).toBeLessThanOrEqual(2);

    // Every failed batch is delivered once, by one of the two processes.
    await until(async () => {
      const delivered = await sql.query("select d.id from webhook_deliveries d join batches b on b.id = d.batch_id where d.batch_id = any($1) and d.status = 'delivered' and b.phase = 'done'", [batches]);
      return delivered.rowCount === batches.length;
    }, 40_000, 'every scheduled batch delivered');
    await new Promise((r) => setTimeout(r, 1000));
    const mine = received.filter((r) => batches.includes(r.batchId));
    expect(mine.map((r) => r.batchId).sort()).toEqual(batches);
    expect(new Set(mine.map((r) => r.delivery)).size).toBe(mine.length);
    const view = await json(['project', 'schedule', 'get', projectId]);
    expect(view.misses).toEqual([expect.objectContaining({ count: 2 })]);
    expect(view.recent.map((r: { batchId: string }) => r.batchId)).toEqual(expect.arrayContaining(batches));
  });
});
