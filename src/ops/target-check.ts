import { SvcError } from '../contract/errors.js';
import { getMe } from '../contract/me.js';
import { judgeUrl, STRICT_POLICY, type TargetPolicy } from '../contract/target-policy.js';
import type { OpContext } from './op.js';

/** SVC_ALLOW_PRIVATE_TARGETS=1 (or true) turns off the client's private-address check for self-hosted use. */
export function allowPrivateTargets(env: NodeJS.ProcessEnv): boolean {
  return /^(1|true|yes)$/i.test(env.SVC_ALLOW_PRIVATE_TARGETS ?? '');
}

/**
 * The client-side check of a target URL before anything is sent (SPEC.md 8), with the same rules
 * as the server (contract/target-policy.ts) but without resolving names: the server checks again
 * after DNS resolution; this one gives the fast, clear refusal. A URL the default policy refuses
 * is judged again under the policy the server states in GET /me (`targetPolicy`, or the older
 * `privateTargets`), so the operator's --allow-private-targets or --allow-targets is enough.
 */
export async function assertClientTargetUrl(url: string, flag: string, ctx: Pick<OpContext, 'env' | 'client'>): Promise<void> {
  const local = judgeUrl({ ...STRICT_POLICY, allowPrivate: allowPrivateTargets(ctx.env) }, url);
  if (local.ok) return;
  let verdict = local;
  if (local.rule !== 'invalid-url' && local.rule !== 'scheme') {
    const me = await ctx.client().call(getMe, {}).catch(() => undefined);
    const stated: TargetPolicy | undefined = me?.targetPolicy ?? (me?.privateTargets ? { allowPrivate: true } : undefined);
    if (stated) {
      const remote = judgeUrl(stated, url);
      if (remote.ok) return;
      verdict = remote;
    }
  }
  const older = verdict.rule === 'cloud-metadata' ? '' : ' (or set SVC_ALLOW_PRIVATE_TARGETS=1 here when the server is older)';
  throw new SvcError('VALIDATION_ERROR', `${flag}: ${verdict.reason}`, { nextAction: `${verdict.nextAction}${older}`, details: { rule: verdict.rule } });
}
