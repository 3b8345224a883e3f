/**
 * The in-process engine runs on a worker thread of its own: executing a suite (scheduling, the
 * sandboxes' egress, recording results) never holds up the API's event loop, so reads and
 * long-polls stay prompt while tests keep the machine busy. The API side only queues (the durable
 * job table is the hand-over, as with separate worker processes) and wakes the thread.
 */
import { Worker } from 'node:worker_threads';
import { JobQueue } from '../engine/queue.js';
import { browserAvailable } from '../engine/frontend-executor.js';
import type { Store } from '../store/db.js';
import { newId } from '../util/ids.js';
import type { EngineHandle } from './services.js';
import { assertTargetUrl } from './target-url.js';

/** What the thread needs to build the engine (plain data: it crosses the thread boundary). */
export interface EngineThreadSetup {
  /** The server's own nice value: the engine's thread runs at it, whatever its creator's. */
  nice?: number;
  dataDir: string;
  databaseUrl?: string;
  allowPrivateTargets: boolean;
  embedded: boolean;
  browser?: boolean;
  testConcurrency?: number;
  batchConcurrency?: number;
  targetConnections?: number;
  unsafeNoSandbox?: boolean;
  ownPorts: number[];
}

export type ThreadMessage = { type: 'ready'; isolationLine: string } | { type: 'failed'; message: string } | { type: 'stopped' } | { type: 'batchDone'; batchId: string };

const STOP_GRACE_MS = 20_000;
const RESTART_DELAY_MS = 1000;

export class EngineThread implements EngineHandle {
  readonly frontendAvailable: boolean;
  private readonly queue: JobQueue;
  private worker?: Worker;
  private closing = false;
  /** Called when the engine finished a batch (long-polls answer at once instead of at their next check). */
  onBatchDone?: (batchId: string) => void;
  /** Which isolation uploaded test code gets here, as the engine reports it at start. */
  isolationLine = 'isolation: no tests run in this process (--no-workers: svc-server worker processes run them)';

  constructor(
    store: Store,
    private readonly setup: EngineThreadSetup,
    private readonly log: (msg: string) => void = (m) => process.stderr.write(`[svc-server] ${m}\n`),
  ) {
    this.queue = new JobQueue(store.db, `api:${process.pid}:${newId('w')}`);
    this.frontendAvailable = setup.browser !== false && browserAvailable();
  }

  async checkTarget(url: string): Promise<void> {
    await assertTargetUrl(url, 'target URL', { allowPrivate: this.setup.allowPrivateTargets });
  }

  async enqueueBatch(batchId: string): Promise<void> {
    await this.queue.enqueue('batch', batchId);
    this.worker?.postMessage('wake');
  }

  async enqueueSeries(firstBatchId: string): Promise<void> {
    await this.queue.enqueue('series', firstBatchId);
    this.worker?.postMessage('wake');
  }

  /** Starts the thread; resolves once its engine claims work (with the isolation line it reports). */
  start(): Promise<void> {
    const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { workerData: this.setup });
    this.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: ThreadMessage) => {
        if (m.type === 'batchDone') this.onBatchDone?.(m.batchId);
        else if (m.type === 'ready') {
          this.isolationLine = m.isolationLine;
          resolve();
        } else if (m.type === 'failed') reject(new Error(`the test engine could not start: ${m.message}`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the test engine stopped at start (exit ${code})`)));
    });
    worker.on('error', (err) => this.log(`test engine failed: ${err.stack ?? err.message}`));
    worker.once('exit', () => {
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
