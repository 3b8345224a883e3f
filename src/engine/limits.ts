/**
 * How much the engine does at once. Tests that wait on their target need no CPU, so the bounds are
 * what each test really holds: memory for a Python process, a browser context (the browser pool,
 * SVC_BROWSER_POOL_SIZE), and the connections one target is asked to take (the operator's
 * --target-connections), not a small fixed number of tests.
 */
import { freemem } from 'node:os';

/** Memory set aside per backend test process (a forked interpreter shares most of its pages). */
const BACKEND_TEST_MB = 64;

/** A counting semaphore, first come first served; an aborted wait leaves the queue. */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {}

  get inUse(): number {
    return this.active;
  }

  /** Resolves true once a place is held (free it with release()), false when the signal aborted first. */
  acquire(signal?: AbortSignal): Promise<boolean> {
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve(true);
    }
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const go = () => {
        signal?.removeEventListener('abort', drop);
        this.active++;
        resolve(true);
      };
      const drop = () => {
        const i = this.waiting.indexOf(go);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      };
      signal?.addEventListener('abort', drop, { once: true });
      this.waiting.push(go);
    });
  }

  release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  get idle(): boolean {
    return this.active === 0 && !this.waiting.length;
  }
}

/** One gate per key (a target's origin), made on first use and dropped once idle. */
export class KeyedGates {
  private readonly gates = new Map<string, Gate>();

  constructor(readonly max: number) {}

  async acquire(key: string, signal?: AbortSignal): Promise<(() => void) | null> {
    let gate = this.gates.get(key);
    if (!gate) this.gates.set(key, (gate = new Gate(this.max)));
    if (!(await gate.acquire(signal))) {
      if (gate.idle) this.gates.delete(key);
      return null;
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      gate.release();
      if (gate.idle) this.gates.delete(key);
    };
  }
}

/** The key tests of one target share: its origin (scheme, host, port). */
export function targetKey(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Backend test processes at once in one engine: SVC_BACKEND_CONCURRENCY, else what half of the
 * memory free now holds at 64 MB a test, between 8 and 256.
 */
export function backendSlots(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.SVC_BACKEND_CONCURRENCY;
  if (set && /^[1-9]\d*$/.test(set)) return Number(set);
  const halfFreeMb = freemem() / 2 / 2 ** 20;
  return Math.max(8, Math.min(256, Math.floor(halfFreeMb / BACKEND_TEST_MB)));
}
