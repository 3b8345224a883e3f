import type { Command } from 'commander';
import { testPlanPut } from '../../../src/ops/test-plan-put.js';
import { loadStepsFile } from '../../../src/ops/plan-files.js';
import { renderFields } from '../../../src/output/table.js';
import { requireClean } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';

/** `test plan put`: frontend plan steps; a backend test is refused by the server (HTTP 400, exit 5). */
export function registerTestPlan(group: Command, rt: Runtime): void {
  const plan = group.command('plan').description("a frontend test's plan steps");
  plan
    .command('put <test-id>')
    .description("replace planSteps of a frontend test (a backend test gets HTTP 400: use 'test code put')")
    .requiredOption('--steps <file>', 'JSON: an array of {type: action|assertion, description}, or an object with planSteps')
    .action(async (testId: string, o) => {
      const steps = rt.globals().dryRun ? [{ type: 'action' as const, description: 'Open the starting URL' }] : requireClean(loadStepsFile(o.steps, rt.io.cwd))[0]!;
      const r = await rt.exec(testPlanPut, { testId, planSteps: steps });
      rt.emit(r, (x) => renderFields([['testId', x.testId], ['planStepCount', x.planStepCount], ['codeVersion', x.codeVersion], ['updatedAt', x.updatedAt]]));
    });
}
