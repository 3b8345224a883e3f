import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseApiDocs } from '../../src/discovery/docs.js';
import { planBackendCases } from '../../src/discovery/planner.js';
import { generateTestCode } from '../../src/discovery/codegen.js';
import { annotateEndpoints } from '../../src/discovery/pairing.js';
import { extractHandles } from '../../src/engine/cleanup.js';
import type { RecordedCall } from '../../src/engine/types.js';
import { PY_HEAD, PY_SERVE, pyLines } from '../helpers/py-server.js';

const corpus = join(import.meta.dirname, '..', 'corpus', 'backend');
const load = async (name: string) => annotateEndpoints((await parseApiDocs(readFileSync(join(corpus, name, 'openapi.yaml'), 'utf8'))).endpoints);
const compiles = (code: string) => {
  const f = join(mkdtempSync(join(tmpdir(), 'svc-checks-')), 't.py');
  writeFileSync(f, code);
  execFileSync('python3', ['-m', 'py_compile', f]);
};

describe('the backend check catalogue', () => {
  it('never writes to a whole collection or a record that existed before the run', async () => {
    const eps = await load('loopback-todo');
    const { cases } = planBackendCases(eps);
    const bulk = cases.filter((c) => c.endpointId === 'PATCH /todos');
    expect(bulk.length).toBeGreaterThan(0);
    for (const c of bulk) {
      expect(c.selected).toBe(false);
      expect(c.description).toMatch(/writes to the whole collection, which holds records this suite did not create/);
    }
    const js = planBackendCases(await load('json-server')).cases;
    for (const c of js.filter((x) => x.path === '/profile' && x.method !== 'GET')) expect(c.description).toMatch(/record that existed before the run/);
    // A POST that creates no record, to what a GET reads, replaces data the suite did not create.
    const nr = planBackendCases(await load('node-red')).cases;
    const deploy = nr.filter((c) => c.endpointId === 'POST /flows');
    expect(deploy.length).toBeGreaterThan(0);
    for (const c of deploy) {
      expect(c.selected).toBe(false);
      expect(c.description).toMatch(/POST \/flows creates no record .* writes to what GET \/flows reads/);
    }
    expect(nr.find((c) => c.id === 'post-flow.create')!.selected).toBe(true);
    // Writes to an item work on a record the test creates itself.
    const update = js.find((c) => c.id === 'patch-posts-id.update')!;
    expect(update.needs).toEqual([]);
    expect(generateTestCode(update, await load('json-server'))).toContain('back = call("GET", path("/posts/{id}", {"id": _target}))');
  });

  it('keeps the schema of JSON query parameters and checks them', async () => {
    const eps = await load('loopback-todo');
    const filter = eps.find((e) => e.id === 'GET /todos')!.queryParams.find((q) => q.name === 'filter')!;
    expect(filter).toMatchObject({ contentType: 'application/json', schema: { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1 } } } });
    const c = planBackendCases(eps).cases.find((x) => x.id === 'get-todos.query-json.filter')!;
    expect(c).toMatchObject({ category: 'error', expect: { status: [400] } });
    const code = generateTestCode(c, eps);
    compiles(code);
    for (const probe of ['malformed JSON', 'a property the document does not define', 'limit below its minimum 1', 'skip below its minimum 0']) expect(code).toContain(probe);
    expect(code).toContain('accepted filter=');
  });

  it('asserts only what the document or HTTP guarantees', async () => {
    const eps = await load('json-server');
    const { cases } = planBackendCases(eps);
    const byId = (id: string) => cases.find((c) => c.id === id)!;
    // The nested list documents only 200: a malformed parent id may be answered any way but 5xx.
    expect(byId('get-posts-id-comments.error-leak').expect.status).toEqual([]);
    // A nested create under a missing parent must be refused, whatever 4xx says so.
    expect(byId('post-posts-id-comments.unknown-id').expect).toMatchObject({ status: [], checks: expect.arrayContaining(['refused']) });
    // A delete checks the records it must leave alone, and says when one of them could not be made.
    const del = cases.find((c) => c.kind === 'delete' && c.id.startsWith('delete-posts-id'))!;
    const delCode = generateTestCode(del, eps);
    compiles(delCode);
    expect(delCode).toContain('_witnesses.append(');
    // A witness removed or replaced (a server reusing its id) is no longer the test's to delete.
    expect(delCode).toContain('        if not (w_after.status == 200 and unchanged(w_was, w_after.json())):\n                forget(w_path)');
    expect(delCode).toMatch(/^from svc_checks import .*\bforget\b/m);
    expect(delCode).toMatch(/print\(f"\[svc\] no witness from POST \/comments \(/);
    // Wrong types in an id a client may choose: a value of the test's own, so two such tests running
    // together never write one record.
    const wrongIds = ['post-comments.wrong-types', 'post-posts-id-comments.wrong-types'].map((id) => generateTestCode(byId(id), eps));
    for (const code of wrongIds) {
      compiles(code);
      expect(code).toMatch(/"id": "not-a-number-" \+ uniq\(\)/);
      // What was accepted must be there to read: a record gone right after its 2xx fails too.
      expect(code).toContain('if new_id is not None:\n            back = call("GET", path("/comments/{__id__}", dict({}, __id__=new_id)))\n            assert back.status == 200');
    }
    const orphan = generateTestCode(byId('post-posts-id-comments.unknown-id'), eps);
    expect(orphan).toContain('stored a record under a parent that does not exist');
    // The message names the missing parent's id as a value, not as a Python expression to evaluate.
    expect(orphan).toMatch(/does not exist \(id=\d+\): got \{r\.status\}/);
    // The README lets a POST choose the id: sending one is no mass assignment, a taken one must be refused.
    expect(cases.some((c) => c.id === 'post-posts.mass-assignment')).toBe(false);
    const dup = generateTestCode(byId('post-posts.duplicate.id'), eps);
    expect(dup).toContain('body["id"] = uniq_int()');
    expect(dup).toContain('second["title"] = str(second["title"]) + " (second)"');
    expect(dup).toContain('back = call("GET", path("/posts/{__id__}", dict({}, __id__=body["id"])))');
    expect(dup).toContain('f"GET {back.path} after a second POST with the same id does not return what was written');
    // Not-an-object bodies for every write, null included.
    for (const id of ['post-posts.invalid-body', 'put-posts-id.invalid-body', 'patch-comments-id.invalid-body']) expect(byId(id).selected).toBe(true);
    expect(generateTestCode(byId('post-posts.invalid-body'), eps)).toContain('"not an object", 42, None]');
  });

  it('reads back after a write and watches other records across a delete', async () => {
    const eps = await load('json-server');
    const { cases } = planBackendCases(eps);
    const create = generateTestCode(cases.find((c) => c.id === 'post-posts.create')!, eps);
    compiles(create);
    // The id is handed on before the shape is checked, so one shape defect blocks nothing.
    expect(create.indexOf('produce("post_id", new_id)')).toBeLessThan(create.indexOf('shape_problems(r, '));
    expect(create).toContain('from svc_checks import call, cleanup, differences, path, pick_id, shape_problems');
    expect(create).toContain('back = call("GET", path("/posts/{__id__}", dict({}, __id__=new_id)))');
    expect(create).toContain('assert r.status in [201], f"{r.where} creates a post: expected 201 as documented, got {r.status}');
    const del = generateTestCode(cases.find((c) => c.id === 'delete-posts-id.delete')!, eps);
    compiles(del);
    // A comment pointing at the post being deleted, and a sibling post, must survive the DELETE.
    expect(del).toContain('w = call("POST", "/comments", {"body": "Nice post", "postId": _target})');
    expect(del).toContain('w = call("POST", "/posts", ');
    expect(del).toContain('also removed or changed {_lost[0][0]}, a record made by {_lost[0][1]} that it does not name');
  });

  /**
   * Runs a generated test against a server like json-server (ids are the highest + 1, so a freed one
   * comes back; with `cascade`, a DELETE of a post removes the comments naming it). With `interfere`,
   * the first DELETE of a comment also does what a concurrent test's cleanup can: removes the newest
   * comment and another test's record takes its id.
   */
  const runAgainst = (code: string, mode: { cascade?: boolean; interfere?: boolean }) => {
    const test = join(mkdtempSync(join(tmpdir(), 'svc-witness-')), 't.py');
    writeFileSync(test, code);
    const server = String.raw`${PY_HEAD}
db = {'posts': {}, 'comments': {}}
interfere = [${mode.interfere ? 'True' : 'False'}]
def new_id(coll):
    return max([0] + list(db[coll])) + 1
class H(Quiet):
    def _at(self):
        parts = self.path.strip('/').split('/')
        return parts[0], (int(parts[1]) if len(parts) > 1 else None)
    def do_POST(self):
        coll, _ = self._at()
        rec = self._body()
        rec['id'] = new_id(coll)
        db[coll][rec['id']] = rec
        self._send(201, rec)
    def do_GET(self):
        coll, rid = self._at()
        rec = db[coll].get(rid)
        self._send(200 if rec else 404, rec or {})
    def do_DELETE(self):
        coll, rid = self._at()
        rec = db[coll].pop(rid, None)
        if ${mode.cascade ? 'True' : 'False'} and coll == 'posts':
            for k in [k for k, c in db['comments'].items() if c.get('postId') == rid]:
                db['comments'].pop(k)
        if interfere[0] and coll == 'comments':
            interfere[0] = False
            newest = max(db['comments'])
            db['comments'][newest] = {'id': newest, 'body': 'another test'}
        self._send(200 if rec else 404, {})
${PY_SERVE}
try:
    runpy.run_path(sys.argv[1], run_name='__main__')
    verdict = 'passed'
except AssertionError as e:
    verdict = str(e)
print(json.dumps({'verdict': verdict, 'left': {k: len(v) for k, v in db.items()}}))
`;
    const lines = pyLines(server, test);
    return { ...JSON.parse(lines.pop()!), said: lines };
  };

  it('a witness another test removed is not blamed on the delete: the delete is made again on a new record', async () => {
    const eps = await load('json-server');
    const { cases } = planBackendCases(eps);
    const code = (id: string) => generateTestCode(cases.find((c) => c.id === id)!, eps);
    // The first witness comment is taken away by something else: the second delete leaves every witness alone.
    const taken = runAgainst(code('delete-comments-id.delete'), { interfere: true });
    expect(taken.verdict).toBe('passed');
    expect(taken.said.join('\n')).toMatch(/was gone or changed after the delete; deleting a new record[\s\S]*the second delete left every witness alone/);
    // What the test made is deleted; the record that took the first witness's id is another test's: left.
    expect(taken.left).toEqual({ posts: 0, comments: 1 });
    // A delete that itself removes other records does it again: the verdict stands.
    const cascade = runAgainst(code('delete-posts-id.delete'), { cascade: true });
    expect(cascade.verdict).toMatch(/^DELETE \/posts\/\{id\} also removed or changed \/comments\/\d+, a record made by POST \/comments that it does not name \(GET answered 404\)/);
    expect(cascade.said.join('\n')).toMatch(/was gone or changed after the delete/);
    expect(cascade.said.join('\n')).not.toMatch(/second delete left every witness alone/);
    expect(runAgainst(code('delete-posts-id.delete'), {}).verdict).toBe('passed');
  });
});

