import { setTimeout as sleep } from 'node:timers/promises';
import { SvcError } from '../contract/errors.js';
import { getBatch, type BatchView } from '../contract/batches.js';
import { getRun, TERMINAL, type RunView } from '../contract/runs.js';
import type { OpContext } from './op.js';

export type Polled = { runId: string; view?: RunView; timedOut?: boolean; error?: string };

/**
 * How long one request may ask the server to hold it: at most 25 s (5 s when someone watches:
 * progress or --verbose lines, so the counts and status changes keep coming; a long-poll answers
 * when the wait is over, not at each change), within the request timeout and what is left of the
 * wait. 0 asks for an immediate answer. A finished run is answered at once either way.
 */
function longPollSeconds(ctx: OpContext, deadline: number): number {
  const requestSeconds = Math.floor(ctx.config().requestTimeoutMs / 1000) - 5;
  return Math.max(0, Math.min(watched(ctx) ? 5 : 25, requestSeconds, Math.floor((deadline - Date.now()) / 1000)));
}

const watched = (ctx: OpContext): boolean => !!ctx.progress || !!ctx.log.showsVerbose?.();

/**
 * The pace of a wait: a first look at once (the state as it is) when progress or --verbose lines
 * show it, then long-polls. Between answers there is no pause when the server held the request
 * for the whole wait (it long-polls); a server that answers at once (an older one) is asked again
 * after a backoff of 0.5 s growing to 2 s.
 */
function cadence(ctx: OpContext, deadline: number): { waitSeconds(): number; pause(): Promise<void> } {
  // Without anyone to show it to, the first look would only build the whole state once more on
  // the server at the busiest moment (a batch's runs just starting).
  let rounds = watched(ctx) ? 0 : 1;
  let interval = 500;
  let asked = 0;
  let askedAt = 0;
  return {
    waitSeconds() {
      askedAt = Date.now();
      asked = rounds++ === 0 ? 0 : longPollSeconds(ctx, deadline);
      return asked;
    },
    async pause() {
      const held = asked > 0 && Date.now() - askedAt >= asked * 800;
      if (rounds === 1 || held) return;
      await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
      interval = Math.min(interval * 1.5, 2000);
    },
  };
}

/**
 * Waits until each run is terminal (its cleanup done) or the shared timeout ends. Each request
 * long-polls (`waitSeconds`): the server answers as soon as the run has finished, so a verdict is
 * seen within about 50 ms. At most `maxConcurrency` requests are in flight; a poll error is recorded per run
 * (error:<CODE>) instead of failing the others.
 */
export async function waitForRuns(ctx: OpContext, runIds: string[], o: { timeoutSeconds: number; maxConcurrency: number }): Promise<Polled[]> {
  const deadline = Date.now() + o.timeoutSeconds * 1000;
  const state = new Map<string, Polled>(runIds.map((id) => [id, { runId: id }]));
  const started = Date.now();
  const watch = progressOf(ctx, state, started);
  const pace = cadence(ctx, deadline);
  for (;;) {
    const open = [...state.values()].filter((p) => !isDone(p));
    if (!open.length) break;
    if (Date.now() >= deadline) {
      for (const p of open) p.timedOut = true;
      break;
    }
    if (ctx.signal?.aborted) throw new SvcError('TIMEOUT', 'wait interrupted');
    const queue = [...open];
    const waitSeconds = pace.waitSeconds();
    await Promise.all(
      Array.from({ length: Math.min(o.maxConcurrency, queue.length) }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          try {
            p.view = await ctx.client().call(getRun, { params: { runId: p.runId }, query: { waitSeconds }, signal: ctx.signal });
          } catch (err) {
            // One id that does not exist is a wrong argument (exit 4), as for any other command; with
            // several ids it is recorded on its row and the others go on (SPEC.md 7.1).
            if (state.size === 1 && err instanceof SvcError && err.exitCode === 4) throw err;
            if (err instanceof SvcError && (err.exitCode === 3 || err.exitCode === 4 || err.exitCode === 10)) p.error = `error:${err.code}`;
            else if (!(err instanceof SvcError)) throw err;
          }
          watch();
        }
      }),
    );
    if (![...state.values()].every(isDone)) await pace.pause();
  }
  return [...state.values()];
}

/**
 * Waits for a whole batch (every run and its cleanup) with long-polls on the batch: one request
 * at a time whatever the number of runs. Returns the last batch view and each run's state.
 */
export async function waitForBatch(ctx: OpContext, batchId: string, runIds: string[], o: { timeoutSeconds: number }): Promise<{ batch: BatchView; polled: Polled[] }> {
  const deadline = Date.now() + o.timeoutSeconds * 1000;
  const started = Date.now();
  const state = new Map<string, Polled>(runIds.map((id) => [id, { runId: id }]));
  const watch = progressOf(ctx, state, started);
  const pace = cadence(ctx, deadline);
  for (;;) {
    if (ctx.signal?.aborted) throw new SvcError('TIMEOUT', 'wait interrupted');
    const batch = await ctx.client().call(getBatch, { params: { batchId }, query: { waitSeconds: pace.waitSeconds() }, signal: ctx.signal });
    for (const r of batch.runs) {
      const p = state.get(r.runId);
      if (p) p.view = r;
    }
    watch();
    if (batch.phase === 'done' || Date.now() >= deadline) {
      for (const p of state.values()) if (!isDone(p)) p.timedOut = true;
      return { batch, polled: [...state.values()] };
    }
    await pace.pause();
  }
}

const isDone = (p: Polled) => !!p.error || (!!p.view && TERMINAL.includes(p.view.status));

/** Logs each run's status changes (--verbose) and reports progress, as answers come in. */
function progressOf(ctx: OpContext, state: Map<string, Polled>, started: number): () => void {
  let lastStatus = new Map<string, string>();
  return () => {
    const now = new Map([...state.values()].map((p) => [p.runId, p.view ? `${p.view.status}${p.view.phase === 'cleanup' ? ' (cleanup)' : ''}` : p.error ?? 'unknown']));
    for (const [id, s] of now) if (lastStatus.get(id) !== s && s !== 'unknown') ctx.log.verbose(`run ${id}: ${lastStatus.get(id) ?? 'start'} -> ${s}`);
    lastStatus = now;
    if (ctx.progress) {
      const counts: Record<string, number> = {};
      for (const s of now.values()) counts[s] = (counts[s] ?? 0) + 1;
      const done = [...state.values()].filter(isDone).length;
      ctx.progress({ message: `${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')} — ${Math.round((Date.now() - started) / 1000)}s`, progress: done, total: state.size });
    }
  };
}

const RANK: Record<string, number> = { passed: 0, cancelled: 1, blocked: 2, failed: 3 };

/** The worst status decides (SPEC.md 7.1): timeouts and poll errors → 7, failed/blocked/cancelled → 1. */
export function waitExitCode(polled: Polled[]): number {
  if (polled.some((p) => p.timedOut || p.error)) return 7;
  const worst = Math.max(...polled.map((p) => RANK[p.view!.status] ?? 3));
  return worst === 0 ? 0 : 1;
}
