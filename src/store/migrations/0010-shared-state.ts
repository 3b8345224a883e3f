import type { Kysely } from 'kysely';

/**
 * State several API processes on one database must share (README "Self-hosting and scale-out"):
 * `rate_limits` counts each key's triggers per fixed one-minute window, so the trigger limit holds
 * across every API process behind a balancer; `jobs_ref` finds an exploration's job (its queue
 * state says whether a worker still holds it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['key_id', 'window_start'])
    .execute();
  await db.schema.createIndex('jobs_ref').on('jobs').columns(['ref_id', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_ref').execute();
  await db.schema.dropTable('rate_limits').execute();
}
