/** The demo's backend suite: a chain over the sample target API, an orphan and a teardown. */
export interface DemoTest {
  name: string;
  code: string;
  produces?: string[];
  needs?: string[];
  category?: string;
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;

export const DEMO_TESTS: DemoTest[] = [
  {
    name: 'Create a user',
    produces: ['user_id'],
    code: lines(
      'import uuid',
      "r = http.post('/users', json={'name': 'Demo Ada', 'email': f'ada-{uuid.uuid4().hex[:8]}@example.com'})",
      'assert r.status == 201, r.text',
      "produce('user_id', r.json()['id'])",
    ),
  },
  {
    name: 'Create a post for the user',
    needs: ['user_id'],
    produces: ['post_id'],
    code: lines(
      "r = http.post(f\"/users/{VARS['user_id']}/posts\", json={'title': 'Hello', 'body': 'Written by the demo'})",
      'assert r.status == 201, r.text',
      "assert r.json()['userId'] == VARS['user_id']",
      "produce('post_id', r.json()['id'])",
    ),
  },
  {
    name: 'Comment on the post',
    needs: ['post_id'],
    produces: ['comment_id'],
    code: lines(
      "r = http.post(f\"/posts/{VARS['post_id']}/comments\", json={'text': 'Nice post'})",
      'assert r.status == 201, r.text',
      "produce('comment_id', r.json()['id'])",
    ),
  },
  {
    name: 'Read the comment back',
    needs: ['comment_id', 'post_id'],
    code: lines(
      "r = http.get(f\"/comments/{VARS['comment_id']}\")",
      'assert r.status == 200',
      "assert r.json()['postId'] == VARS['post_id']",
      "assert r.json()['text'] == 'Nice post'",
    ),
  },
  {
    name: 'Create a tag',
    produces: ['tag_id'],
    code: lines(
      'import uuid',
      "r = http.post('/tags', json={'label': 'demo-' + uuid.uuid4().hex[:6]})",
      'assert r.status == 201, r.text',
      "produce('tag_id', r.json()['id'])",
    ),
  },
  {
    name: 'List users',
    code: lines("r = http.get('/users')", 'assert r.status == 200', 'assert isinstance(r.json(), list)'),
  },
  {
    name: 'Teardown: the user is still there before cleanup',
    needs: ['user_id'],
    category: 'teardown',
    code: lines("assert http.get(f\"/users/{VARS['user_id']}\").status == 200"),
  },
];
