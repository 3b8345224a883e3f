import { decodeToken, encodeToken } from '../../contract/common.js';
import { SvcError } from '../../contract/errors.js';
import type { Db } from '../schema.js';

/**
 * Keyset paging over a test's runs and steps. Tokens carry the position of the last item returned
 * (createdAt, runId[, step index]), so runs added while a client pages never shift or repeat items.
 */
interface Pos {
  c: string;
  r: string;
  i?: number;
}

function readPos(token: string | undefined, field: string, withIndex: boolean): Pos | undefined {
  if (token === undefined || token === '') return undefined;
  const p = decodeToken(token);
  if (!p || typeof p.c !== 'string' || typeof p.r !== 'string' || (withIndex && typeof p.i !== 'number')) {
    throw new SvcError('VALIDATION_ERROR', `${field}: not a token this server issued`, {
      nextAction: `Pass the ${field === 'cursor' ? 'nextCursor' : 'nextToken'} of a previous page unchanged, or omit it to start at the first page.`,
    });
  }
  return p as unknown as Pos;
}

export interface HistoryFilter {
  testId: string;
  userId: string;
  source?: string;
  since?: string;
  statuses?: string[];
  cursor?: string;
  limit: number;
}

export async function runHistory(db: Db, f: HistoryFilter) {
  const pos = readPos(f.cursor, 'cursor', false);
  let q = db
    .selectFrom('runs')
    .innerJoin('batches', 'batches.id', 'runs.batch_id')
    .selectAll('runs')
    .select(['batches.kind as batch_kind'])
    .where('runs.test_id', '=', f.testId)
    .where('runs.user_id', '=', f.userId);
  if (f.source) q = q.where('runs.source', '=', f.source);
  if (f.since) q = q.where('runs.created_at', '>=', new Date(f.since).toISOString());
  if (f.statuses?.length) q = q.where('runs.status', 'in', f.statuses);
  if (pos) q = q.where((eb) => eb.or([eb('runs.created_at', '<', pos.c), eb.and([eb('runs.created_at', '=', pos.c), eb('runs.id', '<', pos.r)])]));
  const rows = await q.orderBy('runs.created_at', 'desc').orderBy('runs.id', 'desc').limit(f.limit + 1).execute();
  const more = rows.length > f.limit;
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: more && last ? encodeToken({ c: last.created_at, r: last.id }) : null };
}

export interface StepFilter {
  testId: string;
  userId: string;
  runId?: string;
  token?: string;
  limit: number;
}

export async function stepLog(db: Db, f: StepFilter) {
  const pos = readPos(f.token, 'startingToken', true);
  let q = db
    .selectFrom('run_steps')
    .innerJoin('runs', 'runs.id', 'run_steps.run_id')
    .selectAll('run_steps')
    .select(['runs.created_at as run_created_at'])
    .where('runs.test_id', '=', f.testId)
    .where('runs.user_id', '=', f.userId);
  if (f.runId) q = q.where('runs.id', '=', f.runId);
  if (pos) {
    q = q.where((eb) =>
      eb.or([
        eb('runs.created_at', '<', pos.c),
        eb.and([eb('runs.created_at', '=', pos.c), eb('runs.id', '<', pos.r)]),
        eb.and([eb('runs.created_at', '=', pos.c), eb('runs.id', '=', pos.r), eb('run_steps.idx', '>', pos.i!)]),
      ]),
    );
  }
  const rows = await q.orderBy('runs.created_at', 'desc').orderBy('runs.id', 'desc').orderBy('run_steps.idx', 'asc').limit(f.limit + 1).execute();
  const more = rows.length > f.limit;
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return { rows: page, nextToken: more && last ? encodeToken({ c: last.run_created_at, r: last.run_id, i: last.idx }) : null };
}

/** Steps of one run, in order (diff, bundle). */
export async function runSteps(db: Db, runId: string) {
  return db.selectFrom('run_steps').selectAll().where('run_id', '=', runId).orderBy('idx').execute();
}
