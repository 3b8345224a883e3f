import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from './paths.js';

export interface WorkerProcess {
  proc: ChildProcess;
  /** Everything the worker printed so far. */
  output(): string;
}

/** A real `svc-server worker` on a shared database (private targets allowed); pushed onto `all` for the test's afterAll to kill. */
export function startWorkerProcess(o: { dataDir: string; databaseUrl: string; env?: NodeJS.ProcessEnv; args?: string[]; all: ChildProcess[] }): WorkerProcess {
  const proc = spawn(process.execPath, [BIN.server, 'worker', '--data-dir', o.dataDir, '--database-url', o.databaseUrl, '--allow-private-targets', ...(o.args ?? [])], { env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  o.all.push(proc);
  return { proc, output: () => out };
}
