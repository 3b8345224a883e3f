import { setTimeout as sleep } from 'node:timers/promises';
import { SvcError } from '../contract/errors.js';
import { getRun, TERMINAL, type RunView } from '../contract/runs.js';
import type { OpContext } from './op.js';

export type Polled = { runId: string; view?: RunView; timedOut?: boolean; error?: string };

/**
 * Polls runs until each is terminal (its cleanup done) or the shared timeout ends. Several runs
 * poll concurrently, at most `maxConcurrency` requests in flight. A poll error is recorded per run
 * (error:<CODE>) instead of failing the others.
 */
export async function waitForRuns(ctx: OpContext, runIds: string[], o: { timeoutSeconds: number; maxConcurrency: number }): Promise<Polled[]> {
  const deadline = Date.now() + o.timeoutSeconds * 1000;
  const state = new Map<string, Polled>(runIds.map((id) => [id, { runId: id }]));
  const started = Date.now();
  let lastStatus = new Map<string, string>();
  let interval = 500;
  for (;;) {
    const open = [...state.values()].filter((p) => !p.error && !(p.view && TERMINAL.includes(p.view.status)));
    if (!open.length) break;
    if (Date.now() >= deadline) {
      for (const p of open) p.timedOut = true;
      break;
    }
    if (ctx.signal?.aborted) throw new SvcError('TIMEOUT', 'wait interrupted');
    const queue = [...open];
    await Promise.all(
      Array.from({ length: Math.min(o.maxConcurrency, queue.length) }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          try {
            p.view = await ctx.client().call(getRun, { params: { runId: p.runId }, signal: ctx.signal });
          } catch (err) {
            // One id that does not exist is a wrong argument (exit 4), as for any other command; with
            // several ids it is recorded on its row and the others go on (SPEC.md 7.1).
            if (state.size === 1 && err instanceof SvcError && err.exitCode === 4) throw err;
            if (err instanceof SvcError && (err.exitCode === 3 || err.exitCode === 4 || err.exitCode === 10)) p.error = `error:${err.code}`;
            else if (!(err instanceof SvcError)) throw err;
          }
        }
      }),
    );
    const now = new Map([...state.values()].map((p) => [p.runId, p.view ? `${p.view.status}${p.view.phase === 'cleanup' ? ' (cleanup)' : ''}` : p.error ?? 'unknown']));
    for (const [id, s] of now) if (lastStatus.get(id) !== s) ctx.log.verbose(`run ${id}: ${lastStatus.get(id) ?? 'start'} -> ${s}`);
    lastStatus = now;
    if (ctx.progress) {
      const counts: Record<string, number> = {};
      for (const s of now.values()) counts[s] = (counts[s] ?? 0) + 1;
      const done = [...state.values()].filter((p) => p.error || (p.view && TERMINAL.includes(p.view.status))).length;
      ctx.progress({ message: `${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')} — ${Math.round((Date.now() - started) / 1000)}s`, progress: done, total: state.size });
    }
    await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
    interval = Math.min(interval * 1.5, 2000);
  }
  return [...state.values()];
}

const RANK: Record<string, number> = { passed: 0, cancelled: 1, blocked: 2, failed: 3 };

/** The worst status decides (SPEC.md 7.1): timeouts and poll errors → 7, failed/blocked/cancelled → 1. */
export function waitExitCode(polled: Polled[]): number {
  if (polled.some((p) => p.timedOut || p.error)) return 7;
  const worst = Math.max(...polled.map((p) => RANK[p.view!.status] ?? 3));
  return worst === 0 ? 0 : 1;
}
