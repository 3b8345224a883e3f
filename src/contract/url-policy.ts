/**
 * Target URL rules (SPEC.md 8): public http/https only; no localhost, private, link-local or cloud
 * metadata addresses. Pure checks shared by the client (before sending) and the server (which also
 * checks every address the host name resolves to). No imports: the CLI, MCP and server all use it.
 */
export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

const BLOCKED_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback', 'metadata', 'metadata.google.internal', 'instance-data']);

/** Parses and checks scheme and host; with `allowPrivate` only the syntax rules apply. */
export function checkTargetUrl(raw: string, opts: { allowPrivate?: boolean } = {}): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `'${raw}' is not a valid URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `'${raw}' must use http or https` };
  if (!url.hostname) return { ok: false, reason: `'${raw}' has no host` };
  if (!opts.allowPrivate) {
    const why = privateHostReason(url.hostname);
    if (why) return { ok: false, reason: `'${raw}' points at ${why}; only public addresses can be tested` };
  }
  return { ok: true, url };
}

/** Why a host name or literal address is not public, or null when it may be. */
export function privateHostReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (BLOCKED_NAMES.has(host) || host.endsWith('.localhost')) return 'localhost';
  if (host.endsWith('.internal') || host.endsWith('.local')) return `an internal host name (${host})`;
  return privateAddressReason(host);
}

/** Why an IP address is not public, or null (also null for non-IP host names). */
export function privateAddressReason(addr: string): string | null {
  const v4 = parseIPv4(addr);
  if (v4) return v4Reason(v4);
  const v6 = parseIPv6(addr);
  if (v6) return v6Reason(v6);
  return null;
}

function v4Reason([a, b, c, d]: number[]): string | null {
  if (a === 127) return 'a loopback address';
  if (a === 0) return 'an unspecified address (0.0.0.0/8)';
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return 'a private address';
  if (a === 100 && b! >= 64 && b! <= 127) return 'a shared (carrier-grade NAT) address';
  if (a === 169 && b === 254) return c === 169 && d === 254 ? 'the cloud metadata address' : 'a link-local address';
  if (a === 192 && b === 0 && c === 0) return 'a reserved address (192.0.0.0/24)';
  if (a === 198 && (b === 18 || b === 19)) return 'a benchmarking address (198.18.0.0/15)';
  if (a! >= 224) return 'a multicast or reserved address';
  return null;
}

function v6Reason(g: number[]): string | null {
  if (g.every((x) => x === 0)) return 'an unspecified address (::)';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'a loopback address';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible) and 64:ff9b::/96 (NAT64) embed an IPv4 address.
  const embedsV4 = (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) || (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0));
  if (embedsV4) return v4Reason([g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff]);
  if ((g[0]! & 0xfe00) === 0xfc00) return 'a private (unique local) address';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g[0]! & 0xff00) === 0xff00) return 'a multicast address';
  return null;
}

function parseIPv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** Eight 16-bit groups, or null when `s` is not an IPv6 literal. */
function parseIPv6(s: string): number[] | null {
  if (!s.includes(':') || !/^[0-9a-f:.]+$/i.test(s)) return null;
  let text = s;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // A dotted IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
    const v4 = parseIPv4(last);
    if (!v4) return null;
    text = `${text.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = toGroups(halves[0]!);
  const rest = halves.length === 2 ? toGroups(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...rest];
  if (groups.length !== 8 || groups.some((x) => !/^[0-9a-f]{1,4}$/i.test(x))) return null;
  return groups.map((x) => parseInt(x, 16));
}
