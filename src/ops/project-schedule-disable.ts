import { z } from 'zod';
import { Id } from '../contract/common.js';
import { disableSchedule, ScheduleView } from '../contract/schedules.js';
import { defineOp } from './op.js';
import { sampleSchedule } from './project-schedule-get.js';

export const projectScheduleDisable = defineOp({
  name: 'project.schedule-disable',
  title: "Disable a project's schedule",
  description: 'Stops the scheduled runs; the cadence and webhook are kept.',
  input: z.object({ projectId: Id }),
  output: ScheduleView,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleSchedule(i.projectId, { enabled: false }),
  run: (ctx, i) => ctx.client().call(disableSchedule, { params: { projectId: i.projectId } }),
});
