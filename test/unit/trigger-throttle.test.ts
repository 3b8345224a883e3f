import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TriggerThrottle } from '../../src/client/throttle.js';

describe('client trigger throttle (50 per minute, under the server cap of 60)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets 50 triggers through at once and holds the 51st until the window slides', async () => {
    const waits: number[] = [];
    const t = new TriggerThrottle(50, (ms) => waits.push(ms));
    for (let i = 0; i < 50; i++) await t.acquire();
    expect(waits).toEqual([]);
    let released = false;
    const next = t.acquire().then(() => (released = true));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(released).toBe(false);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(59_000);
    await vi.advanceTimersByTimeAsync(1_100);
    await next;
    expect(released).toBe(true);
  });

  it('a slow trickle is never held', async () => {
    const waits: number[] = [];
    const t = new TriggerThrottle(50, (ms) => waits.push(ms));
    for (let i = 0; i < 120; i++) {
      await t.acquire();
      await vi.advanceTimersByTimeAsync(1_300);
    }
    expect(waits).toEqual([]);
  });
});
