import type { Command } from 'commander';
import { projectGet } from '../../../src/ops/project-get.js';
import type { Runtime } from '../../runtime.js';
import { renderProject } from './render.js';

export function registerProjectGet(group: Command, rt: Runtime): void {
  group
    .command('get <project-id>')
    .description('show a project: id, name, type, createdFrom, createdAt, updatedAt, URL, test account (secrets masked)')
    .action(async (projectId: string) => {
      rt.emit(await rt.exec(projectGet, { projectId }), renderProject);
    });
}