describe('records a PUT creates at a key the test chooses', () => {
  it('plans create, replace, read and delete on records of the test\'s own, with the headers the document requires', async () => {
    const eps = await load('tiddlywiki');
    const put = eps.find((e) => e.id === 'PUT /recipes/default/tiddlers/{title}')!;
    expect(put).toMatchObject({ putCreates: true, idField: 'title', deleteOf: 'DELETE /bags/default/tiddlers/{title}' });
    const { cases } = planBackendCases(eps);
    const byId = (id: string) => cases.find((c) => c.id === id)!;
    const create = byId('put-recipes-default-tiddlers-title.create');
    expect(create).toMatchObject({ selected: true, produces: [], needs: [], testCategory: 'main' });
    // A PUT may create what its path names: an unknown title is not a 404 case.
    expect(cases.filter((c) => c.method === 'PUT' && c.kind === 'unknown-id')).toEqual([]);
    for (const id of ['put-recipes-default-tiddlers-title.update', 'get-recipes-default-tiddlers-title.read', 'delete-bags-default-tiddlers-title.delete'])
      expect(byId(id)).toMatchObject({ selected: true, needs: [] });

    const code = generateTestCode(create, eps);
    compiles(code);
    expect(code).toContain('key = "svc-" + uniq()');
    expect(code).toContain('body = {"title": key,');
    expect(code).toContain('r = call("PUT", path("/recipes/default/tiddlers/{title}", {"title": key}), body, headers={"X-Requested-With": "TiddlyWiki"})');
    // Deleted by the test itself, with the header the DELETE requires; read back where the PUT wrote it.
    expect(code).toContain('track_at(r, path("/bags/default/tiddlers/{__id__}", dict({}, __id__=key)), {"X-Requested-With": "TiddlyWiki"})');
    expect(code).toContain('back = call("GET", path("/recipes/default/tiddlers/{__id__}", dict({}, __id__=key)))');
    expect(code).not.toContain('produce(');

    const del = generateTestCode(byId('delete-bags-default-tiddlers-title.delete'), eps);
    compiles(del);
    expect(del).toContain('_target = "svc-" + uniq()');
    expect(del).toContain('_setup = call("PUT", path("/recipes/default/tiddlers/{title}", {"title": _target}), {"title": _target,');
    // Gone where the record is read, not only where it is deleted.
    expect(del).toContain('after = call("GET", path("/recipes/default/tiddlers/{__id__}", dict({}, __id__=_target)))');
  });

  it('with no DELETE for them, no case creates records by PUT: they would stay', async () => {
    const eps = (await load('tiddlywiki')).filter((e) => e.method !== 'DELETE');
    const { cases } = planBackendCases(annotateEndpoints(eps));
    const writes = cases.filter((c) => c.method === 'PUT' || c.id === 'get-recipes-default-tiddlers-title.read');
    expect(writes.length).toBeGreaterThan(5);
    for (const c of writes) expect(c.selected, c.id).toBe(false);
    expect(cases.find((c) => c.id === 'put-recipes-default-tiddlers-title.create')!.description).toMatch(/creates a tiddler by PUT, and no DELETE endpoint can remove it/);
    expect(cases.find((c) => c.id === 'get-recipes-default-tiddlers-title.unknown-id')!.selected).toBe(true);
  });

  it('an update-only PUT beside a POST create keeps its 404 case; one naming its record by id is not a create', async () => {
    const eps = await load('json-server');
    expect(eps.filter((e) => e.putCreates)).toEqual([]);
    expect(planBackendCases(eps).cases.some((c) => c.id === 'put-posts-id.unknown-id')).toBe(true);
  });

  it('where no validation error is documented, a wrong-typed value may be converted but must read back with its documented type', async () => {
    const eps = await load('tiddlywiki');
    const c = planBackendCases(eps).cases.find((x) => x.id === 'put-recipes-default-tiddlers-title.wrong-types')!;
    expect(c.title).toBe('PUT /recipes/default/tiddlers/{title} with wrong field types keeps the documented types');
    expect(c.expect.status).toEqual([]);
    const code = generateTestCode(c, eps);
    compiles(code);
    expect(code).not.toContain('assert not (200 <= r.status < 300)');
    expect(code).toContain('back = call("GET", path("/recipes/default/tiddlers/{title}", {"title": _target}))');
    expect(code).toMatch(/problems = \[p for p in shape_problems\(back, .*\) if p\.split\(" "\)\[0\] in \["\$\.title", "\$\.text"/);
  });
});

describe('cleanup of nested creates', () => {
  const call = (seq: number, method: string, path: string, status: number, body = '', headers: Record<string, string> = {}): RecordedCall =>
    ({ seq, method, url: `http://api.test${path}`, status, responseHeaders: headers, responseBody: body, startedAt: `2026-01-01T00:00:0${seq}Z` }) as unknown as RecordedCall;
  const opts = { deleteTemplates: ['/comments/{id}', '/posts/{id}'], deletePairs: [{ create: '/posts/{id}/comments', delete: '/comments/{id}' }] };

  it('names a nested record where its paired DELETE removes it, once, whatever the Location says', () => {
    const hs = extractHandles(
      [
        call(1, 'POST', '/posts', 201, '{"id": 3}'),
        call(2, 'POST', '/posts/3/comments', 201, '{"id": 7}', { Location: 'http://api.test/posts/3/comments/7' }),
        call(3, 'POST', '/posts/999/comments', 201, '{"id": 7}'),
      ],
      opts,
    );
    expect(hs.map((h) => [h.resourcePath, h.status, h.deleteEndpoint, h.parentPath])).toEqual([
      ['/posts/3', 'pending', 'DELETE /posts/{id}', null],
      ['/comments/7', 'pending', 'DELETE /comments/{id}', '/posts/3'],
    ]);
  });

  it('matches the document\'s paths below the path the target URL carries (http://host/admin)', () => {
    const hs = extractHandles(
      [call(1, 'POST', '/admin/posts', 201, '{"id": 3}'), call(2, 'POST', '/admin/posts/3/comments', 201, '{"id": 7}'), call(3, 'POST', '/admin/flow', 200, '{"id": "ab12"}')],
      { ...opts, basePaths: ['/admin'] },
    );
    expect(hs.map((h) => [h.resourcePath, h.status, h.deleteEndpoint])).toEqual([
      ['/admin/posts/3', 'pending', 'DELETE /posts/{id}'],
      ['/admin/comments/7', 'pending', 'DELETE /comments/{id}'],
      ['/admin/flow/ab12', 'orphaned', null],
    ]);
  });

  it('sends the headers the document says a DELETE requires', async () => {
    const { deleteHeadersOf } = await import('../../src/server/generation/specs.js');
    const { runCleanup } = await import('../../src/engine/cleanup-run.js');
    const { createServer } = await import('node:http');
    const headers = deleteHeadersOf(await load('tiddlywiki'));
    expect(headers).toEqual({ '/bags/default/tiddlers/{title}': { 'X-Requested-With': 'TiddlyWiki' } });
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers['x-requested-with'] as string | undefined);
      res.writeHead(req.headers['x-requested-with'] === 'TiddlyWiki' ? 204 : 403).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/bags/default/tiddlers/svc-1`;
      const h = { url, resourcePath: '/bags/default/tiddlers/svc-1', resourceId: 'svc-1', resourceType: 'tiddlers', sourceEndpoint: 'PUT /recipes/default/tiddlers/{title}', parentPath: null, depth: 0, deleteEndpoint: 'DELETE /bags/default/tiddlers/{title}', status: 'pending' as const };
      const out = await runCleanup([h], { auth: { headers: {} } as never, record: () => {}, headersFor: (x) => headers[x.deleteEndpoint!.replace(/^DELETE /, '')] });
      expect(out.map((o) => [o.status, o.responseStatus])).toEqual([['deleted', 204]]);
      expect(seen).toEqual(['TiddlyWiki']);
    } finally {
      server.close();
    }
  });

  it('takes the records tests reported making with a PUT (answered 204 like a replace), unless the test deleted them', () => {
    const put = (seq: number, key: string) => call(seq, 'PUT', `/admin/recipes/default/tiddlers/${key}`, 204);
    const made = (seq: number, key: string) => ({ url: `http://api.test/admin/bags/default/tiddlers/${key}`, method: 'PUT', via: `http://api.test/admin/recipes/default/tiddlers/${key}`, at: `2026-01-01T00:00:0${seq}Z` });
    const hs = extractHandles(
      [put(1, 'svc-a'), put(2, 'svc-b%20c'), call(3, 'DELETE', '/admin/bags/default/tiddlers/svc-a', 204)],
      { deleteTemplates: ['/bags/default/tiddlers/{title}'], basePaths: ['/admin'] },
      [made(1, 'svc-a'), made(2, 'svc-b%20c')],
    );
    expect(hs.map((h) => [h.resourcePath, h.resourceId, h.status, h.sourceEndpoint, h.deleteEndpoint])).toEqual([
      ['/admin/bags/default/tiddlers/svc-a', 'svc-a', 'deleted-by-test', 'PUT /admin/recipes/default/tiddlers/{id}', 'DELETE /bags/default/tiddlers/{title}'],
      ['/admin/bags/default/tiddlers/svc-b%20c', 'svc-b c', 'pending', 'PUT /admin/recipes/default/tiddlers/{id}', 'DELETE /bags/default/tiddlers/{title}'],
    ]);
  });

  it('a record created again at a path a test deleted (reused id) is cleaned up', () => {
    const hs = extractHandles([call(1, 'POST', '/posts', 201, '{"id": 3}'), call(2, 'DELETE', '/posts/3', 200), call(3, 'POST', '/posts', 201, '{"id": 3}')], opts);
    expect(hs.map((h) => [h.resourcePath, h.status])).toEqual([['/posts/3', 'pending']]);
  });

  it('a record created again while a DELETE of the first was on its way is cleaned up, whichever was sent first', () => {
    // A second POST sent before the first record's DELETE, answered after it: the id was free again.
    const racing = { ...call(2, 'POST', '/posts', 201, '{"id": 3}'), latencyMs: 3000 };
    const hs = extractHandles([call(1, 'POST', '/posts', 201, '{"id": 3}'), racing, call(4, 'DELETE', '/posts/3', 200)], opts);
    expect(hs.map((h) => [h.resourcePath, h.status])).toEqual([['/posts/3', 'pending']]);
    // A DELETE sent once the latest create was answered removed it.
    const after = extractHandles([call(1, 'POST', '/posts', 201, '{"id": 3}'), { ...racing, latencyMs: 1000 }, call(4, 'DELETE', '/posts/3', 200)], opts);
    expect(after.map((h) => [h.resourcePath, h.status])).toEqual([['/posts/3', 'deleted-by-test']]);
  });

  it("a test's own DELETE sent in the millisecond its create was answered counts as the test's", () => {
    // The create started at 0.900 s (recorded as 0 ms: starts are cut to the millisecond) and took
    // 2.05 ms, answered at 2.95 ms; the DELETE went at 2.96 ms, recorded as 2 ms, before 0 + 2.05.
    const at = (ms: number) => `2026-01-01T00:00:00.${String(ms).padStart(3, '0')}Z`;
    const create = { ...call(1, 'POST', '/posts', 201, '{"id": 3}'), startedAt: at(0), latencyMs: 2.05 };
    const del = { ...call(2, 'DELETE', '/posts/3', 200), startedAt: at(2) };
    expect(extractHandles([create, del], opts).map((h) => [h.resourcePath, h.status])).toEqual([['/posts/3', 'deleted-by-test']]);
    // One whole millisecond earlier it was sent before the answer: left to cleanup.
    expect(extractHandles([create, { ...del, startedAt: at(1) }], opts).map((h) => [h.resourcePath, h.status])).toEqual([['/posts/3', 'pending']]);
  });
});

describe('batch triage grouping', () => {
  it('names the check a generated assertion broke and the endpoint template', async () => {
    const { checkOf, endpointOf } = await import('../../src/server/batch-triage.js');
    expect(checkOf('POST /users duplicate email: expected 409, got 500: {}', 'server_error')).toBe('no-5xx');
    expect(checkOf('GET /posts/abc leaks no internals: response 500 leaks internals (\'/srv/\')', 'server_error')).toBe('no-leak');
    expect(checkOf('POST /comments accepted null where the document wants an object: got 201', null)).toBe('refused');
    expect(checkOf('PATCH /users/{{id}} gave a record the email another record has (\'a@b\'): got 200', null)).toBe('refused');
    expect(checkOf('GET /users/3 after PATCH /users/{id} does not return what was written: name: …', null)).toBe('read-after-write');
    expect(checkOf('DELETE /posts/{id} also removed or changed /comments/5, a record made by POST /comments', null)).toBe('others-untouched');
    expect(checkOf('GET /tags answers: expected 200, got 404', 'not_found')).toBe('status');
    expect(checkOf('GET /tags answers: expected 200 as documented, got 404', 'not_found')).toBe('status');
    expect(checkOf('POST /tags with a wrong content type is rejected: expected 400/415/422 (400/422 documented, 415 by HTTP), got 201', null)).toBe('status');
    expect(checkOf('step 2 could not be read', 'step_not_understood')).toBe('step_not_understood');
    expect(endpointOf('POST /posts/{id}/comments creates a comment', null)).toBe('POST /posts/{id}/comments');
    expect(endpointOf('my hand-written test', { method: 'GET', path: '/users/42/posts?limit=1' })).toBe('GET /users/{id}/posts');
    expect(endpointOf('my hand-written test', null)).toBeNull();
  });

  it('leaves out each required field in turn', async () => {
    const eps = annotateEndpoints((await parseApiDocs(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'target-api', 'openapi.yaml'), 'utf8'))).endpoints);
    const c = planBackendCases(eps).cases.find((x) => x.id === 'post-users.missing-required')!;
    const code = generateTestCode(c, eps);
    compiles(code);
    expect(code).toContain('for missing in ["name", "email"]:');
    expect(code).toContain('accepted an invalid body (without {missing})');
  });
});
