import { z } from 'zod';
import { Id } from '../contract/common.js';
import { diffRuns, RunDiff } from '../contract/triage.js';
import { defineOp, READ } from './op.js';
import { sampleDiff } from './triage-samples.js';

export const testDiff = defineOp({
  name: 'test.diff',
  title: 'Compare two runs',
  description:
    'Compares run A with run B: verdicts (verdictsMatch), failureKind, failedStepIndex, per-step status flips, codeVersion drift. Runs of different tests are still compared, with a warning. The CLI exits 0 when the verdicts match and 1 when they differ.',
  input: z.object({ runIdA: Id, runIdB: Id }),
  output: RunDiff,
  annotations: READ,
  sample: (i) => sampleDiff(i.runIdA, i.runIdB),
  async run(ctx, i) {
    const d = await ctx.client().call(diffRuns, { params: { runIdA: i.runIdA, runIdB: i.runIdB } });
    if (d.warning) ctx.advise(d.warning);
    return d;
  },
});
