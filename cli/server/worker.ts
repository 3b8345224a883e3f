import type { Command } from 'commander';
import { migrate, openStore } from '../../src/store/db.js';
import { createEngine } from '../../src/server/engine-setup.js';
import { addArtifactOptions, addEngineOptions, addStoreOptions, addTargetOptions, artifactOptions, storeOptions, targetPolicyOptions } from './common.js';

/** Scale-out: the engine alone, claiming batches from the shared PostgreSQL queue. */
export function registerWorker(program: Command, log: (s: string) => void): void {
  addArtifactOptions(addTargetOptions(addEngineOptions(addStoreOptions(program.command('worker')), 'worker'), 'tests'))
    .description('run only the test engine against a shared database (scale-out; pair with start --no-workers)')
    .option('--no-browser', 'do not run frontend tests or explorations on this worker, even when Chromium is installed')
    .action(async (o) => {
      const store = openStore({ ...storeOptions(o), artifacts: artifactOptions(o) });
      await migrate(store);
      const engine = createEngine({ store, targetPolicy: targetPolicyOptions(o), embedded: false, browser: o.browser, testConcurrency: o.concurrency, batchConcurrency: o.batchConcurrency, targetConnections: o.targetConnections, unsafeNoSandbox: o.unsafeNoSandbox });
      await engine.start();
      log(`svc-server worker ${engine.queue.workerId} running (store: ${store.dialect} ${store.location})\n`);
      log(`svc-server worker ${(engine as { isolationLine?: string }).isolationLine ?? ''}\n`);
      log(`svc-server worker artifacts: ${store.artifacts.kind} ${store.artifacts.location}\n`);
      await new Promise<void>((resolve) => {
        const stop = (sig: string) => {
          log(`svc-server worker: ${sig} received, stopping (unfinished batches are resumed by another worker)\n`);
          resolve();
        };
        process.once('SIGINT', () => stop('SIGINT'));
        process.once('SIGTERM', () => stop('SIGTERM'));
      });
      await engine.stop();
      await store.close();
    });
}
