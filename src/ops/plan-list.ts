import { z } from 'zod';
import { Id } from '../contract/common.js';
import { PlanView } from '../contract/generation.js';
import { getPlan } from '../contract/generation-endpoints.js';
import { defineOp, READ } from './op.js';
import { samplePlan } from './generation-samples.js';

export const planList = defineOp({
  name: 'plan.list',
  title: 'List plan cases',
  description: "The project's drafted cases with category, priority, selection and the test accepted from each.",
  input: z.object({ projectId: Id, category: z.string().max(50).optional() }),
  output: PlanView,
  annotations: READ,
  sample: (i) => samplePlan(i.projectId),
  run: (ctx, i) => ctx.client().call(getPlan, { params: { projectId: i.projectId }, query: { category: i.category } }),
});
