import type { Kysely } from 'kysely';

/**
 * Retention (README "Retention"): `maintenance_leases` holds one row per kind of maintenance (today
 * `prune`). A process claims the row with a conditional upsert before it prunes, so however many
 * API processes share a PostgreSQL database only one prunes at a time, and a dead holder's lease
 * lapses. The row also records when the last pass ended and what it did, so the background job
 * runs once per interval across processes, not once per process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('maintenance_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_summary', 'text')
    .execute();
  // Prune reads batches by age and status; runs by test (runs_test) exists already.
  await db.schema.createIndex('batches_created').on('batches').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('batches_created').execute();
  await db.schema.dropTable('maintenance_leases').execute();
}
