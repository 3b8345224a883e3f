import type { Db } from './schema.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims the named maintenance lease for `holder` for `ms`: a conditional update of one row, so of
 * several processes (on one PostgreSQL database, or the API and a `svc-server prune` on SQLite)
 * exactly one gets it; a holder that died loses it when it lapses. Renewing is claiming again.
 */
export async function claimLease(db: Db, name: string, holder: string, ms: number): Promise<boolean> {
  await db.insertInto('maintenance_leases').values({ name, holder: null, lease_until: null, last_finished_at: null, last_summary: null }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const now = iso(Date.now());
  const res = await db
    .updateTable('maintenance_leases')
    .set({ holder, lease_until: iso(Date.now() + ms) })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', 'is', null), eb('lease_until', '<', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives the lease back, recording when the pass ended and what it did. */
export async function releaseLease(db: Db, name: string, holder: string, summary?: unknown): Promise<void> {
  const done = summary === undefined ? {} : { last_finished_at: iso(Date.now()), last_summary: JSON.stringify(summary) };
  await db.updateTable('maintenance_leases').set({ holder: null, lease_until: null, ...done }).where('name', '=', name).where('holder', '=', holder).execute();
}

/** The lease row: who holds it and when the last pass ended. */
export function leaseOf(db: Db, name: string) {
  return db.selectFrom('maintenance_leases').selectAll().where('name', '=', name).executeTakeFirst();
}
