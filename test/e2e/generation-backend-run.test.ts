import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetApi, type TargetApi, type TargetStore } from '../../fixtures/target-api/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { ROOT } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

/**
 * The backend lifecycle through the CLI: docs → discover → plan → accept → run --all. The run must
 * find exactly the fixture's planted defects (plus the always-broken endpoint), analyse each one
 * correctly, and leave the target's data as it was apart from the tags, which have no DELETE.
 */
let server: TestServer;
let api: TargetApi;
let ctx: CliEnv;
let project: string;
let key: string;
/** The latest result with analysis, as `svc --output json test result <id> --include-analysis` prints it. */
const result = async (testId: string) =>
  (await fetch(`${server.apiUrl}/tests/${testId}/result?includeAnalysis=true`, { headers: { authorization: `Bearer ${key}` } })).json() as Promise<any>;
const store = async (): Promise<TargetStore> => (await fetch(`${api.url}/__store`)).json() as Promise<TargetStore>;

beforeAll(async () => {
  [server, api] = await Promise.all([startServer(), startTargetApi({ port: 0 })]);
  key = await server.mintKey({ name: 'gen' });
  ctx = userCtx(server, key, { SVC_ALLOW_PRIVATE_TARGETS: '1' });
  project = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Community API', '--url', api.url])).id;
  await json(ctx, ['project', 'credential', project, '--type', 'Bearer token', '--credential', 'demo-token']);
});
afterAll(async () => {
  await Promise.all([server?.stop(), api?.close()]);
});

describe('backend generation end to end', () => {
  it('plans, accepts once, runs the suite and finds exactly the planted defects', async () => {
    await json(ctx, ['project', 'docs', 'put', project, '--file', join(ROOT, 'fixtures/target-api/openapi.yaml')]);
    await json(ctx, ['project', 'discover', project]);
    await fetch(`${api.url}/__reset`, { method: 'POST' });
    const before = await store();

    const plan = await json(ctx, ['plan', 'generate', '--project', project]);
    expect(plan.counts.selected).toBeGreaterThan(40);
    const accepted = await json(ctx, ['plan', 'accept', '--project', project]);
    expect(accepted.created).toHaveLength(plan.counts.selected);
    const again = await json(ctx, ['plan', 'accept', '--project', project]);
    expect(again.created).toEqual([]);
    expect(again.testIds).toEqual(accepted.testIds);
    const tests = await json(ctx, ['test', 'list', '--project', project, '--max-items', '1000']);
    expect(tests.items).toHaveLength(accepted.created.length);

    const run = await svc(['--output', 'json', 'test', 'run', '--all', '--project', project, '--wait', '--timeout', '600'], { ctx, timeout: 660_000 });
    expect(run.exitCode, run.stderr).toBe(1);
    const out = run.json();
    const failed = out.wait.results.filter((r: any) => r.status !== 'passed');
    const summary = failed.map((r: any) => `${r.testName}: ${r.status}`).join('\n');
    expect(failed.every((r: any) => r.status === 'failed'), summary).toBe(true);
    const endpointOf = (name: string) => /^[A-Z]+ \S+/.exec(name)![0];
    expect([...new Set(failed.map((r: any) => endpointOf(r.testName)))].sort(), summary).toEqual(
      ['GET /admin/stats', 'GET /broken', 'GET /posts/{id}', 'POST /posts/{id}/comments', 'POST /users'],
    );
    expect(out.wait.summary.passed).toBeGreaterThan(40);

    const analyses = new Map<string, any[]>();
    for (const r of failed) {
      const a = (await result(r.testId)).analysis;
      analyses.set(endpointOf(r.testName), [...(analyses.get(endpointOf(r.testName)) ?? []), { name: r.testName, ...a }]);
    }
    const one = (ep: string, test: RegExp) => analyses.get(ep)!.find((a) => test.test(a.name));
    // (a) duplicate email is a 500, (b) a malformed id leaks a stack trace in a 500.
    expect(one('POST /users', /duplicate/)).toMatchObject({ failureKind: 'server_error', rootCauseHypothesis: expect.stringContaining('POST /users') });
    expect(one('GET /posts/{id}', /malformed id/)).toMatchObject({ failureKind: 'server_error', rootCauseHypothesis: expect.stringContaining('GET /posts/abc') });
    // (c) an invalid comment is accepted.
    for (const a of analyses.get('POST /posts/{id}/comments')!) {
      expect(['assertion_failed', 'validation_error'], a.name).toContain(a.failureKind);
      expect(a.rootCauseHypothesis).toMatch(/POST \/posts\/\d+\/comments answered 201/);
    }
    // (d) the stats answer without a credential.
    expect(one('GET /admin/stats', /without credentials/)).toMatchObject({ failureKind: 'assertion_failed', rootCauseHypothesis: expect.stringMatching(/GET \/admin\/stats answered 200/) });
    expect(one('GET /broken', /./)).toMatchObject({ failureKind: 'server_error', rootCauseHypothesis: expect.stringContaining('GET /broken') });

    // One command lists every failure by cause, with the blamed call's bodies.
    const triage = await json(ctx, ['test', 'triage', out.batchId]);
    expect(triage).toMatchObject({ batchId: out.batchId, projectId: project, failed: failed.length, passed: out.wait.summary.passed });
    expect(triage.groups.reduce((n: number, g: any) => n + g.count, 0)).toBe(failed.length);
    const dupGroup = triage.groups.find((g: any) => g.endpoint === 'POST /users' && g.check === 'no-5xx');
    expect(dupGroup).toMatchObject({ recommendedFixTarget: 'app', failureKind: 'server_error' });
    expect(dupGroup.failures[0].failingCall).toMatchObject({ method: 'POST', path: '/users', status: 500, requestBody: expect.stringContaining('@example.com') });
    expect(triage.groups.find((g: any) => g.endpoint === 'POST /posts/{id}/comments')).toMatchObject({ check: 'refused', recommendedFixTarget: 'app' });
    const runText = await svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '600'], { ctx, timeout: 660_000 });
    expect(runText.stdout).toMatch(/^batch (bat_\S+): svc test triage \1 lists the failures by cause$/m);
    const text = await svc(['test', 'triage', out.batchId], { ctx });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^batch ${out.batchId} \\(\\w+\\): \\d+ runs, \\d+ passed, ${failed.length} not passed`));
    expect(text.stdout).toMatch(/\[\d+\] no-5xx {2}POST \/users {2}fix: app/);
    expect(text.stdout).toContain('POST /users → 500');
    await fails(ctx, ['test', 'triage', 'bat_0000000000unknown'], 4);

    // Everything the suite created is gone again, except tags: no DELETE exists for them.
    const after = await store();
    expect({ users: after.users, posts: after.posts, comments: after.comments }).toEqual({ users: before.users, posts: before.posts, comments: before.comments });
    const newTags = after.tags.filter((t) => !before.tags.some((b) => b.id === t.id));
    expect(after.tags.slice(0, before.tags.length)).toEqual(before.tags);
    expect(newTags.length).toBeGreaterThan(0);
    expect(out.cleanup).toMatchObject({ status: 'done', failed: 0 });
    expect(out.cleanup.mightBeOrphaned.map((m: any) => m.resourcePath).sort()).toEqual(newTags.map((t) => `/tags/${t.id}`).sort());
  }, 700_000);
});
