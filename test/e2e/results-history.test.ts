import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunHistory } from '../../src/contract/results.js';
import { StepPage } from '../../src/contract/triage.js';
import { svc } from '../helpers/cli.js';
import { backendWorld, type BackendWorld } from '../helpers/backend-project.js';
import { fails, json } from '../helpers/user.js';

let w: BackendWorld;
let testId: string;
const cliRuns: string[] = [];
const bySource: Record<string, string[]> = {};
let between = '';

/** A trigger from another surface, as the portal or an MCP client would send it. */
function post(surface: string): Promise<Response> {
  return fetch(`${w.server.apiUrl}/tests/${testId}/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.key}`, 'content-type': 'application/json', 'x-svc-surface': surface },
    body: '{}',
  });
}
async function triggerAs(surface: string): Promise<string> {
  const res = await post(surface);
  expect(res.status).toBe(202);
  return ((await res.json()) as { runId: string }).runId;
}

beforeAll(async () => {
  w = await backendWorld();
  testId = await w.addTest('users list', "r = api.get('/users')\nassert r.status == 200\nassert isinstance(r.json(), list)\n");
  for (let i = 0; i < 2; i++) cliRuns.push((await w.run(testId)).runId);
  await new Promise((r) => setTimeout(r, 20));
  between = new Date().toISOString();
  for (const s of ['mcp', 'portal', 'mcp']) (bySource[s] ??= []).push(await triggerAs(s));
  // The CLI inside GitHub Actions reports itself as github_action.
  bySource.github_action = [(await w.run(testId, { GITHUB_ACTIONS: 'true' })).runId];
  const all = Object.values(bySource).flat();
  const waited = await svc(['--output', 'json', 'test', 'wait', ...all, '--timeout', '120'], { ctx: w.ctx, timeout: 150_000 });
  expect(waited.exitCode, waited.stdout).toBe(0);
}, 240_000);
afterAll(async () => {
  await w?.stop();
});

const history = async (...args: string[]) => RunHistory.parse(await json(w.ctx, ['test', 'result', testId, '--history', ...args]));

describe('test result --history', () => {
  it('lists every run newest first with the surface that triggered it', async () => {
    const h = await history();
    expect(h.runs).toHaveLength(6);
    expect(h.nextCursor).toBeNull();
    const created = h.runs.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(h.runs.at(-1)!.runId).toBe(cliRuns[0]);
    expect(h.runs.filter((r) => r.source === 'cli').map((r) => r.runId).sort()).toEqual([...cliRuns].sort());
    expect(h.runs[0]).toMatchObject({ status: 'passed', batchKind: 'single', codeVersion: 1, failureKind: null, replay: false });
    expect(h.runs[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it.each(['mcp', 'github_action', 'portal', 'cli', 'schedule'])('--source %s keeps only those runs', async (source) => {
    const h = await history('--source', source);
    const want = source === 'cli' ? cliRuns : (bySource[source] ?? []);
    expect(h.runs.map((r) => r.runId).sort()).toEqual([...want].sort());
    expect(h.runs.every((r) => r.source === source)).toBe(true);
  });

  it('a client cannot claim the scheduler as its surface: refused with a next step, nothing started', async () => {
    const before = (await history()).runs.length;
    const res = await post('schedule');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; nextAction: string } };
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('reserved') });
    expect(body.error.nextAction).toContain('svc project schedule set');
    expect((await history()).runs).toHaveLength(before);
  });

  it('--since takes a duration or an ISO timestamp as the lower bound on createdAt', async () => {
    expect((await history('--since', '1h')).runs).toHaveLength(6);
    expect((await history('--since', '7d')).runs).toHaveLength(6);
    const later = await history('--since', between);
    expect(later.runs.map((r) => r.runId).sort()).toEqual(Object.values(bySource).flat().sort());
    expect((await history('--since', new Date(Date.now() + 3_600_000).toISOString())).runs).toEqual([]);
    expect((await history('--since', between, '--source', 'cli')).runs).toEqual([]);
  });

  it('pages with --page-size and --cursor over several pages without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const h: RunHistory = await history('--page-size', '2', ...(cursor ? ['--cursor', cursor] : []));
      expect(h.runs.length).toBeLessThanOrEqual(2);
      seen.push(...h.runs.map((r) => r.runId));
      cursor = h.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual((await history()).runs.map((r) => r.runId));
    const text = await svc(['test', 'result', testId, '--history', '--page-size', '3'], { ctx: w.ctx });
    expect(text.stdout).toMatch(/^RUN\s+STATUS\s+SOURCE/m);
    expect(text.stdout).toMatch(/^nextCursor: \S+$/m);
  });

  it.each([
    [['--history', '--since', 'yesterday'], /--since/],
    [['--history', '--page-size', '0'], /--page-size/],
    [['--history', '--page-size', '101'], /--page-size/],
    [['--history', '--source', 'email'], /--source/],
    [['--since', '24h'], /--since works only with --history/],
    [['--cursor', 'abc'], /--cursor works only with --history/],
    [['--history', '--cursor', 'not-a-cursor'], /cursor/],
  ])('refuses %j (exit 5)', async (args, why) => {
    expect((await fails(w.ctx, ['test', 'result', testId, ...args], 5)).stderr).toMatch(why);
  });
});

