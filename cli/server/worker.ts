import type { Command } from 'commander';
import { migrate, openStore } from '../../src/store/db.js';
import { createEngine } from '../../src/server/engine-setup.js';
import { addStoreOptions, intArg, storeOptions } from './common.js';

/** Scale-out: the engine alone, claiming batches from the shared PostgreSQL queue. */
export function registerWorker(program: Command, log: (s: string) => void): void {
  addStoreOptions(program.command('worker'))
    .description('run only the test engine against a shared database (scale-out; pair with start --no-workers)')
    .option('--allow-private-targets', 'let tests reach localhost and private addresses', false)
    .option('--no-browser', 'do not run frontend tests on this worker, even when Chromium is installed')
    .option('--concurrency <n>', 'tests executed at once within one batch', intArg(1, 256), 8)
    .option('--batch-concurrency <n>', 'batches executed at once by this worker', intArg(1, 64), 4)
    .option('--target-connections <n>', "cleanup DELETEs in flight to one target at once (the sweep after a batch)", intArg(1, 256), 32)
    .option('--unsafe-no-sandbox', 'run uploaded backend test code without the OS sandbox (every run says so)', false)
    .action(async (o) => {
      const store = openStore(storeOptions(o));
      await migrate(store);
      const engine = createEngine({ store, allowPrivateTargets: o.allowPrivateTargets, embedded: false, browser: o.browser, testConcurrency: o.concurrency, batchConcurrency: o.batchConcurrency, targetConnections: o.targetConnections, unsafeNoSandbox: o.unsafeNoSandbox });
      await engine.start();
      log(`svc-server worker ${engine.queue.workerId} running (store: ${store.dialect} ${store.location})\n`);
      log(`svc-server worker ${(engine as { isolationLine?: string }).isolationLine ?? ''}\n`);
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
