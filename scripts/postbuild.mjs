// Copies non-TypeScript assets that live beside the sources (Python harness, SQL, HTML)
// into dist/, marks the three executables as runnable, bundles the CLI (scripts/bundle-cli.mjs),
// and renders `svc --help` once
// (dist/cli/help.txt) so that printing it off a terminal needs no command tree.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ASSET = /\.(py|html|css|js|json|sql|hbs|md)$/;
function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) copyAssets(p);
    else if (ASSET.test(name) && !name.endsWith('.d.ts')) cpSync(p, join('dist', p));
  }
}
copyAssets('src');
for (const bin of ['svc', 'svc-mcp', 'svc-server']) {
  const p = join('dist', 'cli', `${bin}.js`);
  if (existsSync(p)) chmodSync(p, 0o755);
}

await import('./bundle-cli.mjs');

const help = join('dist', 'cli', 'help.txt');
rmSync(help, { force: true });
// Off a terminal commander wraps at 80 columns: the text svc prints itself when not on a TTY.
writeFileSync(help, execFileSync(process.execPath, [join('dist', 'cli', 'svc.js'), 'help'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'inherit'] }));
