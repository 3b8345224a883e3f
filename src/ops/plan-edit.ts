import { z } from 'zod';
import { Id } from '../contract/common.js';
import { PlanView } from '../contract/generation.js';
import { editPlan } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { samplePlan } from './generation-samples.js';

export const planEdit = defineOp({
  name: 'plan.edit',
  title: 'Edit the plan in natural language',
  description: "Backend: a request such as 'test GET /posts/{id} with an unknown id and expect 404', 'deselect security cases', 'make post-users.duplicate p0', 'remove case X'. Frontend: caseId plus an edit such as 'also check that \"Saved\" is visible', 'remove step 2', 'rename to …'. Unsupported wording is rejected with the supported forms.",
  input: z.object({ projectId: Id, instruction: z.string().min(1).max(2000), caseId: z.string().min(1).max(300).optional() }),
  output: PlanView,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  sample: (i) => samplePlan(i.projectId, { changed: ['post-users.create'], summary: 'updated post-users.create' }),
  run: (ctx, i) => ctx.client().call(editPlan, { params: { projectId: i.projectId }, body: { instruction: i.instruction, caseId: i.caseId } }),
});
