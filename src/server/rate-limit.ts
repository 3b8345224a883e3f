import { sql } from 'kysely';
import { SvcError } from '../contract/errors.js';
import type { Db } from '../store/schema.js';

const WINDOW_MS = 60_000;

/**
 * Triggers per key in the last minute, counted in the database (`rate_limits`), so every API
 * process on one database, and the portal's reruns beside the API's, draw on one count per key.
 * Counts are kept per fixed one-minute window; the previous window weighs by the share of it still
 * inside the last 60 s (rounded up), so a burst across a window's edge is not let through twice.
 * A trigger takes its share with one conditional UPDATE: however many processes race, no more than
 * the limit get through, and a refused trigger takes nothing.
 */
export class TriggerLimiter {
  constructor(
    private readonly db: Db,
    private readonly perMinute: number,
  ) {}

  async check(keyId: string, count = 1, now = Date.now()): Promise<void> {
    const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const into = now - start;
    const windowStart = new Date(start).toISOString();
    const previousStart = new Date(start - WINDOW_MS).toISOString();
    const inserted = await this.db.insertInto('rate_limits').values({ key_id: keyId, window_start: windowStart, count: 0 }).onConflict((oc) => oc.columns(['key_id', 'window_start']).doNothing()).executeTakeFirst();
    // The key's first trigger of a window drops the windows before the previous one.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await this.db.deleteFrom('rate_limits').where('key_id', '=', keyId).where('window_start', '<', previousStart).execute();
    const counted = async (at: string) => Number((await this.db.selectFrom('rate_limits').select('count').where('key_id', '=', keyId).where('window_start', '=', at).executeTakeFirst())?.count ?? 0);
    const previous = await counted(previousStart);
    const room = this.perMinute - Math.ceil(previous * (1 - into / WINDOW_MS));
    const res = await this.db
      .updateTable('rate_limits')
      .set({ count: sql<number>`count + ${count}` })
      .where('key_id', '=', keyId)
      .where('window_start', '=', windowStart)
      .where(sql<boolean>`count + ${count} <= ${room}`)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return;
    const e = new SvcError('RATE_LIMITED', `trigger rate limit reached: at most ${this.perMinute} runs per minute per key`);
    e.retryAfter = retryAfter(this.perMinute, count, previous, await counted(windowStart), into);
    throw e;
  }
}

/** Seconds until `count` more fit (1–60): the previous window's weight decays, then this one's. */
function retryAfter(limit: number, count: number, previous: number, current: number, into: number): number {
  const room = limit - current - count;
  const wait = room >= 0 && previous > 0 ? WINDOW_MS * (1 - room / previous) - into : WINDOW_MS - into + (current > 0 ? WINDOW_MS * (1 - (limit - count) / current) : 0);
  return Math.min(60, Math.max(1, Math.ceil(Math.round(wait) / 1000)));
}
