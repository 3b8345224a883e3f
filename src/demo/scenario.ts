import { getMe } from '../contract/me.js';
import { ApiClient } from '../client/http.js';
import type { RunningServer } from '../server/start.js';
import { packageVersion } from '../util/package-root.js';

export interface DemoContext {
  server: RunningServer;
  apiKey: string;
  out: (s: string) => void;
  log: (s: string) => void;
}

/** The demo's walk through the product; returns false when a step did not end as expected. */
export async function runDemoScenario(d: DemoContext): Promise<boolean> {
  const client = new ApiClient({ baseUrl: d.server.apiUrl, apiKey: d.apiKey, timeoutMs: 30_000, surface: 'cli', userAgent: `svc-demo/${packageVersion()}` });
  const me = await client.call(getMe);
  d.out(`identity: ${me.name} ${me.userId} key ${me.keyId} scopes ${me.scopes.join(',')}\n`);
  return true;
}
