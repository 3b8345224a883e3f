import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiDocs } from '../../src/discovery/docs.js';
import { ApiEndpoint } from '../../src/contract/discovery.js';
import { cleanupTargets, pairDeletes } from '../../src/discovery/pairing.js';
import { editEndpoints } from '../../src/discovery/edit.js';
import { applyProbe, probe } from '../../src/discovery/probe.js';
import { SvcError } from '../../src/contract/errors.js';

const dir = join(import.meta.dirname, '..', 'fixtures', 'discovery');
const read = (f: string) => readFileSync(join(dir, f), 'utf8');
const parse = (f: string) => parseApiDocs(read(f), { filename: f });

const LIBRARY = [
  'DELETE /authors/{authorId}', 'DELETE /books/{bookId}', 'GET /authors', 'GET /authors/{authorId}', 'GET /authors/{authorId}/books',
  'GET /books/{bookId}', 'GET /health', 'GET /labels', 'PATCH /authors/{authorId}', 'POST /auth/login', 'POST /authors',
  'POST /authors/{authorId}/books', 'POST /labels',
];

describe('parseApiDocs', () => {
  it.each([
    ['library.openapi.yaml', 'openapi3'],
    ['library.swagger.json', 'swagger2'],
    ['library.postman.json', 'postman'],
    ['library.md', 'freeform'],
  ])('%s is read as %s with the same endpoints, auth and pairing', async (file, format) => {
    const r = await parse(file);
    expect(r.format).toBe(format);
    expect(r.title).toMatch(/Library API/);
    expect(r.endpoints.map((e) => e.id).sort()).toEqual(LIBRARY);
    for (const e of r.endpoints) expect(() => ApiEndpoint.parse(e)).not.toThrow();
    const byId = new Map(r.endpoints.map((e) => [e.id, e]));
    expect(byId.get('GET /health')!.auth).toBe('none');
    expect(byId.get('POST /auth/login')!.auth).toBe('none');
    expect(byId.get('GET /authors/{authorId}')!.auth).toBe('bearer');
    expect(byId.get('POST /authors')!.deleteOf).toBe('DELETE /authors/{authorId}');
    expect(byId.get('POST /authors/{authorId}/books')!.deleteOf).toBe('DELETE /books/{bookId}');
    expect(byId.get('POST /authors/{authorId}/books')!.family).toBe('authors.books');
    expect(byId.get('POST /labels')!.deleteOf).toBeUndefined();
  });

  it('dereferences $refs, allOf and shared path parameters (OpenAPI)', async () => {
    const r = await parse('library.openapi.yaml');
    const create = r.endpoints.find((e) => e.id === 'POST /authors')!;
    expect(create.requestBody?.required).toEqual(['name', 'email']);
    expect((create.requestBody?.schema?.properties as any).name.maxLength).toBe(50);
    expect(create.requestBody?.example).toEqual({ name: 'Ada', email: 'ada@example.com', age: 36 });
    const created = create.responses.find((x) => x.status === 201)!;
    expect(Object.keys((created.schema as any).properties)).toEqual(expect.arrayContaining(['id', 'name', 'email', 'createdAt']));
    expect(create.responses.map((x) => x.status)).toEqual([201, 400, 401, 409]);
    const get = r.endpoints.find((e) => e.id === 'GET /authors/{authorId}')!;
    expect(get.pathParams).toEqual([{ name: 'authorId', required: true, schema: { type: 'integer' } }]);
    expect(r.endpoints.find((e) => e.id === 'GET /authors')!.queryParams[0]).toMatchObject({ name: 'limit', schema: { minimum: 1, maximum: 100 } });
  });

  it('reads required fields and JSON examples from free text, and lists what it could not read', async () => {
    const r = await parse('library.md');
    const create = r.endpoints.find((e) => e.id === 'POST /authors')!;
    expect(create.requestBody?.required).toEqual(['name', 'email']);
    expect(create.responses.map((x) => x.status)).toEqual([201, 400, 409]);
    expect(r.endpoints.find((e) => e.id === 'POST /auth/login')!.requestBody?.example).toEqual({ username: 'demo', password: 'secret' });
    expect(r.warnings.join('\n')).toMatch(/line \d+: .*GET https\/\/broken/);
  });

  it('reports unreadable parts of a damaged OpenAPI document as warnings', async () => {
    const r = await parse('broken.openapi.yaml');
    expect(r.endpoints.map((e) => e.id).sort()).toEqual(['GET /widgets', 'POST /things']);
    const w = r.warnings.join('\n');
    expect(w).toMatch(/\$ref #\/components\/schemas\/Missing could not be resolved/);
    expect(w).toMatch(/method trace is not supported/);
    expect(w).toMatch(/\/gadgets: path item is not an object/);
    expect(w).toMatch(/response code 2XX is not a status code/);
    expect(w).toMatch(/security scheme undefinedScheme is not defined/);
    expect(r.endpoints.find((e) => e.id === 'POST /things')!.auth).toBe('unknown');
  });

  it('rejects a document with nothing readable with a VALIDATION_ERROR naming the parse error', async () => {
    const err = await parse('unreadable.yaml').catch((e) => e);
    expect(err).toBeInstanceOf(SvcError);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.message).toMatch(/No endpoints could be read.*YAML/);
    const prose = await parseApiDocs('just some words about nothing').catch((e) => e);
    expect(prose.code).toBe('VALIDATION_ERROR');
    expect(prose.nextAction).toMatch(/GET \/users/);
  });
});

