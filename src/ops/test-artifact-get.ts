import { resolve } from 'node:path';
import { z } from 'zod';
import { BundleWritten, getRunBundle } from '../contract/bundle.js';
import { Id } from '../contract/common.js';
import { defaultBundleDir, writeBundle } from './bundle-write.js';
import { defineOp } from './op.js';
import { sampleWritten } from './triage-samples.js';

export const testArtifactGet = defineOp({
  name: 'test.artifact-get',
  title: 'Download the bundle of one run',
  description:
    "Writes the failure bundle of one finished run (immutable: it always describes that run) into a directory on the machine running svc: result.json, analysis.json, the code (test_code.py) or plan (plan.json) as it was at run time, calls.json (requests and responses), variables.json, steps.json, stdout.txt, traceback.txt, reproducer.sh, screenshots under artifacts/, and meta.json whose runId/snapshotId every file shares. out defaults to svc-artifacts/<runId>; an earlier bundle there is replaced atomically. Returns the path and file list.",
  input: z.object({ runId: Id, out: z.string().min(1).optional().describe('Bundle directory (default svc-artifacts/<runId>)') }),
  output: BundleWritten,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  sample: (i) => sampleWritten(i.out ?? `svc-artifacts/${i.runId}`, { runId: i.runId, snapshotId: i.runId }),
  async run(ctx, i) {
    const bundle = await ctx.client().call(getRunBundle, { params: { runId: i.runId } });
    const dir = i.out ? resolve(ctx.cwd, i.out) : defaultBundleDir(ctx.cwd, bundle.meta.runId);
    const w = writeBundle(dir, bundle);
    return { runId: bundle.meta.runId, snapshotId: bundle.meta.snapshotId, testId: bundle.meta.testId, status: bundle.meta.status, ...w };
  },
});
