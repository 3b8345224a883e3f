import type { Kysely } from 'kysely';

/**
 * An exploration's live record (JSON): the step each feature is on, its newest screenshot, and when
 * its explorer last wrote (a heartbeat), so any API process can follow it and tell a running one
 * from one cut short by a restart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('explorations').addColumn('live', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('explorations').dropColumn('live').execute();
}
