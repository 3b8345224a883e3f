import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Schedules (SPEC.md 1, 3.6, 4.7): a project reruns on a cadence — daily, weekly or a cron
 * expression in an IANA time zone — as `test run --all` with source `schedule`. Failure
 * notifications (a signed webhook per project) are an extension: SPEC.md 6 names no event stream.
 */
export const SCHEDULE_KINDS = ['daily', 'weekly', 'cron'] as const;
export const NOTIFY_MODES = ['schedule', 'all'] as const;

export const ScheduleSetBody = z
  .object({
    kind: z.enum(SCHEDULE_KINDS, { error: 'kind must be daily, weekly or cron' }).optional().describe('Omit to keep the stored cadence'),
    at: z.string().max(5).optional().describe('daily, weekly: HH:MM'),
    days: z.string().max(100).optional().describe('weekly: mon,thu or mon-fri or weekdays'),
    cron: z.string().max(200).optional().describe("cron: five fields, e.g. '0 6 * * 1-5'"),
    timeZone: z.string().max(100).optional().describe('IANA zone (default UTC)'),
    webhookUrl: z.string().max(2048).nullable().optional().describe('Failure webhook URL; null removes it'),
    notify: z.enum(NOTIFY_MODES, { error: 'notify must be schedule or all' }).optional().describe('schedule: failed scheduled runs (default); all: any failed run'),
    rotateSecret: z.boolean().optional().describe('New signing secret (shown once)'),
  })
  .meta({ id: 'ScheduleSet' });
export type ScheduleSetBody = z.infer<typeof ScheduleSetBody>;

export const ScheduleRunView = z
  .object({
    dueAt: Timestamp.describe('The due time this run was for'),
    status: z.enum(['starting', 'queued', 'failed']).describe('queued: its batch was created and queued; failed: it could not be started (error says why)'),
    catchUp: z.boolean().describe('Started late, after the server was down at its due time'),
    batchId: z.string().nullable(),
    batchStatus: z.string().nullable().describe('queued, running, passed, failed, blocked or cancelled'),
    error: z.string().nullable(),
    startedAt: Timestamp,
    dashboard: z.string().nullable(),
  })
  .meta({ id: 'ScheduleRun' });

export const ScheduleMissView = z
  .object({
    from: Timestamp.describe('First missed due time'),
    until: Timestamp.describe('Last missed due time'),
    count: z.number().int().describe('Due times missed in that range (counted up to 1000)'),
    recordedAt: Timestamp,
  })
  .meta({ id: 'ScheduleMiss' });

export const WebhookDeliveryView = z
  .object({
    id: z.string(),
    event: z.string().describe('run.failed or schedule.failed'),
    batchId: z.string().nullable(),
    status: z.enum(['pending', 'delivering', 'delivered', 'failed']).describe('failed: every attempt was refused or went unanswered'),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable().describe('HTTP status of the last attempt (null: no answer)'),
    lastError: z.string().nullable(),
    nextAttemptAt: Timestamp.nullable(),
    createdAt: Timestamp,
    deliveredAt: Timestamp.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const ScheduleView = z
  .object({
    projectId: z.string(),
    schedule: z
      .object({
        kind: z.enum(SCHEDULE_KINDS),
        at: z.string().nullable(),
        days: z.array(z.string()).nullable(),
        cron: z.string().nullable(),
        timeZone: z.string(),
        pattern: z.string().describe('The cron pattern the cadence stands for'),
        enabled: z.boolean(),
        nextRuns: z.array(Timestamp).describe('The next due times (none while disabled)'),
        updatedAt: Timestamp,
      })
      .nullable(),
    recent: z.array(ScheduleRunView).describe('The latest scheduled runs, newest first'),
    misses: z.array(ScheduleMissView).describe('Due times missed while the server was down, newest first'),
    webhook: z
      .object({
        url: z.string(),
        notify: z.enum(NOTIFY_MODES),
        secret: z.string().describe('Signing secret: in full only in the response that issued it, masked afterwards'),
        secretShown: z.boolean().describe('true: secret is the full value; store it now, it is not shown again'),
        signatureHeader: z.string(),
        updatedAt: Timestamp,
      })
      .nullable(),
    deliveries: z.array(WebhookDeliveryView).describe('The latest webhook deliveries, newest first'),
  })
  .meta({ id: 'ScheduleView' });
export type ScheduleView = z.infer<typeof ScheduleView>;

const byId = z.object({ projectId: Id });

export const getSchedule = endpoint({
  id: 'project.schedule-get',
  method: 'GET',
  path: '/projects/{projectId}/schedule',
  tag: 'schedules',
  summary: "The project's schedule, its next due times, recent scheduled runs, misses and webhook deliveries",
  scope: 'read:projects',
  params: byId,
  query: z.object({ next: z.coerce.number().int().min(1).max(20).default(3).describe('How many next due times to list (1-20)') }),
  response: ScheduleView,
});

export const setSchedule = endpoint({
  id: 'project.schedule-set',
  method: 'PUT',
  path: '/projects/{projectId}/schedule',
  tag: 'schedules',
  summary: 'Set (and enable) the cadence and/or the failure webhook',
  scope: 'write:projects',
  params: byId,
  body: ScheduleSetBody,
  response: ScheduleView,
  idempotent: true,
});

export const disableSchedule = endpoint({
  id: 'project.schedule-disable',
  method: 'POST',
  path: '/projects/{projectId}/schedule/disable',
  tag: 'schedules',
  summary: 'Stop the cadence; the stored cadence and the webhook are kept',
  scope: 'write:projects',
  params: byId,
  response: ScheduleView,
});

export const SCHEDULE_ENDPOINTS = [getSchedule, setSchedule, disableSchedule];

/** Header names of a webhook delivery (README, "Schedules and notifications"). */
export const WEBHOOK_HEADERS = { signature: 'X-Svc-Signature', timestamp: 'X-Svc-Timestamp', event: 'X-Svc-Event', delivery: 'X-Svc-Delivery' } as const;
