import { z } from 'zod';
import { Id } from '../contract/common.js';
import { EndpointList } from '../contract/generation.js';
import { discoverProject } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { sampleEndpoints } from './generation-samples.js';

export const projectDiscover = defineOp({
  name: 'project.discover',
  title: 'Probe the API',
  description: "Probe a backend project's base URL with its credential, using safe requests only (GET on endpoints without path parameters, with and without the credential; OPTIONS elsewhere; bounded to 80 requests and 30 s). Confirms auth and response shapes of the stored endpoints; never sends POST, PUT, PATCH or DELETE.",
  input: z.object({ projectId: Id }),
  output: EndpointList,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  sample: (i) => sampleEndpoints(i.projectId, true),
  run: (ctx, i) => ctx.client().call(discoverProject, { params: { projectId: i.projectId } }),
});
