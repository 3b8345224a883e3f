import { expect } from 'vitest';
import { cliEnv, svc, type CliEnv, type CliResult } from './cli.js';
import type { TestServer } from './server.js';

/** A CLI environment signed in with `key` against `server` (key and endpoint from the environment). */
export function userCtx(server: TestServer, key: string, extra: NodeJS.ProcessEnv = {}): CliEnv {
  return cliEnv({ SVC_API_KEY: key, SVC_API_URL: server.apiUrl, ...extra });
}

/** Runs `svc --output json …`, expects exit 0 and returns the parsed stdout. */
export async function json<T = any>(ctx: CliEnv, args: string[], env?: NodeJS.ProcessEnv): Promise<T> {
  const r = await svc(['--output', 'json', ...args], { ctx, env });
  expect(r.exitCode, `svc ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r.json<T>();
}

/** Runs `svc --output json …` expecting a failure with `exit`; returns the result (error on stderr). */
export async function fails(ctx: CliEnv, args: string[], exit: number, env?: NodeJS.ProcessEnv): Promise<CliResult> {
  const r = await svc(['--output', 'json', ...args], { ctx, env });
  expect(r.exitCode, `svc ${args.join(' ')}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(exit);
  return r;
}
