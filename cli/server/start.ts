import type { Command } from 'commander';
import { startServer } from '../../src/server/start.js';
import { addArtifactOptions, addEngineOptions, addRetentionOptions, addStoreOptions, addTargetOptions, artifactOptions, intArg, retentionOptions, storeOptions, targetPolicyOptions } from './common.js';

export function registerStart(program: Command, log: (s: string) => void): void {
  addArtifactOptions(addRetentionOptions(addTargetOptions(addEngineOptions(addStoreOptions(program.command('start')), 'process'), 'projects and tests')))
    .description('run the service: HTTP API, portal and in-process workers, until SIGINT/SIGTERM')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', intArg(0, 65535), 7788)
    .option('--public-url <url>', 'base URL users reach this server at (for dashboard links)')
    .option('--no-browser', 'do not run frontend tests here (they are reported as skipped), even when Chromium is installed')
    .option('--no-workers', 'only serve and queue; separate svc-server worker processes execute runs (scale-out)')
    .action(async (o) => {
      // Signals arriving during start-up still shut down cleanly once the server is up.
      let stopRequested: string | undefined;
      let stop = (sig: string) => {
        stopRequested = sig;
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
      const policy = targetPolicyOptions(o);
      const server = await startServer({
        ...storeOptions(o),
        artifacts: artifactOptions(o),
        host: o.host,
        port: o.port,
        allowPrivateTargets: policy.allowPrivate,
        allowTargets: policy.allowTargets,
        retention: retentionOptions(o),
        publicUrl: o.publicUrl,
        workers: o.workers,
        browser: o.browser,
        testConcurrency: o.concurrency,
        batchConcurrency: o.batchConcurrency,
        targetConnections: o.targetConnections,
        unsafeNoSandbox: o.unsafeNoSandbox,
      });
      log(`svc-server ${server.isolation}\n`);
      log(`svc-server artifacts: ${server.store.artifacts.kind} ${server.store.artifacts.location}\n`);
      log(`svc-server ${server.deps.config.version} listening on ${server.url} — API ${server.apiUrl} (store: ${server.store.dialect} ${server.store.location})\n`);
      await new Promise<void>((resolve) => {
        stop = (sig: string) => {
          log(`svc-server: ${sig} received, shutting down\n`);
          server.close().then(resolve, resolve);
        };
        if (stopRequested) stop(stopRequested);
      });
    });
}
