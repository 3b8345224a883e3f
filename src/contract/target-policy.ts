/**
 * The target policy (SPEC.md 8, README "Target policy"): which hosts and addresses svc may send a
 * request to, or let a test send one to. One plain object, built once from the operator's flags
 * (svc-server --allow-private-targets, --allow-targets) and judged here by every part that talks to
 * a target: the client's pre-check, project create/update, discovery, runs, the sandbox's egress
 * proxy, the browser, cleanup, auto-auth and outgoing notifications. It is plain data, so it crosses
 * the engine thread's boundary and GET /me states it to clients.
 *
 * Pure rules, no imports beyond the address helpers: resolving names is target-guard.ts's part.
 */
import { addressBytes, cidrContains, parseCidr, type AddressBytes, type Cidr } from './ip-address.js';

export interface TargetPolicy {
  /** --allow-private-targets: loopback, private, link-local and similar ranges may be targets. */
  allowPrivate: boolean;
  /** --allow-targets: CIDR ranges, single addresses or host names the operator allows on top of public ones. */
  allowTargets?: string[];
  /** Ports of svc itself (API, database): never reachable on a loopback or unspecified address. */
  ownPorts?: number[];
}

export const STRICT_POLICY: TargetPolicy = { allowPrivate: false };

/** Which rule refused a target; `cloud-metadata` and `own-service` hold even with --allow-private-targets. */
export type TargetRule =
  | 'invalid-url' | 'scheme' | 'unresolvable' | 'own-service' | 'cloud-metadata'
  | 'localhost' | 'internal-name' | 'loopback' | 'unspecified' | 'private' | 'shared' | 'link-local'
  | 'unique-local' | 'reserved' | 'multicast';

/** A refusal names its rule, what was refused (`subject`, `what`), the whole sentence and the next step. */
export type TargetRefusal = { ok: false; rule: TargetRule; subject: string; what: string; reason: string; nextAction: string };
export type TargetVerdict = { ok: true } | TargetRefusal;

/**
 * Cloud instance metadata and credential endpoints: 169.254.169.254 (AWS, GCP, Azure, OpenStack,
 * Oracle, DigitalOcean), fd00:ec2::254 (AWS IMDS over IPv6), 169.254.170.2 (AWS ECS task
 * credentials), 169.254.170.23 and fd00:ec2::23 (EKS Pod Identity), 100.100.100.200 (Alibaba
 * Cloud), 168.63.129.16 (Azure WireServer), 192.0.0.192 (Oracle Cloud Classic), 169.254.0.23 (Tencent).
 */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254', '169.254.170.2', '169.254.170.23', 'fd00:ec2::23', '100.100.100.200', '168.63.129.16', '192.0.0.192', '169.254.0.23'];
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal', 'metadata.tencentyun.com']);
const LOCALHOST_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);
const metadataRanges = METADATA_ADDRESSES.map((a) => parseCidr(a)!);

/** Host names and ranges of an allow list, parsed once per list. */
interface AllowList { cidrs: Cidr[]; names: Set<string> }
const parsedLists = new WeakMap<string[], AllowList>();

/** Checks an operator's --allow-targets value: CIDR ranges, addresses or host names, comma-separated. */
export function parseAllowTargets(text: string | string[]): string[] {
  const items = (Array.isArray(text) ? text : text.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    if (parseCidr(item)) continue;
    if (item.includes('/') || addressBytes(item.replace(/\/.*$/, '')) || !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(item)) {
      throw new Error(`'${item}' is neither a CIDR range (10.1.0.0/16, fd00::/8), an IP address nor a host name`);
    }
  }
  return items;
}

function allowList(policy: TargetPolicy): AllowList {
  const list = policy.allowTargets ?? [];
  let parsed = parsedLists.get(list);
  if (!parsed) {
    parsed = { cidrs: [], names: new Set() };
    for (const item of list) {
      const c = parseCidr(item);
      if (c) parsed.cidrs.push(c);
      else parsed.names.add(normalHost(item));
    }
    parsedLists.set(list, parsed);
  }
  return parsed;
}

const normalHost = (h: string) => h.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** The rule that keeps an address from the default (public-only) policy, or null for a public one. */
export function addressRule(bytes: AddressBytes): { rule: TargetRule; what: string } | null {
  if (metadataRanges.some((c) => cidrContains(c, bytes))) return { rule: 'cloud-metadata', what: 'a cloud metadata address' };
  if (bytes.length === 4) {
    const [a, b, c] = bytes as [number, number, number, number];
    if (a === 127) return { rule: 'loopback', what: 'a loopback address' };
    if (a === 0) return { rule: 'unspecified', what: 'an unspecified address (0.0.0.0/8)' };
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return { rule: 'private', what: 'a private address' };
    if (a === 100 && b >= 64 && b <= 127) return { rule: 'shared', what: 'a shared (carrier-grade NAT) address' };
    if (a === 169 && b === 254) return { rule: 'link-local', what: 'a link-local address' };
    if (a === 192 && b === 0 && c === 0) return { rule: 'reserved', what: 'a reserved address (192.0.0.0/24)' };
    if (a === 198 && (b === 18 || b === 19)) return { rule: 'reserved', what: 'a benchmarking address (198.18.0.0/15)' };
    if (a >= 224) return { rule: 'multicast', what: 'a multicast or reserved address' };
    return null;
  }
  if (bytes.every((x) => x === 0)) return { rule: 'unspecified', what: 'an unspecified address (::)' };
  if (bytes.slice(0, 15).every((x) => x === 0) && bytes[15] === 1) return { rule: 'loopback', what: 'a loopback address' };
  if ((bytes[0]! & 0xfe) === 0xfc) return { rule: 'unique-local', what: 'a private (unique local) address' };
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return { rule: 'link-local', what: 'a link-local address' };
  if (bytes[0] === 0xff) return { rule: 'multicast', what: 'a multicast address' };
  return null;
}

