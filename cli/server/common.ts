import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { SvcError } from '../../src/contract/errors.js';
import { parseAllowTargets, type TargetPolicy } from '../../src/contract/target-policy.js';
import type { ArtifactStoreConfig } from '../../src/store/artifacts/artifact-store.js';
import { parseS3Url } from '../../src/store/artifacts/open.js';

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

/** Where run artifacts go (README "Self-hosting and scale-out"), the same on start, worker and prune. */
export function addArtifactOptions(cmd: Command): Command {
  return cmd
    .option('--artifacts-dir <dir>', 'directory every process reads run artifacts from, e.g. a shared volume (default: $SVC_ARTIFACTS_DIR, else <data-dir>/artifacts)')
    .option('--artifacts-s3 <url>', 'keep run artifacts in S3-compatible object storage instead: s3://BUCKET[/PREFIX] (default: $SVC_ARTIFACTS_S3); credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY', s3Arg)
    .option('--s3-endpoint <url>', 'endpoint of an S3-compatible server (default: $SVC_S3_ENDPOINT, else $AWS_ENDPOINT_URL_S3, else AWS)')
    .option('--s3-region <region>', 'bucket region (default: $SVC_S3_REGION, else $AWS_REGION, else us-east-1)')
    .option('--s3-path-style', 'path-style bucket addressing (http://host/bucket/key), as most self-hosted S3 servers need (default: $SVC_S3_PATH_STYLE=1)');
}

function s3Arg(v: string): string {
  try {
    parseS3Url(v);
    return v;
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

export function artifactOptions(o: { artifactsDir?: string; artifactsS3?: string; s3Endpoint?: string; s3Region?: string; s3PathStyle?: boolean }): ArtifactStoreConfig | undefined {
  const s3 = o.artifactsS3 ?? fromEnv('SVC_ARTIFACTS_S3', s3Arg);
  const dir = o.artifactsDir ?? (process.env.SVC_ARTIFACTS_DIR || undefined);
  if (s3 && dir) {
    throw new SvcError('VALIDATION_ERROR', 'artifacts: give a directory (--artifacts-dir / SVC_ARTIFACTS_DIR) or a bucket (--artifacts-s3 / SVC_ARTIFACTS_S3), not both', { nextAction: 'Keep one of the two.' });
  }
  if (!s3) return dir ? { kind: 'dir', dir } : undefined;
  const env = process.env;
  return {
    kind: 's3',
    ...parseS3Url(s3),
    endpoint: o.s3Endpoint ?? (env.SVC_S3_ENDPOINT || env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined),
    region: o.s3Region ?? (env.SVC_S3_REGION || undefined),
    pathStyle: o.s3PathStyle ?? env.SVC_S3_PATH_STYLE === '1',
  };
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
