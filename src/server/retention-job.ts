import type { Store } from '../store/db.js';
import { leaseOf } from '../store/lease.js';
import { PRUNE_LEASE, prune } from './retention.js';
import { retentionEnabled, type RetentionPolicy } from './retention-select.js';

/** How often a server looks whether a prune is due (the pass itself runs once per interval across processes). */
const CHECK_MS = 5 * 60_000;
const DEFAULT_INTERVAL_MS = 6 * 3600_000;

/**
 * The background prune of `svc-server start` (embedded and scale-out): every API process looks
 * every few minutes, and the one that gets the lease prunes when the last pass (by any process)
 * ended more than the interval ago. SVC_RETENTION_INTERVAL_MS sets the interval (default 6 h).
 */
export class RetentionJob {
  private timer?: NodeJS.Timeout;
  private first?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly intervalMs = Number(process.env.SVC_RETENTION_INTERVAL_MS) || DEFAULT_INTERVAL_MS;

  constructor(
    private readonly store: Store,
    private readonly policy: RetentionPolicy,
    private readonly log: (m: string) => void,
  ) {}

  start(): void {
    if (!retentionEnabled(this.policy)) return;
    const rules = [this.policy.days ? `older than ${this.policy.days} days` : '', this.policy.batchesPerProject ? `beyond the newest ${this.policy.batchesPerProject} per project` : ''].filter(Boolean);
    this.log(`retention: batches ${rules.join(' or ')} are pruned every ${Math.round(this.intervalMs / 60_000)} min`);
    const every = Math.min(CHECK_MS, this.intervalMs);
    this.timer = setInterval(() => void this.tick(), every).unref();
    this.first = setTimeout(() => void this.tick(), Math.min(every, 60_000)).unref();
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = (async () => {
      const last = (await leaseOf(this.store.db, PRUNE_LEASE))?.last_finished_at;
      if (last && Date.now() - Date.parse(last) < this.intervalMs) return;
      const r = await prune(this.store, this.policy);
      if (r.totals.batches) this.log(`retention: pruned ${r.totals.batches} batch(es), ${r.totals.runs} run(s), ${r.totals.calls} recorded call(s), ${r.totals.artifactFiles} artifact file(s)`);
    })()
      .catch((err: Error & { code?: string }) => {
        if (err.code !== 'CONFLICT') this.log(`retention: prune failed: ${err.message}`);
      })
      .finally(() => (this.running = undefined));
    await this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.first);
    await this.running;
  }
}
