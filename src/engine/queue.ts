import { sql } from 'kysely';
import type { Db } from '../store/schema.js';
import { newId, nowIso } from '../util/ids.js';

export interface Job {
  id: string;
  kind: string;
  refId: string;
  attempts: number;
}

/** How long a claim lasts without a heartbeat; a dead worker's job is claimable after it. */
const LEASE_MS = Number(process.env.SVC_QUEUE_LEASE_MS) || 30_000;

/**
 * The durable job queue on the store's own database (SQLite embedded, PostgreSQL scale-out).
 * A claim is a conditional UPDATE, so two workers never take the same job; a worker renews its
 * lease while it works, and a job whose lease ran out (its worker died) can be claimed again.
 */
export class JobQueue {
  constructor(
    private readonly db: Db,
    readonly workerId: string,
  ) {}

  async enqueue(kind: string, refId: string): Promise<string> {
    const id = newId('job');
    const now = nowIso();
    await this.db.insertInto('jobs').values({ id, kind, ref_id: refId, status: 'queued', attempts: 0, locked_by: null, locked_until: null, created_at: now, updated_at: now }).execute();
    return id;
  }

  /** `except`: job kinds this worker leaves to others (a worker without a browser: explorations). */
  async claim(except: string[] = []): Promise<Job | undefined> {
    const now = nowIso();
    const candidates = await this.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'ref_id', 'attempts', 'status', 'locked_until'])
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]))
      .$if(except.length > 0, (q) => q.where('kind', 'not in', except))
      .orderBy('created_at')
      .limit(5)
      .execute();
    for (const c of candidates) {
      const res = await this.db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: this.workerId, locked_until: lease(), attempts: c.attempts + 1, updated_at: now })
        .where('id', '=', c.id)
        .where('status', '=', c.status)
        .where((eb) => (c.locked_until === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', c.locked_until)))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) return { id: c.id, kind: c.kind, refId: c.ref_id, attempts: c.attempts + 1 };
    }
    return undefined;
  }

  async heartbeat(jobId: string): Promise<void> {
    await this.db.updateTable('jobs').set({ locked_until: lease(), updated_at: nowIso() }).where('id', '=', jobId).where('locked_by', '=', this.workerId).execute();
  }

  async complete(jobId: string): Promise<void> {
    await this.db.updateTable('jobs').set({ status: 'done', locked_by: null, locked_until: null, updated_at: nowIso() }).where('id', '=', jobId).execute();
  }

  /** Embedded mode at start: no other worker can hold a lease, so every running job is ours to resume. */
  async releaseAll(): Promise<number> {
    const res = await this.db.updateTable('jobs').set({ status: 'queued', locked_by: null, locked_until: null, updated_at: nowIso() }).where('status', '=', 'running').executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async depth(): Promise<number> {
    const r = await this.db.selectFrom('jobs').select(sql<number>`count(*)`.as('n')).where('status', '!=', 'done').executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}

function lease(): string {
  return new Date(Date.now() + LEASE_MS).toISOString();
}
