import { z } from 'zod';
import { Id } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { runProject, type TriggerResult } from '../contract/runs.js';
import { defineOp } from './op.js';
import { RunOutcome, waitForTrigger } from './run-outcome.js';
import { sampleRunView, sampleTrigger } from './run-samples.js';
import { assertClientTargetUrl } from './target-check.js';

const Skipped = z.object({ testId: z.string(), testName: z.string() });

/** The `run` object merged into the create output of `test create --run` and `test create-batch --run`. */
export const CreatedRun = z
  .object({
    runId: z.string().nullable().describe('The run of the (first) created test; null when nothing could run'),
    status: z.string().nullable().describe('Its status: queued without --wait, final with --wait'),
    batches: z.array(RunOutcome).describe('One batch per project'),
    skippedFrontend: z.array(Skipped).describe('Frontend tests this server cannot run (no browser)'),
    exitCode: z.number().int(),
  })
  .meta({ id: 'CreatedRun' });
export type CreatedRun = z.infer<typeof CreatedRun>;

const RANK: Record<number, number> = { 0: 0, 1: 1, 7: 2 };

/**
 * Runs tests that were just created, one trigger per project. Tests the server cannot run
 * (frontend tests on a server without a browser) are reported in skippedFrontend with an advisory
 * instead of failing the create that already succeeded.
 */
export const testRunCreated = defineOp({
  name: 'test.run-created',
  title: 'Run created tests',
  description: 'Trigger runs of tests created a moment ago (test create --run, test create-batch --run); optionally wait.',
  input: z.object({
    tests: z.array(z.object({ projectId: Id, testId: Id })).min(1).max(1000),
    wait: z.boolean().default(false),
    timeout: z.number().int().min(1).max(3600).default(600),
    targetUrl: z.url().optional(),
  }),
  output: CreatedRun,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  sample: (i) => {
    const t = i.wait ? { ...sampleTrigger({ status: 'passed' }), run: sampleRunView() } : sampleTrigger();
    return { runId: t.runId, status: t.status, batches: [t], skippedFrontend: [], exitCode: 0 };
  },
  async run(ctx, i) {
    if (i.targetUrl) await assertClientTargetUrl(i.targetUrl, ctx.surface === 'cli' ? '--target-url' : 'targetUrl', ctx);
    const byProject = new Map<string, string[]>();
    for (const t of i.tests) (byProject.get(t.projectId) ?? byProject.set(t.projectId, []).get(t.projectId)!).push(t.testId);
    const batches: RunOutcome[] = [];
    const skippedFrontend: z.infer<typeof Skipped>[] = [];
    const exits: number[] = [];
    for (const [projectId, testIds] of byProject) {
      let trigger: TriggerResult;
      try {
        trigger = await ctx.client().call(runProject, { params: { projectId }, body: { testIds, targetUrl: i.targetUrl } });
      } catch (err) {
        const skipped = err instanceof SvcError ? (err.details as { skippedFrontend?: z.infer<typeof Skipped>[] } | undefined)?.skippedFrontend : undefined;
        if (!skipped) throw err;
        skippedFrontend.push(...skipped);
        continue;
      }
      for (const n of trigger.notes) ctx.advise(n);
      skippedFrontend.push(...trigger.skippedFrontend);
      const out: RunOutcome = i.wait ? await waitForTrigger(ctx, trigger, { timeoutSeconds: i.timeout }) : trigger;
      batches.push(out);
      // One test created: its own verdict decides (as for test run <id> --wait), not its producers'.
      if (out.wait) exits.push(out.wait.exitCode !== 7 && testIds.length === 1 && out.run ? (out.run.status === 'passed' ? 0 : 1) : out.wait.exitCode);
    }
    if (skippedFrontend.length) {
      ctx.advise(`skipped ${skippedFrontend.length} frontend test(s): this server has no browser to run them; they were created and stay ready (run them on a server with Chromium, or set SVC_BROWSER_WS_ENDPOINT there)`);
    }
    const exitCode = exits.reduce((w, e) => ((RANK[e] ?? 1) > (RANK[w] ?? 1) ? e : w), 0);
    const first = batches[0];
    return { runId: first?.runId ?? null, status: first?.status ?? null, batches, skippedFrontend, exitCode };
  },
});
