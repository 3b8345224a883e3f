import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcError } from '../../src/contract/errors.js';
import type { EngineContext } from '../../src/engine/context.js';
import { executeExploration } from '../../src/engine/explore-job.js';
import { EXPLORE_JOB } from '../../src/engine/explore-state.js';
import { JobQueue } from '../../src/engine/queue.js';
import { migrate, openStore, parseJson, type Store } from '../../src/store/db.js';
import { createKey } from '../../src/store/repos/keys.js';
import { insertExploration, type ExplorationRow } from '../../src/store/repos/generation.js';
import { explorationAlive } from '../../src/server/generation/explorer.js';
import { TriggerLimiter } from '../../src/server/rate-limit.js';

/** The pieces several API processes and workers share through the database (README "Self-hosting and scale-out"). */
let store: Store;
let userId: string;
const now = () => new Date().toISOString();

beforeAll(async () => {
  store = openStore({ dataDir: join(mkdtempSync(join(tmpdir(), 'svc-shared-state-')), 'data') });
  await migrate(store);
  userId = (await createKey(store.db, { name: 'ann', email: 'ann@example.com' })).record.userId;
  await store.db.insertInto('projects').values({ id: 'prj_w', user_id: userId, name: 'W', type: 'frontend', created_from: 'cli', url: 'http://127.0.0.1:9', username: null, password: null, instruction: null, credential: null, auto_auth: null, settings: '{}', created_at: now(), updated_at: now() }).execute();
});
afterAll(() => store?.close());

const refused = async (p: Promise<unknown>) => {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(SvcError);
  return e as SvcError;
};

