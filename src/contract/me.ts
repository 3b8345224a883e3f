import { z } from 'zod';
import { endpoint, SCOPES } from './endpoint.js';

export const Identity = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    keyId: z.string(),
    env: z.string().describe('Which deployment answered, e.g. self-hosted'),
    scopes: z.array(z.enum(SCOPES)),
    credits: z.number().optional().describe('Credit balance, when the operator set one'),
    subPlan: z.string().optional().describe('Plan name, when the operator set one'),
    creditsPerRun: z.number().optional().describe('Credits each triggered run costs, when configured'),
    privateTargets: z.boolean().optional().describe('true when this server accepts loopback and private target URLs (svc-server start --allow-private-targets); clients follow it'),
    targetPolicy: z
      .object({ allowPrivate: z.boolean(), allowTargets: z.array(z.string()) })
      .optional()
      .describe('The target policy this server applies (--allow-private-targets, --allow-targets); clients check target URLs against it before sending'),
  })
  .meta({ id: 'Identity' });
export type Identity = z.infer<typeof Identity>;

export const getMe = endpoint({
  id: 'me.get',
  method: 'GET',
  path: '/me',
  tag: 'identity',
  summary: "Identity, scopes and usage of the calling key's owner",
  scope: null,
  response: Identity,
});
