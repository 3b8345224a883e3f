import type { AutoAuthConfig } from '../contract/project-auth.js';
import type { Store } from '../store/db.js';
import type { StaticCredential } from './auth.js';
import type { CleanupOptions } from './cleanup.js';
import type { KeyedGates } from './limits.js';
import type { TestExecutor } from './types.js';

export interface ProjectAuth {
  credential: StaticCredential | null;
  autoAuth: AutoAuthConfig | null;
  account: { username: string; password: string } | null;
}

/** Analysis hook: fills runs.analysis for failed, blocked and cancelled runs. */
export type Analyzer = (store: Store, runId: string) => Promise<void>;

/** Everything the engine needs, built once by the server or a worker process. */
export interface EngineContext {
  store: Store;
  executors: { backend?: TestExecutor; frontend?: TestExecutor };
  loadAuth(projectId: string): Promise<ProjectAuth>;
  /** Throws when a URL is not allowed as a target (private/localhost unless the operator allows). */
  checkTarget(url: string): Promise<void>;
  /**
   * fetch bound to the target policy (target-guard.ts guardedFetch): connects only to addresses the
   * policy allows, the ones it checked. Cleanup and auto-auth send with it; default: global fetch.
   */
  targetFetch?: typeof globalThis.fetch;
  /** Project-level cleanup knowledge: DELETE templates from API docs, exclusions from settings. */
  cleanupOptions(projectId: string): Promise<CleanupOptions>;
  analyze?: Analyzer;
  /** Tests in flight at once within one batch (an upper bound; the gates below bound them too). */
  testConcurrency: number;
  /** Tests in flight to one target (by origin) at once, across every batch of this engine. */
  targetGates: KeyedGates;
  /** Requests a cleanup sweep has in flight to its target at once. */
  targetConnections: number;
  testTimeoutMs: number;
  artifactsRoot: string;
  log(msg: string): void;
}
