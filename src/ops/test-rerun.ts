import { z } from 'zod';
import { Id, IdempotencyKey } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { RerunResult, rerunTests, runProject } from '../contract/runs.js';
import { defineOp } from './op.js';
import { toWaitResult, WaitResult } from './run-outcome.js';
import { sampleTrigger } from './run-samples.js';
import { waitForRuns } from './wait-runs.js';

export const RerunOutcome = RerunResult.extend({ wait: WaitResult.optional() }).meta({ id: 'RerunOutcome' });
export type RerunOutcome = z.infer<typeof RerunOutcome>;

export const testRerun = defineOp({
  name: 'test.rerun',
  title: 'Rerun tests',
  description:
    'Re-execute tests as a replay. A backend rerun runs the dependency closure (producers first, consumers of what the selected tests produce, teardowns last) unless skipDependencies, which runs the tests alone with values kept from the previous run. Frontend reruns replay the saved script for free.',
  input: z.object({
    testIds: z.array(Id).max(1000).default([]),
    all: z.boolean().default(false),
    projectId: Id.optional(),
    skipTerminal: z.boolean().default(false).describe('With all: skip tests already in a terminal status'),
    statuses: z.array(z.string()).optional().describe('Only tests currently in these statuses'),
    skipDependencies: z.boolean().default(false),
    wait: z.boolean().default(false),
    timeout: z.number().int().min(1).max(3600).default(600),
    maxConcurrency: z.number().int().min(1).max(100).default(50),
    idempotencyKey: IdempotencyKey.optional(),
  }),
  output: RerunOutcome,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  sample: () => ({ message: 'Reran 1 test: 1 selected + 0 producer(s) + 0 teardown(s)', batches: [sampleTrigger()] }),
  async run(ctx, i) {
    if (i.all && i.testIds.length) throw new SvcError('VALIDATION_ERROR', '--all and test ids are mutually exclusive', { nextAction: 'Pass test ids, or --all --project <id>.' });
    if (i.all && !i.projectId) throw new SvcError('VALIDATION_ERROR', '--all requires --project <id>', { nextAction: 'Add --project <project-id>.' });
    if (!i.all && !i.testIds.length) throw new SvcError('VALIDATION_ERROR', 'give one or more test ids, or --all --project <id>', { nextAction: "e.g. 'svc test rerun tst_…'." });
    if (!i.all && (i.skipTerminal || i.statuses)) throw new SvcError('VALIDATION_ERROR', '--skip-terminal and --status work only with --all', { nextAction: 'Add --all --project <id>.' });
    let result: RerunOutcome;
    if (i.all) {
      const t = await ctx.client().call(runProject, {
        params: { projectId: i.projectId! },
        body: { rerun: true, skipTerminal: i.skipTerminal, statuses: i.statuses, skipDependencies: i.skipDependencies },
        idempotencyKey: i.idempotencyKey,
      });
      result = { message: t.message ?? '', batches: [t] };
    } else {
      result = await ctx.client().call(rerunTests, { body: { testIds: i.testIds, skipDependencies: i.skipDependencies }, idempotencyKey: i.idempotencyKey });
    }
    for (const b of result.batches) for (const n of b.notes) ctx.advise(n);
    if (!i.wait) return result;
    const ids = result.batches.flatMap((b) => b.runs.map((r) => r.runId));
    return { ...result, wait: toWaitResult(await waitForRuns(ctx, ids, { timeoutSeconds: i.timeout, maxConcurrency: i.maxConcurrency })) };
  },
});
