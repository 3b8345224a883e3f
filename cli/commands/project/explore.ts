import type { Command } from 'commander';
import { projectExplore } from '../../../src/ops/project-explore.js';
import { projectExploration } from '../../../src/ops/project-exploration.js';
import { collect, intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderExploration } from './render-generation.js';

export function registerProjectExplore(group: Command, rt: Runtime): void {
  group
    .command('explore <project-id>')
    .description("explore the live app from the project URL (with its test account): features end done, failed or blocked, with recordings")
    .option('--only <feature-id>', 'retry only this feature (repeatable)', collect)
    .option('--wait', 'poll until the exploration ends or --timeout')
    .option('--timeout <s>', 'seconds to wait, 1-3600', intFlag(1, 3600), 600)
    .option('--idempotency-key <key>', '1-256 characters')
    .action(async (projectId: string, o) => {
      const line = rt.progressLine();
      let e;
      try {
        e = await rt.exec(projectExplore, { projectId, only: o.only, wait: !!o.wait, timeout: o.timeout, idempotencyKey: o.idempotencyKey }, { progress: line.progress });
      } finally {
        line.done();
      }
      rt.emit(e, renderExploration);
      if (o.wait && e.status === 'running') {
        rt.advise(`still exploring after ${o.timeout}s; follow it with 'svc project exploration ${projectId}'`);
        rt.exitCode = 7;
      } else if (e.status === 'failed') rt.exitCode = 1;
    });

  group
    .command('exploration <project-id>')
    .description("the latest exploration: each feature's status, reason and recordings")
    .action(async (projectId: string) => {
      const e = await rt.exec(projectExploration, { projectId });
      rt.emit(e, renderExploration);
      if (e.status === 'failed') rt.exitCode = 1;
    });
}
