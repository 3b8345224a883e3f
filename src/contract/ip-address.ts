/**
 * IP literals and CIDR ranges for the target policy (target-policy.ts). No imports: the CLI, the
 * server and the engine all use it. Host names reach here already normalised by the WHATWG URL
 * parser, which turns decimal, octal and hex IPv4 spellings (http://2852039166/, http://0xa9.254.0251.0376/)
 * into dotted quads; an IPv6 address that embeds an IPv4 one is judged as that IPv4 address.
 */

/** An address as bytes: 4 for IPv4 (also for IPv4-mapped, -compatible and NAT64 IPv6), 16 for IPv6. */
export type AddressBytes = number[];

export interface Cidr {
  bytes: AddressBytes;
  prefix: number;
  /** As the operator wrote it (for messages). */
  text: string;
}

export function parseIPv4(s: string): AddressBytes | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** Eight 16-bit groups, or null when `s` is not an IPv6 literal (brackets and a zone id allowed). */
export function parseIPv6(raw: string): number[] | null {
  const s = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
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

/** ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, not :: or ::1) and 64:ff9b::/96 (NAT64) reach an IPv4 address. */
function embeddedV4(g: number[]): AddressBytes | null {
  const zeros = (a: number[]) => a.every((x) => x === 0);
  const mapped = zeros(g.slice(0, 5)) && g[5] === 0xffff;
  const compatible = zeros(g.slice(0, 6)) && (g[6]! !== 0 || g[7]! > 1);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(g.slice(2, 6));
  return mapped || compatible || nat64 ? [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff] : null;
}

/** The bytes of an IP literal (IPv4, or IPv6 with any embedded IPv4 unwrapped), or null for a host name. */
export function addressBytes(addr: string): AddressBytes | null {
  const v4 = parseIPv4(addr);
  if (v4) return v4;
  const g = parseIPv6(addr);
  if (!g) return null;
  return embeddedV4(g) ?? g.flatMap((x) => [x >> 8, x & 0xff]);
}

/** `10.0.0.0/8`, `fd00::/8`, or a single address (a /32 or /128); null when it is neither. */
export function parseCidr(text: string): Cidr | null {
  const [addr, bits, extra] = text.trim().split('/');
  if (extra !== undefined || !addr) return null;
  const bytes = addressBytes(addr);
  if (!bytes) return null;
  const max = bytes.length * 8;
  // An IPv4-mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
  const v6Width = parseIPv6(addr) ? 128 : max;
  const prefix = bits === undefined ? max : Number(bits) - (v6Width - max);
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { bytes, prefix, text: text.trim() };
}

export function cidrContains(c: Cidr, bytes: AddressBytes): boolean {
  if (c.bytes.length !== bytes.length) return false;
  for (let bit = 0; bit < c.prefix; bit += 8) {
    const take = Math.min(8, c.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((c.bytes[bit / 8]! & mask) !== (bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** Canonical text of an address (dotted quad, or the eight IPv6 groups compressed). */
export function formatAddress(bytes: AddressBytes): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::').replace(/:{3,}/, '::');
}
