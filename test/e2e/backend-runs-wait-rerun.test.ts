import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { py, runsWorld, type RunsWorld } from '../helpers/runs.js';

// test wait (one id, several ids, timeout, worst status) and test rerun (closure, skip-dependencies).
let w: RunsWorld;
const t: Record<string, string> = {};

beforeAll(async () => {
  w = await runsWorld();
  t.user = await w.addTest('Create user', py`
    import uuid
    r = http.post('/users', json={'name': 'Rerun', 'email': uuid.uuid4().hex[:8] + '@example.com'})
    assert r.status == 201, r.text
    produce('user_id', r.json()['id'])
  `, { produces: ['user_id'] });
  t.post = await w.addTest('Create post', py`
    r = http.post(f"/users/{VARS['user_id']}/posts", json={'title': 't', 'body': 'b'})
    assert r.status == 201, r.text
    produce('post_id', r.json()['id'])
  `, { needs: ['user_id'], produces: ['post_id'] });
  t.read = await w.addTest('Read post', "assert http.get(f\"/posts/{VARS['post_id']}\").status == 200\n", { needs: ['post_id'] });
  t.teardown = await w.addTest('Teardown', "print('bye', VARS['user_id'])\n", { needs: ['user_id'], category: 'teardown' });
  t.region = await w.addTest('Pick region', "produce('region', 'eu-west')\n", { produces: ['region'] });
  t.useRegion = await w.addTest('Use region', "assert VARS['region'] == 'eu-west'\nprint('region ok')\n", { needs: ['region'] });
  t.fail = await w.addTest('Always fails', "assert http.get('/broken').status == 200, 'broken is broken'\n");
  t.slow = await w.addTest('Slow', "for _ in range(3):\n    http.get('/slow', params={'ms': 4000}, auth=False)\n");
  const r = await w.svc(['test', 'run', '--all', '--project', w.projectId, '--filter', 'o', '--wait', '--timeout', '120'], 150_000);
  expect(r.stdout).toMatch(/passed/);
});
afterAll(async () => {
  await w?.close();
});

const runOf = async (testId: string) => (await w.json(['test', 'run', testId])).runId as string;

describe('long-polls', () => {
  it('GET of a run or a batch with waitSeconds answers once it has finished, in one request', async () => {
    const trigger = await w.json(['test', 'run', t.useRegion!]);
    const run = await w.api('GET', `/runs/${trigger.runId}?waitSeconds=60`);
    expect(run).toMatchObject({ runId: trigger.runId, status: 'passed', phase: 'done' });
    const batch = await w.api('GET', `/batches/${trigger.batchId}?waitSeconds=60`);
    expect(batch).toMatchObject({ batchId: trigger.batchId, phase: 'done', status: 'passed' });
    expect(batch.runs.every((r: { status: string }) => r.status === 'passed')).toBe(true);
    // Without waitSeconds it answers at once; an out-of-range wait is refused.
    const slow = await w.json(['test', 'run', t.slow!]);
    expect((await w.api('GET', `/runs/${slow.runId}`)).status).not.toBe('passed');
    const bad = await fetch(`${w.server.apiUrl}/runs/${slow.runId}?waitSeconds=61`, { headers: { authorization: `Bearer ${w.key}` } });
    expect(bad.status).toBe(400);
    // A wait that ends first answers with the run as it is.
    expect((await w.api('GET', `/runs/${slow.runId}?waitSeconds=1`)).status).toBe('running');
    await w.svc(['test', 'cancel', slow.runId]);
  });
});

