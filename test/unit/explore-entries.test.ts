import { describe, expect, it } from 'vitest';
import { navigationEntries, type PageInfo } from '../../src/engine/frontend/explore-discover.js';

const page = (links: Array<[string, string, boolean?]>): PageInfo => ({
  url: 'http://127.0.0.1:9/app/', title: 'App', heading: 'App', hasPassword: false, forms: [], buttons: [], inputs: [],
  links: links.map(([href, text, inNav]) => ({ href, text, inNav: !!inNav })),
});

describe('navigation entries of an exploration', () => {
  it('takes hash routes as pages of their own and ignores fragments that point into the page', () => {
    const info = page([
      ['http://127.0.0.1:9/app/#/', 'All'],
      ['http://127.0.0.1:9/app/#/active', 'Active'],
      ['http://127.0.0.1:9/app/#!/completed', 'Completed'],
      ['http://127.0.0.1:9/app/#GettingStarted', 'GettingStarted'],
      ['http://127.0.0.1:9/app/#', 'Deploy'],
    ]);
    expect(navigationEntries(info, 'http://127.0.0.1:9/app/')).toEqual([
      { path: '/app/', name: 'All' },
      { path: '/app/#/active', name: 'Active' },
      { path: '/app/#!/completed', name: 'Completed' },
    ]);
  });

  it('keeps nav links first, one per path, same origin only, and skips sign-in and sign-out', () => {
    const info = page([
      ['http://127.0.0.1:9/about', 'About'],
      ['http://127.0.0.1:9/todos', 'Todos', true],
      ['http://127.0.0.1:9/todos', 'My todos'],
      ['https://example.com/', 'Elsewhere'],
      ['http://127.0.0.1:9/logout', 'Log out', true],
    ]);
    expect(navigationEntries(info, 'http://127.0.0.1:9/')).toEqual([
      { path: '/todos', name: 'Todos' },
      { path: '/about', name: 'About' },
    ]);
  });
});
