import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startTargetApi, type TargetApi } from '../../fixtures/target-api/server.mjs';
import { svc, type CliEnv, type CliResult } from './cli.js';
import { startServer, type TestServer } from './server.js';
import { json, userCtx } from './user.js';

/** A running svc-server, the sample target API and a backend project on it with its bearer token. */
export interface BackendWorld {
  server: TestServer;
  api: TargetApi;
  key: string;
  ctx: CliEnv;
  projectId: string;
  /** Creates a backend test from Python code; returns its id. */
  addTest(name: string, code: string, extra?: string[]): Promise<string>;
  /** `svc --output json test run <id> --wait`; the run id and the CLI result. */
  run(testId: string, env?: NodeJS.ProcessEnv): Promise<{ runId: string; r: CliResult }>;
  stop(): Promise<void>;
}

export async function backendWorld(o: { credits?: number; creditsPerRun?: number } = {}): Promise<BackendWorld> {
  const server = await startServer();
  const api = await startTargetApi({ port: 0 });
  const key = await server.mintKey({ name: 'triage', credits: o.credits, creditsPerRun: o.creditsPerRun });
  const ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  const projectId = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'api', '--url', api.url])).id as string;
  await json(ctx, ['project', 'credential', projectId, '--type', 'Bearer token', '--credential', 'demo-token']);
  let n = 0;
  return {
    server, api, key, ctx, projectId,
    async addTest(name, code, extra = []) {
      const file = `t${++n}.py`;
      writeFileSync(join(ctx.cwd, file), code);
      return (await json(ctx, ['test', 'create', '--project', projectId, '--type', 'backend', '--name', name, '--code-file', file, ...extra])).testId as string;
    },
    async run(testId, env) {
      const r = await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '120'], { ctx, env, timeout: 150_000 });
      expect([0, 1], r.stderr).toContain(r.exitCode);
      return { runId: r.json().runId as string, r };
    },
    async stop() {
      await server.stop();
      await api.close();
    },
  };
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
