import { z } from 'zod';
import { Id } from '../contract/common.js';
import { getSchedule, ScheduleView, WEBHOOK_HEADERS } from '../contract/schedules.js';
import { defineOp, READ } from './op.js';

const T0 = '2025-01-01T00:00:00.000Z';

/** The canned --dry-run schedule of the three schedule ops. */
export function sampleSchedule(projectId: string, o: { enabled?: boolean; secretShown?: boolean } = {}): ScheduleView {
  const enabled = o.enabled ?? true;
  return {
    projectId,
    schedule: {
      kind: 'daily', at: '06:30', days: null, cron: null, timeZone: 'Europe/Berlin', pattern: '30 6 * * *', enabled,
      nextRuns: enabled ? ['2025-01-02T05:30:00.000Z', '2025-01-03T05:30:00.000Z', '2025-01-04T05:30:00.000Z'] : [], updatedAt: T0,
    },
    recent: [{ dueAt: '2025-01-01T05:30:00.000Z', status: 'queued', catchUp: false, batchId: 'bat_0000000000sample', batchStatus: 'failed', error: null, startedAt: '2025-01-01T05:30:04.000Z', dashboard: 'http://127.0.0.1:7788/portal/batches/bat_0000000000sample' }],
    misses: [],
    webhook: { url: 'https://hooks.example.com/svc', notify: 'schedule', secret: o.secretShown ? 'whsec_sample0000000000000000000000000000000000' : '****0000', secretShown: !!o.secretShown, signatureHeader: WEBHOOK_HEADERS.signature, updatedAt: T0 },
    deliveries: [],
  };
}

export const projectScheduleGet = defineOp({
  name: 'project.schedule-get',
  title: "Get a project's schedule",
  description:
    "The project's schedule with its next due times, latest scheduled runs, misses (server down) and the failure webhook with its deliveries.",
  input: z.object({ projectId: Id, next: z.number().int().min(1).max(20).default(3).describe('Next due times to list (1-20)') }),
  output: ScheduleView,
  annotations: READ,
  sample: (i) => sampleSchedule(i.projectId),
  run: (ctx, i) => ctx.client().call(getSchedule, { params: { projectId: i.projectId }, query: { next: i.next } }),
});
