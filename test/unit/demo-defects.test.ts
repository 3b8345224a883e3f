import { describe, expect, it } from 'vitest';
import { checkFailures, defectOf } from '../../src/demo/defects.js';

const all = [
  { testName: 'POST /users with a duplicate email is a conflict', status: 'failed' },
  { testName: 'GET /posts/{id} with a malformed id leaks no internals', status: 'failed' },
  { testName: 'POST /posts/{id}/comments with wrong field types is rejected', status: 'failed' },
  { testName: 'GET /admin/stats without credentials is rejected', status: 'failed' },
  { testName: 'GET /broken answers', status: 'failed' },
  { testName: 'POST /users creates a user', status: 'passed' },
];

// The demo's exit code rests on telling the sample API's planted defects from anything else.
describe('demo planted defects', () => {
  it('accepts exactly the planted defects', () => {
    expect(checkFailures(all)).toEqual({ expected: true, unexpected: [], missed: [] });
    expect(defectOf('GET /broken answers')?.endpoint).toBe('GET /broken');
  });

  it('flags another failure of a defect endpoint, a blocked run and a defect not found', () => {
    const r = checkFailures([
      ...all.filter((x) => !x.testName.startsWith('GET /broken')),
      { testName: 'POST /users creates a user', status: 'failed' },
      { testName: 'GET /users lists users', status: 'blocked' },
    ]);
    expect(r.expected).toBe(false);
    expect(r.unexpected).toEqual(['POST /users creates a user (failed)', 'GET /users lists users (blocked)']);
    expect(r.missed.map((d) => d.endpoint)).toEqual(['GET /broken']);
  });
});
