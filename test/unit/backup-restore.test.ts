// Backup and restore of a real SQLite data dir (src only): online copy while another process
// writes, restore into a fresh dir with and without the key, and every refusal leaves the target as it was.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SvcError } from '../../src/contract/errors.js';
import { createBackup, databaseInUse, restoreBackup } from '../../src/store/backup.js';
import { migrate, openStore } from '../../src/store/db.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { createSecrets, parseSecretKey } from '../../src/store/secrets.js';
import { ROOT, tempDir } from '../helpers/paths.js';

const KNOWN = Object.keys(MIGRATIONS);
const noEnv = {} as NodeJS.ProcessEnv;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A migrated data dir with a secret key, a key-encrypted value and a table of rows. */
async function dataDir(): Promise<{ dir: string; cipher: string }> {
  const dir = join(tempDir('svc-bk-'), 'data');
  const store = openStore({ dataDir: dir });
  await migrate(store);
  await store.close();
  writeFileSync(join(dir, 'secret.key'), `${Buffer.alloc(32, 3).toString('base64')}\n`, { mode: 0o600 });
  const cipher = createSecrets(Buffer.alloc(32, 3), 't').encrypt('s3cret-credential');
  const db = new BetterSqlite3(join(dir, 'svc.db'));
  db.exec('CREATE TABLE probe (n INTEGER, v TEXT)');
  const ins = db.prepare('INSERT INTO probe VALUES (?, ?)');
  for (let i = 0; i < 2000; i++) ins.run(i, i === 0 ? cipher : 'x'.repeat(200));
  db.close();
  return { dir, cipher };
}

/** Another process with the database open in WAL mode, writing now and then, like a running server. */
async function holdOpen(dir: string): Promise<void> {
  const script = `const D = require(${JSON.stringify(join(ROOT, 'node_modules/better-sqlite3'))});
const db = new D(${JSON.stringify(join(dir, 'svc.db'))}); db.pragma('journal_mode = WAL'); db.pragma('busy_timeout = 5000');
let i = 100000; setInterval(() => db.prepare('INSERT INTO probe VALUES (?, ?)').run(i++, 'w'), 5); console.log('ready');`;
  const c = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(c);
  await new Promise<void>((resolve, reject) => {
    c.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
    c.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
  });
}

const rows = (dir: string) => {
  const db = new BetterSqlite3(join(dir, 'svc.db'), { readonly: true });
  try {
    return db.prepare('SELECT n, v FROM probe WHERE n < 100000 ORDER BY n').all() as { n: number; v: string }[];
  } finally {
    db.close();
  }
};

async function refusal(p: Promise<unknown>): Promise<SvcError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(SvcError);
  return err as SvcError;
}

