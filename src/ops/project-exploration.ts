import { z } from 'zod';
import { Id } from '../contract/common.js';
import { Exploration } from '../contract/generation.js';
import { getLatestExploration } from '../contract/generation-endpoints.js';
import { defineOp, READ } from './op.js';
import { sampleExploration } from './generation-samples.js';

export const projectExploration = defineOp({
  name: 'project.exploration',
  title: 'Show the latest exploration',
  description: "The project's latest exploration: its status and every feature's latest state (exploring, done, failed, blocked), reason, observed steps and recordings.",
  input: z.object({ projectId: Id }),
  output: Exploration,
  annotations: READ,
  sample: (i) => sampleExploration(i.projectId),
  run: (ctx, i) => ctx.client().call(getLatestExploration, { params: { projectId: i.projectId } }),
});
