// Backups through the real binaries: a server with a project, a stored credential and a test is
// backed up while it runs (with and without the secret key), stopped, and restored into fresh
// data dirs where new servers serve the same project, test and credential; without the key the
// credential is unreadable until the original secret.key is put back; a damaged backup, a running
// target and a PostgreSQL configuration are refused.
import { copyFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecrets, parseSecretKey } from '../../src/store/secrets.js';
import { svc, type CliEnv } from '../helpers/cli.js';
import { BIN, tempDir } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

const CREDENTIAL = 'tok_backup_abcdefghijklmnop';
let server: TestServer;
let api: Server;
let key: string;
let projectId: string;
let testId: string;
let work: string;
const servers: TestServer[] = [];

const sh = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  execa(process.execPath, [BIN.server, ...args], { reject: false, timeout: 120_000, env: { ...process.env, SVC_DATABASE_URL: '', SVC_SECRET_KEY: '', ...env } });
const ctxOf = (s: TestServer): CliEnv => userCtx(s, key);
const storedCredential = (dataDir: string): string => {
  const db = new BetterSqlite3(join(dataDir, 'svc.db'), { readonly: true });
  try {
    return (db.prepare('SELECT credential FROM projects WHERE id = ?').get(projectId) as { credential: string }).credential;
  } finally {
    db.close();
  }
};
async function serve(dataDir: string): Promise<TestServer> {
  const s = await startServer({ dataDir, env: { SVC_SECRET_KEY: '', SVC_DATABASE_URL: '' } });
  servers.push(s);
  return s;
}

