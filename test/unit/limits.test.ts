import { describe, expect, it } from 'vitest';
import { backendSlots, Gate, KeyedGates, targetKey } from '../../src/engine/limits.js';

describe('engine limits', () => {
  it('a gate holds at most its size, serves waiters in order, and drops an aborted waiter', async () => {
    const g = new Gate(2);
    expect(await g.acquire()).toBe(true);
    expect(await g.acquire()).toBe(true);
    const order: string[] = [];
    const a = g.acquire().then((ok) => order.push(`a:${ok}`));
    const abort = new AbortController();
    const b = g.acquire(abort.signal).then((ok) => order.push(`b:${ok}`));
    const c = g.acquire().then((ok) => order.push(`c:${ok}`));
    abort.abort();
    await b;
    g.release();
    await a;
    g.release();
    await c;
    expect(order).toEqual(['b:false', 'a:true', 'c:true']);
    expect(g.inUse).toBe(2);
  });

  it('keyed gates bound each key on its own and forget idle keys', async () => {
    const gates = new KeyedGates(1);
    const one = await gates.acquire('http://a');
    const other = await gates.acquire('http://b');
    expect(one && other).toBeTruthy();
    let second = false;
    const waiting = gates.acquire('http://a').then((r) => ((second = true), r));
    await new Promise((r) => setTimeout(r, 10));
    expect(second).toBe(false);
    one!();
    one!(); // a second release is ignored
    const r = await waiting;
    expect(second).toBe(true);
    r!();
    other!();
    expect((gates as unknown as { gates: Map<string, unknown> }).gates.size).toBe(0);
  });

  it('tests of one target share its origin', () => {
    expect(targetKey('http://127.0.0.1:8080/api/v1')).toBe(targetKey('http://127.0.0.1:8080/other'));
    expect(targetKey('http://127.0.0.1:8080/')).not.toBe(targetKey('http://127.0.0.1:8081/'));
    expect(targetKey('not a url')).toBe('not a url');
  });

  it('Python process slots come from the environment, else from free memory', () => {
    expect(backendSlots({ SVC_BACKEND_CONCURRENCY: '12' })).toBe(12);
    const auto = backendSlots({ SVC_BACKEND_CONCURRENCY: 'lots' });
    expect(auto).toBeGreaterThanOrEqual(8);
    expect(auto).toBeLessThanOrEqual(256);
  });
});
