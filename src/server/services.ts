import { SvcError } from '../contract/errors.js';
import type { TriggerResult } from '../contract/runs.js';
import type { TriggerRequest } from '../engine/trigger.js';
import type { ServerDeps } from './context.js';

/** What the routes need of the engine: queueing, and what it can run. */
export interface EngineHandle {
  /** Frontend tests run here (a browser is available and allowed). */
  readonly frontendAvailable: boolean;
  /** Throws when a URL is not allowed as a target under this server's policy. */
  checkTarget(url: string): Promise<void>;
  enqueueBatch(batchId: string): Promise<void>;
  /** Batches created together (options.series) that must run one after another. */
  enqueueSeries(firstBatchId: string): Promise<void>;
  /** An exploration (its row written, status running) for a worker with a browser to carry out. */
  enqueueExploration(explorationId: string): Promise<void>;
  /** The engine runs in this process (false with --no-workers: worker processes run everything). */
  readonly runsHere: boolean;
  /** Creates `count` identical batches of one trigger (trigger.ts), not queued yet. */
  createBatches(req: TriggerRequest, count?: number): Promise<TriggerResult[]>;
}

/** The engine the routes enqueue into (the engine thread, or a queue-only handle in scale-out). */
export function engineOf(deps: ServerDeps): EngineHandle {
  const e = deps.services.engine as EngineHandle | undefined;
  if (!e) throw new SvcError('UNAVAILABLE', 'the test engine is not running on this server', { nextAction: 'Start the server with workers, or start svc-server worker processes.' });
  return e;
}
