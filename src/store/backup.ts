import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SvcError } from '../contract/errors.js';
import {
  ARTIFACTS_DIR,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DB_FILE,
  KEY_FILE,
  MANIFEST_FILE,
  compareSchema,
  describeFile,
  keyFingerprint,
  listFiles,
  parseManifest,
  sha256File,
  verifyFiles,
  type BackupManifest,
} from './backup-manifest.js';
import { parseSecretKey } from './secrets.js';

/**
 * `svc-server backup` and `restore` for the embedded SQLite store (README "Backups"). The database
 * is copied with SQLite's online backup API, so a running server keeps serving; a restore writes
 * each file next to its place and renames it in, and never touches a data dir a server has open.
 */

export const isPostgresUrl = (url: string | undefined): boolean => !!url && /^postgres(ql)?:\/\//.test(url);

export function postgresRefusal(command: 'backup' | 'restore'): SvcError {
  const tool = command === 'backup' ? 'pg_dump -Fc "$SVC_DATABASE_URL" -f svc.dump' : 'pg_restore --clean --if-exists -d "$SVC_DATABASE_URL" svc.dump';
  return new SvcError('VALIDATION_ERROR', `${command}: this server stores its data in PostgreSQL (--database-url / SVC_DATABASE_URL); svc-server ${command} handles the embedded SQLite store only`, {
    nextAction: `Use PostgreSQL's own tools, e.g. \`${tool}\`, and keep the secret key (SVC_SECRET_KEY) with the dump: without it the stored credentials in it cannot be decrypted.`,
  });
}

export type KeyStatus = 'match' | 'mismatch' | 'missing' | 'no-key-in-backup';

export interface BackupOptions {
  dataDir: string;
  /** A new directory to write the backup into. */
  dest: string;
  withKey: boolean;
  /** The artifact directory to copy, or undefined to leave artifacts out. */
  artifactsDir?: string;
  svcVersion: string;
  env?: NodeJS.ProcessEnv;
}

export interface BackupResult {
  path: string;
  manifest: BackupManifest;
}

interface KeyInfo {
  key: Buffer | null;
  source: 'file' | 'env' | 'none';
}

/** The key the server of `dataDir` decrypts with: SVC_SECRET_KEY, else `<dataDir>/secret.key` (never created here). */
function currentKey(dataDir: string, env: NodeJS.ProcessEnv): KeyInfo {
  if (env.SVC_SECRET_KEY) return { key: parseSecretKey(env.SVC_SECRET_KEY), source: 'env' };
  const file = join(dataDir, KEY_FILE);
  if (!existsSync(file)) return { key: null, source: 'none' };
  return { key: parseSecretKey(readFileSync(file, 'utf8')), source: 'file' };
}

function appliedMigrations(db: BetterSqlite3.Database): string[] {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'svc_migrations'").get();
  if (!has) return [];
  return (db.prepare('SELECT name FROM svc_migrations ORDER BY name').all() as { name: string }[]).map((r) => r.name);
}

function quickCheck(db: BetterSqlite3.Database): string | null {
  const rows = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
  const bad = rows.map((r) => r.quick_check).filter((v) => v !== 'ok');
  return bad.length ? bad.slice(0, 3).join('; ') : null;
}

