import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { py, records, runsWorld, type RunsWorld } from '../helpers/runs.js';

// A nested suite (users → posts → comments, plus a tag with no DELETE) run with --all: waves decide
// the order, cleanup deletes children before parents and leaves the store as it was, bar the tag.
let w: RunsWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  w = await runsWorld();
  ids.user = await w.addTest('Create user', py`
    r = http.post('/users', json={'name': 'Nested', 'email': 'nested@example.com'})
    assert r.status == 201, r.text
    produce('user_id', r.json()['id'])
  `, { produces: ['user_id'] });
  ids.post = await w.addTest('Create post', py`
    r = http.post(f"/users/{VARS['user_id']}/posts", json={'title': 'Hello', 'body': 'World'})
    assert r.status == 201, r.text
    produce('post_id', r.json()['id'])
  `, { produces: ['post_id'], needs: ['user_id'] });
  ids.comment = await w.addTest('Comment on post', py`
    r = http.post(f"/posts/{VARS['post_id']}/comments", json={'text': 'first'})
    assert r.status == 201, r.text
    produce('comment_id', r.json()['id'])
  `, { produces: ['comment_id'], needs: ['post_id'] });
  ids.read = await w.addTest('Read comment back', py`
    r = http.get(f"/comments/{VARS['comment_id']}")
    assert r.json()['text'] == 'first'
  `, { needs: ['comment_id'] });
  ids.tag = await w.addTest('Create tag', py`
    import uuid
    r = http.post('/tags', json={'label': 'orphan-' + uuid.uuid4().hex[:8]})
    assert r.status == 201, r.text
    produce('tag_id', r.json()['id'])
  `, { produces: ['tag_id'] });
  ids.health = await w.addTest('Health', "assert http.get('/health', auth=False).json() == {'status': 'ok'}\n");
  ids.teardown = await w.addTest('Teardown check', py`
    # Runs last, before the cleanup sweep: the user still exists here.
    assert http.get(f"/users/{VARS['user_id']}").status == 200
  `, { needs: ['user_id'], category: 'teardown' });
});
afterAll(async () => {
  await w?.close();
});

describe('backend runs: --all, waves and cleanup', () => {
  let batch: any;
  let text: string;

  it('runs every test in waves; cleanup restores the store and lists the tag as Might be orphaned', async () => {
    const before = records(w.target.store());
    const r = await w.svc(['test', 'run', '--all', '--project', w.projectId, '--wait', '--timeout', '120'], 150_000);
    expect(r.exitCode, r.stderr).toBe(0);
    text = r.stdout;
    expect(text).toMatch(/7 run\(s\): 7 passed, 0 failed, 0 blocked, 0 cancelled\nbatch bat_\S+\n/);
    const after = records(w.target.store());
    expect(after.users).toEqual(before.users);
    expect(after.posts).toEqual(before.posts);
    expect(after.comments).toEqual(before.comments);
    expect(after.tags.slice(0, before.tags.length)).toEqual(before.tags);
    expect(after.tags.slice(before.tags.length).map((t) => t.label)).toEqual([expect.stringMatching(/^orphan-/)]);
    const tag = after.tags.at(-1)!;
    expect(text).toMatch(/^cleanup: 3 deleted, 0 already gone, 0 failed, 1 might be orphaned$/m);
    expect(text).toContain(`Might be orphaned: /tags/${tag.id} (id ${tag.id}, from POST /tags)`);

    const runId = /^(run_\S+)/m.exec(text.split('\n').find((l) => l.includes('Create user'))!)![1]!;
    batch = await w.batch((await w.api('GET', `/runs/${runId}`)).batchId);
  });

  it('JSON: cleanup.mightBeOrphaned names the tag; records children before parents', async () => {
    const j = await w.svc(['--output', 'json', 'test', 'run', '--all', '--project', w.projectId, '--filter', 'tag', '--wait', '--timeout', '60']);
    expect(j.exitCode, j.stderr).toBe(0);
    const out = j.json();
    const tag = w.target.store().tags.at(-1)!;
    expect(out.cleanup).toMatchObject({ status: 'done', deleted: 0, orphaned: 1, mightBeOrphaned: [{ resourceId: String(tag.id), resourcePath: `/tags/${tag.id}`, sourceEndpoint: 'POST /tags' }] });
    const recs = batch.cleanup.records.map((c: any) => [c.resourceType, c.status, c.deleteEndpoint, c.parentPath?.split('/')[1] ?? null]);
    expect(recs.slice(0, 2)).toEqual([
      ['comments', 'deleted', 'DELETE /comments/{id}', 'posts'],
      ['posts', 'deleted', 'DELETE /posts/{id}', 'users'],
    ]);
    expect(recs.slice(2).sort()).toEqual([
      ['tags', 'orphaned', 'DELETE /tags/{id}', null],
      ['users', 'deleted', 'DELETE /users/{id}', null],
    ]);
  });

  it('the cleanup DELETEs went children first: comment, then post, then user', async () => {
    const flow = await w.api('GET', `/batches/${batch.batchId}/calls`);
    const deletes = flow.otherObservedBehaviors.filter((c: any) => c.origin === 'cleanup' && c.method === 'DELETE');
    const seen = deletes.map((c: any) => `${c.path.split('/')[1]} ${c.status}`);
    // Levels: comments (depth 2), posts (depth 1), then users and tags together (depth 0).
    expect(seen.slice(0, 2)).toEqual(['comments 204', 'posts 204']);
    expect(seen.slice(2).sort()).toEqual(['tags 405', 'users 204']);
    const at = (type: string) => Date.parse(deletes.find((c: any) => c.path.startsWith(`/${type}/`)).startedAt);
    expect(at('comments')).toBeLessThanOrEqual(at('posts'));
    expect(at('posts')).toBeLessThanOrEqual(at('users'));
  });

  it('waves: each consumer started after its producer finished; the teardown after all others', async () => {
    const run = (testId: string) => batch.runs.find((r: any) => r.testId === testId);
    const t = (s: string) => Date.parse(s);
    for (const [producer, consumer] of [[ids.user, ids.post], [ids.post, ids.comment], [ids.comment, ids.read], [ids.user, ids.teardown]]) {
      expect(t(run(consumer!).startedAt)).toBeGreaterThanOrEqual(t(run(producer!).finishedAt));
      expect(run(consumer!).wave).toBeGreaterThan(run(producer!).wave);
    }
    const others = batch.runs.filter((r: any) => r.testId !== ids.teardown);
    const lastFinish = Math.max(...others.map((r: any) => t(r.finishedAt)));
    expect(t(run(ids.teardown!).startedAt)).toBeGreaterThanOrEqual(lastFinish);
    expect(batch.waves.at(-1)).toEqual([ids.teardown]);
    expect(batch.waves[0]).toEqual(expect.arrayContaining([ids.user, ids.tag, ids.health]));
    // Ids repeat across types here (user 2, post 2, tag 2): each variable names its own resource.
    const v = Object.fromEntries(batch.variables.map((x: any) => [x.name, x]));
    expect(v.user_id.value).toBe(v.post_id.value);
    expect(v.user_id.deletedBy).toBe(`DELETE /users/${v.user_id.value}`);
    expect(v.post_id.deletedBy).toBe(`DELETE /posts/${v.post_id.value}`);
    expect(v.comment_id.deletedBy).toBe(`DELETE /comments/${v.comment_id.value}`);
    expect(v.tag_id.deletedBy).toBeNull();
  });
});