describe('pairing', () => {
  it('pairs flat and nested creates with their DELETE, lists orphans, and orders cleanup children first', async () => {
    const { endpoints } = await parse('library.openapi.yaml');
    const { pairs, orphans } = pairDeletes(endpoints);
    expect(pairs).toEqual([
      { createId: 'POST /authors', deleteId: 'DELETE /authors/{authorId}', resource: 'authors', variable: 'author_id' },
      { createId: 'POST /authors/{authorId}/books', deleteId: 'DELETE /books/{bookId}', resource: 'books', variable: 'book_id' },
    ]);
    expect(orphans).toEqual([expect.objectContaining({ createId: 'POST /labels', variable: 'label_id' })]);
    expect(pairs.some((p) => p.createId === 'POST /auth/login')).toBe(false);
    const targets = cleanupTargets(endpoints);
    expect(targets.map((t) => t.variable)).toEqual(['book_id', 'author_id']);
    expect(targets[0]).toMatchObject({ deletePath: '/books/{bookId}', pathVariables: { bookId: 'book_id' }, depth: 1 });
  });
});

describe('editEndpoints', () => {
  it('edits method, path and family auth, adds manual endpoints and re-pairs', async () => {
    const { endpoints } = await parse('library.openapi.yaml');
    let eps = editEndpoints(endpoints, { op: 'setFamilyAuth', family: 'authors', auth: 'api key' });
    expect(eps.filter((e) => e.family.startsWith('authors')).every((e) => e.auth === 'apiKey')).toBe(true);
    eps = editEndpoints(eps, { op: 'add', method: 'delete', path: '/labels/:labelId', auth: 'bearer' });
    expect(eps.find((e) => e.id === 'POST /labels')!.deleteOf).toBe('DELETE /labels/{labelId}');
    expect(eps.find((e) => e.id === 'DELETE /labels/{labelId}')!.source).toBe('manual');
    eps = editEndpoints(eps, { op: 'update', id: 'DELETE /labels/{labelId}', path: '/labels/{id}' });
    expect(eps.find((e) => e.id === 'POST /labels')!.deleteOf).toBe('DELETE /labels/{id}');
    expect(() => editEndpoints(eps, { op: 'add', method: 'GET', path: '/health' })).toThrow(/already exists/);
    expect(() => editEndpoints(eps, { op: 'update', id: 'GET /nope', auth: 'none' })).toThrow(/No endpoint GET \/nope/);
    expect(() => editEndpoints(eps, { op: 'update', id: 'GET /health', method: 'FETCH' })).toThrow(/not one of/);
    expect(() => editEndpoints(eps, { op: 'setFamilyAuth', family: 'authors', auth: 'oauth' })).toThrow(/none, bearer, apiKey, basic/);
    expect(endpoints.find((e) => e.id === 'GET /authors')!.auth).toBe('bearer');
  });
});

describe('probe', () => {
  it('sends only GET/OPTIONS, learns auth and shape, and stays within its request budget', async () => {
    const { endpoints } = await parse('library.openapi.yaml');
    const seen: string[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      seen.push(`${init.method} ${new URL(url).pathname}`);
      const authed = headers.Authorization === 'Bearer t';
      const path = new URL(url).pathname;
      if (path === '/health') return new Response('{"status":"ok"}', { headers: { 'content-type': 'application/json' } });
      if (!authed) return new Response('{"error":"auth"}', { status: 401 });
      return new Response('[{"id":1,"name":"Ada"}]', { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const results = await probe('http://api.test/', endpoints, { headers: { Authorization: 'Bearer t' } }, { fetch: fake });
    expect(seen.every((s) => /^(GET|OPTIONS) /.test(s))).toBe(true);
    const authors = results.find((r) => r.endpointId === 'GET /authors')!;
    expect(authors).toMatchObject({ reachable: true, status: 200, requiresAuth: true, method: 'GET' });
    expect(results.find((r) => r.endpointId === 'GET /health')!.requiresAuth).toBe(false);
    seen.length = 0;
    const bounded = await probe('http://api.test', endpoints, { headers: {} }, { fetch: fake, maxRequests: 3 });
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(bounded.filter((r) => r.note === 'probe request budget used up').length).toBeGreaterThan(5);
    const unknown = endpoints.map((e) => (e.id === 'GET /labels' ? { ...e, auth: 'unknown' as const, responses: [] } : e));
    const applied = applyProbe(unknown, results, 'bearer').find((e) => e.id === 'GET /labels')!;
    expect(applied.auth).toBe('bearer');
    expect(applied.responses[0]!.schema).toMatchObject({ type: 'array' });
  });
});
