import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { TERMINAL } from '../../contract/runs.js';
import type { Db } from '../../store/schema.js';
import type { PortalContext, PortalEnv } from './guard.js';
import { runFinished, runLive } from './run-live.js';
import type { PortalKit } from './kit.js';

/** Where a batch stands: its phase and how many of its runs ended how. */
export interface BatchProgress {
  batchId: string;
  status: string;
  phase: string;
  total: number;
  finished: number;
  counts: Record<string, number>;
}

export async function batchProgress(db: Db, batchId: string, userId: string): Promise<BatchProgress | undefined> {
  const b = await db.selectFrom('batches').select(['id', 'status', 'phase']).where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst();
  if (!b) return undefined;
  const rows = await db.selectFrom('runs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('batch_id', '=', b.id).groupBy('status').execute();
  const counts: Record<string, number> = {};
  let total = 0;
  let finished = 0;
  for (const r of rows) {
    const n = Number(r.n);
    counts[r.status] = n;
    total += n;
    if ((TERMINAL as readonly string[]).includes(r.status)) finished += n;
  }
  return { batchId: b.id, status: b.status, phase: b.phase, total, finished, counts };
}

/** How often a stream looks at its batch, how long one stream lasts (EventSource reconnects), and the keep-alive. */
export const STREAM = { pollMs: 250, maxMs: 5 * 60_000, pingMs: 15_000 };

/**
 * One event stream: `progress` with `first`, then whenever `next()` gives something different,
 * `done` once `finished` says so, then the stream ends. A stream ends after STREAM.maxMs too; the
 * browser's EventSource then reconnects by itself.
 */
export function follow<T>(c: PortalContext, first: T, next: () => Promise<T | undefined>, finished: (p: T) => boolean): Response {
  return streamSSE(c, async (stream) => {
    let closed = false;
    stream.onAbort(() => {
      closed = true;
    });
    const started = Date.now();
    let lastSent = '';
    let lastWrite = Date.now();
    let p: T | undefined = first;
    while (!closed && p) {
      const json = JSON.stringify(p);
      if (json !== lastSent) {
        await stream.writeSSE({ event: 'progress', data: json });
        lastSent = json;
        lastWrite = Date.now();
      }
      if (finished(p)) {
        await stream.writeSSE({ event: 'done', data: json });
        break;
      }
      if (Date.now() - started > STREAM.maxMs) break;
      if (Date.now() - lastWrite > STREAM.pingMs) {
        await stream.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      await stream.sleep(STREAM.pollMs);
      p = await next();
    }
  });
}

/**
 * Server-sent events of one batch (`progress`: BatchProgress; `done` when the batch, cleanup
 * included, has finished) and of one run (`progress`: RunLive, the step in progress and the newest
 * screenshot of a frontend run; `done` once the run has finished and its batch is not sweeping).
 */
export function registerEvents(app: Hono<PortalEnv>, kit: PortalKit): void {
  const db = kit.deps.store.db;
  app.get('/batches/:id/events', async (c) => {
    const userId = c.get('session')!.userId;
    const first = await batchProgress(db, c.req.param('id'), userId);
    if (!first) return kit.notFound(c);
    return follow(c, first, () => batchProgress(db, first.batchId, userId), (p) => p.phase === 'done');
  });
  app.get('/runs/:id/events', async (c) => {
    const userId = c.get('session')!.userId;
    const first = await runLive(db, c.req.param('id'), userId);
    if (!first) return kit.notFound(c);
    return follow(c, first, () => runLive(db, first.runId, userId), runFinished);
  });
}
