import type { Command } from 'commander';
import { testDelete } from '../../../src/ops/test-delete.js';
import { idempotencyOption, requireConfirm } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';

export function registerTestDelete(group: Command, rt: Runtime): void {
  const cmd = group
    .command('delete <test-id>')
    .description('permanently delete a test; needs --confirm, never prompts')
    .option('--confirm', 'yes, delete it');
  idempotencyOption(cmd, 'a retry with the same key returns the first result instead of 404').action(async (testId: string, o) => {
    requireConfirm(rt, o.confirm, `delete test ${testId}`);
    const r = await rt.exec(testDelete, { testId, confirm: true, idempotencyKey: o.idempotencyKey });
    rt.emit(r, (x) => `deleted test ${x.id}\n`);
  });
}
