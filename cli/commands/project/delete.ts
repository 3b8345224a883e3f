import type { Command } from 'commander';
import { projectDelete } from '../../../src/ops/project-delete.js';
import { requireConfirm } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';

export function registerProjectDelete(group: Command, rt: Runtime): void {
  group
    .command('delete <project-id>')
    .description('permanently delete a project and all its tests (no restore); needs --confirm, never prompts')
    .option('--confirm', 'yes, delete it and everything under it')
    .action(async (projectId: string, o) => {
      requireConfirm(rt, o.confirm, `delete project ${projectId}`);
      const r = await rt.exec(projectDelete, { projectId, confirm: true });
      rt.emit(r, (x) => `deleted project ${x.id} and ${x.testsDeleted} test(s)\n`);
    });
}
