import { setTimeout as sleep } from 'node:timers/promises';
import type { Selectable } from 'kysely';
import { SvcError } from '../contract/errors.js';
import type { ScheduleRunsTable, SchedulesTable } from '../store/schema-schedules.js';
import { getKey } from '../store/repos/keys.js';
import { decideDue } from '../util/cadence.js';
import { newId, nowIso } from '../util/ids.js';
import type { ServerDeps } from './context.js';
import { cadenceOf } from './schedule-view.js';
import { engineOf } from './services.js';
import { WebhookNotifier } from './webhooks.js';

/** Schedules handled and stalled starts resumed per tick, at most: a tick's work stays bounded. */
const PER_TICK = 20;
/** How long a process owns a start it claimed before another may resume it. */
const CLAIM_MS = 60_000;
/** Scheduled runs and misses kept per project (a per-minute cron writes 1440 a day). */
const KEEP_RUNS = 200;

export interface SchedulerOptions {
  /** Between two ticks (SVC_SCHEDULER_TICK_MS, default 15 s). */
  tickMs: number;
  /** A run later than this after its due time is a catch-up (default 5 minutes). */
  graceMs: number;
  log(msg: string): void;
}

export function schedulerOptionsFromEnv(env: NodeJS.ProcessEnv, log: (m: string) => void): SchedulerOptions {
  const num = (v: string | undefined, d: number, min: number) => (Number.isFinite(Number(v)) && Number(v) >= min ? Number(v) : d);
  return { tickMs: num(env.SVC_SCHEDULER_TICK_MS, 15_000, 50), graceMs: num(env.SVC_SCHEDULE_GRACE_MS, 300_000, 0), log };
}

/**
 * The scheduler of every API process (`svc-server start`, with or without --no-workers). Any number
 * of them may tick against one database: a due time is taken by a compare-and-set on the
 * schedule's next_due_at, and recorded under the unique key (project, due time) together with the
 * batch id it will create, so each due time starts exactly one batch; a start left half done by a
 * process that died is resumed once its claim lapses. The batch goes through the normal queue with
 * source 'schedule', like `test run --all`, charged to the key that set the schedule.
 */
export class Scheduler {
  private stopped = false;
  private readonly abort = new AbortController();
  private loops: Promise<void>[] = [];
  readonly notifier: WebhookNotifier;

  constructor(
    private readonly deps: ServerDeps,
    private readonly opts: SchedulerOptions,
  ) {
    this.notifier = new WebhookNotifier(deps, opts.log, this.abort.signal);
  }

  start(): void {
    this.loops = [this.loop('schedules', () => this.tick()), this.loop('notifications', () => this.notifier.tick())];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await Promise.allSettled(this.loops);
  }

  private async loop(name: string, work: () => Promise<void>): Promise<void> {
    while (!this.stopped) {
      await work().catch((err) => this.opts.log(`${name}: ${err instanceof Error ? err.message : err}`));
      if (this.stopped) break;
      await sleep(this.opts.tickMs, undefined, { signal: this.abort.signal }).catch(() => undefined);
    }
  }

