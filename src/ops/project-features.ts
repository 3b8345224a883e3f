import { z } from 'zod';
import { Id } from '../contract/common.js';
import { FeatureMapView } from '../contract/generation.js';
import { getFeatures } from '../contract/generation-endpoints.js';
import { defineOp, READ } from './op.js';
import { sampleFeatureMap } from './generation-samples.js';

export const projectFeatures = defineOp({
  name: 'project.features',
  title: 'Show the feature map',
  description: "The feature map extracted from the project's PRD: features with their use cases, and flows between them. featureMap is null when no PRD was uploaded.",
  input: z.object({ projectId: Id }),
  output: FeatureMapView,
  annotations: READ,
  sample: (i) => sampleFeatureMap(i.projectId),
  run: (ctx, i) => ctx.client().call(getFeatures, { params: { projectId: i.projectId } }),
});
