import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { testScaffold } from '../../../src/ops/test-scaffold.js';
import { writeAtomically } from '../../inputs.js';
import type { Runtime } from '../../runtime.js';

export function registerTestScaffold(group: Command, rt: Runtime): void {
  group
    .command('scaffold')
    .description('local: print a starting file (frontend plan JSON with projectId from SVC_PROJECT_ID, or a backend Python skeleton)')
    .addOption(new Option('--type <type>', 'frontend or backend').choices(['frontend', 'backend']).default('frontend'))
    .option('--out <path>', 'write to this file instead of stdout')
    .option('--force', 'overwrite --out if it exists')
    .action(async (o) => {
      const r = await rt.exec(testScaffold, { type: o.type });
      if (!o.out) return rt.emit({ ...r, out: null }, (x) => x.content);
      const path = resolve(rt.io.cwd, o.out);
      if (existsSync(path) && !o.force) {
        throw new SvcError('CONFLICT', `${o.out} already exists`, { nextAction: 'Pass --force to overwrite it, or choose another --out.' });
      }
      if (rt.globals().dryRun) rt.advise(`dry run: ${o.out} not written`);
      else writeAtomically(path, r.content);
      rt.emit({ ...r, out: o.out }, (x) => `wrote ${x.type} scaffold to ${x.out}\n`);
    });
}
