import type { Kysely } from 'kysely';

/** Portal sessions in the database, so that they survive a restart and serve every API process. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_sessions_key').on('portal_sessions').columns(['key_id', 'created_at']).execute();
  await db.schema.createIndex('portal_sessions_expiry').on('portal_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portal_sessions').execute();
}
