import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetApi, type TargetApi } from '../../fixtures/target-api/server.mjs';
import { svc, type CliEnv } from '../helpers/cli.js';
import { ROOT } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

/** PRD and feature map, API docs in every form, discovery without writes, endpoint review, plan focus and edits. */
let server: TestServer;
let api: TargetApi;
let ctx: CliEnv;
const fixture = (f: string) => join(ROOT, 'fixtures', f);
const backend = async (name: string) => {
  const id = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', name, '--url', api.url])).id as string;
  await json(ctx, ['project', 'credential', id, '--type', 'Bearer token', '--credential', 'demo-token']);
  return id;
};

beforeAll(async () => {
  [server, api] = await Promise.all([startServer(), startTargetApi({ port: 0 })]);
  ctx = userCtx(server, await server.mintKey({ name: 'docs' }), { SVC_ALLOW_PRIVATE_TARGETS: '1' });
});
afterAll(async () => {
  await Promise.all([server?.stop(), api?.close()]);
});

describe('API docs and discovery', () => {
  it('docs put reads the OpenAPI document: 27 endpoints, DELETE pairing, POST /tags the orphan, cleanup templates', async () => {
    const p = await backend('OpenAPI');
    const v = await json(ctx, ['project', 'docs', 'put', p, '--file', fixture('target-api/openapi.yaml')]);
    expect(v).toMatchObject({ projectId: p, format: 'openapi3' });
    expect(v.endpoints).toHaveLength(27);
    const pairs = Object.fromEntries(v.pairs.map((x: any) => [x.createId, x.deleteId]));
    expect(pairs).toEqual({ 'POST /users': 'DELETE /users/{id}', 'POST /users/{id}/posts': 'DELETE /posts/{id}', 'POST /posts/{id}/comments': 'DELETE /comments/{id}' });
    expect(v.orphans.map((o: any) => o.createId)).toEqual(['POST /tags']);
    expect(v.deleteTemplates).toEqual(['/comments/{id}', '/posts/{id}', '/users/{id}']);

    const text = await svc(['project', 'endpoints', p], { ctx });
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^POST \/users\s+bearer\s+users\s+deleted by DELETE \/users\/\{id\}/m);
    expect(text.stdout).toMatch(/^POST \/tags\s+bearer\s+tags\s+Might be orphaned \(no DELETE\)/m);
    expect(text.stdout).toContain('27 endpoint(s), 3 create/DELETE pair(s), 1 orphan candidate(s)');

    // Paged: ten at a time, each page resuming after the last, the same 27 ids in the end.
    const seen: string[] = [];
    let token: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = await json(ctx, ['project', 'endpoints', p, '--page-size', '10', ...(token ? ['--starting-token', token] : [])]);
      seen.push(...page.endpoints.map((e: any) => e.id));
      token = page.nextToken ?? undefined;
      if (!token) break;
    }
    expect(seen).toEqual(v.endpoints.map((e: any) => e.id));
    const bad = await fails(ctx, ['project', 'endpoints', p, '--starting-token', 'bogus'], 5);
    expect(bad.error().nextAction).toMatch(/Start again without a starting token/);

    // Swagger, Postman and the free-form text give the same endpoint ids.
    const ids = v.endpoints.map((e: any) => e.id).sort();
    for (const [file, format] of [['swagger.json', 'swagger2'], ['postman.json', 'postman'], ['api.md', 'freeform']]) {
      const other = await json(ctx, ['project', 'docs', 'put', await backend(format!), '--file', fixture(`target-api/${file}`)]);
      expect(other.format).toBe(format);
      expect(other.endpoints.map((e: any) => e.id).sort(), file).toEqual(ids);
      expect(other.orphans.map((o: any) => o.createId), file).toEqual(['POST /tags']);
    }
  });

  it('discover probes with safe requests only and records auth and shapes', async () => {
    const p = await backend('Discover');
    await json(ctx, ['project', 'docs', 'put', p, '--file', fixture('target-api/openapi.yaml')]);
    const before = await (await fetch(`${api.url}/__store`)).json();
    const v = await json(ctx, ['project', 'discover', p]);
    expect(await (await fetch(`${api.url}/__store`)).json()).toEqual(before);
    const probe = Object.fromEntries(v.probes.map((x: any) => [x.endpointId, x]));
    expect(probe['GET /users']).toMatchObject({ method: 'GET', reachable: true, status: 200, requiresAuth: true });
    expect(probe['GET /admin/stats']).toMatchObject({ method: 'GET', status: 200, requiresAuth: false });
    expect(probe['POST /users']).toMatchObject({ method: 'OPTIONS' });
    expect(v.probes.every((x: any) => x.method === null || ['GET', 'HEAD', 'OPTIONS'].includes(x.method))).toBe(true);
    expect(v.probedAt).toEqual(expect.any(String));

    const text = await svc(['project', 'discover', p], { ctx });
    expect(text.stdout).toMatch(/^GET \/users\s+bearer\s+users\s+-\s+GET 200 auth$/m);
    expect(text.stdout).toMatch(/^GET \/admin\/stats\s+bearer\s+admin\.stats\s+-\s+GET 200 open \(documented: bearer\)$/m);
    expect(text.stdout).toMatch(/^POST \/users\/\{id\}\/posts\s+bearer\s+users\.posts\s+deleted by DELETE \/posts\/\{id\}/m);
  });

  it('endpoints are edited one change at a time; cleanup templates follow the DELETEs', async () => {
    const p = await backend('Edit');
    await json(ctx, ['project', 'docs', 'put', p, '--file', fixture('target-api/openapi.yaml')]);
    let v = await json(ctx, ['project', 'endpoints', p, '--add', 'DELETE /tags/{id}', '--auth', 'bearer']);
    expect(v.orphans).toEqual([]);
    expect(v.deleteTemplates).toContain('/tags/{id}');
    v = await json(ctx, ['project', 'endpoints', p, '--update', 'GET /health', '--path', '/healthz', '--auth', 'none']);
    expect(v.endpoints.find((e: any) => e.id === 'GET /healthz')).toMatchObject({ auth: 'none', source: 'docs' });
    v = await json(ctx, ['project', 'endpoints', p, '--family', 'tags', '--auth', 'apiKey']);
    expect(v.endpoints.filter((e: any) => e.family === 'tags').map((e: any) => e.auth)).toEqual(['apiKey', 'apiKey', 'apiKey', 'apiKey']);
    v = await json(ctx, ['project', 'endpoints', p, '--remove', 'DELETE /tags/{id}']);
    expect(v.orphans.map((o: any) => o.createId)).toEqual(['POST /tags']);
    expect(v.endpoints).toHaveLength(27);
    expect((await fails(ctx, ['project', 'endpoints', p, '--remove', 'GET /nope'], 4)).error().code).toBe('NOT_FOUND');
    expect((await fails(ctx, ['project', 'endpoints', p, '--add', 'GET /users'], 6)).error().code).toBe('CONFLICT');
    await fails(ctx, ['project', 'endpoints', p, '--add', 'GET /x', '--remove', 'GET /users'], 5);
    await fails(ctx, ['project', 'endpoints', p, '--family', 'users'], 5);
  });
});

