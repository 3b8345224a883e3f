import type { Command } from 'commander';
import { projectList } from '../../../src/ops/project-list.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderProjectPage } from './render.js';

export function registerProjectList(group: Command, rt: Runtime): void {
  group
    .command('list')
    .description('list projects (columns ID, NAME, TYPE, FROM, CREATED; nextToken when more exist)')
    .option('--page-size <n>', 'items per page, 1-100', intFlag(1, 100), 25)
    .option('--starting-token <token>', 'continue from the nextToken of a previous page')
    .option('--max-items <n>', 'fetch pages until n items (auto-paging)', intFlag(1, 1_000_000))
    .action(async (o) => {
      const page = await rt.exec(projectList, { pageSize: o.pageSize, startingToken: o.startingToken, maxItems: o.maxItems });
      rt.emit(page, renderProjectPage);
    });
}
