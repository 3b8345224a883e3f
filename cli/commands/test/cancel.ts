import type { Command } from 'commander';
import { testCancel } from '../../../src/ops/test-cancel.js';
import type { Runtime } from '../../runtime.js';

export function registerTestCancel(test: Command, rt: Runtime): void {
  test
    .command('cancel')
    .description('cancel queued or running runs (already cancelled: success; finished: conflict, exit 6)')
    .argument('<run-ids...>')
    .action(async (runIds: string[]) => {
      const r = await rt.exec(testCancel, { runIds });
      if (runIds.length === 1) {
        // One id: not found (4) and already finished (6) arrive as errors; the rest is success.
        rt.emit(r, (x) => `cancelled ${runIds[0]}${x.alreadyCancelled.length ? ' (already cancelled)' : ''}\n`);
        return;
      }
      rt.emit(r, (x) =>
        [
          `cancelled: ${x.cancelled.join(', ') || '-'}`,
          `already cancelled: ${x.alreadyCancelled.join(', ') || '-'}`,
          `conflicts: ${x.conflicts.map((c) => c.runId).join(', ') || '-'}`,
          `not found: ${x.notFound.join(', ') || '-'}`,
          `errors: ${x.errors.map((e) => `${e.runId} (${e.code})`).join(', ') || '-'}`,
          '',
        ].join('\n'),
      );
      rt.exitCode = r.exitCode;
    });
}
