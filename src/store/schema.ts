import type { Kysely } from 'kysely';
import type { CoreTables } from './schema-core.js';

/** The whole database: each area declares its tables in its own schema-*.ts file. */
export interface Database extends CoreTables {}

export type Db = Kysely<Database>;
