import type { Command } from 'commander';
import { testTriage } from '../../../src/ops/test-triage.js';
import type { Runtime } from '../../runtime.js';
import { renderBatchTriage } from './triage-render.js';

/** `test triage <batch-id>`: every failure of a batch, grouped by cause. */
export function registerTestTriage(group: Command, rt: Runtime): void {
  group
    .command('triage')
    .description('every failure of a batch grouped by cause (check, endpoint, fix target), with request and response bodies')
    .argument('<batch-id>', 'the batchId that test run prints')
    .addHelpText('after', '\nExamples:\n  svc test run --all --project prj_x --wait   # prints batchId\n  svc test triage bat_x\n  svc --output json test triage bat_x      # full bodies, for agents and CI')
    .action(async (batchId: string) => {
      const t = await rt.exec(testTriage, { batchId });
      rt.emit(t, renderBatchTriage);
    });
}
