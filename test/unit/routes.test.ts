import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/contract/api.js';
import { createApp, mountedEndpoints } from '../../src/server/app.js';
import type { ServerDeps } from '../../src/server/context.js';

describe('server routes', () => {
  it('mounts a route for every contract endpoint', () => {
    const deps = { store: {}, config: { version: '0', env: 'test', allowPrivateTargets: false, publicUrl: '', triggerRatePerMinute: 60 }, services: {} } as unknown as ServerDeps;
    const mounted = mountedEndpoints(createApp(deps));
    for (const e of ENDPOINTS) expect(mounted.has(e.id), e.id).toBe(true);
  });
});
