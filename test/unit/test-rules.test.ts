import { describe, expect, it } from 'vitest';
import { testCreateProblems } from '../../src/contract/tests.js';
import { versionFromIfMatch } from '../../src/contract/test-content.js';
import { autoAuthProblems } from '../../src/contract/project-auth.js';
import { collectPages } from '../../src/ops/paging.js';

const steps = [{ type: 'action' as const, description: 'x' }];

describe('test create rules', () => {
  it.each([
    [{ type: 'backend', code: 'x' }, []],
    [{ type: 'frontend', planSteps: steps }, []],
    [{ type: 'backend' }, ['code']],
    [{ type: 'backend', code: 'x', planSteps: steps }, ['code']],
    [{ type: 'frontend', code: 'x' }, ['type']],
    [{ type: 'backend', planSteps: steps }, ['type']],
    [{ type: 'frontend', planSteps: steps, produces: ['a'], consumes: ['b'], category: 'main' }, ['produces', 'consumes', 'category']],
  ] as const)('%j → %j', (input, fields) => {
    expect(testCreateProblems(input as never).map(([f]) => f)).toEqual(fields);
  });
});

describe('If-Match parsing', () => {
  it.each([
    ['"v3"', 3], ['W/"v3"', 3], ['v3', 3], ['3', 3], ['*', 'any'], ['"abc"', null], ['', null],
  ] as const)('%s → %s', (h, v) => expect(versionFromIfMatch(h)).toBe(v));
});

describe('auto-auth completeness', () => {
  it('names the missing flags per method and injection target', () => {
    expect(autoAuthProblems({})).toEqual([expect.stringMatching(/--method/), expect.stringMatching(/--inject/)]);
    expect(autoAuthProblems({ method: 'password', inject: 'header' }).join(' ')).toMatch(/--login-url.*--username.*--password.*--inject-key/);
    expect(autoAuthProblems({ method: 'aws_cognito_refresh', inject: 'bearer', clientId: 'c', refreshToken: 'r' })).toEqual([expect.stringMatching(/--region/)]);
    expect(autoAuthProblems({ method: 'refresh_token', inject: 'cookie', injectKey: 'sid', tokenEndpoint: 'https://a', clientId: 'c', refreshToken: 'r' })).toEqual([]);
  });
});

describe('auto-paging', () => {
  const all = Array.from({ length: 7 }, (_, i) => i);
  const fetchPage = async (size: number, token?: string) => {
    const start = token ? Number(token) : 0;
    const items = all.slice(start, start + size);
    return { items, nextToken: start + size < all.length ? String(start + size) : null };
  };

  it('one page without maxItems', async () => {
    expect(await collectPages(fetchPage, { pageSize: 3 })).toEqual({ items: [0, 1, 2], nextToken: '3' });
  });
  it('pages until maxItems and resumes exactly after the last item returned', async () => {
    expect(await collectPages(fetchPage, { pageSize: 2, maxItems: 5 })).toEqual({ items: [0, 1, 2, 3, 4], nextToken: '5' });
    expect(await collectPages(fetchPage, { pageSize: 2, maxItems: 5, startingToken: '5' })).toEqual({ items: [5, 6], nextToken: null });
  });
  it('stops at the last page', async () => {
    expect(await collectPages(fetchPage, { pageSize: 100, maxItems: 50 })).toEqual({ items: all, nextToken: null });
  });
});
