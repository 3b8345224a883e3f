import { join } from 'node:path';
import { providerFromEnv } from '../ai/provider.js';
import { BackendExecutor } from '../engine/backend-executor.js';
import { BackendRunner, type BackendRunnerOptions } from '../engine/backend/runner.js';
import { detectIsolation } from '../engine/sandbox/bwrap.js';
import { setBrowserPolicy } from '../engine/frontend/browser.js';
import { browserAvailable, FrontendExecutor } from '../engine/frontend-executor.js';
import type { EngineContext } from '../engine/context.js';
import { makeAnalyzer } from '../engine/analyze.js';
import { Engine } from '../engine/engine.js';
import { KeyedGates } from '../engine/limits.js';
import type { TestExecutor } from '../engine/types.js';
import type { Store } from '../store/db.js';
import { getProjectSecrets } from '../store/repos/projects.js';
import { loadSecrets } from '../store/secrets.js';
import { describePolicy, type TargetPolicy } from '../contract/target-policy.js';
import { assertTargetUrl, guardedFetch } from '../engine/target-guard.js';

export interface EngineSetup {
  store: Store;
  /** What tests, cleanup, auto-auth and the browser may reach; its ownPorts are svc's own (API, database). */
  targetPolicy: TargetPolicy;
  /** Tests in flight at once within a batch (default 256). */
  testConcurrency?: number;
  /** Batches at once in this process. */
  batchConcurrency?: number;
  /** Tests, and a cleanup sweep's DELETEs, in flight to one target at once (default 64). */
  targetConnections?: number;
  embedded: boolean;
  /** false: no frontend executor even when a browser is available. */
  browser?: boolean;
  /** Extra executors (the frontend one when a browser is available). */
  frontend?: TestExecutor;
  log?: (msg: string) => void;
  /** svc-server --unsafe-no-sandbox: run uploaded code without the OS sandbox, on purpose. */
  unsafeNoSandbox?: boolean;
}

/** How this process isolates uploaded test code, and the line that says so. */
export function backendIsolation(o: Pick<EngineSetup, 'unsafeNoSandbox' | 'targetPolicy'>): { options: NonNullable<BackendRunnerOptions['isolation']>; line: string } {
  if (o.unsafeNoSandbox) return { options: { mode: 'unsafe' }, line: 'isolation: NONE (--unsafe-no-sandbox): uploaded test code runs unsandboxed, with the server\'s access' };
  const iso = detectIsolation();
  if (iso.kind === 'none') {
    return { options: { mode: 'refuse', reason: iso.reason! }, line: `isolation: unavailable (${iso.reason}); backend tests are refused — install bubblewrap, or pass --unsafe-no-sandbox` };
  }
  return { options: { mode: 'sandbox', isolation: iso, policy: o.targetPolicy }, line: `isolation: ${iso.summary}; targets: ${describePolicy(o.targetPolicy)}` };
}

/** The engine with its real parts: Python runner, secrets, target policy, analysis. */
/** svc's own database on this machine is never a test target, whatever the policy. */
function databasePort(store: Store): number | undefined {
  const m = /^postgres:\/\/(localhost|127\.[\d.]+|\[::1\])(?::(\d+))?\//.exec(store.location);
  return m ? Number(m[2] ?? 5432) : undefined;
}

export function createEngine(o: EngineSetup): Engine & { isolationLine: string } {
  const secrets = loadSecrets(o.store.dataDir);
  const log = o.log ?? ((m: string) => process.stderr.write(`[svc-server] ${m}\n`));
  const dbPort = databasePort(o.store);
  const targetPolicy: TargetPolicy = { ...o.targetPolicy, ownPorts: [...(o.targetPolicy.ownPorts ?? []), ...(dbPort !== undefined ? [dbPort] : [])] };
  const isolation = backendIsolation({ ...o, targetPolicy });
  // The browser obeys the same target policy as test code, whatever isolation backend tests get.
  setBrowserPolicy(targetPolicy);
  const runner = new BackendRunner({ isolation: isolation.options, journalDir: join(o.store.dataDir, 'inflight') });
  const ctx: EngineContext = {
    store: o.store,
    executors: { backend: new BackendExecutor(runner), frontend: o.frontend ?? (o.browser !== false && browserAvailable() ? new FrontendExecutor() : undefined) },
    async loadAuth(projectId) {
      const p = await getProjectSecrets(o.store.db, secrets, projectId);
      return {
        credential: p?.credential ?? null,
        autoAuth: p?.autoAuth ?? null,
        account: p?.password ? { username: p.username ?? '', password: p.password } : null,
      };
    },
    async checkTarget(url) {
      await assertTargetUrl(targetPolicy, url, 'target URL');
    },
    targetFetch: guardedFetch(targetPolicy),
    async cleanupOptions(projectId) {
      const p = await o.store.db.selectFrom('projects').select(['settings']).where('id', '=', projectId).executeTakeFirst();
      const settings = JSON.parse(p?.settings ?? '{}') as { cleanupExclude?: string[]; deleteTemplates?: string[]; deletePairs?: { create: string; delete: string }[]; deleteHeaders?: Record<string, Record<string, string>> };
      return { exclude: settings.cleanupExclude, deleteTemplates: settings.deleteTemplates, deletePairs: settings.deletePairs, deleteHeaders: settings.deleteHeaders };
    },
    analyze: makeAnalyzer(providerFromEnv()),
    testConcurrency: o.testConcurrency ?? 256,
    targetGates: new KeyedGates(o.targetConnections ?? 64),
    targetConnections: o.targetConnections ?? 64,
    testTimeoutMs: Number(process.env.SVC_TEST_TIMEOUT_MS) || 120_000,
    artifactsRoot: join(o.store.dataDir, 'artifacts'),
    log,
  };
  const engine = new Engine(ctx, { batchConcurrency: o.batchConcurrency ?? 4, embedded: o.embedded });
  return Object.assign(engine, { isolationLine: isolation.line });
}
