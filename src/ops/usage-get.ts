import { z } from 'zod';
import { SvcError } from '../contract/errors.js';
import { getMe } from '../contract/me.js';
import { getUsage } from '../contract/usage.js';
import { defineOp, READ } from './op.js';

export const Usage = z
  .object({
    userId: z.string(),
    keyId: z.string(),
    env: z.string(),
    metered: z.boolean().describe('false when the operator set no credit balance for this key'),
    credits: z.number().optional(),
    subPlan: z.string().optional(),
    creditsPerRun: z.number().optional(),
    periodStart: z.string().optional().describe('Start of the current month (UTC), the period of the counts below'),
    runsThisMonth: z.number().int().optional().describe('Runs triggered with this key this month (replays included)'),
    replaysThisMonth: z.number().int().optional().describe('Free frontend replays among them'),
    creditsUsedThisMonth: z.number().optional(),
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof Usage>;

export const usageGet = defineOp({
  name: 'usage.get',
  title: 'Credits and plan',
  description: 'Credit balance and plan info of the configured key (credits, subPlan, creditsPerRun appear only when the server supplies them), and its usage ledger this month: runsThisMonth, replaysThisMonth, creditsUsedThisMonth.',
  input: z.object({}),
  output: Usage,
  annotations: READ,
  sample: () => ({ userId: 'usr_0000000000sample', keyId: 'key_0000000000sample', env: 'self-hosted', metered: true, credits: 100, subPlan: 'pro', creditsPerRun: 1, periodStart: '2026-01-01T00:00:00.000Z', runsThisMonth: 3, replaysThisMonth: 0, creditsUsedThisMonth: 3 }),
  async run(ctx) {
    const me = await ctx.client().call(getMe);
    const u: Usage = { userId: me.userId, keyId: me.keyId, env: me.env, metered: me.credits !== undefined };
    if (me.credits !== undefined) u.credits = me.credits;
    if (me.subPlan !== undefined) u.subPlan = me.subPlan;
    if (me.creditsPerRun !== undefined) u.creditsPerRun = me.creditsPerRun;
    try {
      const l = await ctx.client().call(getUsage);
      Object.assign(u, { periodStart: l.periodStart, runsThisMonth: l.runsThisMonth, replaysThisMonth: l.replaysThisMonth, creditsUsedThisMonth: l.creditsUsedThisMonth });
    } catch (err) {
      // A server without the ledger endpoint still answers the balance part.
      if (!(err instanceof SvcError && err.exitCode === 4)) throw err;
    }
    return u;
  },
});
