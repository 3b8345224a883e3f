import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = {
  svc: join(ROOT, 'dist/cli/svc.js'),
  mcp: join(ROOT, 'dist/cli/svc-mcp.js'),
  server: join(ROOT, 'dist/cli/svc-server.js'),
};

export function tempDir(prefix = 'svc-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
