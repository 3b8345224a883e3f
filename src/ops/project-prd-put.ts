import { Id } from '../contract/common.js';
import { FeatureMapView, PrdPutBody } from '../contract/generation.js';
import { putPrd } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { sampleFeatureMap } from './generation-samples.js';

export const projectPrdPut = defineOp({
  name: 'project.prd-put',
  title: 'Upload the PRD',
  description: 'Upload (replace) the product requirements document of a project (Markdown, text, or a PDF as base64; at most 4 MB) and extract the feature map: features, use cases and flows. Optional: without a PRD every step still works.',
  input: PrdPutBody.extend({ projectId: Id }),
  output: FeatureMapView,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleFeatureMap(i.projectId),
  run: (ctx, { projectId, ...body }) => ctx.client().call(putPrd, { params: { projectId }, body }),
});
