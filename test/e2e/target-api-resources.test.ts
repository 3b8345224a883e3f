import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTargetApi, type TargetApi } from '../../fixtures/target-api/server.mjs';

let api: TargetApi;
beforeAll(async () => {
  api = await startTargetApi({ port: 0, latencyMs: 0, seed: true });
});
afterAll(async () => {
  await api?.close();
});
beforeEach(() => api.reset());

const AUTH = { authorization: 'Bearer demo-token' };
async function call(method: string, path: string, json?: unknown, headers: Record<string, string> = AUTH) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (json !== undefined) {
    init.body = typeof json === 'string' ? json : JSON.stringify(json);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(api.url + path, init);
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('target-api resources', () => {
  it('creates, reads, replaces, patches and deletes users with Location headers', async () => {
    const created = await call('POST', '/users', { name: 'Ada', email: 'ada@example.com' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 2, name: 'Ada', email: 'ada@example.com' });
    expect(created.location).toBe('/users/2');
    expect((await call('GET', created.location!)).body).toEqual(created.body);
    expect((await call('GET', '/users')).body).toHaveLength(2);
    const put = await call('PUT', '/users/2', { name: 'Ada L', email: 'ada.l@example.com' });
    expect(put.body).toMatchObject({ name: 'Ada L', email: 'ada.l@example.com' });
    expect((await call('PATCH', '/users/2', { name: 'Ada K' })).body).toMatchObject({ name: 'Ada K', email: 'ada.l@example.com' });
    expect((await call('PUT', '/users/2', { name: 'x', email: 'demo@example.com' })).status).toBe(409);
    expect((await call('DELETE', '/users/2')).status).toBe(204);
    expect((await call('GET', '/users/2')).status).toBe(404);
  });

  it('answers 404, 422 with fields, 400 for malformed JSON and 405 for unknown methods', async () => {
    for (const path of ['/users/999', '/users/abc', '/comments/5', '/tags/9', '/posts/999']) {
      const res = await call('GET', path);
      expect(res.status).toBe(404);
      expect(typeof res.body.error).toBe('string');
    }
    const bad = await call('POST', '/users', { name: '', email: 'no-at-sign' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'name']);
    expect((await call('POST', '/users', { name: 'A' })).body.fields).toHaveProperty('email');
    expect((await call('PATCH', '/users/1', { email: 5 })).status).toBe(422);
    expect((await call('POST', '/users', '{"name":')).status).toBe(400);
    expect((await call('POST', '/users', '[1]')).status).toBe(400);
    expect((await call('POST', '/users/1/posts', { title: 'T' })).body.fields).toEqual({ body: 'required non-empty string' });
    expect((await call('POST', '/users/1/posts', { title: 'T', body: 'B', tagIds: [42] })).status).toBe(422);
    expect((await call('GET', '/nowhere')).status).toBe(404);
  });

  it('nests posts under users and comments under posts, and refuses to delete parents with children', async () => {
    const user = (await call('POST', '/users', { name: 'Bo', email: 'bo@example.com' })).body;
    const post = await call('POST', `/users/${user.id}/posts`, { title: 'Hello', body: 'World', tagIds: [1] });
    expect(post.status).toBe(201);
    expect(post.location).toBe(`/posts/${post.body.id}`);
    expect(post.body).toMatchObject({ userId: user.id, tagIds: [1] });
    expect((await call('GET', `/users/${user.id}/posts`)).body).toEqual([post.body]);
    expect((await call('PUT', `/posts/${post.body.id}`, { title: 'Hi', body: 'There' })).body).toMatchObject({ title: 'Hi', tagIds: [] });
    const comment = await call('POST', `/posts/${post.body.id}/comments`, { text: 'Nice' });
    expect(comment.status).toBe(201);
    expect(comment.location).toBe(`/comments/${comment.body.id}`);
    expect((await call('GET', `/posts/${post.body.id}/comments`)).body).toEqual([comment.body]);
    expect((await call('GET', comment.location!)).body).toEqual(comment.body);
    expect((await call('POST', '/users/999/posts', { title: 'a', body: 'b' })).status).toBe(404);
    expect((await call('POST', '/posts/999/comments', { text: 'a' })).status).toBe(404);

    expect((await call('DELETE', `/users/${user.id}`)).status).toBe(409);
    expect((await call('DELETE', `/posts/${post.body.id}`)).status).toBe(409);
    expect((await call('DELETE', `/comments/${comment.body.id}`)).status).toBe(204);
    expect((await call('DELETE', `/posts/${post.body.id}`)).status).toBe(204);
    expect((await call('DELETE', `/users/${user.id}`)).status).toBe(204);
  });

  it('creates and reads tags but has no DELETE for them', async () => {
    const tag = await call('POST', '/tags', { label: 'news' });
    expect([tag.status, tag.location]).toEqual([201, '/tags/2']);
    expect((await call('GET', '/tags/2')).body).toEqual(tag.body);
    expect((await call('GET', '/tags')).body.map((t: { label: string }) => t.label)).toEqual(['general', 'news']);
    expect((await call('POST', '/tags', { label: 'news' })).status).toBe(409);
    expect((await call('POST', '/tags', {})).status).toBe(422);
    const del = await call('DELETE', '/tags/2');
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET');
  });
});

describe('target-api planted defects', () => {
  it('(a) answers a duplicate email on POST /users with a generic 500 instead of 409', async () => {
    const dup = await call('POST', '/users', { name: 'Again', email: 'demo@example.com' });
    expect(dup).toMatchObject({ status: 500, body: { error: 'Internal Server Error' } });
  });

  it('(b) leaks a stack trace and an internal path for GET /posts/{non-numeric}', async () => {
    const res = await call('GET', '/posts/abc');
    expect(res.status).toBe(500);
    expect(res.body.stack).toContain('at handler (/srv/app/posts.js:42:13)');
  });

  it('(c) accepts a comment without text or with non-string text', async () => {
    for (const body of [{}, { text: 42 }, { text: { a: 1 } }]) {
      expect((await call('POST', '/posts/1/comments', body)).status).toBe(201);
    }
  });

  it('(d) serves /admin/stats without any credential', async () => {
    const res = await call('GET', '/admin/stats', undefined, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ users: 1, posts: 1, comments: 0, tags: 1 });
  });
});

