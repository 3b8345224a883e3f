import type { Command } from 'commander';
import { testSteps } from '../../../src/ops/test-steps.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderSteps } from './triage-render.js';

export function registerTestSteps(group: Command, rt: Runtime): void {
  group
    .command('steps')
    .description('cumulative step log across runs (newest run first); a backend step is a recorded HTTP call or an assertion')
    .argument('<test-id>')
    .option('--run-id <id>', 'only the steps of this run')
    .option('--page-size <n>', 'items per page, 1-100', intFlag(1, 100), 25)
    .option('--starting-token <token>', 'continue from the nextToken of a previous page')
    .option('--max-items <n>', 'fetch pages until n items (auto-paging)', intFlag(1, 1_000_000))
    .action(async (testId: string, o) => {
      const page = await rt.exec(testSteps, { testId, runId: o.runId, pageSize: o.pageSize, startingToken: o.startingToken, maxItems: o.maxItems });
      rt.emit(page, renderSteps);
    });
}
