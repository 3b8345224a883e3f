import type { Command } from 'commander';
import { testCleanupDismiss } from '../../../src/ops/test-cleanup-dismiss.js';
import type { Runtime } from '../../runtime.js';

/** `test cleanup dismiss <batch-id> <resource...>`: 'Might be orphaned' rows deleted by hand (SPEC.md 3.6 rule 6). */
export function registerTestCleanup(group: Command, rt: Runtime): void {
  group
    .command('cleanup')
    .description("a batch's cleanup records")
    .command('dismiss')
    .description("dismiss 'Might be orphaned' rows of a batch once you deleted the resources by hand")
    .argument('<batch-id>', 'the batchId that test run prints')
    .argument('<resources...>', 'resource paths (/users/42), or IDs where no other record of the batch has the same ID')
    .addHelpText('after', '\nExamples:\n  svc test cleanup dismiss bat_x /api/widgets/w-777\n  svc test cleanup dismiss bat_x w-777')
    .action(async (batchId: string, resources: string[]) => {
      const r = await rt.exec(testCleanupDismiss, { batchId, resources });
      rt.emit(r, (x) =>
        [
          `dismissed: ${x.dismissed.map((d) => d.resourcePath).join(', ') || '-'}`,
          ...(x.alreadyDismissed.length ? [`already dismissed: ${x.alreadyDismissed.map((d) => d.resourcePath).join(', ')}`] : []),
          `still might be orphaned: ${x.mightBeOrphaned.length}`,
          '',
        ].join('\n'),
      );
    });
}
