import { z } from 'zod';
import { SvcError } from '../contract/errors.js';
import { IdempotencyKey, Id } from '../contract/common.js';
import { runProject, runTest } from '../contract/runs.js';
import { defineOp } from './op.js';
import { RunOutcome, waitForTrigger } from './run-outcome.js';
import { sampleRunView, sampleTrigger } from './run-samples.js';
import { assertClientTargetUrl } from './target-check.js';

export const RunInput = z.object({
  testId: Id.optional().describe('The test to run (with its producers and teardowns)'),
  all: z.boolean().default(false).describe('Run every test of the project in wave order'),
  projectId: Id.optional().describe('Required with all'),
  wait: z.boolean().default(false).describe('Poll until every run is terminal (cleanup included) or the timeout'),
  timeout: z.number().int().min(1).max(3600).default(600).describe('Seconds to wait, 1-3600'),
  targetUrl: z.url().optional().describe('Overrides the project URL for this run (not with all)'),
  idempotencyKey: IdempotencyKey.optional(),
  filter: z.string().min(1).max(200).optional().describe('With all: only tests whose name contains this (case-insensitive)'),
  maxConcurrency: z.number().int().min(1).max(100).default(50).describe('With all and wait: a cap on requests in flight (the batch is awaited with one long-polling request)'),
});

export function checkRunInput(i: z.infer<typeof RunInput>, advise: (m: string) => void): void {
  if (i.all && i.testId) throw new SvcError('VALIDATION_ERROR', '--all and a test id are mutually exclusive', { nextAction: 'Pass either <test-id> or --all --project <id>.' });
  if (!i.all && !i.testId) throw new SvcError('VALIDATION_ERROR', 'give a test id, or --all with --project', { nextAction: "e.g. 'svc test run tst_…' or 'svc test run --all --project prj_…'." });
  if (i.all && !i.projectId) throw new SvcError('VALIDATION_ERROR', '--all requires --project <id>', { nextAction: 'Add --project <project-id>.' });
  if (i.filter && !i.all) throw new SvcError('VALIDATION_ERROR', '--filter works only with --all', { nextAction: 'Add --all --project <id>, or drop --filter.' });
  if (i.all && i.targetUrl) advise('--target-url has no effect with --all; each test uses its project URL');
}

export const testRun = defineOp({
  name: 'test.run',
  title: 'Run tests',
  description: 'Trigger a run of one test (with the producers it needs and teardowns) or of every test of a project in wave order; optionally wait for the verdicts. Each triggered run is billed.',
  input: RunInput,
  output: RunOutcome,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  sample: (i) => (i.wait ? { ...sampleTrigger({ status: 'passed' }), run: sampleRunView(), cleanup: { status: 'done', deleted: 1, alreadyGone: 0, failed: 0, orphaned: 0, mightBeOrphaned: [] } } : sampleTrigger()),
  async run(ctx, i) {
    checkRunInput(i, ctx.advise);
    if (i.targetUrl && !i.all) await assertClientTargetUrl(i.targetUrl, ctx.surface === 'cli' ? '--target-url' : 'targetUrl', ctx);
    const trigger = i.all
      ? await ctx.client().call(runProject, { params: { projectId: i.projectId! }, body: { filter: i.filter }, idempotencyKey: i.idempotencyKey })
      : await ctx.client().call(runTest, { params: { testId: i.testId! }, body: { targetUrl: i.targetUrl }, idempotencyKey: i.idempotencyKey });
    for (const n of trigger.notes) ctx.advise(n);
    if (trigger.skippedFrontend.length) ctx.advise(`skipped ${trigger.skippedFrontend.length} frontend test(s): this server has no browser; run them one by one on a server that has one`);
    if (!i.wait) return trigger;
    return waitForTrigger(ctx, trigger, { timeoutSeconds: i.timeout });
  },
});
