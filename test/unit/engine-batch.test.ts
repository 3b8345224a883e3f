import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBatch, discardBatch } from '../../src/engine/trigger.js';
import { executeBatch } from '../../src/engine/batch.js';
import { KeyedGates } from '../../src/engine/limits.js';
import { engineFixture } from '../helpers/engine-fixture.js';
import { Engine } from '../../src/engine/engine.js';
import { sql } from 'kysely';

async function runAll(f: Awaited<ReturnType<typeof engineFixture>>, o: { testIds?: string[]; rerun?: boolean; skipDependencies?: boolean } = {}) {
  const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: o.testIds?.length === 1 ? 'single' : 'project', testIds: o.testIds, rerun: !!o.rerun, skipDependencies: !!o.skipDependencies, frontendAvailable: false });
  await executeBatch(f.ctx, t.batchId, new AbortController().signal);
  const runs = await f.store.db.selectFrom('runs').selectAll().where('batch_id', '=', t.batchId).execute();
  const byName = Object.fromEntries(runs.map((r) => [r.test_name, r]));
  const batch = await f.store.db.selectFrom('batches').selectAll().where('id', '=', t.batchId).executeTakeFirstOrThrow();
  return { t, runs, byName, batch };
}

describe('batch execution', () => {
  it('runs independent tests together, never more at once on one target than its connection cap', async () => {
    const f = await engineFixture();
    f.ctx.testConcurrency = 256;
    f.ctx.targetGates = new KeyedGates(3);
    for (let i = 0; i < 12; i++) await f.addTest(`t${i}`, { delayMs: 30 });
    let now = 0;
    let most = 0;
    const execute = f.exec.execute.bind(f.exec);
    f.exec.execute = async (input) => {
      most = Math.max(most, ++now);
      try {
        return await execute(input);
      } finally {
        now--;
      }
    };
    const { runs } = await runAll(f);
    expect(runs.every((r) => r.status === 'passed')).toBe(true);
    expect(most).toBe(3);
  });

  it('a run cancelled while queued never starts', async () => {
    const f = await engineFixture();
    f.ctx.testConcurrency = 1;
    await f.addTest('first', { delayMs: 60 });
    await f.addTest('second', {});
    const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: false });
    const second = t.runs.find((r) => r.testName === 'second')!.runId;
    const done = executeBatch(f.ctx, t.batchId, new AbortController().signal);
    await new Promise((r) => setTimeout(r, 20));
    await f.store.db.updateTable('runs').set({ status: 'cancelled', verdict: 'cancelled' }).where('id', '=', second).execute();
    await done;
    expect(f.exec.seen.map((s) => s.testName)).toEqual(['first']);
    expect((await f.store.db.selectFrom('runs').select('status').where('id', '=', second).executeTakeFirstOrThrow()).status).toBe('cancelled');
  });

  it('a run cancelled while it waits for its target stays cancelled and never starts', async () => {
    const f = await engineFixture();
    f.ctx.testConcurrency = 2;
    f.ctx.targetGates = new KeyedGates(1);
    await f.addTest('first', { delayMs: 80 });
    await f.addTest('second', {});
    const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: false });
    const second = t.runs.find((r) => r.testName === 'second')!.runId;
    const done = executeBatch(f.ctx, t.batchId, new AbortController().signal);
    // Both were let through; the second waits for the one connection the target allows.
    await new Promise((r) => setTimeout(r, 30));
    await f.store.db.updateTable('runs').set({ status: 'cancelled', verdict: 'cancelled' }).where('id', '=', second).execute();
    await done;
    expect(f.exec.seen.map((s) => s.testName)).toEqual(['first']);
    expect(await f.store.db.selectFrom('runs').select(['status', 'verdict']).where('id', '=', second).executeTakeFirstOrThrow()).toEqual({ status: 'cancelled', verdict: 'cancelled' });
  });

  it('passes values from producer to consumer and runs producers first', async () => {
    const f = await engineFixture();
    await f.addTest('create user', { produce: { user_id: 7 }, delayMs: 30 }, { produces: ['user_id'] });
    await f.addTest('read user', {}, { needs: ['user_id'] });
    const { byName, batch } = await runAll(f);
    expect(byName['create user']!.status).toBe('passed');
    expect(byName['read user']!.status).toBe('passed');
    expect(f.exec.seen.find((s) => s.testName === 'read user')!.vars).toEqual({ user_id: 7 });
    expect(byName['read user']!.started_at! >= byName['create user']!.finished_at!).toBe(true);
    expect(batch).toMatchObject({ status: 'passed', phase: 'done' });
  });

  it('blocks every transitive consumer of a failed producer', async () => {
    const f = await engineFixture();
    await f.addTest('create user', { fail: 'assert 500 == 201' }, { produces: ['user_id'] });
    await f.addTest('create post', { produce: { post_id: 1 } }, { needs: ['user_id'], produces: ['post_id'] });
    await f.addTest('read post', {}, { needs: ['post_id'] });
    await f.addTest('health', {});
    const { byName, batch } = await runAll(f);
    expect(byName['create user']!.status).toBe('failed');
    expect(byName['create post']!.status).toBe('blocked');
    expect(byName['create post']!.reason).toBe('Variable not found: user_id — upstream test "create user" failed');
    expect(byName['read post']!.status).toBe('blocked');
    expect(byName['read post']!.reason).toMatch(/upstream test "create post" was blocked/);
    expect(byName.health!.status).toBe('passed');
    expect(batch.status).toBe('failed');
    expect(f.exec.seen.map((s) => s.testName).sort()).toEqual(['create user', 'health']);
  });

  it('refuses a cycle before creating anything', async () => {
    const f = await engineFixture();
    await f.addTest('A', {}, { produces: ['x'], needs: ['y'] });
    await f.addTest('B', {}, { produces: ['y'], needs: ['x'] });
    await expect(runAll(f)).rejects.toThrow('Could not assemble - circular dependency between A and B');
    expect(await f.store.db.selectFrom('batches').selectAll().execute()).toHaveLength(0);
  });

  it('runs teardowns after everything else and reruns the closure of a leaf', async () => {
    const f = await engineFixture();
    const a = await f.addTest('create user', { produce: { user_id: 1 }, delayMs: 20 }, { produces: ['user_id'] });
    const c = await f.addTest('read user', { delayMs: 20 }, { needs: ['user_id'] });
    await f.addTest('independent', { delayMs: 40 });
    await f.addTest('delete user', {}, { needs: ['user_id'], category: 'teardown' });
    const all = await runAll(f);
    const td = all.byName['delete user']!;
    for (const r of all.runs.filter((x) => x.test_name !== 'delete user')) expect(td.started_at! >= r.finished_at!).toBe(true);
    const re = await runAll(f, { testIds: [c], rerun: true });
    expect(re.t.message).toBe('Reran 3 tests: 1 selected + 1 producer(s) + 1 teardown(s)');
    expect(re.runs.map((r) => r.test_id)).toContain(a);
  });

  it('skip-dependencies uses kept values, and blocks with Variable not found when none are kept', async () => {
    const f = await engineFixture();
    await f.addTest('make greeting', { produce: { greeting: 'hello' } }, { produces: ['greeting'] });
    const use = await f.addTest('use greeting', {}, { needs: ['greeting'] });
    const lone = await runAll(f, { testIds: [use], rerun: true, skipDependencies: true });
    expect(lone.byName['use greeting']!.status).toBe('blocked');
    expect(lone.byName['use greeting']!.reason).toMatch(/^Variable not found: greeting/);
    await runAll(f);
    const again = await runAll(f, { testIds: [use], rerun: true, skipDependencies: true });
    expect(again.runs).toHaveLength(1);
    expect(again.byName['use greeting']!.status).toBe('passed');
    expect(f.exec.seen.at(-1)!.vars).toEqual({ greeting: 'hello' });
  });

  it('a record an earlier batch could not delete is deleted by a skip-dependencies rerun, which marks that batch\'s variable', async () => {
    // The target refuses DELETE while `down`: the first batch's cleanup fails and keeps the record.
    let down = true;
    const target = createServer((req, res) => {
      if (req.method === 'DELETE') res.writeHead(down ? 503 : 204).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":7}');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    try {
      const f = await engineFixture();
      await f.store.db.updateTable('projects').set({ url }).where('id', '=', f.projectId).execute();
      const at = new Date().toISOString();
      const create = { seq: 1, method: 'POST', url: `${url}/users`, path: '/users', requestHeaders: { 'Content-Type': 'application/json' }, requestBody: '{"name":"a"}', status: 201, responseHeaders: { 'content-type': 'application/json' }, responseBody: '{"id":7}', latencyMs: 1, startedAt: at };
      await f.addTest('make user', { produce: { user_id: 7 }, calls: [create] }, { produces: ['user_id'] });
      const use = await f.addTest('use user', {}, { needs: ['user_id'] });
      const first = await runAll(f);
      const kept = await f.store.db.selectFrom('cleanup_records').selectAll().where('batch_id', '=', first.t.batchId).execute();
      expect(kept.map((r) => [r.resource_path, r.status])).toEqual([['/users/7', 'failed']]);
      await runAll(f, { testIds: [use], rerun: true }); // a later batch of the project in between
      down = false;
      const again = await runAll(f, { testIds: [use], rerun: true, skipDependencies: true });
      expect(again.byName['use user']!.status).toBe('passed');
      const swept = await f.store.db.selectFrom('cleanup_records').selectAll().where('batch_id', '=', again.t.batchId).execute();
      expect(swept.map((r) => [r.resource_path, r.status, r.origin_batch_id])).toEqual([['/users/7', 'deleted', first.t.batchId]]);
      const v = await f.store.db.selectFrom('variables').selectAll().where('batch_id', '=', first.t.batchId).where('name', '=', 'user_id').executeTakeFirstOrThrow();
      expect(v.deleted_by).toBe('DELETE /users/7');
    } finally {
      target.close();
    }
  });

  it('finishes in-flight runs of an interrupted batch with a reason and continues the rest', async () => {
    const f = await engineFixture();
    await f.addTest('first', { produce: { v: 1 } }, { produces: ['v'] });
    await f.addTest('second', {}, { needs: ['v'] });
    const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: false });
    const first = t.runs.find((r) => r.testName === 'first')!;
    await f.store.db.updateTable('runs').set({ status: 'running', started_at: new Date().toISOString() }).where('id', '=', first.runId).execute();
    await executeBatch(f.ctx, t.batchId, new AbortController().signal);
    const runs = await f.store.db.selectFrom('runs').selectAll().where('batch_id', '=', t.batchId).execute();
    const byName = Object.fromEntries(runs.map((r) => [r.test_name, r]));
    expect(byName.first!.status).toBe('failed');
    expect(byName.first!.reason).toMatch(/^interrupted: svc-server stopped/);
    expect(byName.second!.status).toBe('blocked');
    expect(runs.every((r) => r.status !== 'running' && r.status !== 'queued')).toBe(true);
  });

  it('a discarded batch leaves nothing behind: no runs, tests back to their last verdict', async () => {
    const f = await engineFixture();
    const id = await f.addTest('lonely', {});
    const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: 'single', testIds: [id], rerun: true, skipDependencies: false, frontendAvailable: false });
    expect((await f.store.db.selectFrom('tests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('queued');
    await discardBatch(f.store.db, t.batchId);
    expect(await f.store.db.selectFrom('batches').selectAll().execute()).toHaveLength(0);
    expect(await f.store.db.selectFrom('runs').selectAll().execute()).toHaveLength(0);
    expect((await f.store.db.selectFrom('tests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('ready');
  });
});

describe('final statuses', () => {
  it('leaves each test with its run of the batch: status and last run, a cancelled one with its verdict from before', async () => {
    const f = await engineFixture();
    f.ctx.testConcurrency = 1;
    const ok = await f.addTest('ok', {});
    const bad = await f.addTest('bad', { fail: 'assert 1 == 2' });
    const later = await f.addTest('later', { delayMs: 10 });
    const first = await runAll(f);
    const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: false });
    const laterRun = t.runs.find((r) => r.testId === later)!.runId;
    await f.store.db.updateTable('runs').set({ status: 'cancelled', verdict: 'cancelled' }).where('id', '=', laterRun).execute();
    await executeBatch(f.ctx, t.batchId, new AbortController().signal);
    const tests = Object.fromEntries((await f.store.db.selectFrom('tests').select(['id', 'status', 'last_run_id']).execute()).map((x) => [x.id, x]));
    const runOf = (id: string) => t.runs.find((r) => r.testId === id)!.runId;
    expect(tests[ok]).toMatchObject({ status: 'passed', last_run_id: runOf(ok) });
    expect(tests[bad]).toMatchObject({ status: 'failed', last_run_id: runOf(bad) });
    expect(tests[later]).toMatchObject({ status: 'passed', last_run_id: laterRun });
    expect(first.byName.later!.status).toBe('passed');
  });
});

