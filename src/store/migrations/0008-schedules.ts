import type { Kysely } from 'kysely';

const cascade = (c: any, ref: string) => c.notNull().references(ref).onDelete('cascade');

/**
 * Schedules and failure webhooks. `schedule_runs` holds one row per (project, due time): its unique
 * key is what makes a due time start exactly one batch however many API processes tick at once.
 * A row is also written for due times missed while no server ran (kind 'missed', one per range).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text')
    .addColumn('days', 'text')
    .addColumn('cron', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('next_due_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedules_due').on('schedules').columns(['enabled', 'next_due_at']).execute();

  await db.schema
    .createTable('schedule_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => cascade(c, 'projects.id'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text')
    .addColumn('missed_until', 'text')
    .addColumn('missed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('schedule_runs_due', ['project_id', 'due_at'])
    .execute();
  await db.schema.createIndex('schedule_runs_project').on('schedule_runs').columns(['project_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('schedule_runs_status').on('schedule_runs').columns(['status', 'claimed_until']).execute();

  await db.schema
    .createTable('project_webhooks')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('notify', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => cascade(c, 'projects.id'))
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt_log', 'text', (c) => c.notNull())
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_project').on('webhook_deliveries').columns(['project_id', 'created_at']).execute();
  // Finished batches are scanned for failures to notify about, newest first.
  await db.schema.createIndex('batches_finished').on('batches').columns(['project_id', 'finished_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('batches_finished').execute();
  for (const t of ['webhook_deliveries', 'project_webhooks', 'schedule_runs', 'schedules']) await db.schema.dropTable(t).execute();
}
