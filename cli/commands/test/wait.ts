import type { Command } from 'commander';
import { testWait } from '../../../src/ops/test-wait.js';
import type { WaitResult } from '../../../src/ops/run-outcome.js';
import { renderRunTable, renderRunView } from '../../../src/output/run-text.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { reportToCi } from './ci.js';

export function registerTestWait(test: Command, rt: Runtime): void {
  test
    .command('wait')
    .description('poll runs until terminal (cleanup included) or --timeout; the worst status decides the exit code')
    .argument('<run-ids...>')
    .option('--timeout <s>', 'seconds, shared by all ids, 1-3600', intFlag(1, 3600), 600)
    .option('--max-concurrency <n>', 'with several ids: polls in flight, 1-100', intFlag(1, 100), 10)
    .action(async (runIds: string[], o) => {
      const line = rt.progressLine();
      const detach = rt.io.onInterrupt(() => rt.advise(`detached: the run(s) keep executing (and billing) on the server; resume with svc test wait ${runIds.join(' ')}`));
      let res: WaitResult;
      try {
        res = await rt.exec(testWait, { runIds, timeout: o.timeout, maxConcurrency: o.maxConcurrency }, { progress: line.progress });
      } finally {
        line.done();
        detach();
      }
      const single = runIds.length === 1 && res.results[0]?.run;
      if (single && rt.json) rt.emit(res.results[0]!.run, (r) => renderRunView(r!));
      else if (single && res.results[0]!.status !== 'timeout') rt.emit(res, (r) => renderRunView(r.results[0]!.run!));
      else rt.emit(res, renderWait);
      rt.exitCode = res.exitCode;
      await reportToCi(rt, [res]);
    });
}

export function renderWait(r: WaitResult): string {
  const m = r.summary;
  return `${renderRunTable(r.results.map((x) => ({ runId: x.runId, testName: x.testName, status: x.status, wave: x.run?.wave, reason: x.run?.reason })))}${m.total} run(s): ${m.passed} passed, ${m.failed} failed, ${m.blocked} blocked, ${m.cancelled} cancelled, ${m.timeout} timed out, ${m.error} poll errors\n`;
}
