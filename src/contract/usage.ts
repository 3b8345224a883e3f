import { z } from 'zod';
import { Timestamp } from './common.js';
import { endpoint } from './endpoint.js';

/** The calling key's usage ledger for the current calendar month (UTC). */
export const UsageLedger = z
  .object({
    keyId: z.string(),
    periodStart: Timestamp.describe('First instant of the current month (UTC)'),
    runsThisMonth: z.number().int().describe('Runs triggered with this key (replays included)'),
    replaysThisMonth: z.number().int().describe('Free frontend replays among them'),
    creditsUsedThisMonth: z.number(),
    recent: z.array(z.object({ runId: z.string().nullable(), kind: z.string(), credits: z.number(), createdAt: Timestamp })).describe('Latest ledger rows, newest first (at most 20)'),
  })
  .meta({ id: 'UsageLedger' });
export type UsageLedger = z.infer<typeof UsageLedger>;

export const getUsage = endpoint({
  id: 'me.usage',
  method: 'GET',
  path: '/me/usage',
  tag: 'identity',
  summary: "The calling key's usage ledger this month",
  scope: null,
  response: UsageLedger,
});