describe('trigger rate limit in the database', () => {
  const minute = Date.parse('2030-01-01T00:00:00Z');

  it('two limiters (two API processes) draw on one count per key and window; a refusal takes nothing', async () => {
    const a = new TriggerLimiter(store.db, 3);
    const b = new TriggerLimiter(store.db, 3);
    await a.check('key_1', 1, minute + 1_000);
    await b.check('key_1', 1, minute + 2_000);
    await a.check('key_1', 1, minute + 3_000);
    const e = await refused(b.check('key_1', 1, minute + 15_000));
    expect(e.code).toBe('RATE_LIMITED');
    expect(e.message).toBe('trigger rate limit reached: at most 3 runs per minute per key');
    // Three more fit once the previous window weighs 2 (20 s into the next): past the 60 s cap.
    expect(e.retryAfter).toBe(60);
    await refused(a.check('key_1', 1, minute + 59_500));
    const row = await store.db.selectFrom('rate_limits').selectAll().where('key_id', '=', 'key_1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ window_start: '2030-01-01T00:00:00.000Z', count: 3 });
    // Another key has its own count.
    await b.check('key_2', 1, minute + 16_000);
  });

  it('the previous window weighs by the share of it still inside the last minute, then the old windows go', async () => {
    const l = new TriggerLimiter(store.db, 3);
    // key_1 took 3 in the first window: at the next one's start they all still count.
    await refused(l.check('key_1', 1, minute + 60_000));
    const e = await refused(l.check('key_1', 1, minute + 70_000));
    expect(e.retryAfter).toBe(10);
    await l.check('key_1', 1, minute + 80_001);
    await refused(l.check('key_1', 1, minute + 80_002));
    // Three windows on, nothing carries over, and the windows before the previous are dropped.
    await l.check('key_1', 2, minute + 180_000);
    const windows = await store.db.selectFrom('rate_limits').select('window_start').where('key_id', '=', 'key_1').orderBy('window_start').execute();
    expect(windows.map((w) => w.window_start)).toEqual(['2030-01-01T00:03:00.000Z']);
    // Asking for more than is left at once is refused whole.
    await refused(l.check('key_1', 2, minute + 181_000));
    await l.check('key_1', 1, minute + 182_000);
  });

  it('many concurrent triggers let exactly the limit through', async () => {
    const l = new TriggerLimiter(store.db, 10);
    const at = minute + 600_000;
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => new TriggerLimiter(store.db, 10).check('key_3', 1, at + i)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    await refused(l.check('key_3', 1, at + 100));
  });
});

describe('explorations on the job queue', () => {
  let n = 0;
  const exploration = async (patch: Partial<ExplorationRow> = {}): Promise<ExplorationRow> => {
    const id = `exp_${++n}`;
    const row: ExplorationRow = {
      id, project_id: 'prj_w', user_id: userId, status: 'running', base_url: 'http://127.0.0.1:9/', with_account: 0, only_features: '[]',
      signed_in: null, sign_in_error: null, error: null, features: '[]', artifacts_dir: `explorations/${id}`, created_at: now(), finished_at: null,
      live: JSON.stringify({ at: now(), steps: {} }), ...patch,
    };
    await insertExploration(store.db, row);
    return row;
  };
  const setJob = (ref: string, patch: { status: string; locked_until: string | null }) => store.db.updateTable('jobs').set(patch).where('ref_id', '=', ref).execute();

  it('is alive while its job is queued or held under a lease, not once the lease lapsed or it ended', async () => {
    const q = new JobQueue(store.db, 'api:test');
    const e = await exploration({ live: JSON.stringify({ at: '2020-01-01T00:00:00.000Z', steps: {} }) });
    await q.enqueue(EXPLORE_JOB, e.id);
    expect(await explorationAlive(store.db, e)).toBe(true);
    await setJob(e.id, { status: 'running', locked_until: new Date(Date.now() + 10_000).toISOString() });
    expect(await explorationAlive(store.db, e)).toBe(true);
    await setJob(e.id, { status: 'running', locked_until: new Date(Date.now() - 1).toISOString() });
    expect(await explorationAlive(store.db, e)).toBe(false);
    expect(await explorationAlive(store.db, { ...e, status: 'done' })).toBe(false);
  });

  it('without a job (an exploration from before the queue) its live record decides', async () => {
    expect(await explorationAlive(store.db, await exploration())).toBe(true);
    expect(await explorationAlive(store.db, await exploration({ live: JSON.stringify({ at: '2020-01-01T00:00:00.000Z', steps: {} }) }))).toBe(false);
  });

  it('a worker without a browser does not claim explorations', async () => {
    await store.db.updateTable('jobs').set({ status: 'done' }).execute();
    const q = new JobQueue(store.db, 'w:test');
    const e = await exploration();
    await q.enqueue(EXPLORE_JOB, e.id);
    expect(await q.claim([EXPLORE_JOB])).toBeUndefined();
    expect(await q.claim()).toMatchObject({ kind: EXPLORE_JOB, refId: e.id, attempts: 1 });
  });

  it('claimed again after its worker died, it ends as interrupted: not repeated, features in flight failed', async () => {
    const features = [{ id: 'nav-a', status: 'done' }, { id: 'nav-b', status: 'exploring' }];
    const e = await exploration({ features: JSON.stringify(features) });
    const logs: string[] = [];
    const ctx = { store, log: (m: string) => logs.push(m), artifactsRoot: '/nonexistent' } as unknown as EngineContext;
    await executeExploration(ctx, e.id, 2, new AbortController().signal);
    const after = await store.db.selectFrom('explorations').selectAll().where('id', '=', e.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'failed', error: expect.stringMatching(/^interrupted: the worker exploring it stopped/), live: null });
    expect(after.finished_at).not.toBeNull();
    expect(parseJson<{ id: string; status: string; reason?: string }[]>(after.features, [])).toEqual([
      { id: 'nav-a', status: 'done' },
      { id: 'nav-b', status: 'failed', reason: expect.stringMatching(/^interrupted/) },
    ]);
    expect(logs).toEqual([expect.stringMatching(new RegExp(`^exploration ${e.id} failed: interrupted`))]);
    // An exploration that already ended is left as it is.
    await executeExploration(ctx, e.id, 3, new AbortController().signal);
    expect(logs).toHaveLength(1);
  });
});