beforeAll(async () => {
  work = tempDir('svc-backup-e2e-');
  api = createServer((_q, r) => {
    r.writeHead(200, { 'content-type': 'application/json' });
    r.end('{"ok":true}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  server = await serve(join(work, 'original'));
  key = await server.mintKey({ name: 'backup' });
  const ctx = ctxOf(server);
  projectId = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Backed up', '--url', `http://127.0.0.1:${(api.address() as { port: number }).port}`])).id;
  await json(ctx, ['project', 'credential', projectId, '--type', 'Bearer token', '--credential', CREDENTIAL]);
  writeFileSync(join(ctx.cwd, 'health.py'), "import urllib.request\nassert urllib.request.urlopen(TARGET_URL + '/health').status == 200\n");
  testId = (await json(ctx, ['test', 'create', '--project', projectId, '--type', 'backend', '--name', 'Health after restore', '--code-file', 'health.py'])).testId;
}, 120_000);
afterAll(async () => {
  await Promise.all([...servers.map((s) => s.stop()), new Promise((r) => api?.close(r))]);
});

describe('svc-server backup and restore', () => {
  it('backs up a running server, restores with and without the key, and refuses what it must', async () => {
    const original = server.dataDir;
    const withKey = join(work, 'backup-with-key');
    const noKey = join(work, 'backup-no-key');

    // While the server runs: the online copy, with the key (and artifacts), and without.
    const b1 = await sh(['backup', withKey, '--data-dir', original, '--with-key', '--with-artifacts', '--output', 'json']);
    expect(b1.exitCode, b1.stderr).toBe(0);
    expect(b1.stderr).toMatch(/WARNING: this backup holds the secret key: whoever has it can decrypt every stored credential/);
    const m1 = JSON.parse(b1.stdout);
    expect(m1.path).toBe(withKey);
    expect(m1.manifest).toMatchObject({ format: 'svc-backup', secretKey: { included: true, source: 'file' }, artifacts: { included: true } });
    expect(m1.manifest.schema.level).toMatch(/^\d{4}-/);
    expect(readFileSync(join(withKey, 'secret.key'), 'utf8')).toBe(readFileSync(join(original, 'secret.key'), 'utf8'));
    const b2 = await sh(['backup', noKey, '--data-dir', original]);
    expect(b2.exitCode, b2.stderr).toBe(0);
    expect(b2.stdout).toMatch(/secret key: not included \(fingerprint [0-9a-f]{16}\)/);
    expect(existsSync(join(noKey, 'secret.key'))).toBe(false);
    expect((await sh(['backup', noKey, '--data-dir', original])).exitCode).toBe(6); // never overwrites

    // A restore into the running server's data dir is refused, even with --force.
    const busy = await sh(['restore', withKey, '--data-dir', original, '--force']);
    expect(busy.exitCode).toBe(6);
    expect(busy.stderr).toMatch(/is in use/);

    // PostgreSQL: both commands point to its own tools and the key.
    for (const cmd of ['backup', 'restore']) {
      const pg = await sh([cmd, join(work, `pg-${cmd}`), '--data-dir', join(work, 'pg')], { SVC_DATABASE_URL: 'postgres://svc@127.0.0.1:1/svc' });
      expect(pg.exitCode).toBe(5);
      expect(pg.stderr).toMatch(cmd === 'backup' ? /pg_dump/ : /pg_restore/);
      expect(pg.stderr).toMatch(/SVC_SECRET_KEY/);
    }
    expect(existsSync(join(work, 'pg'))).toBe(false);

    expect(await server.stop()).toBe(0);

    // With the key: everything, the credential included, as it was.
    const restored = join(work, 'restored-with-key');
    const r1 = await sh(['restore', withKey, '--data-dir', restored, '--output', 'json']);
    expect(r1.exitCode, r1.stderr).toBe(0);
    expect(JSON.parse(r1.stdout)).toMatchObject({ secretKey: { restored: true, status: 'match' }, artifacts: { restored: true } });
    const s1 = await serve(restored);
    const p1 = await json(ctxOf(s1), ['project', 'get', projectId]);
    expect(p1).toMatchObject({ id: projectId, name: 'Backed up', credential: { type: 'Bearer token', value: '****mnop' } });
    expect(await json(ctxOf(s1), ['test', 'get', testId])).toMatchObject({ id: testId, projectId, name: 'Health after restore' });
    const restoredKey = parseSecretKey(readFileSync(join(restored, 'secret.key'), 'utf8'));
    expect(JSON.parse(createSecrets(restoredKey, 'e2e').decrypt(storedCredential(restored)))).toEqual({ type: 'Bearer token', value: CREDENTIAL });
    await s1.stop();

    // Without the key: the data is there; the credential is unreadable until the original key is back.
    const bare = join(work, 'restored-no-key');
    const r2 = await sh(['restore', noKey, '--data-dir', bare]);
    expect(r2.exitCode, r2.stderr).toBe(0);
    expect(r2.stderr).toMatch(/warning: the backup does not hold the secret key .* copy the original secret.key/);
    expect(r2.stdout).toMatch(/secret key: MISSING/);
    const s2 = await serve(bare);
    const ctx2 = ctxOf(s2);
    expect(await json(ctx2, ['test', 'get', testId])).toMatchObject({ id: testId, projectId, name: 'Health after restore' });
    const unreadable = await svc(['--output', 'json', 'project', 'get', projectId], { ctx: ctx2 });
    expect(unreadable.exitCode, unreadable.stderr).toBe(1);
    expect(unreadable.error()).toMatchObject({ code: 'INTERNAL', message: expect.stringMatching(/cannot decrypt a stored secret: the secret key differs/), nextAction: expect.stringContaining('--with-key') });
    expect(s2.output()).toMatch(/cannot decrypt a stored secret: the secret key differs/);
    const list = await svc(['--output', 'json', 'project', 'list'], { ctx: ctx2 });
    expect(list.exitCode, list.stderr).toBe(1);
    expect(list.error().code).toBe('INTERNAL');
    const run = await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '60'], { ctx: ctx2 });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.json().run).toMatchObject({ status: 'failed', reason: expect.stringMatching(/cannot decrypt a stored secret/) });
    await s2.stop();
    copyFileSync(join(original, 'secret.key'), join(bare, 'secret.key'));
    const s3 = await serve(bare);
    expect(await json(ctxOf(s3), ['project', 'get', projectId])).toMatchObject({ credential: { type: 'Bearer token', value: '****mnop' } });
    expect((await json(ctxOf(s3), ['test', 'run', testId, '--wait', '--timeout', '60'])).run).toMatchObject({ status: 'passed' });
    await s3.stop();

    // A restore over an existing database needs --force.
    const again = await sh(['restore', noKey, '--data-dir', bare]);
    expect(again.exitCode).toBe(6);
    expect(again.stderr).toMatch(/already holds a database/);

    // A damaged backup is refused and nothing is written.
    const damaged = join(work, 'backup-damaged');
    cpSync(withKey, damaged, { recursive: true });
    const bytes = readFileSync(join(damaged, 'svc.db'));
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    writeFileSync(join(damaged, 'svc.db'), bytes);
    const target = join(work, 'restored-damaged');
    const bad = await sh(['restore', damaged, '--data-dir', target]);
    expect(bad.exitCode).toBe(5);
    expect(bad.stderr).toMatch(/is damaged: svc.db does not match its checksum/);
    expect(existsSync(join(target, 'svc.db'))).toBe(false);
  }, 300_000);
});
