import { z } from 'zod';
import { Id } from '../contract/common.js';
import { EndpointList } from '../contract/generation.js';
import { listEndpoints } from '../contract/generation-endpoints.js';
import { defineOp, READ } from './op.js';
import { sampleEndpoints } from './generation-samples.js';

export const projectEndpoints = defineOp({
  name: 'project.endpoints',
  title: 'List endpoints',
  description: "A backend project's reviewed endpoints (id 'METHOD /path', auth, family, DELETE pairing), the orphan candidates (creates with no DELETE), cleanup's delete templates and the last probe evidence.",
  input: z.object({ projectId: Id }),
  output: EndpointList,
  annotations: READ,
  sample: (i) => sampleEndpoints(i.projectId),
  run: (ctx, i) => ctx.client().call(listEndpoints, { params: { projectId: i.projectId } }),
});
