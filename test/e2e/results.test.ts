import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LatestResult } from '../../src/contract/results.js';
import { FailureSummary } from '../../src/contract/triage.js';
import { svc } from '../helpers/cli.js';
import { backendWorld, closedPort, type BackendWorld } from '../helpers/backend-project.js';
import { json } from '../helpers/user.js';

let w: BackendWorld;
const ids: Record<string, { testId: string; runId: string }> = {};

beforeAll(async () => {
  w = await backendWorld();
  const port = await closedPort();
  const cases: [string, string, string[]?][] = [
    ['assertion', "r = api.get('/users/1')\nassert r.status == 200\nassert r.json()['name'] == 'Someone Else'\n"],
    ['server', "r = api.get('/broken')\nassert r.status == 200, r.text\n"],
    ['refused', `r = api.get('http://127.0.0.1:${port}/health')\nassert r.status == 200\n`],
    ['producer', "r = api.get('/broken')\nassert r.status == 201, r.text\nproduce('order_id', r.json()['id'])\n", ['--produces', 'order_id']],
    ['consumer', "r = api.get(f\"/posts/{VARS['order_id']}\")\nassert r.status == 200\n", ['--needs', 'order_id']],
    ['codebug', "r = api.get('/health')\nassert r.status == 200\nfor i in range(30):\n    print(f'line {i}')\nchek_body(r.json())\n"],
  ];
  for (const [name, code, extra] of cases) ids[name] = { testId: await w.addTest(name, code, extra), runId: '' };
  for (const name of ['assertion', 'server', 'refused', 'consumer', 'codebug']) {
    const { runId, r } = await w.run(ids[name]!.testId);
    expect(r.exitCode, `${name}: ${r.stdout}`).toBe(1);
    ids[name]!.runId = runId;
  }
}, 240_000);
afterAll(async () => {
  await w?.stop();
});

const analysed = async (name: string) => LatestResult.parse(await json(w.ctx, ['test', 'result', ids[name]!.testId, '--include-analysis']));

describe('failure kinds and hypotheses', () => {
  it.each([
    ['assertion', 'failed', 'assertion_failed', /GET \/users\/1/, /Someone Else|Demo User/],
    ['server', 'failed', 'server_error', /GET \/broken/, /500/],
    ['refused', 'failed', 'connection_refused', /GET \/health/, /refused/i],
    ['consumer', 'blocked', 'blocked_upstream', /GET \/broken → 500/, /order_id/],
    ['codebug', 'failed', 'test_code_error', /chek_body/, /NameError/],
  ])('%s → %s / %s', async (name, status, kind, endpoint, evidence) => {
    const r = await analysed(name);
    expect(r.status).toBe(status);
    expect(r.runId).toBe(ids[name]!.runId);
    expect(r.analysis).toBeDefined();
    expect(r.analysis!.failureKind).toBe(kind);
    expect(r.failureKind).toBe(kind);
    expect(r.analysis!.snapshotId).toBe(r.runId);
    expect(r.analysis!.rootCauseHypothesis).toMatch(endpoint);
    expect(`${r.analysis!.rootCauseHypothesis}\n${r.analysis!.evidence!.join('\n')}`).toMatch(evidence);
    if (name !== 'consumer') {
      // A ready-to-paste curl of the failing call, secrets masked.
      expect(r.analysis!.reproducer).toMatch(/^curl -sS -i -X GET '/m);
      expect(r.analysis!.reproducer).toContain(r.analysis!.failingCall!.path);
      expect(r.analysis!.reproducer).not.toContain('demo-token');
    }
  });

  it('without --include-analysis the record has no analysis block; backend results carry apiOutput and trace in full', async () => {
    const r = LatestResult.parse(await json(w.ctx, ['test', 'result', ids.codebug!.testId]));
    expect(r.analysis).toBeUndefined();
    expect(r.apiOutput!.split('\n').filter(Boolean)).toHaveLength(30);
    expect(r.apiOutput).toMatch(/^line 0$/m);
    expect(r.trace).toMatch(/NameError: name 'chek_body' is not defined/);
  });

  it('text mode prints the main fields and the last 20 lines of apiOutput and of trace', async () => {
    const r = await svc(['test', 'result', ids.codebug!.testId, '--include-analysis'], { ctx: w.ctx });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^runId:\\s+${ids.codebug!.runId}$`, 'm'));
    expect(r.stdout).toMatch(/^status:\s+failed$/m);
    expect(r.stdout).toMatch(/^apiOutput \(last 20 of 30 lines; --output json has all\):$/m);
    expect(r.stdout).toMatch(/^\s+line 29$/m);
    expect(r.stdout).toMatch(/^\s+line 10$/m);
    expect(r.stdout).not.toMatch(/^\s+line 9$/m);
    expect(r.stdout).toMatch(/^trace:$/m);
    expect(r.stdout).toMatch(/NameError/);
    expect(r.stdout).toMatch(/failureKind:\s+test_code_error/);
  });

  it('failure summary: the triage card in JSON and on one screen of text', async () => {
    const s = FailureSummary.parse(await json(w.ctx, ['test', 'failure', 'summary', ids.server!.testId]));
    expect(s).toMatchObject({ testId: ids.server!.testId, runId: ids.server!.runId, snapshotId: ids.server!.runId, status: 'failed', failureKind: 'server_error', recommendedFixTarget: 'app' });
    expect(s.rootCauseHypothesis).toMatch(/GET \/broken answered 500/);
    expect(s.reproducer).toMatch(/curl .*\/broken/);
    const t = await svc(['test', 'failure', 'summary', ids.server!.testId], { ctx: w.ctx });
    expect(t.exitCode).toBe(0);
    for (const f of ['testId', 'status', 'failureKind', 'snapshotId', 'rootCauseHypothesis', 'recommendedFixTarget']) expect(t.stdout).toMatch(new RegExp(`^${f}:`, 'm'));
    expect(t.stdout).toMatch(/^reproduce:$/m);
    expect(t.stdout.split('\n').length).toBeLessThan(40);
  });

  it('usage counts the runs of an unmetered key without a balance', async () => {
    const u = await json(w.ctx, ['usage']);
    expect(u).toMatchObject({ metered: false, runsThisMonth: 6, replaysThisMonth: 0, creditsUsedThisMonth: 0 });
    expect(u).not.toHaveProperty('credits');
  });

  it('unknown ids are not found (exit 4)', async () => {
    const r = await svc(['--output', 'json', 'test', 'result', 'tst_missing'], { ctx: w.ctx });
    expect(r.exitCode).toBe(4);
    expect((await svc(['--output', 'json', 'test', 'failure', 'summary', 'tst_missing'], { ctx: w.ctx })).exitCode).toBe(4);
  });
});

