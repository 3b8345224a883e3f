import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The package's root folder, whether running from src/ (tests) or dist/ (built). */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'svc') return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error('package root not found');
    dir = up;
  }
}

let version: string | undefined;
export function packageVersion(): string {
  return (version ??= JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string);
}
