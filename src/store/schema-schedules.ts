/** Schedules, their runs and misses, and failure webhooks (migration 0008). */
export interface SchedulesTable {
  project_id: string;
  user_id: string;
  /** The key that set the schedule: its runs are charged to it and stop if it is revoked. */
  key_id: string;
  /** daily | weekly | cron */
  kind: string;
  at: string | null;
  /** JSON array of weekday names (weekly). */
  days: string | null;
  cron: string | null;
  time_zone: string;
  enabled: number;
  /** The next due time not yet handled (ISO, UTC); null while disabled. */
  next_due_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScheduleRunsTable {
  id: string;
  project_id: string;
  /** The due time (ISO, UTC); for a 'missed' row the first missed due time. Unique per project. */
  due_at: string;
  /** on-time | catch-up | missed */
  kind: string;
  /** starting | queued | failed | missed */
  status: string;
  /** Chosen before the batch is created, so a process that resumes a stalled start can tell whether it exists. */
  batch_id: string | null;
  missed_until: string | null;
  missed_count: number;
  error: string | null;
  /** While 'starting': until when the process that claimed it owns it. */
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectWebhooksTable {
  project_id: string;
  user_id: string;
  url: string;
  /** The signing secret, encrypted at rest (secrets.ts). */
  secret: string;
  /** schedule | all */
  notify: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  project_id: string;
  /** batch:<id> or schedule:<project>:<due time>: one delivery per event, whoever notices it first. */
  event_key: string;
  event: string;
  batch_id: string | null;
  /** The JSON body, fixed when the delivery is created: every attempt sends the same bytes. */
  payload: string;
  /** pending | delivering | delivered | failed */
  status: string;
  attempts: number;
  /** JSON array of {at, status, error, ms}. */
  attempt_log: string;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  locked_until: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface ScheduleTables {
  schedules: SchedulesTable;
  schedule_runs: ScheduleRunsTable;
  project_webhooks: ProjectWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
