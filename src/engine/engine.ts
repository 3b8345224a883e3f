import { hostname } from 'node:os';
import type { EngineContext } from './context.js';
import { executeBatch } from './batch.js';
import { abandonBatch } from './batch-finish.js';
import { executeSeries } from './series.js';
import { JobQueue, type Job } from './queue.js';
import { executeExploration } from './explore-job.js';
import { EXPLORE_JOB } from './explore-state.js';
import { newId } from '../util/ids.js';

export interface EngineOptions {
  /** Batches executed at once by this process. */
  batchConcurrency: number;
  /** Poll interval for new jobs when idle. */
  pollMs?: number;
  /** Embedded (single process): at start, every running job belongs to a dead predecessor. */
  embedded: boolean;
}

/**
 * The worker loop: claims batch and exploration jobs from the durable queue and executes them. `svc-server start`
 * runs one in-process; `svc-server worker` runs only this, against a shared PostgreSQL.
 */
export class Engine {
  readonly queue: JobQueue;
  private stopped = false;
  private readonly active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private wake?: () => void;
  private loop?: Promise<void>;
  /** Called when a batch is done (its runs terminal, its cleanup finished). */
  onBatchDone?: (batchId: string) => void;

  constructor(
    readonly ctx: EngineContext,
    private readonly opts: EngineOptions,
  ) {
    this.queue = new JobQueue(ctx.store.db, `${hostname()}:${process.pid}:${newId('w')}`);
  }

  async start(): Promise<void> {
    if (this.opts.embedded) {
      const n = await this.queue.releaseAll();
      if (n) this.ctx.log(`resuming ${n} batch(es) interrupted by a previous stop`);
    }
    this.loop = this.run();
    for (const executor of Object.values(this.ctx.executors)) executor?.warmUp?.();
  }

  /** Called after a trigger so an idle worker picks the job up at once. */
  notify(): void {
    this.wake?.();
  }

  async enqueueBatch(batchId: string): Promise<void> {
    await this.queue.enqueue('batch', batchId);
    this.notify();
  }

  async enqueueExploration(explorationId: string): Promise<void> {
    await this.queue.enqueue(EXPLORE_JOB, explorationId);
    this.notify();
  }

  /** Batches created together (options.series) that must run one after another. */
  async enqueueSeries(firstBatchId: string): Promise<void> {
    await this.queue.enqueue('series', firstBatchId);
    this.notify();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.active.size < this.opts.batchConcurrency) {
        // A worker without a browser leaves explorations to one that has one.
        const job = await this.queue.claim(this.ctx.executors.frontend ? [] : [EXPLORE_JOB]).catch((err) => {
          this.ctx.log(`queue claim failed: ${err instanceof Error ? err.message : err}`);
          return undefined;
        });
        if (job) {
          this.launch(job);
          continue;
        }
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.opts.pollMs ?? 500);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  private launch(job: Job): void {
    const { id: jobId, refId: batchId, kind } = job;
    const abort = new AbortController();
    const beat = setInterval(() => void this.queue.heartbeat(jobId).catch(() => undefined), Math.max(250, Math.floor((Number(process.env.SVC_QUEUE_LEASE_MS) || 30_000) / 3)));
    const work =
      kind === EXPLORE_JOB ? executeExploration(this.ctx, job.refId, job.attempts, abort.signal) : (kind === 'series' ? executeSeries : executeBatch)(this.ctx, batchId, abort.signal);
    const done = work
      .catch(async (err) => {
        this.ctx.log(`${kind} ${batchId} failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
        // Stopping hands the batch to the next start; any other failure ends it, said, not hung.
        if (kind === 'batch' && !abort.signal.aborted) {
          const message = (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
          await abandonBatch(this.ctx.store.db, batchId, message).catch((e) => this.ctx.log(`batch ${batchId} could not be marked failed: ${e instanceof Error ? e.message : e}`));
        }
      })
      .then(async () => {
        if (abort.signal.aborted) return;
        await this.queue.complete(jobId);
        if (kind === EXPLORE_JOB) return;
        this.onBatchDone?.(batchId);
        this.ctx.log(`batch ${batchId} finished`);
      })
      .finally(() => {
        clearInterval(beat);
        this.active.delete(jobId);
        this.notify();
      });
    this.active.set(jobId, { abort, done });
  }

  /** Stops claiming; in-flight batches are abandoned (their lease lapses, a restart resumes them). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.notify();
    for (const a of this.active.values()) a.abort.abort();
    await Promise.allSettled([...this.active.values()].map((a) => a.done));
    await this.loop;
    await Promise.allSettled([this.ctx.executors.backend?.close(), this.ctx.executors.frontend?.close()]);
  }
}
