import type { Kysely } from 'kysely';

const project = (c: any) => c.notNull().references('projects.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project_specs')
    .addColumn('project_id', 'text', (c) => project(c).primaryKey())
    .addColumn('prd_filename', 'text')
    .addColumn('prd_bytes', 'integer')
    .addColumn('prd_text', 'text')
    .addColumn('prd_uploaded_at', 'text')
    .addColumn('feature_map', 'text')
    .addColumn('features_extracted_at', 'text')
    .addColumn('docs_format', 'text')
    .addColumn('docs_title', 'text')
    .addColumn('endpoints', 'text')
    .addColumn('docs_warnings', 'text')
    .addColumn('probes', 'text')
    .addColumn('probed_at', 'text')
    .addColumn('plan_instructions', 'text')
    .addColumn('plan_warnings', 'text')
    .addColumn('plan_generated_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('explorations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', project)
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('with_account', 'integer', (c) => c.notNull())
    .addColumn('only_features', 'text', (c) => c.notNull())
    .addColumn('signed_in', 'integer')
    .addColumn('sign_in_error', 'text')
    .addColumn('error', 'text')
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('artifacts_dir', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('explorations_project').on('explorations').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('plan_cases')
    .addColumn('project_id', 'text', project)
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('selected', 'integer', (c) => c.notNull())
    .addColumn('test_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_cases_pk', ['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_cases').execute();
  await db.schema.dropTable('explorations').execute();
  await db.schema.dropTable('project_specs').execute();
}
