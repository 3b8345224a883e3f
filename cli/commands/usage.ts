import type { Command } from 'commander';
import { usageGet } from '../../src/ops/usage-get.js';
import { renderFields } from '../../src/output/table.js';
import type { Runtime } from '../runtime.js';

export function registerUsage(program: Command, rt: Runtime): void {
  program
    .command('usage')
    .alias('credits')
    .action(async () => {
      const u = await rt.exec(usageGet, {});
      rt.emit(u, (x) =>
        renderFields([
          ['userId', x.userId],
          ['keyId', x.keyId],
          ['env', x.env],
          ['credits', x.metered ? x.credits : 'unmetered'],
          ['plan', x.subPlan ?? '-'],
          ['creditsPerRun', x.creditsPerRun ?? '-'],
          ['runsThisMonth', x.runsThisMonth],
          ['creditsUsedThisMonth', x.creditsUsedThisMonth],
        ]),
      );
    });
}
