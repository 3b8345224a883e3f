import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { SvcError } from '../../src/contract/errors.js';
import { credentialsPath, readProfiles, setProfile } from '../../src/client/credentials.js';
import { createKey } from '../../src/store/repos/keys.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import type { TargetRows } from '../../src/demo/context.js';
import { runDemoScenario } from '../../src/demo/scenario.js';
import { packageRoot } from '../../src/util/package-root.js';
import { intArg } from './common.js';

interface Closable {
  url: string;
  close(): Promise<void>;
}
interface TargetApi extends Closable {
  store(): TargetRows;
}

/** The sample apps ship in fixtures/ beside dist/; they are found from the package root at run time. */
async function fixture<T>(path: string, name: string): Promise<T> {
  const mod = (await import(pathToFileURL(join(packageRoot(), 'fixtures', path)).href)) as Record<string, unknown>;
  return mod[name] as T;
}

/**
 * Starts the whole product on loopback with a throwaway (or given) data dir, mints a key into the
 * `demo` profile and walks through the lifecycle, printing what a user would look at.
 */
export function registerDemo(program: Command, out: (s: string) => void, log: (s: string) => void): void {
  program
    .command('demo')
    .description('start everything on loopback, run sample projects end to end, print results and URLs')
    .option('--data-dir <dir>', 'data directory (default: a temporary one, removed at exit)')
    .option('--port <port>', 'port for the service (default: a free one)', intArg(0, 65535), 0)
    .option('--keep', 'keep serving after the demo until SIGINT/SIGTERM', false)
    .action(async (o) => {
      const temp = !o.dataDir;
      const dataDir: string = o.dataDir ?? mkdtempSync(join(tmpdir(), 'svc-demo-'));
      let server: RunningServer | undefined;
      let target: TargetApi | undefined;
      let web: Closable | undefined;
      try {
        server = await startServer({ host: '127.0.0.1', port: o.port, dataDir, allowPrivateTargets: true, env: 'demo' });
        log(`svc-server ${server.deps.config.version} listening on ${server.url} (data: ${dataDir})\n`);
        const startTargetApi = await fixture<(o: { port: number }) => Promise<TargetApi>>('target-api/server.mjs', 'startTargetApi');
        const startWebApp = await fixture<(o: { port: number }) => Promise<Closable>>('web-app/server.mjs', 'startWebApp');
        const account = await fixture<{ username: string; password: string }>('web-app/server.mjs', 'DEMO_USER');
        [target, web] = await Promise.all([startTargetApi({ port: 0 }), startWebApp({ port: 0 })]);
        log(`sample target API listening on ${target.url}, sample web app on ${web.url}\n`);
        const { key } = await createKey(server.store.db, { name: 'demo', email: 'demo@svc.local' });
        const file = credentialsPath();
        const existing = readProfiles(file).demo;
        setProfile(file, 'demo', { api_key: key, api_url: server.apiUrl });
        log(`${existing ? 'updated' : 'created'} profile 'demo' in ${file} (other profiles untouched)\n`);
        const outcome = await runDemoScenario({
          apiUrl: server.apiUrl, apiKey: key, artifactsDir: join(dataDir, 'artifacts'), temporaryData: temp && !o.keep,
          fixturesDir: join(packageRoot(), 'fixtures'), target, web: { url: web.url, ...account }, out, log,
        });
        out(`\nportal:  ${server.url}/portal (sign in with the api_key of the [demo] profile in ${file})\napi:     ${server.apiUrl}\nopenapi: ${server.url}/openapi.json\ntarget:  ${target.url}\nweb app: ${web.url}\nprofile: svc --profile demo auth status\n`);
        if (!outcome.ok) {
          throw new SvcError('TEST_FAILED', `the demo did not end as expected: ${outcome.problems.join('; ')}`, { nextAction: 'See the output above and the portal pages of the two projects.' });
        }
        if (o.keep) {
          log('serving until SIGINT/SIGTERM (--keep)\n');
          await new Promise<void>((resolve) => {
            process.once('SIGINT', () => resolve());
            process.once('SIGTERM', () => resolve());
          });
        }
      } finally {
        await Promise.all([target?.close(), web?.close()]);
        await server?.close();
        if (temp) rmSync(dataDir, { recursive: true, force: true });
      }
    });
}
