import { SvcError } from '../contract/errors.js';
import { checkTargetUrl } from '../contract/url-policy.js';

/** SVC_ALLOW_PRIVATE_TARGETS=1 (or true) turns off the client's private-address check for self-hosted use. */
export function allowPrivateTargets(env: NodeJS.ProcessEnv): boolean {
  return /^(1|true|yes)$/i.test(env.SVC_ALLOW_PRIVATE_TARGETS ?? '');
}

/**
 * The client-side check of a target URL before anything is sent (SPEC.md 8). The server checks
 * again after DNS resolution; this one gives the fast, clear refusal.
 */
export function assertClientTargetUrl(url: string, flag: string, env: NodeJS.ProcessEnv): void {
  const v = checkTargetUrl(url, { allowPrivate: allowPrivateTargets(env) });
  if (!v.ok) {
    throw new SvcError('VALIDATION_ERROR', `${flag}: ${v.reason}`, {
      nextAction: 'Use a public http(s) URL. Testing a local or private target on a self-hosted server needs SVC_ALLOW_PRIVATE_TARGETS=1 here and svc-server start --allow-private-targets there.',
    });
  }
}
