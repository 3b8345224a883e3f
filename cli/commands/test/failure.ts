import type { Command } from 'commander';
import { testFailureGet } from '../../../src/ops/test-failure-get.js';
import { testFailureSummary } from '../../../src/ops/test-failure-summary.js';
import type { Runtime } from '../../runtime.js';
import { renderSummary, renderWritten } from './triage-render.js';

/** `test failure get|summary`: the latest failure of a test, as a bundle or a one-screen card. */
export function registerTestFailure(group: Command, rt: Runtime): void {
  const failure = group.command('failure').description("a test's latest failure: bundle or triage card");

  failure
    .command('get <test-id>')
    .description('write the bundle of the latest failed, blocked or cancelled run (replaced by later failures)')
    .option('--out <dir>', 'bundle directory (default svc-artifacts/<test-id>-failure)')
    .action(async (testId: string, o) => {
      const w = await rt.exec(testFailureGet, { testId, out: o.out });
      rt.emit(w, renderWritten);
    });

  failure
    .command('summary <test-id>')
    .description("one-screen triage card of the test's latest run")
    .action(async (testId: string) => {
      const s = await rt.exec(testFailureSummary, { testId });
      rt.emit(s, renderSummary);
    });
}
