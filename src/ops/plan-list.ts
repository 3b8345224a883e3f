import { z } from 'zod';
import { Id } from '../contract/common.js';
import { PlanView } from '../contract/generation.js';
import { getPlan } from '../contract/generation-endpoints.js';
import { defineOp, READ } from './op.js';
import { samplePlan } from './generation-samples.js';
import { SlicePagingInput, slicePage } from './paging.js';

const PlanPage = PlanView.extend({ nextToken: z.string().nullable().optional().describe('Present when paged: the token of the next page, null on the last') });

export const planList = defineOp({
  name: 'plan.list',
  title: 'List plan cases',
  description: "The project's drafted cases with category, priority, selection and the test accepted from each; counts cover the whole plan. Paged: pass nextToken back as startingToken.",
  input: z.object({ projectId: Id, category: z.string().max(50).optional(), ...SlicePagingInput }),
  output: PlanPage,
  annotations: READ,
  sample: (i) => samplePlan(i.projectId),
  async run(ctx, i) {
    const plan = await ctx.client().call(getPlan, { params: { projectId: i.projectId }, query: { category: i.category } });
    const page = slicePage(plan.cases, { ...i, surface: ctx.surface });
    return page ? { ...plan, cases: page.items, nextToken: page.nextToken } : plan;
  },
});
