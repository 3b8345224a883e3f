import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../client/http.js';
import { getBatch, type BatchView } from '../contract/batches.js';
import { SvcError } from '../contract/errors.js';
import { TERMINAL } from '../contract/runs.js';

/** A batch is over when every run is terminal and its cleanup has ended (or was never needed). */
export function batchOver(b: BatchView): boolean {
  return b.runs.every((r) => TERMINAL.includes(r.status)) && (b.cleanup.status === 'done' || b.cleanup.status === 'skipped');
}

/** "41 passed, 5 failed" in a fixed order; statuses that did not occur are left out. */
export function statusCounts(statuses: string[]): string {
  const order = ['passed', 'failed', 'blocked', 'cancelled', 'running', 'cleanup', 'queued'];
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length);
  const keys = [...counts.keys()].sort((a, b) => rank(a) - rank(b));
  return keys.map((k) => `${counts.get(k)} ${k}`).join(', ');
}

/**
 * Polls one batch (a single request per poll, whatever its size) until it is over, writing a
 * progress line to stderr whenever the counts change. Throws TIMEOUT after `timeoutMs`.
 */
export async function waitForBatch(client: ApiClient, batchId: string, o: { label: string; log: (s: string) => void; timeoutMs: number }): Promise<BatchView> {
  const started = Date.now();
  let last = '';
  let interval = 400;
  for (;;) {
    const b = await client.call(getBatch, { params: { batchId } });
    const now = statusCounts(b.runs.map((r) => (r.phase === 'cleanup' && !TERMINAL.includes(r.status) ? 'cleanup' : r.status)));
    const line = `${o.label}: ${now}${b.cleanup.status === 'running' ? ', cleanup running' : ''}`;
    if (line !== last) o.log(`  … ${(last = line)} — ${Math.round((Date.now() - started) / 1000)}s\n`);
    if (batchOver(b)) return b;
    if (Date.now() - started > o.timeoutMs) {
      throw new SvcError('TIMEOUT', `${o.label}: batch ${batchId} did not finish within ${Math.round(o.timeoutMs / 1000)}s`, { nextAction: 'Look at the batch in the portal; the machine may be overloaded.' });
    }
    await sleep(interval);
    interval = Math.min(interval * 1.3, 1500);
  }
}
