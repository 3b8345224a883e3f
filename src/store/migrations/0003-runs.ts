import type { Kysely } from 'kysely';

const cascade = (c: any, ref: string) => c.notNull().references(ref).onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => cascade(c, 'projects.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('batches_project').on('batches').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('batches_status').on('batches').column('status').execute();

  await db.schema
    .createTable('runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => cascade(c, 'batches.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('test_id', 'text', (c) => cascade(c, 'tests.id'))
    .addColumn('test_name', 'text', (c) => c.notNull())
    .addColumn('test_type', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('wave', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('verdict', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target_url', 'text')
    .addColumn('code_version', 'integer')
    .addColumn('snapshot', 'text')
    .addColumn('reason', 'text')
    .addColumn('failure', 'text')
    .addColumn('produced', 'text')
    .addColumn('consumed', 'text')
    .addColumn('api_output', 'text')
    .addColumn('trace', 'text')
    .addColumn('assertions', 'text')
    .addColumn('analysis', 'text')
    .addColumn('extra', 'text')
    .addColumn('replay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('runs_batch').on('runs').column('batch_id').execute();
  await db.schema.createIndex('runs_test').on('runs').columns(['test_id', 'created_at']).execute();

  await db.schema
    .createTable('run_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => cascade(c, 'batches.id'))
    .addColumn('run_id', 'text')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_headers', 'text', (c) => c.notNull())
    .addColumn('request_body', 'text')
    .addColumn('status', 'integer')
    .addColumn('response_headers', 'text', (c) => c.notNull())
    .addColumn('response_body', 'text')
    .addColumn('latency_ms', 'double precision', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('run_calls_batch').on('run_calls').columns(['batch_id', 'started_at']).execute();
  await db.schema.createIndex('run_calls_run').on('run_calls').column('run_id').execute();

  await db.schema
    .createTable('run_steps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'text', (c) => cascade(c, 'runs.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('run_steps_run').on('run_steps').columns(['run_id', 'idx']).execute();

  await db.schema
    .createTable('variables')
    .addColumn('batch_id', 'text', (c) => cascade(c, 'batches.id'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('producer_test_id', 'text', (c) => c.notNull())
    .addColumn('producer_run_id', 'text', (c) => c.notNull())
    .addColumn('consumers', 'text', (c) => c.notNull())
    .addColumn('handle', 'text')
    .addColumn('deleted_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('variables_pk', ['batch_id', 'name'])
    .execute();
  await db.schema.createIndex('variables_project').on('variables').columns(['project_id', 'name', 'created_at']).execute();

  await db.schema
    .createTable('cleanup_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => cascade(c, 'batches.id'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('resource_url', 'text', (c) => c.notNull())
    .addColumn('resource_path', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('source_endpoint', 'text', (c) => c.notNull())
    .addColumn('delete_endpoint', 'text')
    .addColumn('parent_path', 'text')
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('origin_batch_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('cleanup_batch').on('cleanup_records').column('batch_id').execute();
  await db.schema.createIndex('cleanup_project').on('cleanup_records').columns(['project_id', 'status']).execute();

  await db.schema
    .createTable('chains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => cascade(c, 'batches.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['jobs', 'chains', 'cleanup_records', 'variables', 'run_steps', 'run_calls', 'runs', 'batches']) await db.schema.dropTable(t).execute();
}
