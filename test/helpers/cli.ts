import { execa } from 'execa';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, tempDir } from './paths.js';

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  json<T = any>(): T;
  /** The JSON error envelope printed on stderr in json mode. */
  error(): { code: string; message: string; nextAction: string; requestId: string | null };
}

export interface CliEnv {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** A clean environment for the CLI: temp HOME and cwd, no inherited SVC_* variables. */
export function cliEnv(extra: NodeJS.ProcessEnv = {}): CliEnv {
  const home = tempDir('svc-home-');
  const cwd = join(home, 'project');
  mkdirSync(cwd);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, NO_COLOR: '1', ...extra };
  return { home, cwd, env };
}

export async function svc(args: string[], o: { ctx: CliEnv; env?: NodeJS.ProcessEnv; input?: string; timeout?: number; bin?: string }): Promise<CliResult> {
  const r = await execa(process.execPath, [o.bin ?? BIN.svc, ...args], {
    cwd: o.ctx.cwd,
    env: { ...o.ctx.env, ...o.env },
    extendEnv: false,
    input: o.input ?? '',
    reject: false,
    timeout: o.timeout ?? 60_000,
  });
  const res: CliResult = {
    exitCode: r.exitCode ?? -1,
    stdout: r.stdout,
    stderr: r.stderr,
    json: () => JSON.parse(r.stdout),
    error: () => JSON.parse(r.stderr.trim().split('\n').filter((l) => l.startsWith('{')).pop() ?? '{}').error,
  };
  return res;
}
