import { Option, type Command } from 'commander';
import { testList } from '../../../src/ops/test-list.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderTestPage } from './render.js';

export function registerTestList(group: Command, rt: Runtime): void {
  group
    .command('list')
    .description("list a project's tests (nextToken when more exist)")
    .requiredOption('--project <id>', 'project id')
    .addOption(new Option('--type <type>', 'frontend or backend').choices(['frontend', 'backend']))
    .addOption(new Option('--created-from <surface>', 'author surface').choices(['portal', 'mcp', 'cli']))
    .option('--status <list>', 'comma-separated statuses: draft, ready, queued, running, passed, failed, blocked, cancelled, unknown')
    .option('--page-size <n>', 'items per page, 1-100', intFlag(1, 100), 25)
    .option('--starting-token <token>', 'continue from the nextToken of a previous page')
    .option('--max-items <n>', 'fetch pages until n items (auto-paging)', intFlag(1, 1_000_000))
    .action(async (o) => {
      const status = o.status ? String(o.status).split(',').map((s) => s.trim()).filter(Boolean) : undefined;
      const page = await rt.exec(testList, {
        projectId: o.project, type: o.type, createdFrom: o.createdFrom, status, pageSize: o.pageSize, startingToken: o.startingToken, maxItems: o.maxItems,
      });
      rt.emit(page, renderTestPage);
    });
}