/**
 * Judges one resolved or literal address (with the port, for svc's own ports). An --allow-targets
 * range opens what it contains, except cloud metadata: only an entry naming that address alone
 * (169.254.169.254 or 169.254.169.254/32) opens it, so 0.0.0.0/0 or 169.254.0.0/16 never does.
 */
export function judgeAddress(policy: TargetPolicy, address: string, port?: number): TargetVerdict {
  const bytes = addressBytes(address);
  if (!bytes) return refuse('invalid-url', address, 'not an IP address');
  const hit = addressRule(bytes);
  if (hit && (hit.rule === 'loopback' || hit.rule === 'unspecified') && port !== undefined && policy.ownPorts?.includes(port)) {
    return refuse('own-service', `${address}:${port}`, "svc's own service (API or database)");
  }
  if (!hit) return { ok: true };
  const listed = allowList(policy).cidrs.filter((c) => cidrContains(c, bytes));
  if (hit.rule === 'cloud-metadata') {
    if (listed.some((c) => c.prefix === bytes.length * 8)) return { ok: true };
    return refuse(hit.rule, address, hit.what);
  }
  if (listed.length || policy.allowPrivate) return { ok: true };
  return refuse(hit.rule, address, hit.what);
}

/**
 * Judges a host as written in a URL, before any resolution: IP literals fully, names by the name
 * rules (localhost, cloud metadata names, .internal/.local). A name that passes here still has to
 * resolve to allowed addresses (`judgeResolved`), which only the server and the engine can check.
 */
export function judgeHost(policy: TargetPolicy, hostname: string, port?: number): TargetVerdict {
  const host = normalHost(hostname);
  if (addressBytes(host)) return judgeAddress(policy, host, port);
  const list = allowList(policy);
  if (list.names.has(host)) return { ok: true };
  if (METADATA_NAMES.has(host)) return refuse('cloud-metadata', host, 'a cloud metadata host name');
  // With an allow list the addresses decide: localhost passes when 127.0.0.1 and ::1 are both allowed.
  if (policy.allowPrivate || list.cidrs.length) return { ok: true };
  if (LOCALHOST_NAMES.has(host) || host.endsWith('.localhost')) return refuse('localhost', host, 'a localhost name');
  if (host.endsWith('.internal') || host.endsWith('.local')) return refuse('internal-name', host, 'an internal host name');
  return { ok: true };
}

/** Every address a name resolved to must be allowed; a name the operator listed is trusted as it resolves. */
export function judgeResolved(policy: TargetPolicy, hostname: string, addresses: string[], port?: number): TargetVerdict {
  const listedName = allowList(policy).names.has(normalHost(hostname));
  for (const a of addresses) {
    const v = judgeAddress(policy, a, port);
    if (!v.ok && (v.rule === 'own-service' || !listedName)) return v;
  }
  return { ok: true };
}

/** Scheme, syntax and host rules of a target URL (no resolution): the client's check, the server's first one. */
export function judgeUrl(policy: TargetPolicy, raw: string): { ok: true; url: URL } | TargetRefusal {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('invalid-url', raw, 'not a valid URL', `'${raw}' is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('scheme', raw, 'not http(s)', `'${raw}' must use http or https`);
  if (!url.hostname) return refuse('invalid-url', raw, 'a URL without a host', `'${raw}' has no host`);
  const v = judgeHost(policy, url.hostname);
  return v.ok ? { ok: true, url } : refuse(v.rule, v.subject, v.what, `'${raw}' points at ${v.what} (${v.subject})`);
}

const RULE_NOTE: Partial<Record<TargetRule, string>> = {
  'cloud-metadata': 'cloud metadata endpoints stay refused even with --allow-private-targets',
  'own-service': 'svc never lets a test reach itself',
  unresolvable: 'a target must resolve',
  'invalid-url': '',
  scheme: '',
};

/**
 * A refusal: `reason` (default "<subject> is <what>") gains how the rule applies and its name, and
 * `nextAction` names the flag that would allow the target.
 */
export function refuse(rule: TargetRule, subject: string, what: string, sentence = `${subject} is ${what}`): TargetRefusal {
  const note = RULE_NOTE[rule] ?? 'only public addresses can be tested';
  return { ok: false, rule, subject, what, reason: `${sentence}${note ? `; ${note}` : ''} [rule ${rule}]`, nextAction: nextActionFor(rule, subject) };
}

function nextActionFor(rule: TargetRule, subject: string): string {
  const named = `--allow-targets ${subject}`;
  switch (rule) {
    case 'invalid-url':
    case 'scheme':
      return 'Use an http(s) URL such as https://app.example.com.';
    case 'unresolvable':
      return 'Check the host name; the target must resolve from the server.';
    case 'own-service':
      return "svc never lets a test reach its own API or database; serve the target on another port or address.";
    case 'cloud-metadata':
      return `Cloud metadata endpoints stay refused even with --allow-private-targets, because they hand out the machine's credentials. If tests really must reach it, the operator names it alone: svc-server start ${named}.`;
    default:
      return `Use a public http(s) URL. A self-hosted operator can allow this target with svc-server start ${named} (or a CIDR range such as 10.0.0.0/8), or allow every private range with --allow-private-targets.`;
  }
}

/** One line for logs: what this policy lets through. */
export function describePolicy(policy: TargetPolicy): string {
  const extra = policy.allowTargets?.length ? ` plus ${policy.allowTargets.join(', ')}` : '';
  return `${policy.allowPrivate ? 'public and private' : 'public only'}${extra}; cloud metadata refused unless named`;
}
