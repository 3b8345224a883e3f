import { SvcError } from '../contract/errors.js';
import { getMe } from '../contract/me.js';
import { checkTargetUrl } from '../contract/url-policy.js';
import type { OpContext } from './op.js';

/** SVC_ALLOW_PRIVATE_TARGETS=1 (or true) turns off the client's private-address check for self-hosted use. */
export function allowPrivateTargets(env: NodeJS.ProcessEnv): boolean {
  return /^(1|true|yes)$/i.test(env.SVC_ALLOW_PRIVATE_TARGETS ?? '');
}

/**
 * The client-side check of a target URL before anything is sent (SPEC.md 8). The server checks
 * again after DNS resolution; this one gives the fast, clear refusal. A URL that only the default
 * policy refuses (loopback, private) is allowed when SVC_ALLOW_PRIVATE_TARGETS is set or when the
 * server says it accepts such targets (`privateTargets` in GET /me), so the operator's
 * --allow-private-targets is enough.
 */
export async function assertClientTargetUrl(url: string, flag: string, ctx: Pick<OpContext, 'env' | 'client'>): Promise<void> {
  const v = checkTargetUrl(url, { allowPrivate: allowPrivateTargets(ctx.env) });
  if (v.ok) return;
  if (checkTargetUrl(url, { allowPrivate: true }).ok) {
    const me = await ctx.client().call(getMe, {}).catch(() => undefined);
    if (me?.privateTargets === true) return;
  }
  throw new SvcError('VALIDATION_ERROR', `${flag}: ${v.reason}`, {
    nextAction: 'Use a public http(s) URL. To test a local or private target, start the self-hosted server with svc-server start --allow-private-targets (or set SVC_ALLOW_PRIVATE_TARGETS=1 here when the server is older).',
  });
}
