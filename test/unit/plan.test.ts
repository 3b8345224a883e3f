import { describe, expect, it } from 'vitest';
import { assemble, closure, closureMessage, type PlanTest } from '../../src/engine/plan.js';

const t = (id: string, produces: string[] = [], needs: string[] = [], category: string | null = null): PlanTest => ({ id, name: `T${id}`, type: 'backend', produces, needs, category });

describe('assemble', () => {
  it('orders producers before consumers in waves and teardowns last', () => {
    const p = assemble([t('a', ['user_id']), t('b', ['post_id'], ['user_id']), t('c', [], ['post_id']), t('d'), t('z', [], ['user_id'], 'teardown')]);
    expect(p.waveOf).toMatchObject({ a: 0, d: 0, b: 1, c: 2 });
    expect(p.waveOf.z).toBe(3);
    expect(p.waves).toEqual([['a', 'd'], ['b'], ['c'], ['z']]);
    expect(p.deps.c).toEqual(['b']);
  });

  it('runs hostile probes together after the other tests and before the teardowns', () => {
    const p = assemble([t('h2', [], [], 'hostile'), t('a', ['user_id']), t('h1', [], ['user_id'], 'hostile'), t('b', [], ['user_id']), t('z', [], [], 'teardown')]);
    expect(p.waves).toEqual([['a'], ['b'], ['h2', 'h1'], ['z']]);
    expect(p.deps.h2).toEqual(['a', 'b']);
    // A test labelled hostile that hands a value on runs where its consumers need it.
    const q = assemble([t('h', ['token'], [], 'hostile'), t('c', [], ['token'])]);
    expect(q.waves).toEqual([['h'], ['c']]);
  });

  it("refuses a two-test cycle with 'Could not assemble - circular dependency between X and Y'", () => {
    expect(() => assemble([t('a', ['x'], ['y']), t('b', ['y'], ['x'])])).toThrow('Could not assemble - circular dependency between Ta and Tb');
  });

  it('names the whole path of a longer cycle', () => {
    expect(() => assemble([t('a', ['x'], ['z']), t('b', ['y'], ['x']), t('c', ['z'], ['y'])])).toThrow(/circular dependency between Ta and Tc \(Ta -> Tc -> Tb -> Ta\)|circular dependency between Ta and Tb \(Ta -> Tb -> Tc -> Ta\)/);
  });

  it('picks one producer consistently for a duplicated variable and reports it', () => {
    const p = assemble([t('b', ['v']), t('a', ['v']), t('c', [], ['v'])]);
    expect(p.producerOf.v).toBe('a');
    expect(p.duplicates).toEqual([{ name: 'v', chosen: 'a', others: ['b'] }]);
    expect(assemble([t('a', ['v']), t('b', ['v']), t('c', [], ['v'])]).producerOf.v).toBe('a');
  });

  it('lists needs that nothing produces (names are case-sensitive)', () => {
    expect(assemble([t('a', ['UserId']), t('b', [], ['userId'])]).unproduced).toEqual({ userId: ['b'] });
  });
});

describe('closure', () => {
  const all = [t('a', ['user_id']), t('b', ['post_id'], ['user_id']), t('c', [], ['post_id']), t('d'), t('z', [], ['user_id'], 'teardown')];

  it('a leaf pulls in its transitive producers and the teardowns', () => {
    const c = closure(all, ['c'], { cascade: true });
    expect(c.roles).toEqual({ c: 'selected', b: 'producer', a: 'producer', z: 'teardown' });
    expect(closureMessage(c.roles)).toBe('Reran 4 tests: 1 selected + 2 producer(s) + 1 teardown(s)');
  });

  it('a producer cascades to its consumers when rerun', () => {
    const c = closure(all, ['a'], { cascade: true });
    expect(c.roles).toMatchObject({ a: 'selected', b: 'consumer', c: 'consumer', z: 'teardown' });
    expect(closureMessage(c.roles)).toBe('Reran 4 tests: 1 selected + 0 producer(s) + 1 teardown(s) + 2 consumer(s)');
  });

  it('an independent test runs alone', () => {
    expect(closure(all, ['d'], { cascade: true }).roles).toEqual({ d: 'selected' });
  });
});
