import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { py, runsWorld, type RunsWorld } from '../helpers/runs.js';

// Values flow from producer to consumer; a broken producer blocks its consumers; a cycle is refused.
let w: RunsWorld;

const createUser = py`
  r = http.post('/users', json={'name': 'Chain Ada', 'email': 'chain-ada@example.com'})
  assert r.status == 201, r.text
  produce('user_id', r.json()['id'])
  produce('user_email', r.json()['email'])
`;
const readUser = py`
  print('reading user', VARS['user_id'])
  r = http.get(f"/users/{VARS['user_id']}")
  assert r.status == 200
  assert r.json()['email'] == VARS['user_email']
`;

beforeAll(async () => {
  w = await runsWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('backend runs: chains', () => {
  it('a producer/consumer chain passes with the values flowing (VARS, variables view, data flow)', async () => {
    const producer = await w.addTest('Create user', createUser, { produces: ['user_id', 'user_email'] });
    const consumer = await w.addTest('Read user', readUser, { needs: ['user_id', 'user_email'] });
    const out = await w.json(['test', 'run', consumer, '--wait', '--timeout', '60']);
    expect(out.run).toMatchObject({ testId: consumer, status: 'passed', role: 'selected', wave: 1 });
    expect(out.runs.map((r: any) => [r.testId, r.role])).toEqual([[producer, 'producer'], [consumer, 'selected']]);
    expect(out.wait.summary).toMatchObject({ total: 2, passed: 2 });

    const b = await w.batch(out.batchId);
    const userId = b.variables.find((v: any) => v.name === 'user_id');
    expect(userId).toMatchObject({ capturedFrom: { testId: producer, testName: 'Create user' }, usedBy: [{ testId: consumer, testName: 'Read user' }] });
    expect(typeof userId.value).toBe('number');
    expect(b.variables.find((v: any) => v.name === 'user_email').value).toBe('chain-ada@example.com');
    // The consumer printed the value it was given.
    const result = await w.result(out.run.runId);
    expect(result.apiOutput).toBe(`reading user ${userId.value}\n`);
    expect(result.consumed).toEqual({ user_id: userId.value, user_email: 'chain-ada@example.com' });
    expect(b.chains).toEqual([expect.objectContaining({ name: 'Create user → Read user', captures: ['user_id', 'user_email'] })]);
    // Cleanup deleted the user the chain created, and the variable says so.
    expect(b.cleanup).toMatchObject({ status: 'done', deleted: 1 });
    expect(userId.deletedBy).toBe(`DELETE /users/${userId.value}`);
  });

  it('a failing producer blocks its consumers with Variable not found naming the upstream test', async () => {
    const broken = await w.addTest('Create user (broken)', py`
      r = http.get('/broken')
      assert r.status == 200, 'upstream down'
      produce('broken_id', 1)
    `, { produces: ['broken_id'] });
    const c1 = await w.addTest('Use broken id', "print(VARS['broken_id'])\n", { needs: ['broken_id'] });
    const c2 = await w.addTest('Use broken id again', py`
      print(VARS['broken_id'])
      produce('second', 2)
    `, { needs: ['broken_id'], produces: ['second'] });
    const c3 = await w.addTest('Needs second', "print(VARS['second'])\n", { needs: ['second'] });
    const r = await w.svc(['--output', 'json', 'test', 'run', c1, '--wait', '--timeout', '60']);
    expect(r.exitCode, r.stderr).toBe(1);
    const out = r.json();
    expect(out.run.status).toBe('blocked');
    expect(out.run.reason).toBe('Variable not found: broken_id — upstream test "Create user (broken)" failed');
    const byTest = Object.fromEntries(out.wait.results.map((x: any) => [x.testId, x]));
    expect(byTest[broken].status).toBe('failed');

    // Blocked propagates down the chain: c2 is blocked, so c3 (which needs what c2 produces) is too.
    const again = await w.svc(['--output', 'json', 'test', 'run', c3, '--wait', '--timeout', '60']);
    expect(again.exitCode).toBe(1);
    const rows = Object.fromEntries(again.json().wait.results.map((x: any) => [x.testId, x.run]));
    expect(rows[c2].status).toBe('blocked');
    expect(rows[c2].reason).toBe('Variable not found: broken_id — upstream test "Create user (broken)" failed');
    expect(rows[c3].status).toBe('blocked');
    expect(rows[c3].reason).toBe('Variable not found: second — upstream test "Use broken id again" was blocked');
    // Text mode shows the reason in the table.
    const text = await w.svc(['test', 'wait', rows[c2].runId, rows[c3].runId]);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toMatch(/Use broken id again\s+1\s+blocked\s+Variable not found: broken_id — upstream test "Create user \(broken\)" failed/);
  });

  it('a cycle is refused with exit 5 before anything runs', async () => {
    const project = await w.project('Cyclic');
    const a = await w.addTest('Alpha', "produce('a', VARS['b'])\n", { produces: ['a'], needs: ['b'], project });
    await w.addTest('Beta', "produce('b', VARS['a'])\n", { produces: ['b'], needs: ['a'], project });
    for (const args of [['test', 'run', a], ['test', 'run', '--all', '--project', project]]) {
      const r = await w.svc(['--output', 'json', ...args]);
      expect(r.exitCode).toBe(5);
      expect(r.error().message).toBe('Could not assemble - circular dependency between Alpha and Beta');
    }
    const text = await w.svc(['test', 'run', a]);
    expect(text.stderr).toContain('Could not assemble - circular dependency between Alpha and Beta');
    const list = await w.json(['test', 'list', '--project', project]);
    expect(list.items.map((t: any) => t.status)).toEqual(['ready', 'ready']);
    expect(list.items.every((t: any) => t.lastRunId === null)).toBe(true);
  });

  it('a duplicated producer: one is picked consistently and reported as an advisory', async () => {
    const project = await w.project('Duplicates');
    const first = await w.addTest('Token A', "produce('token', 'from-a')\n", { produces: ['token'], project });
    await w.addTest('Token B', "produce('token', 'from-b')\n", { produces: ['token'], project });
    const user = await w.addTest('Use token', "print(VARS['token'])\n", { needs: ['token'], project });
    for (let i = 0; i < 2; i++) {
      const r = await w.svc(['--output', 'json', 'test', 'run', '--all', '--project', project, '--wait', '--timeout', '60']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toContain(`[advisory] variable 'token' has 2 producers; using "Token A" (${first}) consistently`);
      const run = r.json().wait.results.find((x: any) => x.testId === user);
      const res = await w.result(run.runId);
      expect(res.apiOutput).toBe('from-a\n');
    }
  });
});
