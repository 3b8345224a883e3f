import { describe, expect, it } from 'vitest';
import { GENERATED_ID } from '../../src/engine/frontend/ground.js';
import { pathSegments } from '../../src/engine/frontend/tree-path.js';

describe('a name written as a tree path', () => {
  it.each([
    ['orders:queue', ['orders', 'queue']],
    ["recipe:grandma's rye", ['recipe', "grandma's rye"]],
    ['docs/guide/intro.md', ['docs', 'guide', 'intro.md']],
    ['Settings > Users', ['Settings', 'Users']],
  ])('%s is walked as %j', (name, segments) => {
    expect(pathSegments(name)).toEqual(segments);
  });

  it.each(['queue', 'http://127.0.0.1:8080/x', 'Note: this one', 'a : b', 'Save', 'a:'])('%s is not a path', (name) => {
    expect(pathSegments(name)).toBeUndefined();
  });
});

describe('ids a framework numbers as it renders', () => {
  const generated = new RegExp(GENERATED_ID, 'i');
  it.each(['base-ui-_r_15_', '«r3»', ':r7:', 'ember478', 'radix-12'])('%s is not kept in a locator', (id) => {
    expect(generated.test(id)).toBe(true);
  });
  it.each(['keyTree', 'bull-board-sidebar', 'main-menu', 'search_results'])('%s is kept', (id) => {
    expect(generated.test(id)).toBe(false);
  });
});
