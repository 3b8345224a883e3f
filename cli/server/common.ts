import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { SvcError } from '../../src/contract/errors.js';
import { parseAllowTargets, type TargetPolicy } from '../../src/contract/target-policy.js';

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

function allowTargetsArg(v: string): string[] {
  try {
    return parseAllowTargets(v);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

/** The target policy flags (README "Target policy"), the same on start and worker. */
export function addTargetOptions(cmd: Command, who: string): Command {
  return cmd
    .option('--allow-private-targets', `let ${who} reach localhost and private addresses (cloud metadata stays refused)`, false)
    .option('--allow-targets <list>', 'comma-separated CIDR ranges, addresses or host names allowed besides public ones, e.g. 10.1.0.0/16 (default: $SVC_ALLOW_TARGETS); a cloud metadata address is allowed only when named alone', allowTargetsArg);
}

export function targetPolicyOptions(o: { allowPrivateTargets?: boolean; allowTargets?: string[] }): Pick<TargetPolicy, 'allowPrivate' | 'allowTargets'> {
  return { allowPrivate: o.allowPrivateTargets ?? false, allowTargets: o.allowTargets ?? fromEnv('SVC_ALLOW_TARGETS', allowTargetsArg) ?? [] };
}

/** Retention flags (README "Retention"), the same on start and prune; off unless one is given. */
export function addRetentionOptions(cmd: Command): Command {
  return cmd
    .option('--retention-days <n>', 'prune batches (runs, recorded calls, artifacts) older than n days (default: $SVC_RETENTION_DAYS, else off)', intArg(0, 36500))
    .option('--retention-batches-per-project <n>', 'prune all but the newest n batches of each project (default: $SVC_RETENTION_BATCHES_PER_PROJECT, else off)', intArg(0, 1_000_000));
}

export function retentionOptions(o: { retentionDays?: number; retentionBatchesPerProject?: number }): { days?: number; batchesPerProject?: number } {
  const n = intArg(0, 1_000_000);
  return { days: o.retentionDays ?? fromEnv('SVC_RETENTION_DAYS', n), batchesPerProject: o.retentionBatchesPerProject ?? fromEnv('SVC_RETENTION_BATCHES_PER_PROJECT', n) };
}

/** A setting from the environment, parsed like its flag; a bad value names the variable (exit 5). */
function fromEnv<T>(name: string, parse: (v: string) => T): T | undefined {
  const v = process.env[name];
  if (!v) return undefined;
  try {
    return parse(v);
  } catch (err) {
    throw new SvcError('VALIDATION_ERROR', `${name}: ${(err as Error).message}`, { nextAction: `Fix or unset ${name}.` });
  }
}
