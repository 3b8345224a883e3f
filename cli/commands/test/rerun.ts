import type { Command } from 'commander';
import { testRerun, type RerunOutcome } from '../../../src/ops/test-rerun.js';
import { renderRunTable } from '../../../src/output/run-text.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderWait } from './wait.js';
import { reportToCi } from './ci.js';

export function registerTestRerun(test: Command, rt: Runtime): void {
  test
    .command('rerun')
    .description('re-execute tests: backend with their dependency closure, frontend as a free replay')
    .argument('[test-ids...]')
    .option('--all', 'every test of the project (needs --project)')
    .option('--project <id>', 'project, with --all')
    .option('--skip-terminal', 'with --all: skip tests already in a terminal status')
    .option('--status <list>', 'with --all: only tests in these statuses (comma-separated)')
    .option('--skip-dependencies', 'run the tests alone with values kept from the previous run')
    .option('--wait', 'poll until terminal or --timeout')
    .option('--timeout <s>', 'seconds to wait, 1-3600', intFlag(1, 3600), 600)
    .option('--max-concurrency <n>', 'with --wait: polls in flight, 1-100', intFlag(1, 100), 50)
    .option('--idempotency-key <key>', '1-256 characters')
    .action(async (testIds: string[], o) => {
      const line = rt.progressLine();
      const detach = o.wait ? rt.io.onInterrupt(() => rt.advise('detached: the reruns keep executing (and billing) on the server; follow them with svc test wait <run-id>')) : () => undefined;
      let r: RerunOutcome;
      try {
        r = await rt.exec(
          testRerun,
          {
            testIds,
            all: !!o.all,
            projectId: o.project,
            skipTerminal: !!o.skipTerminal,
            statuses: o.status ? String(o.status).split(',').map((s: string) => s.trim()).filter(Boolean) : undefined,
            skipDependencies: !!o.skipDependencies,
            wait: !!o.wait,
            timeout: o.timeout,
            maxConcurrency: o.maxConcurrency,
            idempotencyKey: o.idempotencyKey,
          },
          { progress: line.progress },
        );
      } finally {
        line.done();
        detach();
      }
      rt.emit(r, (x) => `${x.message}\n${x.wait ? renderWait(x.wait) : renderRunTable(x.batches.flatMap((b) => b.runs.map((run) => ({ runId: run.runId, testName: run.testName, status: run.status, wave: run.wave }))))}`);
      if (r.wait) rt.exitCode = r.wait.exitCode;
      await reportToCi(rt, [r.wait]);
    });
}
