import { resolve } from 'node:path';
import { z } from 'zod';
import { BundleWritten, getRunBundle } from '../contract/bundle.js';
import { Id } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { listTestRuns } from '../contract/results.js';
import { defaultBundleDir, writeBundle } from './bundle-write.js';
import { defineOp } from './op.js';
import { sampleWritten } from './triage-samples.js';

export const testFailureGet = defineOp({
  name: 'test.failure-get',
  title: "Download a test's latest failure bundle",
  description:
    "Writes the failure bundle of the test's latest failed, blocked or cancelled run into a directory on the machine running svc (same layout as svc_test_artifact_get; meta.json names the run). out defaults to svc-artifacts/<testId>-failure and is replaced when a later failure is fetched. Not found when the test has no such run.",
  input: z.object({ testId: Id, out: z.string().min(1).optional().describe('Bundle directory (default svc-artifacts/<testId>-failure)') }),
  output: BundleWritten,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  sample: (i) => sampleWritten(i.out ?? `svc-artifacts/${i.testId}-failure`, { testId: i.testId }),
  async run(ctx, i) {
    const h = await ctx.client().call(listTestRuns, { params: { testId: i.testId }, query: { status: 'failed,blocked,cancelled', pageSize: 1 } });
    const run = h.runs[0];
    if (!run) {
      throw new SvcError('NOT_FOUND', `test ${i.testId} has no failed, blocked or cancelled run`, { nextAction: `See its runs with 'svc test result ${i.testId} --history'.` });
    }
    const bundle = await ctx.client().call(getRunBundle, { params: { runId: run.runId } });
    const dir = i.out ? resolve(ctx.cwd, i.out) : defaultBundleDir(ctx.cwd, `${i.testId}-failure`);
    const w = writeBundle(dir, bundle);
    return { runId: bundle.meta.runId, snapshotId: bundle.meta.snapshotId, testId: bundle.meta.testId, status: bundle.meta.status, ...w };
  },
});
