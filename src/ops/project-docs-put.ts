import { Id } from '../contract/common.js';
import { DocsPutBody, EndpointList } from '../contract/generation.js';
import { putDocs } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { sampleEndpoints } from './generation-samples.js';

export const projectDocsPut = defineOp({
  name: 'project.docs-put',
  title: 'Upload API documentation',
  description: "Upload a backend project's API docs (OpenAPI 3, Swagger 2, Postman v2.1 or free-form text; format detected; at most 5 MB). Replaces the endpoint list with the endpoints found (families, DELETE pairing, warnings) and points the run's cleanup at the documented DELETE paths.",
  input: DocsPutBody.extend({ projectId: Id }),
  output: EndpointList,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  sample: (i) => sampleEndpoints(i.projectId),
  run: (ctx, { projectId, ...body }) => ctx.client().call(putDocs, { params: { projectId }, body }),
});
