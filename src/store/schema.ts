import type { Kysely } from 'kysely';
import type { CoreTables } from './schema-core.js';
import type { ProjectTables } from './schema-projects.js';
import type { RunTables } from './schema-runs.js';
import type { GenerationTables } from './schema-generation.js';
import type { ChatTables } from './schema-chat.js';

/** The whole database: each area declares its tables in its own schema-*.ts file. */
export interface Database extends CoreTables, ProjectTables, RunTables, GenerationTables, ChatTables {}

export type Db = Kysely<Database>;