describe('backup and restore', () => {
  it('copies a database another process is writing, and restores it with and without the key', async () => {
    const { dir, cipher } = await dataDir();
    await holdOpen(dir);
    expect(databaseInUse(dir)).toBe(true);
    const out = join(tempDir('svc-bk-out-'), 'b1');
    const { manifest } = await createBackup({ dataDir: dir, dest: out, withKey: false, svcVersion: '9.9.9', env: noEnv });
    expect(manifest.schema).toEqual({ level: KNOWN[KNOWN.length - 1], migrations: KNOWN });
    expect(manifest.secretKey).toMatchObject({ included: false, source: 'file' });
    expect(manifest.files.map((f) => f.path)).toEqual(['svc.db']);
    expect(existsSync(join(out, 'secret.key'))).toBe(false);
    expect(existsSync(join(out, 'svc.db-wal'))).toBe(false);

    // Without the key: the data is there, the warning says what to do.
    const fresh = join(tempDir('svc-bk-to-'), 'data');
    const r = await restoreBackup({ dataDir: fresh, from: out, force: false, artifactsDir: join(fresh, 'artifacts'), knownMigrations: KNOWN, env: noEnv });
    expect(r.secretKey).toEqual({ restored: false, status: 'missing', source: 'none' });
    expect(r.warnings[0]).toMatch(/copy the original secret.key/);
    const got = rows(fresh);
    expect(got).toHaveLength(2000);
    expect(got[0]!.v).toBe(cipher);
    expect(existsSync(join(fresh, 'secret.key'))).toBe(false);

    // With the key: the restored dir decrypts what the original encrypted.
    const out2 = join(tempDir('svc-bk-out-'), 'b2');
    const b2 = await createBackup({ dataDir: dir, dest: out2, withKey: true, svcVersion: '9.9.9', env: noEnv });
    expect(b2.manifest.files.map((f) => f.path)).toEqual(['svc.db', 'secret.key']);
    const fresh2 = join(tempDir('svc-bk-to-'), 'data');
    const r2 = await restoreBackup({ dataDir: fresh2, from: out2, force: false, artifactsDir: join(fresh2, 'artifacts'), knownMigrations: KNOWN, env: noEnv });
    expect(r2.secretKey).toEqual({ restored: true, status: 'match', source: 'file' });
    const key = parseSecretKey(readFileSync(join(fresh2, 'secret.key'), 'utf8'));
    expect(createSecrets(key, 'r').decrypt(rows(fresh2)[0]!.v)).toBe('s3cret-credential');

    // Refuses to write over an existing backup.
    expect((await refusal(createBackup({ dataDir: dir, dest: out, withKey: false, svcVersion: '9.9.9', env: noEnv }))).exitCode).toBe(6);
  });

  it('copies artifacts only when asked', async () => {
    const { dir } = await dataDir();
    const arts = join(dir, 'artifacts', 'runs', 'r1');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(arts, { recursive: true });
    writeFileSync(join(arts, 'step-1.png'), 'png bytes');
    const out = join(tempDir('svc-bk-out-'), 'b');
    const { manifest } = await createBackup({ dataDir: dir, dest: out, withKey: false, artifactsDir: join(dir, 'artifacts'), svcVersion: '1', env: noEnv });
    expect(manifest.artifacts).toEqual({ included: true, files: 1, bytes: 9 });
    const fresh = join(tempDir('svc-bk-to-'), 'data');
    const r = await restoreBackup({ dataDir: fresh, from: out, force: false, artifactsDir: join(fresh, 'artifacts'), knownMigrations: KNOWN, env: noEnv });
    expect(r.artifacts).toEqual({ restored: true, files: 1, dir: join(fresh, 'artifacts') });
    expect(readFileSync(join(fresh, 'artifacts', 'runs', 'r1', 'step-1.png'), 'utf8')).toBe('png bytes');
  });

  it('refuses a running target, an existing database without --force, a damaged backup and a newer schema', async () => {
    const { dir } = await dataDir();
    const out = join(tempDir('svc-bk-out-'), 'b');
    await createBackup({ dataDir: dir, dest: out, withKey: true, svcVersion: '1', env: noEnv });
    const opts = (target: string, force = false) => ({ dataDir: target, from: out, force, artifactsDir: join(target, 'artifacts'), knownMigrations: KNOWN, env: noEnv });

    // Target in use: refused even with --force.
    const busy = (await dataDir()).dir;
    const before = rows(busy).length;
    await holdOpen(busy);
    const e1 = await refusal(restoreBackup(opts(busy, true)));
    expect(e1.exitCode).toBe(6);
    expect(e1.message).toMatch(/in use/);
    children.splice(0).forEach((c) => c.kill('SIGKILL'));
    await new Promise((r) => setTimeout(r, 200));

    // Existing database: refused without --force, replaced with it (and no stale WAL is replayed).
    expect((await refusal(restoreBackup(opts(busy)))).exitCode).toBe(6);
    expect(rows(busy)).toHaveLength(before);
    await restoreBackup(opts(busy, true));
    expect(existsSync(join(busy, 'svc.db-wal'))).toBe(false);
    expect(rows(busy)).toHaveLength(2000);

    // One byte changed in the database copy: refused, target untouched.
    const damaged = join(tempDir('svc-bk-out-'), 'damaged');
    await createBackup({ dataDir: dir, dest: damaged, withKey: false, svcVersion: '1', env: noEnv });
    const bytes = readFileSync(join(damaged, 'svc.db'));
    bytes[bytes.length - 100] ^= 0xff;
    writeFileSync(join(damaged, 'svc.db'), bytes);
    const fresh = join(tempDir('svc-bk-to-'), 'data');
    const e2 = await refusal(restoreBackup({ ...opts(fresh), from: damaged }));
    expect(e2.exitCode).toBe(5);
    expect(e2.message).toMatch(/svc.db does not match its checksum/);
    expect(existsSync(fresh)).toBe(false);

    // A database from a newer svc (a migration this build lacks): exit 5 with the version to install.
    const db = new BetterSqlite3(join(dir, 'svc.db'));
    db.prepare('INSERT INTO svc_migrations (name, timestamp) VALUES (?, ?)').run('9999-future', new Date().toISOString());
    db.close();
    const newer = join(tempDir('svc-bk-out-'), 'newer');
    await createBackup({ dataDir: dir, dest: newer, withKey: false, svcVersion: '7.0.0', env: noEnv });
    const e3 = await refusal(restoreBackup({ ...opts(fresh), from: newer }));
    expect(e3.exitCode).toBe(5);
    expect(e3.message).toMatch(/newer than this svc knows.*9999-future/);
    expect(e3.nextAction).toMatch(/Install svc 7\.0\.0 or later/);
    expect(existsSync(fresh)).toBe(false);
  });
});