describe('PRD, feature map and plan focus', () => {
  it('works without a PRD, then extracts the fixture PRD features', async () => {
    const p = await backend('PRD');
    expect(await json(ctx, ['project', 'features', p])).toMatchObject({ prd: null, featureMap: null });
    await fails(ctx, ['project', 'features', p, '--extract'], 5);
    const v = await json(ctx, ['project', 'prd', 'put', p, '--file', fixture('prd/target-api-prd.md')]);
    expect(v.prd).toMatchObject({ filename: 'target-api-prd.md' });
    expect(v.featureMap.features.map((f: any) => f.name)).toEqual(['Authentication', 'User accounts', 'Posts', 'Comments', 'Tagging', 'Administration', 'Operations']);
    expect(v.featureMap.features[0].useCases.length).toBeGreaterThan(3);
    const again = await json(ctx, ['project', 'features', p, '--extract']);
    expect(again.featureMap.features.map((f: any) => f.id)).toEqual(v.featureMap.features.map((f: any) => f.id));
    const text = await svc(['project', 'features', p], { ctx });
    expect(text.stdout).toMatch(/^User accounts {2}\[user-accounts\]$/m);
  });

  it('focus instructions shrink the plan and a natural-language edit adds a case', async () => {
    const p = await backend('Focus');
    await json(ctx, ['project', 'docs', 'put', p, '--file', fixture('target-api/openapi.yaml')]);
    const full = await json(ctx, ['plan', 'generate', '--project', p]);
    const users = await json(ctx, ['plan', 'generate', '--project', p, '--instructions', 'only users endpoints']);
    expect(users.counts.total).toBeLessThan(full.counts.total / 2);
    expect(users.instructions).toBe('only users endpoints');
    expect(users.cases.every((c: any) => c.backend.path.startsWith('/users'))).toBe(true);

    const edited = await json(ctx, ['plan', 'edit', '--project', p, 'test GET /posts/{id} with an unknown id and expect 404']);
    expect(edited.counts.total).toBe(users.counts.total + 1);
    const added = edited.cases.find((c: any) => c.id === edited.changed[0]);
    expect(added.backend).toMatchObject({ endpointId: 'GET /posts/{id}', kind: 'unknown-id', expect: { status: [404] }, origin: 'instruction', selected: true });

    const bad = await fails(ctx, ['plan', 'edit', '--project', p, 'make it better'], 5);
    expect(bad.error().nextAction).toContain('Supported forms');
    const sec = await json(ctx, ['plan', 'deselect', '--project', p, '--category', 'security']);
    expect(sec.cases.filter((c: any) => c.category === 'security').every((c: any) => !c.selected)).toBe(true);
    const listed = await json(ctx, ['plan', 'list', '--project', p, '--category', 'auth']);
    expect(listed.cases.every((c: any) => c.category === 'auth')).toBe(true);
    const first = await json(ctx, ['plan', 'list', '--project', p, '--page-size', '2']);
    expect(first.cases).toHaveLength(2);
    const second = await json(ctx, ['plan', 'list', '--project', p, '--page-size', '2', '--starting-token', first.nextToken]);
    expect(second.cases[0].id).not.toBe(first.cases[0].id);
    expect(second.counts).toEqual(first.counts);
    await fails(ctx, ['plan', 'select', '--project', p, 'no-such-case'], 4);
  });
});