describe('test wait', () => {
  it('one id: the run view as text; several ids: {results, summary}; the worst status decides', async () => {
    const ok = await runOf(t.region!);
    const one = await w.svc(['test', 'wait', ok, '--timeout', '60']);
    expect(one.exitCode, one.stderr).toBe(0);
    for (const f of ['runId', 'status', 'targetUrl', 'codeVersion', 'startedAt', 'finishedAt', 'steps', 'dashboard']) expect(one.stdout).toMatch(new RegExp(`^${f}:`, 'm'));
    expect(one.stdout).toMatch(/^status:\s+passed$/m);
    expect(one.stdout).toMatch(new RegExp(`^targetUrl:\\s+${w.target.url}/?$`, 'm'));
    expect(one.stdout).toMatch(new RegExp(`^dashboard:\\s+${w.server.url}/portal/runs/${ok}$`, 'm'));

    const bad = await runOf(t.fail!);
    const several = await w.svc(['--output', 'json', 'test', 'wait', ok, bad, '--timeout', '60']);
    expect(several.exitCode).toBe(1);
    const j = several.json();
    expect(j.summary).toEqual({ total: 2, passed: 1, failed: 1, blocked: 0, cancelled: 0, timeout: 0, error: 0 });
    expect(j.results.map((r: any) => [r.runId, r.status])).toEqual([[ok, 'passed'], [bad, 'failed']]);
    expect(j.results[1].run.reason).toContain('broken is broken');
    expect((await w.svc(['test', 'wait', ok, ok, '--timeout', '60'])).exitCode).toBe(0);
    expect((await w.svc(['test', 'wait', bad, '--timeout', '60'])).exitCode).toBe(1);
    expect((await w.svc(['--output', 'json', 'test', 'wait', ok, 'run_missing', '--timeout', '60'])).json().results[1].status).toBe('error:NOT_FOUND');
  });

  it('--timeout 1 on a slow test exits 7', async () => {
    const quick = await runOf(t.region!);
    await w.svc(['test', 'wait', quick, '--timeout', '60']);
    const slow = await runOf(t.slow!);
    const two = await w.svc(['--output', 'json', 'test', 'wait', quick, slow, '--timeout', '1']);
    expect(two.exitCode).toBe(7);
    expect(two.json().summary).toMatchObject({ total: 2, passed: 1, timeout: 1 });
    expect(two.json().results[1]).toMatchObject({ runId: slow, status: 'timeout' });
    // One id in json mode: the run view as last seen (still in flight).
    const r = await w.svc(['--output', 'json', 'test', 'wait', slow, '--timeout', '1']);
    expect(r.exitCode).toBe(7);
    expect(r.json()).toMatchObject({ runId: slow, status: expect.stringMatching(/^(queued|running)$/) });
    const text = await w.svc(['test', 'wait', slow, '--timeout', '1']);
    expect(text.exitCode).toBe(7);
    expect(text.stdout).toMatch(/1 timed out/);
    expect((await w.svc(['test', 'wait', slow, '--timeout', '60'])).exitCode).toBe(0);
  });
});

describe('test rerun', () => {
  it('reruns the dependency closure and says so', async () => {
    const r = await w.svc(['--output', 'json', 'test', 'rerun', t.read!, '--wait', '--timeout', '120'], 150_000);
    expect(r.exitCode, r.stderr).toBe(0);
    const j = r.json();
    expect(j.message).toBe('Reran 4 tests: 1 selected + 2 producer(s) + 1 teardown(s)');
    const roles = Object.fromEntries(j.batches[0].runs.map((x: any) => [x.testId, x.role]));
    expect(roles).toEqual({ [t.user!]: 'producer', [t.post!]: 'producer', [t.read!]: 'selected', [t.teardown!]: 'teardown' });
    expect(j.wait.summary).toMatchObject({ total: 4, passed: 4 });
    // Rerunning a producer cascades to its consumers.
    const text = await w.svc(['test', 'rerun', t.region!, '--wait', '--timeout', '60']);
    expect(text.stdout.split('\n')[0]).toBe('Reran 2 tests: 1 selected + 0 producer(s) + 0 teardown(s) + 1 consumer(s)');
  });

  it('--skip-dependencies fails with Variable not found once cleanup deleted the values', async () => {
    const r = await w.svc(['--output', 'json', 'test', 'rerun', t.read!, '--skip-dependencies', '--wait', '--timeout', '60']);
    expect(r.exitCode).toBe(1);
    const j = r.json();
    expect(j.message).toBe('Reran 1 test: 1 selected + 0 producer(s) + 0 teardown(s)');
    expect(j.wait.results[0].status).toBe('blocked');
    expect(j.wait.results[0].run.reason).toMatch(/^Variable not found: post_id — no value kept from a previous run/);
  });

  it('--skip-dependencies passes with a kept value that is not a resource', async () => {
    const r = await w.svc(['--output', 'json', 'test', 'rerun', t.useRegion!, '--skip-dependencies', '--wait', '--timeout', '60']);
    expect(r.exitCode, r.stderr).toBe(0);
    const j = r.json();
    expect(j.batches[0].runs).toHaveLength(1);
    const res = await w.result(j.wait.results[0].runId);
    expect(res).toMatchObject({ status: 'passed', consumed: { region: 'eu-west' }, apiOutput: 'region ok\n' });
  });
});
