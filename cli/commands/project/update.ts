import type { Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { projectUpdate } from '../../../src/ops/project-update.js';
import { idempotencyOption, secretFrom } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';
import { renderProject } from './render.js';

export function registerProjectUpdate(group: Command, rt: Runtime): void {
  const cmd = group
    .command('update <project-id>')
    .description('change a project; at least one of the flags below is required (else exit 5)')
    .option('--name <name>', 'display name')
    .option('--url <url>', 'starting URL (frontend) or base URL (backend)')
    .option('--username <name>', 'test account user name')
    .option('--password <password>', 'test account password (prefer --password-file)')
    .option('--password-file <path>', 'read the test account password from a file')
    .option('--instruction <text>', 'plan-generation hint');
  idempotencyOption(cmd).action(async (projectId: string, o) => {
    if (![o.name, o.url, o.username, o.password, o.passwordFile, o.instruction].some((v) => v !== undefined)) {
      throw new SvcError('VALIDATION_ERROR', 'nothing to update: give at least one of --name, --url, --username, --password, --password-file, --instruction');
    }
    const password = secretFrom(rt, o.password, o.passwordFile, '--password', '--password-file');
    const p = await rt.exec(projectUpdate, {
      projectId, name: o.name, url: o.url, username: o.username, password, instruction: o.instruction, idempotencyKey: o.idempotencyKey,
    });
    rt.emit(p, renderProject);
  });
}
