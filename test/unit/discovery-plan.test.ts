import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseApiDocs } from '../../src/discovery/docs.js';
import { planBackendCases } from '../../src/discovery/planner.js';
import { applyCaseInstruction, applyCaseInstructionWithProvider } from '../../src/discovery/nl-edit.js';
import { generateSuite, generateTestCode } from '../../src/discovery/codegen.js';
import { applyProbe, probe } from '../../src/discovery/probe.js';
import { extractFeatureMap, extractFeatureMapRules, extractPrdText } from '../../src/discovery/feature-map.js';
import { PlannedCase, type ApiEndpoint } from '../../src/contract/discovery.js';
import type { ModelProvider } from '../../src/ai/provider.js';

const dir = join(import.meta.dirname, '..', 'fixtures', 'discovery');
let endpoints: ApiEndpoint[];
beforeAll(async () => {
  endpoints = (await parseApiDocs(readFileSync(join(dir, 'library.openapi.yaml'), 'utf8'))).endpoints;
});
const byId = (cases: PlannedCase[], id: string) => cases.find((c) => c.id === id)!;

describe('planBackendCases', () => {
  it('plans every category with priorities, chains and deterministic ids', () => {
    const { cases, warnings } = planBackendCases(endpoints);
    expect(warnings).toEqual([]);
    expect(new Set(cases.map((c) => c.category))).toEqual(new Set(['functional', 'auth', 'error', 'boundary', 'security']));
    for (const c of cases) expect(() => PlannedCase.parse(c)).not.toThrow();
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(planBackendCases(endpoints).cases).toEqual(cases);
    expect(byId(cases, 'post-authors.create')).toMatchObject({ priority: 'p0', testCategory: 'setup', produces: ['author_id'], needs: [], expect: { status: [201] } });
    expect(byId(cases, 'post-authors-authorid-books.create')).toMatchObject({ produces: ['book_id'], needs: ['author_id'] });
    expect(byId(cases, 'get-books-bookid.read')).toMatchObject({ needs: ['book_id'], expect: { status: [200] } });
    // A DELETE case works on a record of its own: it needs the parent, not the shared record.
    expect(byId(cases, 'delete-books-bookid.delete').needs).toEqual(['author_id']);
    expect(byId(cases, 'post-authors.duplicate')).toMatchObject({ category: 'error', expect: { status: [409] }, input: { field: 'email' } });
    expect(byId(cases, 'post-authors.auth-missing')).toMatchObject({ category: 'auth', priority: 'p0', expect: { status: [401] } });
    expect(byId(cases, 'post-authors.missing-required').expect.status).toEqual([400]);
    expect(byId(cases, 'post-authors.malformed-json').expect.status).toEqual([400]);
    expect(byId(cases, 'post-authors.boundary-max.name')).toMatchObject({ category: 'boundary', priority: 'p2' });
    expect(byId(cases, 'post-authors.mass-assignment').category).toBe('security');
    expect(byId(cases, 'get-authors-authorid.error-leak').expect.checks).toContain('no-leak');
    expect(cases.some((c) => c.endpointId === 'GET /health' && c.category === 'auth')).toBe(false);
    // A create with no DELETE stays (it feeds chains) but cases that would add more orphans are off.
    expect(byId(cases, 'post-labels.create').selected).toBe(true);
    expect(byId(cases, 'post-labels.injection').selected).toBe(false);
  });

  it('follows focus instructions and keeps the creates a chain needs', () => {
    const only = planBackendCases(endpoints, { instructions: 'Only books endpoints. Skip security tests.' });
    expect(only.cases.every((c) => c.category !== 'security')).toBe(true);
    expect(only.cases.filter((c) => !c.path.includes('books')).map((c) => c.id)).toEqual(['post-authors.create']);
    expect(byId(only.cases, 'post-authors.create').description).toMatch(/Kept because other cases need author_id/);
    const ro = planBackendCases(endpoints, { instructions: 'read-only' });
    expect(ro.cases.every((c) => c.method === 'GET')).toBe(true);
    expect(byId(ro.cases, 'get-authors-authorid.read').selected).toBe(false);
    const boosted = planBackendCases(endpoints, { instructions: 'prioritize labels; do a little dance' });
    expect(byId(boosted.cases, 'get-labels.list').priority).toBe('p0');
    expect(boosted.warnings).toEqual(['focus instruction not understood: "do a little dance" (try "only users endpoints", "skip security tests" or "prioritize posts")']);
  });

  it('links cases to PRD use cases and raises their happy path to p0', () => {
    const map = extractFeatureMapRules(readFileSync(join(dir, 'prd.md'), 'utf8'));
    const { cases } = planBackendCases(endpoints, { featureMap: map });
    expect(byId(cases, 'get-books-bookid.read')).toMatchObject({ featureId: 'books', priority: 'p0' });
    expect(byId(cases, 'get-books-bookid.read').useCaseId).toMatch(/^books\//);
  });
});

describe('a read of what no case creates', () => {
  const doc = `openapi: 3.0.3
info: { title: modules, version: '1' }
paths:
  /nodes/{module}:
    parameters:
      - { name: module, in: path, required: true, schema: { type: string, example: node-red } }
    get:
      responses:
        '200': { description: the module, content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } }
        '404': { description: not found }
  /flows/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200': { description: a flow }
`;

  it('reads the record named by the document\'s example once a GET during discovery found it; without that, it is deselected', async () => {
    const eps = (await parseApiDocs(doc)).endpoints;
    const seen: string[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push(`${init.method} ${new URL(url).pathname}`);
      return new Response('{"name":"node-red"}', { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const results = await probe('http://api.test', eps, { headers: {} }, { fetch: fake });
    expect(seen.sort()).toEqual(['GET /nodes/node-red', 'OPTIONS /flows/0']);
    expect(results.find((r) => r.endpointId === 'GET /nodes/{module}')).toMatchObject({ status: 200, pathValues: { module: 'node-red' } });
    const probed = applyProbe(eps, results, 'none');
    expect(probed.find((e) => e.id === 'GET /nodes/{module}')!.examplePath).toEqual({ module: 'node-red' });

    const read = byId(planBackendCases(probed).cases, 'get-nodes-module.read');
    expect(read).toMatchObject({ selected: true, needs: [], input: { path: { module: 'node-red' } } });
    expect(read.description).toContain('the document\'s example (module "node-red")');
    expect(generateTestCode(read, probed)).toContain('path("/nodes/{module}", {"module": "node-red"})');
    expect(byId(planBackendCases(probed).cases, 'get-flows-id.read')).toMatchObject({ selected: false });

    // A 404 at the example: the record is not in this instance, so nothing may be read.
    const missing = applyProbe(eps, results.map((r) => ({ ...r, status: 404 })), 'none');
    expect(missing.find((e) => e.id === 'GET /nodes/{module}')!.examplePath).toBeUndefined();
    const deselected = byId(planBackendCases(missing).cases, 'get-nodes-module.read');
    expect(deselected.selected).toBe(false);
    expect(deselected.description).toMatch(/Deselected: nothing in the plan produces/);
  });
});

describe('applyCaseInstruction', () => {
  it('adds, updates, selects, prioritises, re-expects, renames and removes cases', () => {
    let { cases } = planBackendCases(endpoints);
    let r = applyCaseInstruction(cases, endpoints, 'test GET /books/{id} with an unknown id and expect 410');
    expect(r.changed).toEqual(['get-books-bookid.unknown-id']);
    expect(byId(r.cases, 'get-books-bookid.unknown-id').expect.status).toEqual([410]);
    r = applyCaseInstruction(r.cases, endpoints, 'test POST /authors with missing email and expect 422');
    expect(byId(r.cases, 'post-authors.missing-required.email')).toMatchObject({ input: { field: 'email' }, expect: { status: [422] }, origin: 'instruction' });
    r = applyCaseInstruction(r.cases, endpoints, 'test PATCH /authors/{authorId} with age=-5 and expect 400');
    expect(byId(r.cases, 'patch-authors-authorid.custom-body.age')).toMatchObject({ input: { field: 'age', value: -5 } });
    r = applyCaseInstruction(r.cases, endpoints, 'deselect security cases');
    expect(r.cases.filter((c) => c.category === 'security').every((c) => !c.selected)).toBe(true);
    r = applyCaseInstruction(r.cases, endpoints, 'make the POST duplicate email case p0');
    expect(byId(r.cases, 'post-authors.duplicate').priority).toBe('p0');
    r = applyCaseInstruction(r.cases, endpoints, 'expect 400 or 422 for post-authors.wrong-types');
    expect(byId(r.cases, 'post-authors.wrong-types').expect.status).toEqual([400, 422]);
    r = applyCaseInstruction(r.cases, endpoints, 'rename post-authors.create to "Authors can be created"');
    expect(byId(r.cases, 'post-authors.create').title).toBe('Authors can be created');
    r = applyCaseInstruction(r.cases, endpoints, 'deselect cases for DELETE /books/{bookId}');
    expect(r.cases.filter((c) => c.endpointId === 'DELETE /books/{bookId}').every((c) => !c.selected)).toBe(true);
    r = applyCaseInstruction(r.cases, endpoints, 'add teardown for DELETE /books/{bookId}');
    expect(byId(r.cases, 'delete-books-bookid.teardown')).toMatchObject({ testCategory: 'teardown', needs: ['book_id'] });
    cases = applyCaseInstruction(r.cases, endpoints, 'remove case get-labels.list').cases;
    expect(cases.some((c) => c.id === 'get-labels.list')).toBe(false);
  });

  it('explains what it supports when it does not understand', async () => {
    const { cases } = planBackendCases(endpoints);
    expect(() => applyCaseInstruction(cases, endpoints, 'make it better')).toThrow(/not understood/);
    try {
      applyCaseInstruction(cases, endpoints, 'make it better');
    } catch (e) {
      expect((e as { nextAction: string }).nextAction).toMatch(/test <METHOD> <path> with <condition>/);
    }
    expect(() => applyCaseInstruction(cases, endpoints, 'make auth p0')).toThrow(/matches \d+ cases/);
    const provider: ModelProvider = { name: 'fake', available: true, complete: async () => 'deselect boundary cases' };
    const r = await applyCaseInstructionWithProvider(cases, endpoints, 'no limit tests please', provider);
    expect(r.cases.filter((c) => c.category === 'boundary').every((c) => !c.selected)).toBe(true);
  });
});

describe('feature map', () => {
  it('reads features, use cases and flows from Markdown', () => {
    const map = extractFeatureMapRules(readFileSync(join(dir, 'prd.md'), 'utf8'));
    expect(map.features.map((f) => f.id)).toEqual(['authors', 'books', 'labels']);
    expect(map.features[0]!.useCases.map((u) => u.name)).toEqual(['Create an author with a name and a unique email', "Update an author's details", 'Remove an author who has no books']);
    expect(map.features[1]!.useCases.map((u) => u.id)).toEqual(['books/add-a-book-to-an-author', 'books/read-a-book-by-id', 'books/delete-a-book']);
    expect(map.flows).toEqual(expect.arrayContaining([{ from: 'authors', to: 'books', label: 'Publish' }, { from: 'labels', to: 'books', label: 'Shelve' }]));
  });

  it('reads plain text and PDF text, and refines with a model only when it answers a valid map', async () => {
    const text = readFileSync(join(dir, 'prd.txt'), 'utf8');
    const map = extractFeatureMapRules(text);
    expect(map.features.map((f) => f.name)).toEqual(['Authors', 'Books', 'Labels']);
    expect(map.features[1]!.useCases.map((u) => u.name)).toEqual(['Add a book to an author', 'Delete a book']);
    expect(await extractPrdText(Buffer.from(text), 'prd.txt')).toBe(text);
    await expect(extractPrdText(Buffer.from([0, 1, 2]), 'x.bin')).rejects.toThrow(/binary/);
    const pdf = await extractPrdText(minimalPdf('Authors and books'), 'prd.pdf');
    expect(pdf).toContain('Authors and books');
    const bad: ModelProvider = { name: 'x', available: true, complete: async () => 'not json' };
    expect((await extractFeatureMap(text, { provider: bad })).warnings?.[0]).toMatch(/model refinement ignored/);
    const good: ModelProvider = { name: 'x', available: true, complete: async () => JSON.stringify({ features: [{ id: 'a', name: 'A', description: '', useCases: [] }], flows: [{ from: 'a', to: 'zzz' }] }) };
    expect(await extractFeatureMap(text, { provider: good })).toEqual({ features: [{ id: 'a', name: 'A', description: '', useCases: [] }], flows: [], source: 'model' });
  });
});

describe('generateTestCode', () => {
  it('writes Python that compiles and asserts what the case expects', () => {
    const { cases } = planBackendCases(endpoints);
    const suite = generateSuite(cases, endpoints);
    expect(suite.length).toBe(cases.filter((c) => c.selected).length);
    const tmp = mkdtempSync(join(tmpdir(), 'svc-codegen-'));
    const files = suite.map((t, i) => {
      const f = join(tmp, `t${i}.py`);
      writeFileSync(f, t.code);
      return f;
    });
    execFileSync('python3', ['-m', 'py_compile', ...files]);
    // Hostile probes come last, least likely to bring the app down first.
    const lane = suite.filter((t) => t.category === 'hostile');
    const kinds = lane.map((t) => byId(cases, t.caseId).kind);
    expect(new Set(kinds)).toEqual(new Set(['wrong-content-type', 'wrong-types', 'injection', 'large-payload', 'malformed-json', 'invalid-body']));
    expect(suite.slice(-lane.length)).toEqual(lane);
    expect(kinds.indexOf('wrong-content-type')).toBeLessThan(kinds.indexOf('malformed-json'));
    expect(kinds.lastIndexOf('malformed-json')).toBeLessThan(kinds.indexOf('invalid-body'));
    const probe = generateTestCode(byId(cases, 'post-authors.invalid-body'), endpoints);
    expect(probe).toContain('    problems.append(str(e).split("\\n")[0])');
    expect(probe).toMatch(/raise ConnectionError\(f"POST \/authors with \{what\}: no answer/);
    const create = generateTestCode(byId(cases, 'post-authors.create'), endpoints);
    expect(create).toContain('produce("author_id", new_id)');
    expect(create).toContain('assert r.status in [201], f"{r.where} creates an author: expected 201 as documented, got {r.status}');
    expect(create).not.toMatch(/import requests/);
    const dup = generateTestCode(byId(cases, 'post-authors.duplicate'), endpoints);
    expect(dup).toContain('track(first, "/authors/{__id__}", "id", {})');
    expect(dup).toContain('accepted a second record with the same email');
    const del = generateTestCode(byId(cases, 'delete-books-bookid.delete'), endpoints);
    expect(del).toContain('_setup = call("POST", path("/authors/{authorId}/books", {"authorId": VARS["author_id"]})');
    expect(del).toContain('GET still finds the record');
    const auth = generateTestCode(byId(cases, 'get-authors-authorid.auth-missing'), endpoints);
    expect(auth).toContain('auth=False');
    expect(generateTestCode(byId(cases, 'post-authors.auth-wrong-scheme'), endpoints)).toContain('auth=wrong_scheme()');
    const leak = generateTestCode(byId(cases, 'get-books-bookid.error-leak'), endpoints);
    expect(leak).toContain('assert not leak_in(r), f"{r.where} with a malformed id leaks no internals: response {r.status} leaks internals');
    expect(leak).toContain('{"bookId": "abc"}');
    expect(generateTestCode(byId(cases, 'post-authors-authorid-books.missing-required'), endpoints)).toContain('POST /authors/{{authorId}}/books accepted an invalid body');
  });
});

/** A one-page PDF with one line of Helvetica text and a correct xref table. */
function minimalPdf(text: string): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 12 Tf 10 50 Td (${text}) Tj ET`;
  objs[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
