import { InvalidArgumentError, Option, type Command } from 'commander';
import { CREDENTIAL_TYPES } from '../../../src/contract/project-auth.js';
import { projectCredential } from '../../../src/ops/project-credential.js';
import { idempotencyOption, secretFrom } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';
import { renderProject } from './render.js';

/** Accepts the SPEC.md spellings in any letter case ('bearer token' → 'Bearer token'). */
function credentialType(v: string): string {
  const t = CREDENTIAL_TYPES.find((x) => x.toLowerCase() === v.trim().toLowerCase());
  if (!t) throw new InvalidArgumentError(`must be one of ${CREDENTIAL_TYPES.map((x) => `'${x}'`).join(', ')}`);
  return t;
}

export function registerProjectCredential(group: Command, rt: Runtime): void {
  const cmd = group
    .command('credential <project-id>')
    .description('set the static credential injected into every backend run (free tier); stored encrypted, shown masked')
    .addOption(new Option('--type <type>', `${CREDENTIAL_TYPES.map((x) => `'${x}'`).join(', ')}`).argParser(credentialType).makeOptionMandatory())
    .option('--credential <value>', 'the token, key or basic token (required unless --type public)')
    .option('--credential-file <path>', 'read the credential from a file');
  idempotencyOption(cmd).action(async (projectId: string, o) => {
    const credential = secretFrom(rt, o.credential, o.credentialFile, '--credential', '--credential-file');
    const p = await rt.exec(projectCredential, { projectId, type: o.type, credential, idempotencyKey: o.idempotencyKey });
    rt.emit(p, renderProject);
  });
}
