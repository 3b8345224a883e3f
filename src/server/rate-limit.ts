import { SvcError } from '../contract/errors.js';

/**
 * Sliding one-minute window of trigger timestamps per key. Per process: with several server
 * instances behind a balancer each enforces the cap on its own share of traffic.
 */
export class TriggerLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly perMinute: number) {}

  check(keyId: string, count = 1, now = Date.now()): void {
    const windowStart = now - 60_000;
    const list = (this.hits.get(keyId) ?? []).filter((t) => t > windowStart);
    if (list.length + count > this.perMinute) {
      const oldest = list[Math.max(0, list.length + count - this.perMinute - 1)] ?? now;
      const e = new SvcError('RATE_LIMITED', `trigger rate limit reached: at most ${this.perMinute} runs per minute per key`);
      e.retryAfter = Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000));
      this.hits.set(keyId, list);
      throw e;
    }
    for (let i = 0; i < count; i++) list.push(now);
    this.hits.set(keyId, list);
  }
}
