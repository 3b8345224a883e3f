import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { Id, IdempotencyKey } from '../contract/common.js';
import { Exploration } from '../contract/generation.js';
import { getExploration, startExploration } from '../contract/generation-endpoints.js';
import { uuid } from '../util/ids.js';
import { defineOp, type OpContext } from './op.js';
import { sampleExploration } from './generation-samples.js';

/** Polls until the exploration is no longer running or the timeout ends (then it is returned still running). */
export async function waitForExploration(ctx: OpContext, e: Exploration, timeoutSeconds: number): Promise<Exploration> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const started = Date.now();
  let interval = 500;
  while (e.status === 'running' && Date.now() < deadline) {
    await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
    interval = Math.min(interval * 1.5, 2000);
    e = await ctx.client().call(getExploration, { params: { projectId: e.projectId, explorationId: e.id }, signal: ctx.signal });
    const c = e.counts;
    ctx.progress?.({ message: `exploring: ${c.exploring} exploring, ${c.done} done, ${c.failed} failed, ${c.blocked} blocked — ${Math.round((Date.now() - started) / 1000)}s`, progress: c.done + c.failed + c.blocked, total: e.features.length });
  }
  return e;
}

export const projectExplore = defineOp({
  name: 'project.explore',
  title: 'Explore the app',
  description: "Explore a frontend project's live app from its URL (signing in with the project's test account when set): features are found and visited, each ending done, failed or blocked, with screenshots and video. Runs in the background; wait=true polls until it ends. only=[feature ids] retries those features.",
  input: z.object({
    projectId: Id,
    only: z.array(z.string().min(1).max(200)).max(100).optional().describe('Feature ids to retry'),
    wait: z.boolean().default(false),
    timeout: z.number().int().min(1).max(3600).default(600).describe('Seconds to wait, 1-3600'),
    idempotencyKey: IdempotencyKey.optional(),
  }),
  output: Exploration,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  sample: (i) => sampleExploration(i.projectId, !i.wait),
  async run(ctx, i) {
    const e = await ctx.client().call(startExploration, { params: { projectId: i.projectId }, body: { only: i.only }, idempotencyKey: i.idempotencyKey ?? uuid() });
    return i.wait ? waitForExploration(ctx, e, i.timeout) : e;
  },
});
