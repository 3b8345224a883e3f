import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/contract/api.js';
import { createApp, mountedEndpoints } from '../../src/server/app.js';
import type { ServerDeps } from '../../src/server/context.js';
import { migrate, openStore, type Store } from '../../src/store/db.js';
import { createKey } from '../../src/store/repos/keys.js';

const config = { version: '0', env: 'test', targetPolicy: { allowPrivate: false }, publicUrl: 'http://svc.test', triggerRatePerMinute: 60 };
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

describe('server routes', () => {
  it('mounts a route for every contract endpoint', () => {
    const deps = { store: {}, config, services: {} } as unknown as ServerDeps;
    const mounted = mountedEndpoints(createApp(deps));
    for (const e of ENDPOINTS) expect(mounted.has(e.id), e.id).toBe(true);
  });

  it('refuses a request body over the limit, announced or streamed, and still answers reads', async () => {
    const store = openStore({ dataDir: join(mkdtempSync(join(tmpdir(), 'svc-routes-')), 'data') });
    stores.push(store);
    await migrate(store);
    const { key } = await createKey(store.db, { name: 'ann', email: 'ann@example.com' });
    const app = createApp({ store, config, services: {} } as unknown as ServerDeps);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const big = JSON.stringify({ name: 'x'.repeat(9 * 1024 * 1024) });
    const announced = await app.request('http://svc.test/api/v1/projects', { method: 'POST', headers, body: big });
    expect(announced.status).toBe(413);
    expect((await announced.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const chunks = new ReadableStream({
      start(c) {
        for (let i = 0; i < 9; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1024 * 1024)));
        c.close();
      },
    });
    const streamed = await app.request('http://svc.test/api/v1/projects', { method: 'POST', headers, body: chunks, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    const me = await app.request('http://svc.test/api/v1/me', { headers });
    expect(me.status).toBe(200);
    expect((await me.json()).name).toBe('ann');
  });
});
