import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The database `scripts/setup-postgres.sh` creates (CI runs it); override with SVC_TEST_DATABASE_URL. */
export const ADMIN_URL = process.env.SVC_TEST_DATABASE_URL ?? 'postgres://svc:svc@127.0.0.1:5432/svc_test';

/** A fresh, empty database for one test file; drop() removes it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`PostgreSQL is not reachable at ${ADMIN_URL} (${(err as Error).message}): run 'bash scripts/setup-postgres.sh' (as root) first; .ci/run does`);
  }
  const name = `svc_e2e_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        // A backend of another role on the database (an autovacuum worker just started on it) cannot be
        // terminated by this role: it ends on its own within moments, so the drop is tried again.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (err) {
            if ((err as { code?: string }).code !== '42501' || attempt >= 10) throw err;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
