import type { Command } from 'commander';
import { z } from 'zod';
import { SvcError } from '../../../src/contract/errors.js';
import { removeProfile } from '../../../src/client/credentials.js';
import type { Runtime } from '../../runtime.js';

const Removed = z.object({ removed: z.literal(true), profile: z.string(), credentialsFile: z.string() });

export function registerAuthRemove(auth: Command, rt: Runtime): void {
  auth
    .command('remove')
    .description("delete the active profile's credentials (other profiles are kept)")
    .action(async () => {
      await rt.load();
      const cfg = rt.config();
      if (rt.globals().dryRun) {
        rt.advise('dry run: nothing removed');
        return rt.emit(Removed.parse({ removed: true, profile: cfg.profile, credentialsFile: cfg.credentialsFile }), (r) => `would remove profile '${r.profile}' from ${r.credentialsFile}\n`);
      }
      if (!removeProfile(cfg.credentialsFile, cfg.profile)) {
        throw new SvcError('VALIDATION_ERROR', `profile '${cfg.profile}' not found in ${cfg.credentialsFile}`, { nextAction: 'Nothing to remove; pick another profile with --profile.' });
      }
      rt.emit({ removed: true, profile: cfg.profile, credentialsFile: cfg.credentialsFile }, (r) => `removed profile '${r.profile}' from ${r.credentialsFile}\n`);
    });
}
