import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { migrate, openStore, type Store } from '../store/db.js';
import { loadSecrets } from '../store/secrets.js';
import { packageVersion } from '../util/package-root.js';
import { API_PREFIX, createApp } from './app.js';
import type { ServerConfig, ServerDeps } from './context.js';
import { getPriority, setPriority } from 'node:os';
import { EngineThread } from './engine-thread.js';
import { waitersOf } from './waiters.js';
import { Scheduler, schedulerOptionsFromEnv } from './scheduler.js';
import { RetentionJob } from './retention-job.js';
import type { RetentionPolicy } from './retention-select.js';
import type { ArtifactStoreConfig } from '../store/artifacts/artifact-store.js';

export interface StartOptions {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** --artifacts-dir / --artifacts-s3: where run artifacts are kept (default <dataDir>/artifacts). */
  artifacts?: ArtifactStoreConfig;
  allowPrivateTargets?: boolean;
  /** --allow-targets: CIDR ranges, addresses or host names allowed as targets on top of public ones. */
  allowTargets?: string[];
  env?: string;
  publicUrl?: string;
  triggerRatePerMinute?: number;
  /** In-process workers (default true). false: this server only queues; svc-server worker processes run. */
  workers?: boolean;
  /** Run frontend tests when a browser is available (default true). */
  browser?: boolean;
  /** Tests in flight at once within a batch (default 256). */
  testConcurrency?: number;
  /** Batches at once in this process (default 4). */
  batchConcurrency?: number;
  /** Tests, and a cleanup sweep's DELETEs, in flight to one target at once (default 64). */
  targetConnections?: number;
  /** Run uploaded backend test code without the OS sandbox (said on every run). */
  unsafeNoSandbox?: boolean;
  /** --retention-days, --retention-batches-per-project: the background prune (off when neither is set). */
  retention?: RetentionPolicy;
}

export interface RunningServer {
  url: string;
  apiUrl: string;
  port: number;
  store: Store;
  deps: ServerDeps;
  /** Which isolation uploaded test code gets here, as one line. */
  isolation: string;
  close(): Promise<void>;
}

/** Opens the store, applies migrations, and serves the API until close(). */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const store = openStore({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, artifacts: opts.artifacts });
  await migrate(store);
  // Fail at start, not at the first write, when SVC_SECRET_KEY is malformed or secret.key unreadable.
  loadSecrets(opts.dataDir);
  const config: ServerConfig = {
    version: packageVersion(),
    env: opts.env ?? process.env.SVC_ENV ?? 'self-hosted',
    // ownPorts is filled in once the server listens: tests can never reach svc itself.
    targetPolicy: { allowPrivate: opts.allowPrivateTargets ?? false, allowTargets: opts.allowTargets ?? [], ownPorts: [] },
    publicUrl: opts.publicUrl ?? '',
    triggerRatePerMinute: opts.triggerRatePerMinute ?? (Number(process.env.SVC_TRIGGER_RATE_PER_MINUTE) || 60),
  };
  const deps: ServerDeps = { store, config, services: {} };
  const workers = opts.workers ?? true;
  const ownPorts = config.targetPolicy.ownPorts!;
  const engine = new EngineThread(store, {
    nice: getPriority(),
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    artifacts: opts.artifacts,
    unsafeNoSandbox: opts.unsafeNoSandbox,
    targetPolicy: config.targetPolicy,
    embedded: workers && store.dialect === 'sqlite',
    browser: opts.browser,
    testConcurrency: opts.testConcurrency,
    batchConcurrency: opts.batchConcurrency,
    targetConnections: opts.targetConnections,
  });
  deps.services.engine = engine;
  engine.onBatchDone = () => waitersOf(deps).poke();
  const app = createApp(deps);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: opts.host, port: opts.port }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  ownPorts.push(port);
  // The engine starts once the port is known: tests can never reach svc itself.
  if (workers) {
    try {
      await engine.start();
    } catch (err) {
      server.close();
      await store.close();
      throw err;
    }
    favourApiThread();
  }
  const hostForUrl = opts.host.includes(':') ? `[${opts.host}]` : opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host;
  const url = `http://${hostForUrl}:${port}`;
  if (!opts.publicUrl) config.publicUrl = url;
  // Every API process ticks the schedules and the webhook deliveries; the database settles who does what.
  const scheduler = new Scheduler(deps, schedulerOptionsFromEnv(process.env, (m) => process.stderr.write(`[svc-server] ${m}\n`)));
  scheduler.start();
  // Every API process looks; the one holding the prune lease prunes, once per interval.
  const retention = new RetentionJob(store, opts.retention ?? {}, (m) => process.stderr.write(`[svc-server] ${m}\n`));
  retention.start();
  let closed = false;
  return {
    url,
    apiUrl: `${url}${API_PREFIX}`,
    port,
    store,
    deps,
    isolation: engine.isolationLine,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await scheduler.stop();
      await retention.stop();
      await engine.stop();
      await store.close();
    },
  };
}

/** How much higher than the engine's thread the API's runs, where the server may raise it (root). */
const API_PRIORITY_BOOST = 5;

/**
 * Reads and long-polls come before the engine's bookkeeping when a suite keeps every core busy: as
 * root the API's thread (this one: Linux keeps a nice value per thread) runs 5 nice levels above
 * the rest of the server, whose engine thread, tests and browsers keep the server's own priority
 * (engine-worker.ts resets a restarted engine thread to it). Elsewhere nothing changes.
 */
function favourApiThread(): void {
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || process.env.SVC_NO_API_PRIORITY) return;
  try {
    setPriority(Math.max(-20, getPriority() - API_PRIORITY_BOOST));
  } catch {
    /* the priority stays as it was */
  }
}
