/**
 * The in-process engine runs on a worker thread of its own: executing a suite (scheduling, the
 * sandboxes' egress, recording results) never holds up the API's event loop, so reads and
 * long-polls stay prompt while tests keep the machine busy. The API side only queues (the durable
 * job table is the hand-over, as with separate worker processes) and wakes the thread.
 */
import { Worker } from 'node:worker_threads';
import { SvcError, type ErrorEnvelope } from '../contract/errors.js';
import type { TriggerResult } from '../contract/runs.js';
import { JobQueue } from '../engine/queue.js';
import { EXPLORE_JOB } from '../engine/explore-state.js';
import { browserAvailable } from '../engine/frontend-executor.js';
import { createBatches, type TriggerRequest } from '../engine/trigger.js';
import type { Store } from '../store/db.js';
import type { ArtifactStoreConfig } from '../store/artifacts/artifact-store.js';
import { newId } from '../util/ids.js';
import type { EngineHandle } from './services.js';
import type { TargetPolicy } from '../contract/target-policy.js';
import { assertTargetUrl } from '../engine/target-guard.js';

/** What the thread needs to build the engine (plain data: it crosses the thread boundary). */
export interface EngineThreadSetup {
  /** The server's own nice value: the engine's thread runs at it, whatever its creator's. */
  nice?: number;
  dataDir: string;
  databaseUrl?: string;
  artifacts?: ArtifactStoreConfig;
  /** The server's target policy (its ownPorts filled in once the server listens). */
  targetPolicy: TargetPolicy;
  embedded: boolean;
  browser?: boolean;
  testConcurrency?: number;
  batchConcurrency?: number;
  targetConnections?: number;
  unsafeNoSandbox?: boolean;
}

/** A trigger's batches to create on the thread's own store connection (see createBatches). */
export type CreateRequest = { type: 'create'; id: number; req: TriggerRequest; count: number };
/** A failure as it crosses the thread boundary: an SvcError as its envelope, anything else as its message. */
export type CrossedError = { envelope: ErrorEnvelope; status: number } | { message: string };

export type ThreadMessage =
  | { type: 'ready'; isolationLine: string }
  | { type: 'failed'; message: string }
  | { type: 'stopped' }
  | { type: 'batchDone'; batchId: string }
  | { type: 'created'; id: number; batches?: TriggerResult[]; error?: CrossedError };

const STOP_GRACE_MS = 20_000;
const RESTART_DELAY_MS = 1000;

export class EngineThread implements EngineHandle {
  readonly frontendAvailable: boolean;
  private readonly queue: JobQueue;
  private worker?: Worker;
  /** The worker has built its engine and answers requests. */
  private ready = false;
  private closing = false;
  private nextRequest = 1;
  private readonly pending = new Map<number, { resolve: (b: TriggerResult[]) => void; reject: (e: Error) => void }>();
  /** Called when the engine finished a batch (long-polls answer at once instead of at their next check). */
  onBatchDone?: (batchId: string) => void;
  /** Which isolation uploaded test code gets here, as the engine reports it at start. */
  isolationLine = 'isolation: no tests run in this process (--no-workers: svc-server worker processes run them)';

  constructor(
    private readonly store: Store,
    private readonly setup: EngineThreadSetup,
    private readonly log: (msg: string) => void = (m) => process.stderr.write(`[svc-server] ${m}\n`),
  ) {
    this.queue = new JobQueue(store.db, `api:${process.pid}:${newId('w')}`);
    this.frontendAvailable = setup.browser !== false && browserAvailable();
  }

  async checkTarget(url: string): Promise<void> {
    await assertTargetUrl(this.setup.targetPolicy, url, 'target URL');
  }

  async enqueueBatch(batchId: string): Promise<void> {
    await this.queue.enqueue('batch', batchId);
    this.worker?.postMessage('wake');
  }

  async enqueueSeries(firstBatchId: string): Promise<void> {
    await this.queue.enqueue('series', firstBatchId);
    this.worker?.postMessage('wake');
  }

  async enqueueExploration(explorationId: string): Promise<void> {
    await this.queue.enqueue(EXPLORE_JOB, explorationId);
    this.worker?.postMessage('wake');
  }

  /** This process runs the engine (not --no-workers): what it can run is what gets run here. */
  get runsHere(): boolean {
    return this.worker !== undefined;
  }

  /**
   * On SQLite a trigger's batches are written by the engine's thread: hundreds of runs take a
   * transaction of 10–20 ms, which on the API's thread would hold up every read and long-poll
   * meanwhile (SQLite's driver is synchronous). PostgreSQL's is not, and without a running engine
   * thread the API writes them itself.
   */
  createBatches(req: TriggerRequest, count = 1): Promise<TriggerResult[]> {
    const worker = this.worker;
    if (!worker || !this.ready || this.store.dialect !== 'sqlite') return createBatches(this.store.db, req, count);
    const id = this.nextRequest++;
    return new Promise<TriggerResult[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'create', id, req, count } satisfies CreateRequest);
    });
  }

  private settleCreated(m: Extract<ThreadMessage, { type: 'created' }>): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.error) p.reject('envelope' in m.error ? SvcError.fromEnvelope(m.error.envelope, m.error.status) : new Error(m.error.message));
    else p.resolve(m.batches ?? []);
  }

  /** Requests the thread took but never answered (it stopped): whether it wrote them is not known. */
  private failPending(): void {
    for (const p of this.pending.values()) {
      p.reject(new SvcError('UNAVAILABLE', 'the test engine stopped while it was creating the runs of this trigger', { nextAction: "List the test's runs ('svc test result <test-id>') before triggering again: they may have been created." }));
    }
    this.pending.clear();
  }

  /** Starts the thread; resolves once its engine claims work (with the isolation line it reports). */
  start(): Promise<void> {
    const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { workerData: this.setup });
    this.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: ThreadMessage) => {
        if (m.type === 'batchDone') this.onBatchDone?.(m.batchId);
        else if (m.type === 'created') this.settleCreated(m);
        else if (m.type === 'ready') {
          this.isolationLine = m.isolationLine;
          this.ready = true;
          resolve();
        } else if (m.type === 'failed') reject(new Error(`the test engine could not start: ${m.message}`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the test engine stopped at start (exit ${code})`)));
    });
    worker.on('error', (err) => this.log(`test engine failed: ${err.stack ?? err.message}`));
    worker.once('exit', () => {
      if (this.worker === worker) this.ready = false;
      this.failPending();
      if (this.worker !== worker || this.closing) return;
      // Its batches are resumed by the next engine (their runs in flight end as interrupted).
      this.worker = undefined;
      this.log(`test engine stopped unexpectedly; restarting in ${RESTART_DELAY_MS / 1000} s`);
      setTimeout(() => {
        if (!this.closing) this.start().catch((e: Error) => this.log(e.message));
      }, RESTART_DELAY_MS).unref();
    });
    return ready;
  }

  /** Stops the engine (in-flight batches are resumed by the next start) and ends the thread. */
  async stop(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    const timer = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}
