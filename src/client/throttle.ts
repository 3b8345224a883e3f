/**
 * Client-side pacing of run triggers (SPEC.md 8: the client throttles batch triggers to 50 per
 * minute, under the server's cap of 60). A sliding window shared by one client instance.
 */
export class TriggerThrottle {
  private readonly sent: number[] = [];
  constructor(
    private readonly perMinute = 50,
    private readonly onWait?: (ms: number) => void,
  ) {}

  async acquire(): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.sent.length && this.sent[0]! <= now - 60_000) this.sent.shift();
      if (this.sent.length < this.perMinute) {
        this.sent.push(now);
        return;
      }
      const wait = this.sent[0]! + 60_000 - now + 5;
      this.onWait?.(wait);
      // The global timer (not node:timers/promises) so tests can drive the clock.
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
