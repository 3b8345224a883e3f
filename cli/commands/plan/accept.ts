import type { Command } from 'commander';
import { planAccept } from '../../../src/ops/plan-accept.js';
import type { Runtime } from '../../runtime.js';
import { renderAccepted } from './render.js';

export function registerPlanAccept(plan: Command, rt: Runtime): void {
  plan
    .command('accept')
    .description('create one test per selected case; idempotent (accepted cases keep their tests); prints the test ids')
    .requiredOption('--project <id>', 'the project')
    .action(async (o) => {
      rt.emit(await rt.exec(planAccept, { projectId: o.project }), renderAccepted);
    });
}
