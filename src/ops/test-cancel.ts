import { z } from 'zod';
import { Id } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { cancelRun } from '../contract/runs.js';
import { defineOp } from './op.js';

export const CancelReport = z
  .object({
    cancelled: z.array(z.string()),
    alreadyCancelled: z.array(z.string()),
    conflicts: z.array(z.object({ runId: z.string(), message: z.string() })),
    notFound: z.array(z.string()),
    errors: z.array(z.object({ runId: z.string(), code: z.string(), message: z.string() })),
    exitCode: z.number().int(),
  })
  .meta({ id: 'CancelReport' });
export type CancelReport = z.infer<typeof CancelReport>;

/** Exit precedence of SPEC.md 7.1: any notFound 4; else any errors 1; else any conflicts 6; else 0. */
export function cancelExit(r: Omit<CancelReport, 'exitCode'>): number {
  if (r.notFound.length) return 4;
  if (r.errors.length) return 1;
  if (r.conflicts.length) return 6;
  return 0;
}

export const testCancel = defineOp({
  name: 'test.cancel',
  title: 'Cancel runs',
  description: 'Cancel queued or running runs. Already-cancelled runs succeed; finished runs are conflicts. Charged credits are not refunded; the test is re-runnable at once.',
  input: z.object({ runIds: z.array(Id).min(1).max(1000) }),
  output: CancelReport,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  sample: (i) => ({ cancelled: i.runIds, alreadyCancelled: [], conflicts: [], notFound: [], errors: [], exitCode: 0 }),
  async run(ctx, i) {
    const r: Omit<CancelReport, 'exitCode'> = { cancelled: [], alreadyCancelled: [], conflicts: [], notFound: [], errors: [] };
    for (const runId of i.runIds) {
      try {
        const res = await ctx.client().call(cancelRun, { params: { runId } });
        if (res.alreadyCancelled) {
          r.alreadyCancelled.push(runId);
          ctx.advise(`run ${runId} was already cancelled`);
        } else r.cancelled.push(runId);
      } catch (err) {
        // One id: the error itself is the answer (404 exit 4, finished run exit 6).
        if (!(err instanceof SvcError) || i.runIds.length === 1) throw err;
        if (err.exitCode === 4) r.notFound.push(runId);
        else if (err.exitCode === 6) r.conflicts.push({ runId, message: err.message });
        else r.errors.push({ runId, code: err.code, message: err.message });
      }
    }
    return { ...r, exitCode: cancelExit(r) };
  },
});
