import { lookup as dnsLookup } from 'node:dns/promises';
import { SvcError } from '../contract/errors.js';
import { checkTargetUrl, privateAddressReason } from '../contract/url-policy.js';

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * The server's check of a target URL (SPEC.md 8): the pure rules, then every address the host
 * resolves to must be public too, so a name pointing at 10.0.0.5 or 169.254.169.254 is refused.
 * The engine repeats this before each request and on every redirect; this is the early refusal.
 * With `allowPrivate` (svc-server start --allow-private-targets) only the syntax rules apply.
 */
export async function assertTargetUrl(raw: string, field: string, o: { allowPrivate: boolean; lookup?: Lookup }): Promise<string> {
  const v = checkTargetUrl(raw, { allowPrivate: o.allowPrivate });
  if (!v.ok) throw refuse(field, v.reason);
  if (o.allowPrivate) return v.url.toString();
  const host = v.url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = await Promise.race([
      (o.lookup ?? systemLookup)(host),
      new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), LOOKUP_TIMEOUT_MS).unref()),
    ]);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw refuse(field, `cannot resolve host '${host}' (${code}); the target must be publicly reachable`);
  }
  for (const a of addresses) {
    const why = privateAddressReason(a);
    if (why) throw refuse(field, `'${raw}' resolves to ${a}, ${why}; only public addresses can be tested`);
  }
  return v.url.toString();
}

function refuse(field: string, reason: string): SvcError {
  return new SvcError('VALIDATION_ERROR', `${field}: ${reason}`, {
    nextAction: 'Use a public http(s) URL. For a self-hosted server testing local or private targets, the operator can start it with --allow-private-targets.',
  });
}
