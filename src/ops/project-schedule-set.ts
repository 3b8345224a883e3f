import { Id, IdempotencyKey } from '../contract/common.js';
import { ScheduleSetBody, ScheduleView, setSchedule } from '../contract/schedules.js';
import { defineOp } from './op.js';
import { sampleSchedule } from './project-schedule-get.js';

export const projectScheduleSet = defineOp({
  name: 'project.schedule-set',
  title: "Set a project's schedule or failure webhook",
  description:
    "Rerun the whole project on a cadence (as test run --all, source schedule): daily, weekly or cron in an IANA timeZone. Setting a cadence enables it; no arguments re-enable the stored one. webhookUrl: signed failure notifications; the secret is returned in full only when issued.",
  input: ScheduleSetBody.extend({ projectId: Id, idempotencyKey: IdempotencyKey.optional() }),
  output: ScheduleView,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleSchedule(i.projectId, { secretShown: i.webhookUrl !== undefined || !!i.rotateSecret }),
  run: (ctx, { projectId, idempotencyKey, ...body }) => ctx.client().call(setSchedule, { params: { projectId }, body, idempotencyKey }),
});
