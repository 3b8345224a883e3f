import type { Kysely } from 'kysely';
import type { CoreTables } from './schema-core.js';
import type { ProjectTables } from './schema-projects.js';
import type { RunTables } from './schema-runs.js';
import type { GenerationTables } from './schema-generation.js';
import type { ChatTables } from './schema-chat.js';
import type { ScheduleTables } from './schema-schedules.js';
import type { RetentionTables } from './schema-retention.js';
import type { SharedStateTables } from './schema-shared-state.js';

/** The whole database: each area declares its tables in its own schema-*.ts file. */
export interface Database extends CoreTables, ProjectTables, RunTables, GenerationTables, ChatTables, ScheduleTables, RetentionTables, SharedStateTables {}

export type Db = Kysely<Database>;
