/** The engine thread's entry (see engine-thread.ts): builds the engine on its own store connection. */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SvcError } from '../contract/errors.js';
import { createBatches } from '../engine/trigger.js';
import { openStore } from '../store/db.js';
import { createEngine } from './engine-setup.js';
import type { CreateRequest, EngineThreadSetup, ThreadMessage } from './engine-thread.js';

const setup = workerData as EngineThreadSetup;
const port = parentPort!;
const say = (m: ThreadMessage) => port.postMessage(m);

/** A thread inherits its creator's priority: the engine's runs at the server's own (see start.ts). */
if (setup.nice !== undefined) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0 && getPriority(tid) !== setup.nice) setPriority(tid, setup.nice);
  } catch {
    /* no per-thread priority here */
  }
}

try {
  const store = openStore({ dataDir: setup.dataDir, databaseUrl: setup.databaseUrl, artifacts: setup.artifacts });
  const engine = createEngine({ ...setup, store });
  engine.onBatchDone = (batchId) => say({ type: 'batchDone', batchId });
  port.on('message', (m: string | CreateRequest) => {
    if (typeof m === 'object' && m.type === 'create') {
      createBatches(store.db, m.req, m.count).then(
        (batches) => say({ type: 'created', id: m.id, batches }),
        (err: unknown) => say({ type: 'created', id: m.id, error: err instanceof SvcError ? { envelope: err.toEnvelope(), status: err.status } : { message: err instanceof Error ? err.message : String(err) } }),
      );
      return;
    }
    if (m === 'wake') engine.notify();
    if (m === 'stop') {
      port.removeAllListeners('message');
      void engine
        .stop()
        .then(() => store.close())
        .finally(() => {
          say({ type: 'stopped' });
          port.close();
        });
    }
  });
  await engine.start();
  say({ type: 'ready', isolationLine: engine.isolationLine });
} catch (err) {
  say({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  port.close();
}
