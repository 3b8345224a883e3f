import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationResultSet } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';
import type { ArtifactStore, ArtifactStoreConfig } from './artifacts/artifact-store.js';
import { openArtifactStore } from './artifacts/open.js';
import type { Database, Db } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Db;
  dialect: Dialect;
  dataDir: string;
  /** Where the SQLite file or the PostgreSQL database lives, for logs (no password). */
  location: string;
  /** Where finished runs' screenshots, video and traces are kept (every process reads them there). */
  artifacts: ArtifactStore;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite in dataDir/svc.db. */
  databaseUrl?: string;
  /** Default: the directory `<dataDir>/artifacts`. */
  artifacts?: ArtifactStoreConfig;
}

export function openStore(opts: StoreOptions): Store {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const artifacts = openArtifactStore(opts.dataDir, opts.artifacts);
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    // pg is loaded only for PostgreSQL (its client costs the embedded server ~50 ms of start-up).
    const { Pool } = createRequire(import.meta.url)('pg') as typeof import('pg');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const u = new URL(opts.databaseUrl);
    return {
      db,
      dialect: 'postgres',
      dataDir: opts.dataDir,
      location: `postgres://${u.host}${u.pathname}`,
      artifacts,
      close: () => (artifacts.close(), db.destroy()),
    };
  }
  const file = join(opts.dataDir, 'svc.db');
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: { prepare: cachedPrepare(sqlite), close: () => sqlite.close() } }) });
  return { db, dialect: 'sqlite', dataDir: opts.dataDir, location: file, artifacts, close: () => (artifacts.close(), db.destroy()) };
}

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query. Prepared
 * statements are reusable (Kysely runs each to completion before the next), so the most recently
 * used ones are kept, by SQL text. Transactions begin IMMEDIATE.
 */
function cachedPrepare(sqlite: BetterSqlite3.Database, max = 500) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return (text: string): BetterSqlite3.Statement => {
    // Two connections write (the API's and the engine thread's): a deferred transaction that read
    // first could not take the write lock later (SQLITE_BUSY at once, no waiting); one that takes
    // it up front waits its turn (busy_timeout).
    const sql = text === 'begin' ? 'begin immediate' : text;
    let stmt = cache.get(sql);
    if (stmt) cache.delete(sql);
    else stmt = sqlite.prepare(sql);
    cache.set(sql, stmt);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    return stmt;
  };
}

export async function migrate(store: Store): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'svc_migrations',
    migrationLockTableName: 'svc_migrations_lock',
  });
  const res = await migrator.migrateToLatest();
  if (res.error) throw res.error instanceof Error ? res.error : new Error(String(res.error));
  return res;
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
