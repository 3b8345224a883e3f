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
