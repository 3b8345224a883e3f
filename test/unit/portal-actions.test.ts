import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.js';
import type { ServerDeps } from '../../src/server/context.js';
import { migrate, openStore, parseJson, type Store } from '../../src/store/db.js';
import { createKey } from '../../src/store/repos/keys.js';
import { createBatches, type TriggerRequest } from '../../src/engine/trigger.js';

/** The portal's rerun actions in process (app.request, no sockets) with a stand-in engine queue. */
const ORIGIN = 'http://portal.test';
let store: Store;
let deps: ServerDeps;
const enqueued: string[] = [];
let runner: string;
let reader: string;

async function session(app: ReturnType<typeof createApp>, key: string): Promise<string> {
  const res = await app.request(`${ORIGIN}/portal/sign-in`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key }).toString() });
  expect(res.status).toBe(303);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

function post(app: ReturnType<typeof createApp>, path: string, cookie: string, form: Record<string, string> = {}) {
  return app.request(`${ORIGIN}${path}`, { method: 'POST', headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
}

beforeAll(async () => {
  store = openStore({ dataDir: join(mkdtempSync(join(tmpdir(), 'svc-portal-actions-')), 'data') });
  await migrate(store);
  const fakeEngine = { ctx: { executors: {} }, enqueueBatch: async (id: string) => void enqueued.push(id), createBatches: (req: TriggerRequest, n = 1) => createBatches(store.db, req, n) };
  deps = { store, config: { version: '0', env: 'test', targetPolicy: { allowPrivate: true }, publicUrl: ORIGIN, triggerRatePerMinute: 60 }, services: { engine: fakeEngine } };
  const r = await createKey(store.db, { name: 'ann', email: 'ann@example.com' });
  runner = r.key;
  reader = (await createKey(store.db, { name: 'ann', email: 'ann@example.com', scopes: ['read:me', 'read:projects', 'read:tests'] })).key;
  const now = new Date().toISOString();
  await store.db.insertInto('projects').values({ id: 'prj_a', user_id: r.record.userId, name: 'A', type: 'backend', created_from: 'cli', url: 'http://127.0.0.1:9', username: null, password: null, instruction: null, credential: null, auto_auth: null, settings: '{}', created_at: now, updated_at: now }).execute();
  for (const [id, produces, consumes] of [['tst_p', '["uid"]', '[]'], ['tst_c', '[]', '["uid"]']] as const) {
    await store.db.insertInto('tests').values({ id, project_id: 'prj_a', user_id: r.record.userId, name: id, type: 'backend', created_from: 'cli', status: 'passed', description: null, priority: null, plan_steps: null, code: 'pass', code_version: 1, produces, consumes, category: null, resolved_script: null, last_run_id: null, created_at: now, updated_at: now }).execute();
  }
});
afterAll(async () => {
  await store?.close();
});

describe('portal rerun actions', () => {
  it('reruns one test with the skip-dependencies toggle and opens its run', async () => {
    const app = createApp(deps);
    const cookie = await session(app, runner);
    const page = await (await app.request(`${ORIGIN}/portal/tests/tst_c`, { headers: { cookie } })).text();
    expect(page).toContain('action="/portal/tests/tst_c/rerun"');
    expect(page).toContain('name="skipDependencies"');
    const res = await post(app, '/portal/tests/tst_c/rerun', cookie, { skipDependencies: 'on' });
    expect(res.status).toBe(303);
    const batch = await store.db.selectFrom('batches').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(enqueued).toContain(batch.id);
    expect(batch.source).toBe('portal');
    expect(parseJson<{ skipDependencies: boolean }>(batch.options, { skipDependencies: false }).skipDependencies).toBe(true);
    const runs = await store.db.selectFrom('runs').select(['id', 'test_id']).where('batch_id', '=', batch.id).execute();
    expect(runs.map((r) => r.test_id)).toEqual(['tst_c']);
    expect(res.headers.get('location')).toBe(`/portal/runs/${runs[0]!.id}`);
  });

  it('reruns all of a project, producers first', async () => {
    const app = createApp(deps);
    const cookie = await session(app, runner);
    const res = await post(app, '/portal/projects/prj_a/rerun', cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/portal/projects/prj_a');
    const batch = await store.db.selectFrom('batches').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(parseJson<{ waves: string[][] }>(batch.plan, { waves: [] }).waves).toEqual([['tst_p'], ['tst_c']]);
  });

  it("refuses a key without 'run:tests', a foreign origin, and a server without an engine", async () => {
    const app = createApp(deps);
    const ro = await session(app, reader);
    const denied = await post(app, '/portal/tests/tst_c/rerun', ro);
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain('run:tests');
    const cookie = await session(app, runner);
    const cross = await app.request(`${ORIGIN}/portal/tests/tst_c/rerun`, { method: 'POST', headers: { origin: 'https://evil.example', cookie } });
    expect(cross.status).toBe(403);
    const bare = createApp({ ...deps, services: {} });
    const none = await post(bare, '/portal/tests/tst_c/rerun', await session(bare, runner));
    expect(none.status).toBe(503);
    expect(await none.text()).toContain('test engine is not running');
  });
});
