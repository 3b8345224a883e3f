import type { Command } from 'commander';
import { projectDiscover } from '../../../src/ops/project-discover.js';
import type { Runtime } from '../../runtime.js';
import { renderEndpoints } from './render-generation.js';

export function registerProjectDiscover(group: Command, rt: Runtime): void {
  group
    .command('discover <project-id>')
    .description('probe the base URL with the credential (safe requests only: GET/OPTIONS) to confirm auth and shapes; prints endpoints with their DELETE pairing')
    .action(async (projectId: string) => {
      rt.emit(await rt.exec(projectDiscover, { projectId }), renderEndpoints);
    });
}
