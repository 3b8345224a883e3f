import type { Command } from 'commander';
import { testFlaky } from '../../../src/ops/test-flaky.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderFlaky } from './triage-render.js';

export function registerTestFlaky(group: Command, rt: Runtime): void {
  group
    .command('flaky')
    .description('replay a test N times, one after another, and report stability; exit 0 stable, 1 flaky or failing, 4 no replayable run')
    .argument('<test-id>')
    .option('--runs <n>', 'replays, 1-10', intFlag(1, 10), 5)
    .option('--timeout <s>', 'seconds to wait for all replays, 1-3600', intFlag(1, 3600), 600)
    .action(async (testId: string, o) => {
      const line = rt.progressLine();
      const detach = rt.io.onInterrupt(() => rt.advise('detached: the replays keep executing (and billing) on the server'));
      try {
        const r = await rt.exec(testFlaky, { testId, runs: o.runs, timeout: o.timeout }, { progress: line.progress });
        line.done();
        rt.emit(r, renderFlaky);
        rt.exitCode = r.verdict === 'stable' ? 0 : 1;
      } finally {
        line.done();
        detach();
      }
    });
}
