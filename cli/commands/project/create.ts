import { Option, type Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { projectCreate } from '../../../src/ops/project-create.js';
import { idempotencyOption, secretFrom } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';
import { renderProject } from './render.js';

export function registerProjectCreate(group: Command, rt: Runtime): void {
  const cmd = group
    .command('create')
    .description('create a project: --type, --name, and --url for frontend (a public http(s) URL)')
    .addOption(new Option('--type <type>', 'frontend or backend').choices(['frontend', 'backend']).makeOptionMandatory())
    .requiredOption('--name <name>', 'display name')
    .option('--url <url>', 'frontend: starting URL (required); backend: base URL its tests get as TARGET_URL')
    .option('--username <name>', 'test account user name (frontend sign-in)')
    .option('--password <password>', 'test account password (prefer --password-file)')
    .option('--password-file <path>', 'read the test account password from a file')
    .option('--instruction <text>', 'plan-generation hint (frontend)')
    .addHelpText('after', `
Examples:
  svc project create --type backend --name "Orders API" --url https://api.example.com
  svc project create --type frontend --name Shop --url https://shop.example.com --username qa --password-file pw.txt
`);
  idempotencyOption(cmd, 'same key + same input returns the same project (default: a fresh UUIDv4)').action(async (o) => {
    if (o.type === 'frontend' && !o.url) {
      throw new SvcError('VALIDATION_ERROR', 'a frontend project needs --url (its starting URL)', { nextAction: 'Pass --url https://your-app.example.com.' });
    }
    const password = secretFrom(rt, o.password, o.passwordFile, '--password', '--password-file');
    const p = await rt.exec(projectCreate, {
      type: o.type, name: o.name, url: o.url, username: o.username, password, instruction: o.instruction, idempotencyKey: o.idempotencyKey,
    });
    rt.emit(p, renderProject);
  });
}
