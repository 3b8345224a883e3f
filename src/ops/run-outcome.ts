import { z } from 'zod';
import { RunView, TriggerResult } from '../contract/runs.js';
import type { OpContext } from './op.js';
import { waitForBatch, waitExitCode, type Polled } from './wait-runs.js';

export const WaitRow = z.object({
  runId: z.string(),
  status: z.string().describe('passed | failed | blocked | cancelled | timeout | error:<CODE>'),
  testId: z.string().nullable(),
  testName: z.string().nullable(),
  run: RunView.nullable(),
});
export const WaitSummary = z.object({
  total: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  blocked: z.number().int(),
  cancelled: z.number().int(),
  timeout: z.number().int(),
  error: z.number().int(),
});
export const WaitResult = z.object({ results: z.array(WaitRow), summary: WaitSummary, exitCode: z.number().int() }).meta({ id: 'WaitResult' });
export type WaitResult = z.infer<typeof WaitResult>;

export const CleanupBrief = z.object({
  status: z.string(),
  deleted: z.number().int(),
  alreadyGone: z.number().int(),
  failed: z.number().int(),
  orphaned: z.number().int(),
  mightBeOrphaned: z.array(z.object({ resourceId: z.string(), resourcePath: z.string(), sourceEndpoint: z.string() })),
});

/** A trigger, and when waited for, the final state of every run in it plus the cleanup summary. */
export const RunOutcome = TriggerResult.extend({
  run: RunView.optional().describe('The selected run, final (with --wait)'),
  wait: WaitResult.optional(),
  cleanup: CleanupBrief.optional(),
}).meta({ id: 'RunOutcome' });
export type RunOutcome = z.infer<typeof RunOutcome>;

export function toWaitResult(polled: Polled[]): WaitResult {
  const results = polled.map((p) => ({
    runId: p.runId,
    status: p.error ?? (p.timedOut ? 'timeout' : (p.view!.status as string)),
    testId: p.view?.testId ?? null,
    testName: p.view?.testName ?? null,
    run: p.view ?? null,
  }));
  const n = (f: (s: string) => boolean) => results.filter((r) => f(r.status)).length;
  return {
    results,
    summary: {
      total: results.length,
      passed: n((s) => s === 'passed'),
      failed: n((s) => s === 'failed'),
      blocked: n((s) => s === 'blocked'),
      cancelled: n((s) => s === 'cancelled'),
      timeout: n((s) => s === 'timeout'),
      error: n((s) => s.startsWith('error:')),
    },
    exitCode: waitExitCode(polled),
  };
}

/** Waits for the trigger's batch and gathers the outcome (the selected run decides single runs). */
export async function waitForTrigger(ctx: OpContext, t: z.infer<typeof TriggerResult>, o: { timeoutSeconds: number }): Promise<RunOutcome> {
  const { batch: b, polled } = await waitForBatch(ctx, t.batchId, t.runs.map((r) => r.runId), o);
  const wait = toWaitResult(polled);
  // The trigger's briefs said `queued`; after the wait they carry each run's final status.
  const finalStatus = new Map(polled.filter((p) => p.view).map((p) => [p.runId, p.view!.status]));
  const runs = t.runs.map((r) => ({ ...r, status: finalStatus.get(r.runId) ?? r.status }));
  const out: RunOutcome = { ...t, runs, wait, status: finalStatus.get(t.runId) ?? t.status };
  const selected = polled.find((p) => p.runId === t.runId)?.view;
  if (selected) out.run = selected;
  if (!wait.summary.timeout && !wait.summary.error) {
    out.cleanup = {
      status: b.cleanup.status,
      deleted: b.cleanup.deleted,
      alreadyGone: b.cleanup.alreadyGone,
      failed: b.cleanup.failed,
      orphaned: b.cleanup.orphaned,
      mightBeOrphaned: b.cleanup.records.filter((r) => r.status === 'orphaned').map((r) => ({ resourceId: r.resourceId, resourcePath: r.resourcePath, sourceEndpoint: r.sourceEndpoint })),
    };
  }
  return out;
}
