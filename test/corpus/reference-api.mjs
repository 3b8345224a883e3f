// A strict reference implementation of fixtures/target-api and its mutants, for the backend corpus.
//
// The reference is the fixture with its four planted defects fixed, so it does what its document
// (fixtures/target-api/openapi.json without the diagnostics endpoints /flaky, /broken and /slow,
// which exist to exercise a test runner) says: a suite generated from that document must give 0
// failures on it. Each mutant breaks one rule of one class of defect (side effects, duplicates,
// invalid bodies, leaks, orphans, status, shape, read-after-write, delete, auth, content type,
// unknown ids), by rewriting one route of the reference. `startReference()` starts one server;
// `api.useRoutes(variant(id))` switches it to a mutant (or back with `variant()`).
import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { HttpError, invalid, notFound, readBody, readRaw } from '../../fixtures/target-api/lib/http.mjs';

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'target-api');
const DIAGNOSTICS = ['/flaky', '/broken', '/slow'];

/** The fixture's OpenAPI document without the diagnostics endpoints, written to `file`. */
export function writeReferenceDocs(file) {
  const doc = JSON.parse(readFileSync(join(FIXTURE, 'openapi.json'), 'utf8'));
  for (const p of DIAGNOSTICS) delete doc.paths[p];
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

/** A request whose body was read already, readable again by the route's own handler. */
function replay(req, raw) {
  const r = Readable.from(raw ? [Buffer.from(raw)] : []);
  return Object.assign(r, { headers: req.headers, method: req.method, url: req.url });
}

/** The body of a request as the fixture reads it (null when it is not a JSON object), plus the raw text for a replay. */
async function peek(req) {
  const raw = await readRaw(req);
  let body = null;
  try {
    body = await readBody(replay(req, raw));
  } catch {
    body = null;
  }
  return { raw, body };
}

const rewrite = (changes) => (table) =>
  table.map((route) => {
    const change = changes[`${route.method} ${route.path}`];
    return change ? { ...route, ...change(route) } : route;
  });

const compose = (...rewrites) => (table) => rewrites.reduce((t, f) => f(t), table);

const postId = (raw) => (/^[1-9]\d*$/.test(raw) ? Number(raw) : NaN);

/** The four planted defects fixed. */
const REFERENCE = rewrite({
  'POST /users': (r) => ({
    async handler(ctx) {
      const { raw, body } = await peek(ctx.req);
      if (body && typeof body.email === 'string' && ctx.store.list('users', (u) => u.email === body.email).length) throw new HttpError(409, 'email already in use');
      return r.handler({ ...ctx, req: replay(ctx.req, raw) });
    },
  }),
  'GET /posts/{id}': (r) => ({
    handler(ctx) {
      if (!/^\d+$/.test(ctx.params.id)) throw notFound(`post ${ctx.params.id}`);
      return r.handler(ctx);
    },
  }),
  'POST /posts/{id}/comments': (r) => ({
    async handler(ctx) {
      if (!ctx.store.get('posts', postId(ctx.params.id))) throw notFound(`post ${ctx.params.id}`);
      const raw = await readRaw(ctx.req);
      const body = await readBody(replay(ctx.req, raw));
      if (typeof body.text !== 'string' || body.text.trim() === '') throw invalid({ text: 'required non-empty string' });
      return r.handler({ ...ctx, req: replay(ctx.req, raw) });
    },
  }),
  'GET /admin/stats': () => ({ auth: true }),
});

const STACK = 'TypeError: x is undefined\n    at handler (/srv/app/lib/resources.js:42:13)\n    at /srv/app/node_modules/router/index.js:95:5';

/** Answers what `handler` answers, with the body passed through `change(body, ctx)`. */
const mapBody = (r, change) => ({
  async handler(ctx) {
    const out = await r.handler(ctx);
    return out && out.body !== undefined ? { ...out, body: change(structuredClone(out.body), ctx) } : out;
  },
});

/** One rule of one class broken per mutant: `{ id, kind, rule, routes }`. */
export const MUTANTS = [
  // Side effects
  { id: 'delete-user-removes-neighbour', kind: 'side effect', rule: 'DELETE /users/{id} also deletes the next user', routes: rewrite({
    'DELETE /users/{id}': (r) => ({ handler(ctx) { const out = r.handler(ctx); ctx.store.remove('users', Number(ctx.params.id) + 1); return out; } }) }) },
  { id: 'delete-comment-removes-users', kind: 'side effect', rule: 'DELETE /comments/{id} also deletes the newest user', routes: rewrite({
    'DELETE /comments/{id}': (r) => ({ handler(ctx) { const out = r.handler(ctx); const u = ctx.store.list('users').at(-1); if (u && u.id !== 1) ctx.store.remove('users', u.id); return out; } }) }) },
  // Duplicates
  { id: 'duplicate-email-500', kind: 'duplicate', rule: 'POST /users with a taken email answers 500 (the planted defect)', routes: (t) => t },
  { id: 'duplicate-email-overwrites', kind: 'duplicate', rule: 'POST /users with a taken email overwrites that user and answers 201', routes: rewrite({
    'POST /users': (r) => ({ async handler(ctx) {
      const { raw, body } = await peek(ctx.req);
      const old = body && ctx.store.list('users', (u) => u.email === body.email)[0];
      if (old) return { status: 201, body: ctx.store.update('users', old.id, { name: body.name }), headers: { location: `/users/${old.id}` } };
      return r.handler({ ...ctx, req: replay(ctx.req, raw) });
    } }) }) },
  { id: 'patch-email-taken-accepted', kind: 'duplicate', rule: 'PATCH /users/{id} gives a user an email another user has', routes: rewrite({
    'PATCH /users/{id}': (r) => ({ async handler(ctx) {
      const { raw, body } = await peek(ctx.req);
      const u = ctx.store.get('users', postId(ctx.params.id));
      if (u && body && typeof body.email === 'string' && body.email.includes('@') && ctx.store.list('users', (x) => x.email === body.email && x.id !== u.id).length) return { status: 200, body: ctx.store.update('users', u.id, { email: body.email }) };
      return r.handler({ ...ctx, req: replay(ctx.req, raw) });
    } }) }) },
  // Invalid bodies
  { id: 'array-body-accepted', kind: 'invalid body', rule: 'POST /tags stores an array body (201)', routes: rewrite({
    'POST /tags': (r) => ({ async handler(ctx) {
      const raw = await readRaw(ctx.req);
      if (raw.trim().startsWith('[')) return { status: 201, body: ctx.store.insert('tags', { label: raw }), headers: {} };
      return r.handler({ ...ctx, req: replay(ctx.req, raw) });
    } }) }) },
  { id: 'null-body-patch-ok', kind: 'invalid body', rule: 'PATCH /users/{id} answers 200 to a null body', routes: rewrite({
    'PATCH /users/{id}': (r) => ({ async handler(ctx) {
      const raw = await readRaw(ctx.req);
      if (raw.trim() === 'null') return { status: 200, body: ctx.store.get('users', postId(ctx.params.id)) ?? {} };
      return r.handler({ ...ctx, req: replay(ctx.req, raw) });
    } }) }) },
  { id: 'put-post-unvalidated', kind: 'invalid body', rule: 'PUT /posts/{id} stores fields of the wrong type', routes: rewrite({
    'PUT /posts/{id}': () => ({ async handler(ctx) {
      const p = ctx.store.get('posts', postId(ctx.params.id));
      if (!p) throw notFound(`post ${ctx.params.id}`);
      const body = await readBody(ctx.req);
      return { status: 200, body: ctx.store.update('posts', p.id, { title: body.title, body: body.body, tagIds: body.tagIds ?? [] }) };
    } }) }) },
  { id: 'missing-name-accepted', kind: 'invalid body', rule: 'POST /users creates a user without a name', routes: rewrite({
    'POST /users': (r) => ({ async handler(ctx) {
      const { raw, body } = await peek(ctx.req);
      if (body && body.name === undefined && typeof body.email === 'string' && body.email.includes('@')) return { status: 201, body: ctx.store.insert('users', { name: null, email: body.email }), headers: {} };
      return r.handler({ ...ctx, req: replay(ctx.req, raw) });
    } }) }) },
  { id: 'text-plain-accepted', kind: 'invalid body', rule: 'POST /users/{id}/posts reads a text/plain body as the title', routes: rewrite({
    'POST /users/{id}/posts': (r) => ({ async handler(ctx) {
      if (String(ctx.req.headers['content-type']).startsWith('text/plain')) {
        const raw = await readRaw(ctx.req);
        return { status: 201, body: ctx.store.insert('posts', { userId: Number(ctx.params.id), title: raw, body: raw, tagIds: [] }), headers: {} };
      }
      return r.handler(ctx);
    } }) }) },
  // Leaks
  { id: 'malformed-json-leaks', kind: 'leak', rule: 'POST /users answers malformed JSON with a stack trace in its 400', routes: rewrite({
    'POST /users': (r) => ({ async handler(ctx) {
      try {
        return await r.handler(ctx);
      } catch (e) {
        if (e instanceof HttpError && e.status === 400) throw new HttpError(400, e.message, { stack: STACK });
        throw e;
      }
    } }) }) },
  { id: 'not-found-leaks-path', kind: 'leak', rule: 'GET /tags/{id} names its source file in a 404', routes: rewrite({
    'GET /tags/{id}': (r) => ({ handler(ctx) {
      try {
        return r.handler(ctx);
      } catch (e) {
        if (e instanceof HttpError && e.status === 404) throw new HttpError(404, `${e.message} (/srv/app/lib/store.js:41)`);
        throw e;
      }
    } }) }) },
  // Orphans
  { id: 'orphan-post', kind: 'orphan', rule: 'POST /users/{id}/posts stores a post of a user that does not exist', routes: rewrite({
    'POST /users/{id}/posts': (r) => ({ async handler(ctx) {
      if (ctx.store.get('users', postId(ctx.params.id))) return r.handler(ctx);
      const body = await readBody(ctx.req);
      return { status: 201, body: ctx.store.insert('posts', { userId: Number(ctx.params.id) || 0, title: body.title, body: body.body, tagIds: [] }), headers: {} };
    } }) }) },
  // Status and shape
  { id: 'create-answers-200', kind: 'status', rule: 'POST /tags answers 200 where the document says 201', routes: rewrite({
    'POST /tags': (r) => ({ async handler(ctx) { const out = await r.handler(ctx); return { ...out, status: out.status === 201 ? 200 : out.status }; } }) }) },
  { id: 'user-id-as-string', kind: 'shape', rule: 'GET /users/{id} answers the id as a string', routes: rewrite({
    'GET /users/{id}': (r) => mapBody(r, (b) => ({ ...b, id: String(b.id) })) }) },
  { id: 'list-wrapped', kind: 'shape', rule: 'GET /users answers an object around the list where the document says an array', routes: rewrite({
    'GET /users': (r) => mapBody(r, (b) => ({ items: b })) }) },
  // Read after write
  { id: 'update-not-saved', kind: 'read after write', rule: 'PATCH /users/{id} answers the change but does not store it', routes: rewrite({
    'PATCH /users/{id}': () => ({ async handler(ctx) {
      const u = ctx.store.get('users', postId(ctx.params.id));
      if (!u) throw notFound(`user ${ctx.params.id}`);
      const body = await readBody(ctx.req);
      if (body.email !== undefined && (typeof body.email !== 'string' || !body.email.includes('@'))) throw invalid({ email: 'required string containing @' });
      if (body.name !== undefined && (typeof body.name !== 'string' || !body.name.trim())) throw invalid({ name: 'required non-empty string' });
      return { status: 200, body: { ...u, ...body } };
    } }) }) },
  { id: 'create-drops-title', kind: 'read after write', rule: 'POST /users/{id}/posts stores the title trimmed to 3 characters', routes: rewrite({
    'POST /users/{id}/posts': (r) => mapBody(r, (b, ctx) => {
      if (b && typeof b.id === 'number') ctx.store.update('posts', b.id, { title: String(b.title).slice(0, 3) });
      return b;
    }) }) },
  // Delete
  { id: 'delete-keeps-record', kind: 'delete', rule: 'DELETE /comments/{id} answers 204 but keeps the comment', routes: rewrite({
    'DELETE /comments/{id}': () => ({ handler(ctx) { if (!ctx.store.get('comments', postId(ctx.params.id))) throw notFound('comment'); return { status: 204 }; } }) }) },
  // Authentication
  { id: 'users-without-auth', kind: 'auth', rule: 'GET /users answers without a credential', routes: rewrite({ 'GET /users': () => ({ auth: false }) }) },
  { id: 'stats-without-auth', kind: 'auth', rule: 'GET /admin/stats answers without a credential (the planted defect)', routes: rewrite({ 'GET /admin/stats': () => ({ auth: false }) }) },
  // Unknown and malformed ids
  { id: 'unknown-comment-500', kind: 'unknown id', rule: 'GET /comments/{id} answers 500 for an id that does not exist', routes: rewrite({
    'GET /comments/{id}': (r) => ({ handler(ctx) { if (!ctx.store.get('comments', postId(ctx.params.id))) throw new HttpError(500, 'internal server error'); return r.handler(ctx); } }) }) },
  { id: 'unknown-user-200', kind: 'unknown id', rule: 'GET /users/{id} answers 200 with null for an id that does not exist', routes: rewrite({
    'GET /users/{id}': (r) => ({ handler(ctx) { if (!ctx.store.get('users', postId(ctx.params.id))) return { status: 200, body: null }; return r.handler(ctx); } }) }) },
  { id: 'malformed-post-id-500', kind: 'unknown id', rule: 'GET /posts/{id} crashes with a stack trace on a non-numeric id (the planted defect)', routes: rewrite({
    'GET /posts/{id}': (r) => ({ handler(ctx) { if (!/^\d+$/.test(ctx.params.id)) throw new HttpError(500, 'TypeError', { stack: STACK }); return r.handler(ctx); } }) }) },
];

/** The route rewrite of the reference, or of the reference with one mutant applied. */
export function variant(id) {
  if (!id) return REFERENCE;
  const m = MUTANTS.find((x) => x.id === id);
  if (!m) throw new Error(`no mutant ${id}`);
  // The planted-defect mutants are the fixture's own handler for that route.
  if (id === 'duplicate-email-500') return (t) => REFERENCE(t).map((r) => (r.method === 'POST' && r.path === '/users' ? t.find((x) => x.method === 'POST' && x.path === '/users') : r));
  return compose(REFERENCE, m.routes);
}

export function startReference(opts = {}) {
  return startTargetApi({ port: 0, ...opts, routes: variant() });
}
