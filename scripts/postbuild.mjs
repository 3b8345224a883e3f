// Copies non-TypeScript assets that live beside the sources (Python harness, SQL, HTML)
// into dist/ and marks the three executables as runnable.
import { chmodSync, cpSync, existsSync, readdirSync, statSync } from 'node:fs';
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
