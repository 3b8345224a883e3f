import type { Kysely } from 'kysely';
import type { CoreTables } from './schema-core.js';
import type { ProjectTables } from './schema-projects.js';

/** The whole database: each area declares its tables in its own schema-*.ts file. */
export interface Database extends CoreTables, ProjectTables {}

export type Db = Kysely<Database>;
