import type { Command } from 'commander';
import { testDiff } from '../../../src/ops/test-diff.js';
import type { Runtime } from '../../runtime.js';
import { renderDiff } from './triage-render.js';

export function registerTestDiff(group: Command, rt: Runtime): void {
  group
    .command('diff')
    .description('compare two runs (verdict, failureKind, failed step, step flips, codeVersion drift); exit 0 when verdicts match, 1 when they differ')
    .argument('<run-a>')
    .argument('<run-b>')
    .action(async (runIdA: string, runIdB: string) => {
      const d = await rt.exec(testDiff, { runIdA, runIdB });
      rt.emit(d, renderDiff);
      rt.exitCode = d.verdictsMatch ? 0 : 1;
    });
}