/** Copies the regular files under `from` into `to` (same relative paths); returns their paths. */
async function copyTree(from: string, to: string): Promise<string[]> {
  if (!existsSync(from)) return [];
  const { files } = await listFiles(from);
  const copied: string[] = [];
  for (const f of files) {
    const dest = join(to, ...f.split('/'));
    await mkdir(dirname(dest), { recursive: true });
    try {
      await copyFile(join(from, ...f.split('/')), dest);
      copied.push(f);
    } catch (err) {
      // A run's file deleted by the retention job between listing and copying is simply not there.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return copied;
}

/**
 * True when another process has the data dir's database open (a running `svc-server start`):
 * every open connection of a WAL database holds a shared lock, so an exclusive lock is refused.
 */
export function databaseInUse(dataDir: string): boolean {
  const file = join(dataDir, DB_FILE);
  if (!existsSync(file)) return false;
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new BetterSqlite3(file, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
  } finally {
    db?.close();
  }
}

export async function createBackup(o: BackupOptions): Promise<BackupResult> {
  const env = o.env ?? process.env;
  const src = join(o.dataDir, DB_FILE);
  if (!existsSync(src)) {
    throw new SvcError('NOT_FOUND', `backup: no database at ${src}`, { nextAction: 'Give the data dir the server runs with: --data-dir DIR (or SVC_DATA_DIR).' });
  }
  const dest = resolve(o.dest);
  if (existsSync(dest)) {
    throw new SvcError('CONFLICT', `backup: ${dest} already exists`, { nextAction: 'Name a path that does not exist yet; a backup never overwrites one.' });
  }
  // Read the key first: a malformed SVC_SECRET_KEY fails before anything is written.
  const key = currentKey(o.dataDir, env);
  if (o.withKey && !key.key) {
    throw new SvcError('NOT_FOUND', `backup --with-key: there is no secret key (no SVC_SECRET_KEY, no ${join(o.dataDir, KEY_FILE)})`, {
      nextAction: 'Leave out --with-key: without a key no stored credential was ever encrypted here.',
    });
  }
  await mkdir(dirname(dest), { recursive: true });
  const tmp = join(dirname(dest), `.${basename(dest)}.partial-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(tmp, { mode: 0o700 });
  try {
    const source = new BetterSqlite3(src, { fileMustExist: true, timeout: 5000 });
    try {
      // Online backup: all pages in one step, inside one read transaction, so the copy is one
      // consistent snapshot; in WAL mode the server goes on writing meanwhile (a copy made in
      // small steps would restart at each of its writes).
      await source.backup(join(tmp, DB_FILE), { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    const copy = new BetterSqlite3(join(tmp, DB_FILE), { fileMustExist: true });
    let migrations: string[];
    try {
      // One self-contained file: no -wal beside it.
      copy.pragma('journal_mode = DELETE');
      const bad = quickCheck(copy);
      if (bad) throw new SvcError('INTERNAL', `backup: the copied database fails SQLite's check: ${bad}`, { nextAction: 'Run `sqlite3 svc.db "PRAGMA integrity_check"` on the data dir (server stopped) and restore an older backup if it reports damage.' });
      migrations = appliedMigrations(copy);
    } finally {
      copy.close();
    }
    const paths = [DB_FILE];
    if (o.withKey && key.key) {
      await writeFile(join(tmp, KEY_FILE), `${key.key.toString('base64')}\n`, { mode: 0o600 });
      paths.push(KEY_FILE);
    }
    let artifactFiles: string[] = [];
    if (o.artifactsDir) {
      artifactFiles = (await copyTree(o.artifactsDir, join(tmp, ARTIFACTS_DIR))).map((f) => `${ARTIFACTS_DIR}/${f}`);
      paths.push(...artifactFiles);
    }
    const files = [];
    for (const p of paths) files.push(await describeFile(tmp, p));
    await chmod(join(tmp, DB_FILE), 0o600);
    const artifactBytes = files.filter((f) => f.path.startsWith(`${ARTIFACTS_DIR}/`)).reduce((n, f) => n + f.size, 0);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      svcVersion: o.svcVersion,
      createdAt: new Date().toISOString(),
      schema: { level: migrations[migrations.length - 1] ?? '', migrations },
      secretKey: { included: o.withKey, source: key.source, fingerprint: key.key ? keyFingerprint(key.key) : null },
      artifacts: { included: !!o.artifactsDir, files: artifactFiles.length, bytes: artifactBytes },
      totalBytes: files.reduce((n, f) => n + f.size, 0),
      files,
    };
    await writeFile(join(tmp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(tmp, dest);
    return { path: dest, manifest };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

export interface RestoreOptions {
  dataDir: string;
  /** The backup directory. */
  from: string;
  /** Replace an existing database (and key, and artifacts when the backup has them). */
  force: boolean;
  /** Where the data dir's server keeps artifacts (default `<dataDir>/artifacts`). */
  artifactsDir: string;
  /** Migration names this build knows. */
  knownMigrations: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export interface RestoreResult {
  dataDir: string;
  from: string;
  svcVersion: string;
  createdAt: string;
  schema: { level: string; relation: 'same' | 'older' };
  secretKey: { restored: boolean; status: KeyStatus; source: 'file' | 'env' | 'none' };
  artifacts: { restored: boolean; files: number; dir: string | null };
  warnings: string[];
}

const damaged = (from: string, problems: string[]) =>
  new SvcError('VALIDATION_ERROR', `restore: ${from} is damaged: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`, {
    nextAction: 'Nothing was changed. Restore another backup (or copy this one again from where it is kept).',
  });

/** Reads and checks a backup directory: manifest, every file's size and checksum, the schema level. */
export async function checkBackup(from: string, knownMigrations: readonly string[]): Promise<{ manifest: BackupManifest; relation: 'same' | 'older' }> {
  const dir = resolve(from);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new SvcError('NOT_FOUND', `restore: no backup directory at ${dir}`, { nextAction: 'Give the directory `svc-server backup DIR` wrote.' });
  }
  if (!existsSync(join(dir, MANIFEST_FILE))) {
    throw new SvcError('VALIDATION_ERROR', `restore: ${dir} has no ${MANIFEST_FILE}: it is not an svc backup (or it is incomplete)`, { nextAction: 'Give the directory `svc-server backup DIR` wrote.' });
  }
  const { manifest, problems } = parseManifest(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
  if (!manifest) throw damaged(dir, problems);
  const schema = compareSchema(manifest.schema.migrations, knownMigrations);
  if (schema.relation === 'newer') {
    throw new SvcError('VALIDATION_ERROR', `restore: the backup's database schema is newer than this svc knows (backup made by svc ${manifest.svcVersion}; unknown migrations: ${schema.unknown.join(', ')})`, {
      nextAction: `Nothing was changed. Install svc ${manifest.svcVersion} or later and run its svc-server restore.`,
    });
  }
  const bad = await verifyFiles(dir, manifest);
  if (bad.length) throw damaged(dir, bad);
  return { manifest, relation: schema.relation };
}

export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const env = o.env ?? process.env;
  const from = resolve(o.from);
  const dataDir = resolve(o.dataDir);
  const { manifest, relation } = await checkBackup(from, o.knownMigrations);
  const inUse = () => {
    if (databaseInUse(dataDir)) {
      throw new SvcError('CONFLICT', `restore: the database in ${dataDir} is in use (a running svc-server start, worker or other command has it open)`, {
        nextAction: 'Nothing was changed. Stop the server (SIGTERM) and run restore again.',
      });
    }
  };
  inUse();
  const target = join(dataDir, DB_FILE);
  if (existsSync(target) && !o.force) {
    throw new SvcError('CONFLICT', `restore: ${dataDir} already holds a database`, {
      nextAction: 'Nothing was changed. Restore into an empty data dir, or give --force to replace its database (back it up first).',
    });
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const stage = join(dataDir, `.restore-${process.pid}-${randomBytes(4).toString('hex')}`);
  const artifactsStage = `${resolve(o.artifactsDir)}.restore-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(stage, { mode: 0o700 });
  try {
    // Copy, then check the copy: what is renamed in is exactly what the manifest describes.
    const dbFile = manifest.files.find((f) => f.path === DB_FILE)!;
    await copyFile(join(from, DB_FILE), join(stage, DB_FILE));
    if ((await sha256File(join(stage, DB_FILE))) !== dbFile.sha256) throw damaged(from, [`${DB_FILE} changed while it was copied`]);
    const copy = new BetterSqlite3(join(stage, DB_FILE), { fileMustExist: true, readonly: true });
    try {
      const bad = quickCheck(copy);
      if (bad) throw damaged(from, [`${DB_FILE} fails SQLite's check: ${bad}`]);
      const migrations = appliedMigrations(copy);
      if (migrations.join(',') !== manifest.schema.migrations.join(',')) throw damaged(from, [`${DB_FILE} holds migrations ${migrations.join(', ') || 'none'}, the manifest says ${manifest.schema.migrations.join(', ') || 'none'}`]);
    } finally {
      copy.close();
    }
    await chmod(join(stage, DB_FILE), 0o600);
    if (manifest.secretKey.included) {
      parseSecretKey(await readFile(join(from, KEY_FILE), 'utf8'));
      await copyFile(join(from, KEY_FILE), join(stage, KEY_FILE));
      await chmod(join(stage, KEY_FILE), 0o600);
    }
    let artifactCount = 0;
    if (manifest.artifacts.included) {
      artifactCount = (await copyTree(join(from, ARTIFACTS_DIR), artifactsStage)).length;
    }

    // Swap in. The server is checked once more: it might have started meanwhile.
    inUse();
    // A -wal or -shm left by the old database would be replayed into the restored one.
    for (const suffix of ['-wal', '-shm', '-journal']) await rm(`${target}${suffix}`, { force: true });
    await rename(join(stage, DB_FILE), target);
    if (manifest.secretKey.included) await rename(join(stage, KEY_FILE), join(dataDir, KEY_FILE));
    if (manifest.artifacts.included) {
      const dir = resolve(o.artifactsDir);
      const old = `${dir}.old-${process.pid}-${randomBytes(4).toString('hex')}`;
      const had = existsSync(dir);
      if (had) await rename(dir, old);
      await mkdir(dirname(dir), { recursive: true });
      if (existsSync(artifactsStage)) await rename(artifactsStage, dir);
      else await mkdir(dir, { recursive: true });
      if (had) await rm(old, { recursive: true, force: true });
    }

    const warnings: string[] = [];
    const now = currentKey(dataDir, env);
    const want = manifest.secretKey.fingerprint;
    const status: KeyStatus = !want ? 'no-key-in-backup' : !now.key ? 'missing' : keyFingerprint(now.key) === want ? 'match' : 'mismatch';
    if (status === 'missing') {
      warnings.push(
        `the backup does not hold the secret key and ${join(dataDir, KEY_FILE)} does not exist: copy the original secret.key (key fingerprint ${want}) there before starting the server, or set SVC_SECRET_KEY to it. ` +
          'A server started without it creates a new key: requests that read a project with a stored credential (password, static credential, auto-auth secret) then fail with an internal error (svc exit 1) and its runs fail, until the original key is back.',
      );
    } else if (status === 'mismatch') {
      warnings.push(
        now.source === 'env'
          ? `SVC_SECRET_KEY is not the key this backup's credentials were encrypted with (fingerprint ${want}): start the server with the original key, or the stored credentials cannot be read.`
          : `${join(dataDir, KEY_FILE)} is not the key this backup's credentials were encrypted with (fingerprint ${want}): replace it with the original secret.key before starting the server, or the stored credentials cannot be read.`,
      );
    }
    return {
      dataDir,
      from,
      svcVersion: manifest.svcVersion,
      createdAt: manifest.createdAt,
      schema: { level: manifest.schema.level, relation },
      secretKey: { restored: manifest.secretKey.included, status, source: now.source },
      artifacts: { restored: manifest.artifacts.included, files: artifactCount, dir: manifest.artifacts.included ? resolve(o.artifactsDir) : null },
      warnings,
    };
  } finally {
    await rm(stage, { recursive: true, force: true });
    await rm(artifactsStage, { recursive: true, force: true });
  }
}
