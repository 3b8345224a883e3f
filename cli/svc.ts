#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const only = args.length === 1 ? args[0] : undefined;
// The version, and the top-level help off a terminal (as agents read it), need no command tree:
// the help was rendered at build time (scripts/postbuild.mjs); on a terminal commander wraps it to
// the window's width.
const prerendered = (only === '--help' || only === '-h') && !process.stdout.isTTY ? readPrerendered() : undefined;
if (only === '-V' || only === '--version') {
  const { packageVersion } = await import('../src/util/package-root.js');
  process.stdout.write(`${packageVersion()}\n`);
} else if (prerendered !== undefined) {
  process.stdout.write(prerendered);
} else {
  const { processIo, main } = await loadCli();
  const code = await main(args, processIo());
  process.exitCode = code;
  // Open keep-alive sockets must not hold the process once the command is done: exit as soon as
  // what was written has been flushed.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/** The bundle built beside this file, run with V8's code cache; the modules themselves where there is none. */
async function loadCli(): Promise<typeof import('./bundle-entry.js')> {
  const { loadBundle } = await import('./code-cache.js');
  return loadBundle<typeof import('./bundle-entry.js')>(fileURLToPath(new URL('./svc.bundle.cjs', import.meta.url))) ?? import('./bundle-entry.js');
}

function readPrerendered(): string | undefined {
  try {
    return readFileSync(new URL('./help.txt', import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}
