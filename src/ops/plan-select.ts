import { z } from 'zod';
import { Id } from '../contract/common.js';
import { PlanView } from '../contract/generation.js';
import { selectPlan } from '../contract/generation-endpoints.js';
import { SvcError } from '../contract/errors.js';
import { defineOp } from './op.js';
import { samplePlan } from './generation-samples.js';

export const planSelect = defineOp({
  name: 'plan.select',
  title: 'Select or deselect cases',
  description: 'Select (selected=true) or deselect cases by id, or every case of a category. Only selected cases become tests on accept.',
  input: z.object({ projectId: Id, selected: z.boolean(), caseIds: z.array(z.string().min(1).max(300)).max(1000).optional(), category: z.string().max(50).optional() }),
  output: PlanView,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => samplePlan(i.projectId, { changed: i.caseIds ?? [] }),
  async run(ctx, i) {
    if (!!i.caseIds?.length === !!i.category) throw new SvcError('VALIDATION_ERROR', 'give case ids or --category (not both)', { nextAction: "e.g. 'svc plan deselect --project P post-users.large-payload' or '--category security'." });
    return ctx.client().call(selectPlan, { params: { projectId: i.projectId }, body: { selected: i.selected, caseIds: i.caseIds, category: i.category } });
  },
});
