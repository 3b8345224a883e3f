import { z } from 'zod';
import { Id } from '../contract/common.js';
import { PlanView } from '../contract/generation.js';
import { generatePlan } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { samplePlan } from './generation-samples.js';

export const planGenerate = defineOp({
  name: 'plan.generate',
  title: 'Draft the test plan',
  description: "Draft a project's test cases, replacing the previous draft (accepted cases keep their tests). Backend: from the endpoints, by category (functional, auth, error, boundary, security), following the feature map and focus instructions such as 'only users endpoints'. Frontend: from the exploration, falling back to the PRD feature map or the project instruction for features not explored.",
  input: z.object({ projectId: Id, instructions: z.string().max(10_000).optional().describe('Focus instructions (default: the project instruction)') }),
  output: PlanView,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  sample: (i) => samplePlan(i.projectId, { instructions: i.instructions ?? null }),
  run: (ctx, i) => ctx.client().call(generatePlan, { params: { projectId: i.projectId }, body: { instructions: i.instructions } }),
});
