import type { Db } from '../store/schema.js';
import { TERMINAL } from '../contract/runs.js';
import type { ServerDeps } from './context.js';

/**
 * Long-polls: a request asking to wait for a run (or a batch) to finish is held here until it has,
 * or its wait is over. One loop per server checks every waited-on row in one query per table every
 * 50 ms, so a verdict reaches a waiting client within about that long, from in-process workers
 * and separate worker processes alike (they share only the database). The in-process engine also
 * says when a batch is done (poke), and the check runs at once.
 */
export class Waiters {
  private readonly runs = new Map<string, Set<() => void>>();
  private readonly batches = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 50,
  ) {}

  /** Resolves once the run is terminal (its cleanup done) or after `ms`. */
  runDone(runId: string, ms: number): Promise<void> {
    return this.wait(this.runs, runId, ms);
  }

  /** Resolves once the batch is done (every run and the cleanup) or after `ms`. */
  batchDone(batchId: string, ms: number): Promise<void> {
    return this.wait(this.batches, batchId, ms);
  }

  private wait(map: Map<string, Set<() => void>>, id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = map.get(id) ?? new Set();
      map.set(id, set);
      const done = () => {
        clearTimeout(timeout);
        set.delete(done);
        if (!set.size) map.delete(id);
        resolve();
      };
      const timeout = setTimeout(done, ms);
      set.add(done);
      this.timer ??= setInterval(() => void this.tick(), this.intervalMs).unref();
    });
  }

  /** Something finished: check now rather than at the next tick. */
  poke(): void {
    if (this.runs.size || this.batches.size) void this.tick();
  }

  private async tick(): Promise<void> {
    try {
      const runIds = [...this.runs.keys()];
      if (runIds.length) {
        const rows = await this.db.selectFrom('runs').select(['id', 'status']).where('id', 'in', runIds).execute();
        for (const r of rows) if ((TERMINAL as readonly string[]).includes(r.status)) this.release(this.runs, r.id);
      }
      const batchIds = [...this.batches.keys()];
      if (batchIds.length) {
        const rows = await this.db.selectFrom('batches').select(['id', 'phase']).where('id', 'in', batchIds).execute();
        for (const b of rows) if (b.phase === 'done') this.release(this.batches, b.id);
      }
    } catch {
      // A failed check is retried on the next tick; each waiter still ends at its own deadline.
    }
    if (!this.runs.size && !this.batches.size && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private release(map: Map<string, Set<() => void>>, id: string): void {
    for (const done of [...(map.get(id) ?? [])]) done();
  }
}

export function waitersOf(deps: ServerDeps): Waiters {
  return ((deps.services.waiters as Waiters | undefined) ??= new Waiters(deps.store.db));
}
