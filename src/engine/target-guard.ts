/**
 * The target policy (contract/target-policy.ts) applied where names resolve: every address a host
 * name resolves to must be allowed, and a connection goes to the address that was checked, never
 * to a second lookup that could answer differently (DNS rebinding). Used by the server (project
 * create/update, discovery, exploration, run triggers), the engine (each batch's targets, the
 * sandbox's egress proxy, the browser, cleanup, auto-auth) and anything that sends a notification.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { SvcError } from '../contract/errors.js';
import { judgeHost, judgeResolved, judgeUrl, refuse, type TargetPolicy, type TargetRefusal } from '../contract/target-policy.js';

export type Lookup = (host: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 5000;
const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The addresses of a host (an IP literal is its own), within LOOKUP_TIMEOUT_MS. */
async function resolve(host: string, lookup: Lookup = systemLookup): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const found = await Promise.race([
    lookup(host),
    new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), LOOKUP_TIMEOUT_MS).unref()),
  ]);
  if (!found.length) throw Object.assign(new Error('no address'), { code: 'ENODATA' });
  return found;
}

export type TargetCheck = { ok: true; url: URL; addresses: string[] } | TargetRefusal;

/**
 * The whole check of a target URL: scheme and syntax, the host name rules, then every address the
 * name resolves to. Call it before sending anything to a URL a user or a project supplied.
 */
export async function checkTargetUrl(policy: TargetPolicy, raw: string, o: { lookup?: Lookup } = {}): Promise<TargetCheck> {
  const first = judgeUrl(policy, raw);
  if (!first.ok) return first;
  const host = first.url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = await resolve(host, o.lookup);
  } catch (err) {
    // With --allow-private-targets the only address left to refuse is cloud metadata, and every
    // connection is judged again when it is made: a name that does not resolve here yet (an
    // offline lab, a host not up) is not held against the project.
    if (policy.allowPrivate) return { ok: true, url: first.url, addresses: [] };
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    return refuse('unresolvable', host, 'not resolvable', `cannot resolve host '${host}' (${code}); the target must be reachable from the server`);
  }
  const v = judgeResolved(policy, host, addresses);
  // An IP literal was judged whole by judgeUrl: what fails here is a name's address.
  if (!v.ok) return refuse(v.rule, v.subject, v.what, `'${raw}' resolves to ${v.subject}, ${v.what}`);
  return { ok: true, url: first.url, addresses };
}

/** checkTargetUrl as a validation error naming the field (exit 5, HTTP 400); returns the normalised URL. */
export async function assertTargetUrl(policy: TargetPolicy, raw: string, field: string, o: { lookup?: Lookup } = {}): Promise<string> {
  const v = await checkTargetUrl(policy, raw, o);
  if (!v.ok) throw new SvcError('VALIDATION_ERROR', `${field}: ${v.reason}`, { nextAction: v.nextAction, details: { rule: v.rule } });
  return v.url.toString();
}

export interface Destination {
  host: string;
  port: number;
  /** The checked address to connect to. */
  address?: string;
  allowed: boolean;
  reason?: string;
}

/** One connection's destination (the egress proxy's CONNECT, a browser request): the address to use, or why not. */
export async function decideDestination(policy: TargetPolicy, host: string, port: number, o: { lookup?: Lookup } = {}): Promise<Destination> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!(port > 0 && port < 65536)) return { host, port, allowed: false, reason: `port ${port} is not valid` };
  const named = judgeHost(policy, bare, port);
  if (!named.ok) return { host, port, allowed: false, reason: named.reason };
  let addresses: string[];
  try {
    addresses = await resolve(bare, o.lookup);
  } catch (err) {
    return { host, port, allowed: false, reason: `cannot resolve ${bare} (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const v = judgeResolved(policy, bare, addresses, port);
  if (!v.ok) return { host, port, address: v.subject, allowed: false, reason: bare === v.subject ? v.reason : refuse(v.rule, v.subject, v.what, `${bare} resolves to ${v.subject}, ${v.what}`).reason };
  return { host, port, address: addresses[0]!, allowed: true };
}

/**
 * An HTTP client bound to the policy: each new connection is decided by decideDestination and
 * opened to the address it checked (TLS still verifies the host name). Redirects are not followed
 * by the callers (redirect: 'manual'); a followed one would be a new, checked connection anyway.
 */
export function guardedFetch(policy: TargetPolicy): typeof globalThis.fetch {
  const agent = guardedDispatcher(policy);
  return ((input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher: agent } as never)) as unknown as typeof globalThis.fetch;
}

/** One connection pool per policy object (the server and each engine hold one policy). */
const dispatchers = new WeakMap<TargetPolicy, Agent>();

/** The undici dispatcher behind guardedFetch, for callers of undici's request() (webhook delivery). */
export function guardedDispatcher(policy: TargetPolicy): Agent {
  let agent = dispatchers.get(policy);
  if (!agent) dispatchers.set(policy, (agent = makeAgent(policy)));
  return agent;
}

function makeAgent(policy: TargetPolicy): Agent {
  const base = buildConnector({});
  return new Agent({
    connect: (opts, callback) => {
      const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
      decideDestination(policy, opts.hostname, port).then(
        (d) => {
          if (!d.allowed) return callback(Object.assign(new Error(`refused by the target policy: ${d.reason}`), { code: 'ETARGETPOLICY' }), null);
          const servername = net.isIP(opts.hostname.replace(/^\[|\]$/g, '')) ? undefined : opts.hostname;
          base({ ...opts, hostname: d.address!, servername: opts.servername ?? servername }, callback);
        },
        (err: Error) => callback(err, null),
      );
    },
  });
}