describe('target-api inspection', () => {
  it('exposes the seed at /__store and restores it with /__reset', async () => {
    const seed = (await call('GET', '/__store', undefined, {})).body;
    expect(seed).toEqual(api.store());
    expect(seed).toMatchObject({
      users: [{ id: 1, name: 'Demo User', email: 'demo@example.com' }],
      posts: [{ id: 1, userId: 1, title: 'Welcome', tagIds: [1] }],
      comments: [],
      tags: [{ id: 1, label: 'general' }],
      nextIds: { users: 2, posts: 2, comments: 1, tags: 2 },
    });
    await call('POST', '/users', { name: 'C', email: 'c@example.com' });
    await call('POST', '/posts/1/comments', { text: 'x' });
    expect((await call('GET', '/__store', undefined, {})).body).not.toEqual(seed);
    const reset = await call('POST', '/__reset', undefined, {});
    expect(reset.body).toEqual(seed);
    expect(api.store()).toEqual(seed);
  });

  it('starts empty without the seed', async () => {
    const empty = await startTargetApi({ seed: false });
    try {
      expect(empty.store()).toEqual({ users: [], posts: [], comments: [], tags: [], nextIds: { users: 1, posts: 1, comments: 1, tags: 1 } });
      expect(empty.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await empty.close();
    }
  });
});

describe('target-api body parsing', () => {
  it('reads a JSON object sent with a form content type, as urllib sends it', async () => {
    const res = await fetch(`${api.url}/users`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify({ name: 'Py', email: 'py@example.com' }),
    });
    expect(res.status).toBe(201);
  });
});
