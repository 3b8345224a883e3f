import { ApiClient, type Logger } from '../client/http.js';
import { getMe } from '../contract/me.js';
import { packageVersion } from '../util/package-root.js';
import { runBackendPart } from './backend.js';
import type { DemoContext, PartOutcome } from './context.js';
import { runFrontendPart } from './frontend.js';

export interface DemoOutcome {
  ok: boolean;
  problems: string[];
  backend: PartOutcome;
  frontend: PartOutcome;
}

/**
 * The demo's walk through the product, through the same API calls the CLI makes: a backend project
 * generated from the sample API's OpenAPI document, then a frontend project explored and tested in
 * a browser. A part that throws is reported as a problem; the other part still runs.
 */
export async function runDemoScenario(d: DemoContext): Promise<DemoOutcome> {
  const logger: Logger = { debug: () => undefined, verbose: () => undefined };
  const client = new ApiClient({ baseUrl: d.apiUrl, apiKey: d.apiKey, timeoutMs: 30_000, surface: 'cli', userAgent: `svc-demo/${packageVersion()}`, logger });
  const me = await client.call(getMe);
  d.log(`signed in as ${me.name} (${me.userId}), key ${me.keyId}\n`);

  const backend = await guarded('backend', () => runBackendPart(client, d), d);
  const frontend = await guarded('frontend', () => runFrontendPart(client, d), d);
  const problems = [...backend.problems, ...frontend.problems];

  d.out('\n== Summary ==\n');
  d.out(`backend:  ${backend.ok ? 'as expected' : 'NOT as expected'}${backend.portalUrl ? `  ${backend.portalUrl}` : ''}\n`);
  d.out(`frontend: ${frontend.skipped ? `skipped (${frontend.skipped})` : frontend.ok ? 'as expected' : 'NOT as expected'}${frontend.portalUrl ? `  ${frontend.portalUrl}` : ''}\n`);
  for (const p of problems) d.out(`  problem: ${p}\n`);
  return { ok: backend.ok && frontend.ok, problems, backend, frontend };
}

async function guarded(name: string, part: () => Promise<PartOutcome>, d: DemoContext): Promise<PartOutcome> {
  try {
    return await part();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    d.out(`${name} part stopped: ${message}\n`);
    return { ok: false, problems: [`${name}: ${message}`] };
  }
}
