// Retention on PostgreSQL: the migration, the prune lease (a second pruner is refused while one
// holds it), the dry run and the prune, and the background job of an API process started with
// --retention-days, all against a real database shared by two svc-server processes.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { execa } from 'execa';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc, type CliEnv } from '../helpers/cli.js';
import { BIN, tempDir } from '../helpers/paths.js';
import { freshDatabase } from '../helpers/postgres.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: TestServer;
let api: Server;
let ctx: CliEnv;
let testId: string;
let client: pg.Client;
const dataDir = join(tempDir('svc-pg-retention-'), 'data');

const prune = (args: string[]) => execa(process.execPath, [BIN.server, 'prune', '--data-dir', dataDir, '--database-url', database.url, ...args], { reject: false, timeout: 60_000 });
const count = async (sql: string) => Number((await client.query(sql)).rows[0].n);
/** Every batch and run so far happened 40 days ago, as far as the database knows. */
const age = () => client.query("UPDATE batches SET created_at = to_char((created_at::timestamptz - interval '40 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), finished_at = to_char((finished_at::timestamptz - interval '40 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') WHERE created_at > to_char((now() - interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')");
async function run(): Promise<void> {
  const r = await svc(['test', 'run', testId, '--wait', '--timeout', '120'], { ctx, timeout: 150_000 });
  expect(r.exitCode, r.stderr).toBe(0);
}

beforeAll(async () => {
  database = await freshDatabase();
  client = new pg.Client({ connectionString: database.url });
  api = createServer((_q, r) => r.end('{"ok":true}'));
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  server = await startServer({ dataDir, env: { SVC_DATABASE_URL: database.url } });
  await client.connect();
  ctx = userCtx(server, await server.mintKey({ name: 'pg-retention' }));
  const project = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'API', '--url', `http://127.0.0.1:${(api.address() as { port: number }).port}`])).id;
  writeFileSync(join(ctx.cwd, 'health.py'), "import urllib.request\nassert urllib.request.urlopen(TARGET_URL + '/health').status == 200\n");
  testId = (await json(ctx, ['test', 'create', '--project', project, '--type', 'backend', '--name', 'Health', '--code-file', 'health.py'])).testId;
  for (let i = 0; i < 3; i++) await run();
  await age();
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await client?.end().catch(() => undefined);
  api?.close();
  await database?.drop();
});

describe('retention on PostgreSQL', () => {
  it('one pruner at a time; dry run, then prune', async () => {
    expect(await count('SELECT count(*) AS n FROM batches')).toBe(3);
    await client.query("INSERT INTO maintenance_leases (name, holder, lease_until) VALUES ('prune', 'someone-else', '2999-01-01T00:00:00.000Z') ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, lease_until = excluded.lease_until");
    const busy = await prune(['--retention-days', '30']);
    expect(busy.exitCode).toBe(6);
    expect(busy.stderr).toMatch(/another process is pruning/);
    expect(await count('SELECT count(*) AS n FROM batches')).toBe(3);
    await client.query("UPDATE maintenance_leases SET holder = NULL, lease_until = NULL WHERE name = 'prune'");

    const dry = await prune(['--retention-days', '30', '--dry-run', '--output', 'json']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, totals: { batches: 2, runs: 2 }, kept: { 'last-run': 1 } });
    expect(await count('SELECT count(*) AS n FROM batches')).toBe(3);

    const real = await prune(['--retention-days', '30', '--output', 'json']);
    expect(real.exitCode, real.stderr).toBe(0);
    expect(JSON.parse(real.stdout).totals.batches).toBe(2);
    expect(await count('SELECT count(*) AS n FROM batches')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM run_calls WHERE batch_id NOT IN (SELECT id FROM batches)')).toBe(0);
    expect(await count("SELECT count(*) AS n FROM maintenance_leases WHERE name = 'prune' AND holder IS NULL AND last_finished_at IS NOT NULL")).toBe(1);
    const result = await json(ctx, ['test', 'result', testId]);
    expect(result.status).toBe('passed');
  });

  it('an API process started with --retention-days prunes in the background', async () => {
    await run();
    await run();
    await age();
    // Aged: the one kept before and the first new run; the newest holds the test's last run.
    await client.query("UPDATE maintenance_leases SET last_finished_at = NULL WHERE name = 'prune'");
    const second = await startServer({ dataDir, env: { SVC_DATABASE_URL: database.url, SVC_RETENTION_INTERVAL_MS: '1000' }, args: ['--no-workers', '--retention-days', '30'] });
    try {
      const end = Date.now() + 30_000;
      while ((await count('SELECT count(*) AS n FROM batches')) > 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
      expect(await count('SELECT count(*) AS n FROM batches')).toBe(1);
      expect(second.output()).toMatch(/retention: batches older than 30 days are pruned/);
      expect(second.output()).toMatch(/retention: pruned 2 batch\(es\)/);
    } finally {
      await second.stop();
    }
  });
});
