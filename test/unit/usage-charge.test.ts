import { describe, expect, it } from 'vitest';
import { runCost } from '../../src/engine/charge.js';
import { createBatch, createBatches } from '../../src/engine/trigger.js';
import { newId, nowIso } from '../../src/util/ids.js';
import { engineFixture } from '../helpers/engine-fixture.js';

type Fixture = Awaited<ReturnType<typeof engineFixture>>;

async function withKey(f: Fixture, credits: number | null, creditsPerRun: number | null): Promise<void> {
  await f.store.db
    .insertInto('api_keys')
    .values({ id: f.keyId, user_id: f.userId, name: 'k', key_hash: newId('h'), key_prefix: 'svc_x', scopes: '[]', credits, credits_per_run: creditsPerRun, sub_plan: null, created_at: nowIso(), last_used_at: null, revoked_at: null })
    .execute();
}

async function frontendTest(f: Fixture, resolved: boolean): Promise<{ projectId: string; testId: string }> {
  const now = nowIso();
  const projectId = newId('prj');
  const testId = newId('tst');
  await f.store.db
    .insertInto('projects')
    .values({ id: projectId, user_id: f.userId, name: 'web', type: 'frontend', created_from: 'cli', url: 'http://127.0.0.1:9', username: null, password: null, instruction: null, credential: null, auto_auth: null, settings: '{}', created_at: now, updated_at: now })
    .execute();
  await f.store.db
    .insertInto('tests')
    .values({ id: testId, project_id: projectId, user_id: f.userId, name: 'sign in', type: 'frontend', created_from: 'cli', status: 'passed', description: null, priority: null, plan_steps: '[]', code: null, code_version: 1, produces: '[]', consumes: '[]', category: null, resolved_script: resolved ? '{"steps":[]}' : null, last_run_id: null, created_at: now, updated_at: now })
    .execute();
  return { projectId, testId };
}

const trigger = (f: Fixture, projectId: string, testId: string, o: { rerun?: boolean; frontend?: boolean } = {}) => ({
  userId: f.userId, keyId: f.keyId, source: 'cli', projectId, kind: 'single' as const, testIds: [testId], rerun: !!o.rerun, skipDependencies: false, frontendAvailable: !!o.frontend,
});

const balance = async (f: Fixture) => (await f.store.db.selectFrom('api_keys').select('credits').where('id', '=', f.keyId).executeTakeFirstOrThrow()).credits;
const ledger = (f: Fixture) => f.store.db.selectFrom('usage').select(['kind', 'credits', 'run_id']).orderBy('id').execute();

describe('billing rule', () => {
  it('a run costs creditsPerRun; a frontend replay is free', () => {
    expect(runCost({ type: 'backend', replay: false }, 2)).toBe(2);
    expect(runCost({ type: 'backend', replay: true }, 2)).toBe(2);
    expect(runCost({ type: 'frontend', replay: false }, 2)).toBe(2);
    expect(runCost({ type: 'frontend', replay: true }, 2)).toBe(0);
  });

  it('charges each run of a closure in the trigger transaction and records the ledger', async () => {
    const f = await engineFixture();
    await withKey(f, 10, 2);
    await f.addTest('make', {}, { produces: ['x'] });
    const use = await f.addTest('use', {}, { needs: ['x'] });
    const t = await createBatch(f.store.db, trigger(f, f.projectId, use));
    expect(t.runs).toHaveLength(2);
    expect(await balance(f)).toBe(6);
    expect((await ledger(f)).map((l) => [l.kind, l.credits])).toEqual([['run', 2], ['run', 2]]);
    const runs = await f.store.db.selectFrom('runs').select(['credits']).execute();
    expect(runs.map((r) => r.credits)).toEqual([2, 2]);
  });

  it('a frontend replay (saved script) is free and recorded as a replay', async () => {
    const f = await engineFixture();
    await withKey(f, 1, 1);
    const fe = await frontendTest(f, true);
    const t = await createBatch(f.store.db, trigger(f, fe.projectId, fe.testId, { rerun: true, frontend: true }));
    expect(await balance(f)).toBe(1);
    expect(await ledger(f)).toEqual([{ kind: 'replay', credits: 0, run_id: t.runId }]);
    // A first frontend run (no saved script) is charged like any run.
    const fresh = await frontendTest(f, false);
    await createBatch(f.store.db, trigger(f, fresh.projectId, fresh.testId, { rerun: true, frontend: true }));
    expect(await balance(f)).toBe(0);
  });

  it('insufficient credits: INSUFFICIENT_CREDITS (exit 12) and nothing created, for one run or a flaky series', async () => {
    const f = await engineFixture();
    await withKey(f, 3, 1);
    const id = await f.addTest('one', {});
    await expect(createBatches(f.store.db, trigger(f, f.projectId, id), 4)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', exitCode: 12 });
    expect(await f.store.db.selectFrom('batches').selectAll().execute()).toEqual([]);
    expect(await f.store.db.selectFrom('runs').selectAll().execute()).toEqual([]);
    expect(await ledger(f)).toEqual([]);
    expect(await balance(f)).toBe(3);
    const series = await createBatches(f.store.db, trigger(f, f.projectId, id), 3);
    expect(series).toHaveLength(3);
    expect(await balance(f)).toBe(0);
    await expect(createBatch(f.store.db, trigger(f, f.projectId, id))).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  });

  it('an unmetered key is never charged but its runs are counted', async () => {
    const f = await engineFixture();
    await withKey(f, null, null);
    const id = await f.addTest('one', {});
    await createBatch(f.store.db, trigger(f, f.projectId, id));
    expect(await balance(f)).toBeNull();
    expect((await ledger(f)).map((l) => [l.kind, l.credits])).toEqual([['run', 0]]);
  });
});