describe('test steps', () => {
  it('is the cumulative log: newest run first, each step an HTTP call or an assertion with status and timing', async () => {
    const p = StepPage.parse(await json(w.ctx, ['test', 'steps', testId, '--page-size', '100']));
    expect(p.items).toHaveLength(18);
    expect(p.nextToken).toBeNull();
    const first = p.items.slice(0, 3);
    expect(first.map((s) => [s.index, s.kind, s.status])).toEqual([[0, 'http', 'passed'], [1, 'assertion', 'passed'], [2, 'assertion', 'passed']]);
    expect(first[0]!.description).toBe('GET /users -> 200');
    expect(first[1]!.description).toBe('assert r.status == 200');
    expect(first.every((s) => s.runId === first[0]!.runId && typeof s.durationMs === 'number' && s.startedAt)).toBe(true);
    expect(p.items.at(-1)!.runId).toBe(cliRuns[0]);
  });

  it('--run-id scopes to one run; paging with --starting-token and --max-items', async () => {
    const one = StepPage.parse(await json(w.ctx, ['test', 'steps', testId, '--run-id', cliRuns[1]!]));
    expect(one.items.map((s) => s.runId)).toEqual([cliRuns[1], cliRuns[1], cliRuns[1]]);
    const all = StepPage.parse(await json(w.ctx, ['test', 'steps', testId, '--page-size', '100'])).items;
    const paged: string[] = [];
    let token: string | null = null;
    do {
      const p: StepPage = StepPage.parse(await json(w.ctx, ['test', 'steps', testId, '--page-size', '4', ...(token ? ['--starting-token', token] : [])]));
      paged.push(...p.items.map((s) => `${s.runId}#${s.index}`));
      token = p.nextToken;
    } while (token);
    expect(paged).toEqual(all.map((s) => `${s.runId}#${s.index}`));
    const max = StepPage.parse(await json(w.ctx, ['test', 'steps', testId, '--page-size', '2', '--max-items', '5']));
    expect(max.items).toHaveLength(5);
    expect(max.nextToken).not.toBeNull();
    const text = await svc(['test', 'steps', testId, '--run-id', cliRuns[0]!], { ctx: w.ctx });
    expect(text.stdout).toMatch(/^RUN\s+#\s+KIND\s+STATUS\s+MS\s+DESCRIPTION$/m);
    expect(text.stdout).toMatch(/GET \/users -> 200/);
  });

  it('a run of another test is not found (exit 4); a bad page size is exit 5', async () => {
    const other = await w.addTest('other', "assert True\n");
    await fails(w.ctx, ['test', 'steps', other, '--run-id', cliRuns[0]!], 4);
    await fails(w.ctx, ['test', 'steps', testId, '--page-size', '101'], 5);
  });
});
