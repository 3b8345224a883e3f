import { spawn, type ChildProcess } from 'node:child_process';
import { execa } from 'execa';
import { join } from 'node:path';
import { BIN, tempDir } from './paths.js';

export interface TestServer {
  url: string;
  apiUrl: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  mintKey(opts?: { name?: string; email?: string; scopes?: string; credits?: number; creditsPerRun?: number; plan?: string }): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the real svc-server on a free loopback port with a temp data dir. */
export async function startServer(opts: { dataDir?: string; allowPrivateTargets?: boolean; args?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? join(tempDir('svc-server-'), 'data');
  const args = [BIN.server, 'start', '--port', '0', '--data-dir', dataDir, ...(opts.allowPrivateTargets === false ? [] : ['--allow-private-targets']), ...(opts.args ?? [])];
  const proc = spawn(process.execPath, args, { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc-server did not start in 20s:\n${out}`)), 20_000);
    const check = () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on('data', check);
    proc.stderr!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`svc-server exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return {
    url,
    apiUrl: `${url}/api/v1`,
    port: Number(new URL(url).port),
    dataDir,
    proc,
    output: () => out,
    async mintKey(k = {}) {
      const a = ['keys', 'create', '--data-dir', dataDir, '--name', k.name ?? 'tester'];
      if (k.email) a.push('--email', k.email);
      if (k.scopes) a.push('--scopes', k.scopes);
      if (k.credits !== undefined) a.push('--credits', String(k.credits));
      if (k.creditsPerRun !== undefined) a.push('--credits-per-run', String(k.creditsPerRun));
      if (k.plan) a.push('--plan', k.plan);
      const r = await execa(process.execPath, [BIN.server, ...a], { env: opts.env });
      return r.stdout.trim();
    },
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}
