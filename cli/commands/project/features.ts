import type { Command } from 'commander';
import { projectFeatures } from '../../../src/ops/project-features.js';
import { projectFeaturesExtract } from '../../../src/ops/project-features-extract.js';
import type { Runtime } from '../../runtime.js';
import { renderFeatureMap } from './render-generation.js';

export function registerProjectFeatures(group: Command, rt: Runtime): void {
  group
    .command('features <project-id>')
    .description('the feature map of the PRD: features, use cases, flows')
    .option('--extract', 're-extract the map from the stored PRD first')
    .action(async (projectId: string, o) => {
      const v = await rt.exec(o.extract ? projectFeaturesExtract : projectFeatures, { projectId });
      rt.emit(v, renderFeatureMap);
    });
}
