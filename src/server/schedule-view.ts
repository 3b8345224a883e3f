import type { Selectable } from 'kysely';
import { maskSecret } from '../contract/project-auth.js';
import { WEBHOOK_HEADERS, type ScheduleView } from '../contract/schedules.js';
import { parseJson } from '../store/db.js';
import type { Db } from '../store/schema.js';
import type { SchedulesTable } from '../store/schema-schedules.js';
import { nextDueTimes, patternOf, type Cadence, type CadenceKind, type Weekday } from '../util/cadence.js';

/** How many recent scheduled runs, misses and deliveries a view lists. */
const RECENT = 5;

export function cadenceOf(row: Pick<Selectable<SchedulesTable>, 'kind' | 'at' | 'days' | 'cron' | 'time_zone'>): Cadence {
  return { kind: row.kind as CadenceKind, at: row.at, days: parseJson<Weekday[] | null>(row.days, null), cron: row.cron, timeZone: row.time_zone };
}

/** The schedule resource of a project: cadence and next due times, recent runs, misses, webhook and deliveries. */
export async function scheduleView(db: Db, projectId: string, o: { publicUrl: string; next: number; now?: Date; revealedSecret?: string; secretOf?: (stored: string) => string }): Promise<ScheduleView> {
  const now = o.now ?? new Date();
  const [row, hook, runs, misses, deliveries] = await Promise.all([
    db.selectFrom('schedules').selectAll().where('project_id', '=', projectId).executeTakeFirst(),
    db.selectFrom('project_webhooks').selectAll().where('project_id', '=', projectId).executeTakeFirst(),
    db
      .selectFrom('schedule_runs')
      .leftJoin('batches', 'batches.id', 'schedule_runs.batch_id')
      .select(['schedule_runs.due_at', 'schedule_runs.status', 'schedule_runs.kind', 'schedule_runs.batch_id', 'schedule_runs.error', 'schedule_runs.created_at', 'batches.status as batch_status'])
      .where('schedule_runs.project_id', '=', projectId)
      .where('schedule_runs.kind', '!=', 'missed')
      .orderBy('schedule_runs.due_at', 'desc')
      .limit(RECENT)
      .execute(),
    db.selectFrom('schedule_runs').selectAll().where('project_id', '=', projectId).where('kind', '=', 'missed').orderBy('due_at', 'desc').limit(RECENT).execute(),
    db.selectFrom('webhook_deliveries').selectAll().where('project_id', '=', projectId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(RECENT).execute(),
  ]);
  let schedule: ScheduleView['schedule'] = null;
  if (row) {
    const cadence = cadenceOf(row);
    const enabled = row.enabled === 1;
    schedule = {
      kind: cadence.kind,
      at: cadence.at ?? null,
      days: cadence.days ?? null,
      cron: cadence.cron ?? null,
      timeZone: cadence.timeZone,
      pattern: patternOf(cadence),
      enabled,
      nextRuns: enabled ? nextDueTimes(cadence, now, o.next).map((d) => d.toISOString()) : [],
      updatedAt: row.updated_at,
    };
  }
  const dashboard = (batchId: string | null) => (batchId ? `${o.publicUrl}/portal/batches/${batchId}` : null);
  return {
    projectId,
    schedule,
    recent: runs.map((r) => ({
      dueAt: r.due_at,
      status: r.status as 'queued',
      catchUp: r.kind === 'catch-up',
      batchId: r.status === 'failed' ? null : r.batch_id,
      batchStatus: r.batch_status ?? null,
      error: r.error,
      startedAt: r.created_at,
      // No link to a batch that does not exist (yet, while starting; or any more, once pruned).
      dashboard: r.status === 'failed' || !r.batch_status ? null : dashboard(r.batch_id),
    })),
    misses: misses.map((m) => ({ from: m.due_at, until: m.missed_until ?? m.due_at, count: m.missed_count, recordedAt: m.created_at })),
    webhook: hook
      ? {
          url: hook.url,
          notify: hook.notify as 'schedule',
          secret: o.revealedSecret ?? maskSecret(o.secretOf ? o.secretOf(hook.secret) : '********'),
          secretShown: o.revealedSecret !== undefined,
          signatureHeader: WEBHOOK_HEADERS.signature,
          updatedAt: hook.updated_at,
        }
      : null,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      event: d.event,
      batchId: d.batch_id,
      status: d.status as 'pending',
      attempts: d.attempts,
      lastStatus: d.last_status,
      lastError: d.last_error,
      nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null,
      createdAt: d.created_at,
      deliveredAt: d.delivered_at,
    })),
  };
}
