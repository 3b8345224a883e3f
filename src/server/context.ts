import type { Surface } from '../contract/common.js';
import type { TargetPolicy } from '../contract/target-policy.js';
import type { Store } from '../store/db.js';
import type { KeyRecord } from '../store/repos/keys.js';

export interface ServerConfig {
  version: string;
  /** Reported as `env` by GET /me. */
  env: string;
  /** What may be a target (--allow-private-targets, --allow-targets; tests and demo allow private ones). */
  targetPolicy: TargetPolicy;
  /** Public base URL of this server (no /api/v1), used for dashboard links. */
  publicUrl: string;
  /** Trigger cap per key per minute (SPEC.md 8: 60). */
  triggerRatePerMinute: number;
}

/**
 * Long-lived services the routes use. Later areas (engine, discovery) add optional members here
 * so routes reach them without importing each other.
 */
export interface ServerDeps {
  store: Store;
  config: ServerConfig;
  services: Record<string, unknown>;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    auth: KeyRecord | undefined;
    surface: Surface;
    deps: ServerDeps;
  };
};
