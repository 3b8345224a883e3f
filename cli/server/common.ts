import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';

export function defaultDataDir(): string {
  return process.env.SVC_DATA_DIR || join(homedir(), '.svc-server');
}

export function addStoreOptions(cmd: Command): Command {
  return cmd
    .option('--data-dir <dir>', 'data directory (default: $SVC_DATA_DIR, else ~/.svc-server)')
    .option('--database-url <url>', 'PostgreSQL URL for scale-out (default: $SVC_DATABASE_URL, else SQLite in the data dir)');
}

export function storeOptions(opts: { dataDir?: string; databaseUrl?: string }): { dataDir: string; databaseUrl?: string } {
  return { dataDir: opts.dataDir ?? defaultDataDir(), databaseUrl: opts.databaseUrl ?? (process.env.SVC_DATABASE_URL || undefined) };
}

export function intArg(min: number, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    return n;
  };
}

export function numberArg(min: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new InvalidArgumentError(`must be a number >= ${min}`);
    return n;
  };
}

/** How much an engine (start's in-process workers, or a worker process) does at once. */
export function addEngineOptions(cmd: Command, who: string): Command {
  return cmd
    .option('--concurrency <n>', `tests in flight at once within one batch, at most (they also wait for a Python process, a browser page and --target-connections)`, intArg(1, 1024), 256)
    .option('--batch-concurrency <n>', `batches executed at once by this ${who}`, intArg(1, 64), 4)
    .option('--target-connections <n>', 'tests in flight to one target at once across all batches, and DELETEs of the cleanup sweep', intArg(1, 1024), 64)
    .option('--unsafe-no-sandbox', 'run uploaded backend test code without the OS sandbox (every run says so)', false);
}