  /** One pass: due schedules first, then starts another process left unfinished. */
  async tick(now = new Date()): Promise<void> {
    const db = this.deps.store.db;
    const due = await db.selectFrom('schedules').selectAll().where('enabled', '=', 1).where('next_due_at', '<=', now.toISOString()).orderBy('next_due_at').limit(PER_TICK).execute();
    for (const s of due) {
      if (this.stopped) return;
      const claimed = await this.claim(s, now);
      if (claimed) await this.startRun(claimed, s);
    }
    const stalled = await db.selectFrom('schedule_runs').selectAll().where('status', '=', 'starting').where('claimed_until', '<', now.toISOString()).limit(PER_TICK).execute();
    for (const r of stalled) {
      if (this.stopped) return;
      const res = await db.updateTable('schedule_runs').set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(), updated_at: nowIso() }).where('id', '=', r.id).where('status', '=', 'starting').where('claimed_until', '=', r.claimed_until).executeTakeFirst();
      const s = await db.selectFrom('schedules').selectAll().where('project_id', '=', r.project_id).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1 && s) await this.startRun(r, s);
    }
  }

  /** Takes the due time for this process, or returns undefined when another process took it. */
  private async claim(s: Selectable<SchedulesTable>, now: Date): Promise<Selectable<ScheduleRunsTable> | undefined> {
    let d: ReturnType<typeof decideDue>;
    try {
      d = decideDue(cadenceOf(s), new Date(s.next_due_at!), now, this.opts.graceMs);
    } catch (err) {
      this.opts.log(`schedule of ${s.project_id} cannot be computed (${(err as Error).message}); it is disabled`);
      await this.deps.store.db.updateTable('schedules').set({ enabled: 0, next_due_at: null }).where('project_id', '=', s.project_id).where('next_due_at', '=', s.next_due_at).execute();
      return undefined;
    }
    if (!d.fire) return undefined;
    const at = now.toISOString();
    const run: Selectable<ScheduleRunsTable> = {
      id: newId('srn'),
      project_id: s.project_id,
      due_at: d.fire.toISOString(),
      kind: d.catchUp ? 'catch-up' : 'on-time',
      status: 'starting',
      batch_id: newId('bat'),
      missed_until: null,
      missed_count: 0,
      error: null,
      claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(),
      created_at: at,
      updated_at: at,
    };
    return this.deps.store.db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('schedules').set({ next_due_at: d.next?.toISOString() ?? null }).where('project_id', '=', s.project_id).where('enabled', '=', 1).where('next_due_at', '=', s.next_due_at).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return undefined;
      if (d.missed) {
        await trx
          .insertInto('schedule_runs')
          .values({ ...run, id: newId('srn'), due_at: d.missed.first.toISOString(), kind: 'missed', status: 'missed', batch_id: null, missed_until: d.missed.last.toISOString(), missed_count: d.missed.count, claimed_until: null })
          .onConflict((oc) => oc.columns(['project_id', 'due_at']).doNothing())
          .execute();
      }
      const ins = await trx.insertInto('schedule_runs').values(run).onConflict((oc) => oc.columns(['project_id', 'due_at']).doNothing()).executeTakeFirst();
      return Number(ins.numInsertedOrUpdatedRows ?? 0) === 1 ? run : undefined;
    });
  }

  /** Creates and queues the batch of a claimed due time (the id recorded with the claim), or records why it could not start. */
  private async startRun(run: Selectable<ScheduleRunsTable>, s: Selectable<SchedulesTable>): Promise<void> {
    const db = this.deps.store.db;
    const batchId = run.batch_id!;
    const finish = async (status: 'queued' | 'failed', error: string | null) => {
      await db.updateTable('schedule_runs').set({ status, error, claimed_until: null, updated_at: nowIso() }).where('id', '=', run.id).where('status', '=', 'starting').execute();
      const oldest = await db.selectFrom('schedule_runs').select('due_at').where('project_id', '=', run.project_id).orderBy('due_at', 'desc').limit(1).offset(KEEP_RUNS).executeTakeFirst();
      if (oldest) await db.deleteFrom('schedule_runs').where('project_id', '=', run.project_id).where('due_at', '<=', oldest.due_at).where('status', '!=', 'starting').execute();
    };
    const key = await getKey(db, s.key_id);
    let refusal: string | null = null;
    if (!key || key.revokedAt) refusal = "the key that set this schedule was revoked: set the schedule again with a valid key ('svc project schedule set')";
    else if (!key.scopes.includes('run:tests')) refusal = "the key that set this schedule lacks the 'run:tests' scope";
    if (!refusal) {
      try {
        const engine = engineOf(this.deps);
        const exists = await db.selectFrom('batches').select('id').where('id', '=', batchId).executeTakeFirst();
        if (!exists) {
          await engine.createBatches({ userId: s.user_id, keyId: s.key_id, source: 'schedule', projectId: s.project_id, kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: engine.frontendAvailable, batchId });
        }
        const job = await db.selectFrom('jobs').select('id').where('ref_id', '=', batchId).executeTakeFirst();
        if (!job) await engine.enqueueBatch(batchId);
        await finish('queued', null);
        this.opts.log(`schedule of ${s.project_id}: due ${run.due_at} started batch ${batchId}${run.kind === 'catch-up' ? ' (catch-up)' : ''}`);
        return;
      } catch (err) {
        if (!(err instanceof SvcError)) throw err; // a store error: the claim lapses and another tick resumes it
        refusal = `${err.message}${err.nextAction ? ` (${err.nextAction})` : ''}`;
      }
    }
    await finish('failed', refusal);
    this.opts.log(`schedule of ${s.project_id}: due ${run.due_at} could not start: ${refusal}`);
    await this.notifier.scheduleFailed(s.project_id, run.due_at, refusal);
  }
}
