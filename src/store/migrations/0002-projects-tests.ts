import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_from', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('username', 'text')
    .addColumn('password', 'text')
    .addColumn('instruction', 'text')
    .addColumn('credential', 'text')
    .addColumn('auto_auth', 'text')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_user').on('projects').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_from', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('priority', 'text')
    .addColumn('plan_steps', 'text')
    .addColumn('code', 'text')
    .addColumn('code_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('produces', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('consumes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('category', 'text')
    .addColumn('resolved_script', 'text')
    .addColumn('last_run_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tests_project').on('tests').columns(['project_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tests').execute();
  await db.schema.dropTable('projects').execute();
}
