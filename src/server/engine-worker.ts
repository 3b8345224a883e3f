/** The engine thread's entry (see engine-thread.ts): builds the engine on its own store connection. */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store/db.js';
import { createEngine } from './engine-setup.js';
import type { EngineThreadSetup, ThreadMessage } from './engine-thread.js';

const setup = workerData as EngineThreadSetup;
const port = parentPort!;
const say = (m: ThreadMessage) => port.postMessage(m);

try {
  const store = openStore({ dataDir: setup.dataDir, databaseUrl: setup.databaseUrl });
  const engine = createEngine({ ...setup, store });
  engine.onBatchDone = (batchId) => say({ type: 'batchDone', batchId });
  port.on('message', (m: string) => {
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
