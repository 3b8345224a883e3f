import { z } from 'zod';
import { Id } from '../contract/common.js';
import { FeatureMapView } from '../contract/generation.js';
import { extractFeatures } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { sampleFeatureMap } from './generation-samples.js';

export const projectFeaturesExtract = defineOp({
  name: 'project.features-extract',
  title: 'Re-extract the feature map',
  description: 'Extract the feature map again from the stored PRD (after a model was configured, or to reset it). Needs an uploaded PRD.',
  input: z.object({ projectId: Id }),
  output: FeatureMapView,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleFeatureMap(i.projectId),
  run: (ctx, i) => ctx.client().call(extractFeatures, { params: { projectId: i.projectId } }),
});
