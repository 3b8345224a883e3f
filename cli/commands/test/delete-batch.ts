import type { Command } from 'commander';
import { EXIT } from '../../../src/contract/errors.js';
import { testDeleteBatch } from '../../../src/ops/test-delete-batch.js';
import { requireConfirm } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';

export function registerTestDeleteBatch(group: Command, rt: Runtime): void {
  group
    .command('delete-batch [test-ids...]')
    .description("delete several tests; prints 'Deleted N, Skipped M, Failed K' (already gone = skipped); exit 1 when any failed")
    .option('--confirm', 'yes, delete them')
    .option('--all', 'every test of --project')
    .option('--project <id>', 'the project (with --all)')
    .option('--status <list>', 'with --all: only tests in these statuses, comma-separated')
    .action(async (testIds: string[], o) => {
      requireConfirm(rt, o.confirm, 'delete tests');
      const status = o.status ? String(o.status).split(',').map((s) => s.trim()).filter(Boolean) : undefined;
      const r = await rt.exec(testDeleteBatch, { testIds: testIds.length ? testIds : undefined, all: o.all, projectId: o.project, status, confirm: true });
      for (const f of r.failed) rt.io.err(`failed: ${f.testId}: ${f.code}: ${f.message}\n`);
      rt.emit(r, (x) => `${x.summary}\n`);
      if (r.failed.length) rt.exitCode = EXIT.FAILURE;
    });
}
