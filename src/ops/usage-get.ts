import { z } from 'zod';
import { getMe } from '../contract/me.js';
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
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof Usage>;

export const usageGet = defineOp({
  name: 'usage.get',
  title: 'Credits and plan',
  description: 'Credit balance and plan info of the configured key (credits, subPlan, creditsPerRun appear only when the server supplies them).',
  input: z.object({}),
  output: Usage,
  annotations: READ,
  sample: () => ({ userId: 'usr_0000000000sample', keyId: 'key_0000000000sample', env: 'self-hosted', metered: true, credits: 100, subPlan: 'pro', creditsPerRun: 1 }),
  async run(ctx) {
    const me = await ctx.client().call(getMe);
    const u: Usage = { userId: me.userId, keyId: me.keyId, env: me.env, metered: me.credits !== undefined };
    if (me.credits !== undefined) u.credits = me.credits;
    if (me.subPlan !== undefined) u.subPlan = me.subPlan;
    if (me.creditsPerRun !== undefined) u.creditsPerRun = me.creditsPerRun;
    return u;
  },
});
