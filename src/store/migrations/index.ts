import type { Migration } from 'kysely';
import * as m0001 from './0001-core.js';
import * as m0002 from './0002-projects-tests.js';
import * as m0003 from './0003-runs.js';
import * as m0004 from './0004-generation.js';
import * as m0005 from './0005-portal-sessions.js';
import * as m0006 from './0006-test-chat.js';
import * as m0007 from './0007-exploration-live.js';
import * as m0008 from './0008-schedules.js';
import * as m0009 from './0009-retention.js';
import * as m0010 from './0010-shared-state.js';

/** Versioned migrations, applied in name order. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-projects-tests': m0002,
  '0003-runs': m0003,
  '0004-generation': m0004,
  '0005-portal-sessions': m0005,
  '0006-test-chat': m0006,
  '0007-exploration-live': m0007,
  '0008-schedules': m0008,
  '0009-retention': m0009,
  '0010-shared-state': m0010,
};
