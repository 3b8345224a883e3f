#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { SvcError } from '../src/contract/errors.js';
import { packageVersion } from '../src/util/package-root.js';
import { registerKeys } from './server/keys.js';
import { registerMigrate } from './server/migrate.js';
import { registerStart } from './server/start.js';
import { registerDemo } from './server/demo.js';
import { registerWorker } from './server/worker.js';
import { registerPrune } from './server/prune.js';
import { registerBackup } from './server/backup.js';

const out = (s: string) => process.stdout.write(s);
const log = (s: string) => process.stderr.write(s);

const program = new Command('svc-server')
  .description('the svc service: API, portal, test engine')
  .version(packageVersion(), '-V, --version')
  .exitOverride()
  .showHelpAfterError();
registerStart(program, log);
registerKeys(program, out);
registerMigrate(program, out);
registerWorker(program, log);
registerDemo(program, out, log);
registerPrune(program, out);
registerBackup(program, out, log);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    process.exit(err.exitCode === 0 ? 0 : 5);
  }
  if (err instanceof SvcError) {
    log(`error: ${err.message}\n${err.nextAction}\n`);
    process.exit(err.exitCode);
  }
  // A stack trace helps nobody running the server; SVC_DEBUG=1 shows it.
  log(`error: ${err instanceof Error ? (process.env.SVC_DEBUG ? err.stack ?? err.message : err.message) : String(err)}\n`);
  process.exit(1);
}
