import { z } from 'zod';
import { Id } from '../contract/common.js';
import { PlanAccepted } from '../contract/generation.js';
import { acceptPlan } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { sampleAccepted } from './generation-samples.js';

export const planAccept = defineOp({
  name: 'plan.accept',
  title: 'Accept the plan',
  description: 'Create one test per selected case (backend: generated Python with produces/needs/category; frontend: plan steps). Idempotent: a case accepted before keeps its test and is listed under existing.',
  input: z.object({ projectId: Id }),
  output: PlanAccepted,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleAccepted(i.projectId),
  run: (ctx, i) => ctx.client().call(acceptPlan, { params: { projectId: i.projectId } }),
});
