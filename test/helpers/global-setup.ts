import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** E2E tests drive the built binaries; fail early and clearly when they were not built. */
export default function setup(): void {
  for (const bin of ['svc', 'svc-mcp', 'svc-server']) {
    const p = join(process.cwd(), 'dist', 'cli', `${bin}.js`);
    if (!existsSync(p)) throw new Error(`${p} is missing: run 'npm run build' first (npm test does it)`);
  }
}
