import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CliEnv } from './cli.js';
import { startServer, type TestServer } from './server.js';
import { json, userCtx } from './user.js';

export const CODE = 'def test_ok():\n    assert 1 + 1 == 2\n';

/** A server, a user, and one frontend and one backend project, for the test-command suites. */
export interface TestsWorld {
  server: TestServer;
  key: string;
  ctx: CliEnv;
  fe: string;
  be: string;
  file(name: string, content: string): string;
  plan(name: string, over?: Record<string, unknown>): string;
  backend(name: string, extra?: string[]): string[];
}

export async function testsWorld(): Promise<TestsWorld> {
  const server = await startServer();
  const key = await server.mintKey({ name: 'tess', email: 'tess@example.com' });
  const ctx = userCtx(server, key);
  const fe = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Web', '--url', 'https://app.example.com'])).id as string;
  const be = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'API', '--url', 'https://api.example.com'])).id as string;
  const file = (name: string, content: string) => {
    writeFileSync(join(ctx.cwd, name), content);
    return name;
  };
  return {
    server,
    key,
    ctx,
    fe,
    be,
    file,
    plan: (name, over = {}) =>
      JSON.stringify({ projectId: fe, type: 'frontend', name, planSteps: [{ type: 'action', description: 'Open the home page' }, { type: 'assertion', description: 'The title is visible' }], ...over }),
    backend: (name, extra = []) => ['test', 'create', '--project', be, '--type', 'backend', '--name', name, '--code-file', file('code.py', CODE), ...extra],
  };
}
