#!/usr/bin/env node
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '-V' || args[0] === '--version')) {
  // The version alone needs no command tree.
  const { packageVersion } = await import('../src/util/package-root.js');
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const [{ processIo }, { main }] = await Promise.all([import('./io.js'), import('./main.js')]);
  const code = await main(args, processIo());
  process.exitCode = code;
  // Open keep-alive sockets must not hold the process once the command is done: exit as soon as
  // what was written has been flushed.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