describe('a batch the engine cannot carry through', () => {
  it('ends failed with the reason, its unfinished runs too, instead of staying running', async () => {
    const f = await engineFixture();
    f.ctx.testConcurrency = 1;
    await f.addTest('first', {});
    await f.addTest('second', {});
    const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: false });
    // The store refuses to record a pass: the batch cannot go on.
    await sql`create trigger refuse_calls before update of verdict on runs when new.verdict = 'passed' begin select raise(abort, 'disk I/O error (simulated)'); end`.execute(f.store.db);
    const engine = new Engine(f.ctx, { batchConcurrency: 1, embedded: true, pollMs: 20 });
    const done = new Promise<string>((resolve) => (engine.onBatchDone = resolve));
    await engine.start();
    await engine.enqueueBatch(t.batchId);
    expect(await done).toBe(t.batchId);
    await engine.stop();
    await sql`drop trigger refuse_calls`.execute(f.store.db);
    const batch = await f.store.db.selectFrom('batches').selectAll().where('id', '=', t.batchId).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: 'failed', phase: 'done' });
    expect(batch.error).toMatch(/^svc-server could not finish this batch: .*disk I\/O error \(simulated\)/);
    const runs = await f.store.db.selectFrom('runs').selectAll().where('batch_id', '=', t.batchId).execute();
    expect(runs.map((r) => [r.status, r.verdict])).toEqual([['failed', 'failed'], ['failed', 'failed']]);
    expect(runs.every((r) => JSON.parse(r.failure!).kind === 'internal')).toBe(true);
    const tests = await f.store.db.selectFrom('tests').select('status').execute();
    expect(tests.map((x) => x.status)).toEqual(['failed', 'failed']);
  });
});
