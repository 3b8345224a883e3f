import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcError } from '../../src/contract/errors.js';
import { cidrContains, parseCidr } from '../../src/contract/ip-address.js';
import { judgeAddress, judgeHost, judgeUrl, parseAllowTargets, type TargetPolicy } from '../../src/contract/target-policy.js';
import { assertTargetUrl, checkTargetUrl, decideDestination, guardedFetch } from '../../src/engine/target-guard.js';

const STRICT: TargetPolicy = { allowPrivate: false };
const PRIVATE: TargetPolicy = { allowPrivate: true };
const refusedBy = (policy: TargetPolicy, url: string) => {
  const v = judgeUrl(policy, url);
  return v.ok ? null : v;
};

describe('target policy: the default refuses what is not public', () => {
  it.each([
    ['http://localhost:3000/', 'localhost', /localhost/],
    ['http://app.localhost/', 'localhost', /localhost/],
    ['http://LOCALHOST./', 'localhost', /localhost/],
    ['http://127.0.0.1/', 'loopback', /loopback/],
    ['http://127.8.9.10:8080/x', 'loopback', /loopback/],
    ['http://2130706433/', 'loopback', /loopback/], // decimal 127.0.0.1
    ['http://0x7f.1/', 'loopback', /loopback/], // hex and short form
    ['http://0177.0.0.1/', 'loopback', /loopback/], // octal
    ['http://0.0.0.0/', 'unspecified', /unspecified/],
    ['http://10.1.2.3/', 'private', /private/],
    ['http://172.16.0.1/', 'private', /private/],
    ['http://172.31.255.255/', 'private', /private/],
    ['http://192.168.1.1/', 'private', /private/],
    ['http://100.64.0.1/', 'shared', /carrier-grade/],
    ['http://169.254.10.10/', 'link-local', /link-local/],
    ['http://api.internal/', 'internal-name', /internal/],
    ['http://printer.local/', 'internal-name', /internal/],
    ['http://[::1]/', 'loopback', /loopback/],
    ['http://[::]/', 'unspecified', /unspecified/],
    ['http://[fc00::1]/', 'unique-local', /unique local/],
    ['http://[fd12:3456::1]/', 'unique-local', /unique local/],
    ['http://[fe80::1]/', 'link-local', /link-local/],
    ['http://[::ffff:127.0.0.1]/', 'loopback', /loopback/],
    ['http://[::ffff:10.0.0.1]/', 'private', /private/],
    ['http://[ff02::1]/', 'multicast', /multicast/],
  ])('%s (rule %s)', (url, rule, why) => {
    const v = refusedBy(STRICT, url)!;
    expect(v).not.toBeNull();
    expect(v.rule).toBe(rule);
    expect(v.reason).toMatch(why);
    expect(v.reason).toContain(`[rule ${rule}]`);
    expect(v.nextAction).toMatch(/--allow-targets .* --allow-private-targets/);
  });

  it.each(['https://example.com/', 'http://93.184.216.34:8080/path', 'https://[2606:4700::1111]/', 'http://172.32.0.1/', 'http://192.169.0.1/', 'https://api.example.com/v1'])(
    'accepts public %s',
    (url) => expect(judgeUrl(STRICT, url).ok).toBe(true),
  );

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'example.com'])('refuses non-http(s) or invalid %s, whatever the policy', (url) => {
    expect(judgeUrl({ allowPrivate: true, allowTargets: ['0.0.0.0/0'] }, url).ok).toBe(false);
  });
});

describe('cloud metadata stays refused with --allow-private-targets', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://2852039166/', '169.254.169.254'], // decimal
    ['http://0xa9fea9fe/', '169.254.169.254'], // hex
    ['http://0251.0376.0251.0376/', '169.254.169.254'], // octal
    ['http://169.254.43518/', '169.254.169.254'], // short form
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'], // IPv4-mapped
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
    ['http://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe'], // NAT64
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254'],
    ['http://169.254.170.2/v2/credentials', '169.254.170.2'],
    ['http://100.100.100.200/latest/meta-data', '100.100.100.200'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal'],
    ['http://METADATA.GOOGLE.INTERNAL./', 'metadata.google.internal'],
    ['http://metadata/', 'metadata'],
  ])('%s', (url, subject) => {
    for (const policy of [STRICT, PRIVATE, { allowPrivate: true, allowTargets: ['0.0.0.0/0', '::/0', '169.254.0.0/16', '100.64.0.0/10', 'fd00::/8'] }]) {
      const v = refusedBy(policy, url)!;
      expect(v, JSON.stringify(policy)).not.toBeNull();
      expect(v.rule).toBe('cloud-metadata');
      expect(v.subject).toBe(subject);
      expect(v.reason).toMatch(/cloud metadata .*refused even with --allow-private-targets \[rule cloud-metadata\]/);
      expect(v.nextAction).toContain(`--allow-targets ${subject}`);
    }
  });

  it('is allowed only when the operator names the address or the name alone', () => {
    expect(judgeUrl({ allowPrivate: false, allowTargets: ['169.254.169.254'] }, 'http://169.254.169.254/').ok).toBe(true);
    expect(judgeUrl({ allowPrivate: false, allowTargets: ['169.254.169.254/32'] }, 'http://[::ffff:169.254.169.254]/').ok).toBe(true);
    expect(judgeUrl({ allowPrivate: false, allowTargets: ['fd00:ec2::254/128'] }, 'http://[fd00:ec2::254]/').ok).toBe(true);
    expect(judgeUrl({ allowPrivate: false, allowTargets: ['metadata.google.internal'] }, 'http://metadata.google.internal/').ok).toBe(true);
    // Naming one metadata address opens no other.
    expect(judgeUrl({ allowPrivate: true, allowTargets: ['169.254.169.254'] }, 'http://169.254.170.2/').ok).toBe(false);
  });
});

describe('--allow-targets', () => {
  const subnet: TargetPolicy = { allowPrivate: false, allowTargets: ['127.0.0.0/8', '10.1.0.0/16', 'fd00:1::/32', 'build.internal'] };

  it('opens the ranges it names and no other private range', () => {
    expect(judgeUrl(subnet, 'http://127.0.0.1:8080/').ok).toBe(true);
    expect(judgeUrl(subnet, 'http://[::ffff:127.0.0.1]/').ok).toBe(true);
    expect(judgeUrl(subnet, 'http://10.1.200.3/').ok).toBe(true);
    expect(judgeUrl(subnet, 'http://[fd00:1:ffff::9]/').ok).toBe(true);
    expect(judgeUrl(subnet, 'http://build.internal/').ok).toBe(true);
    expect(refusedBy(subnet, 'http://10.2.0.1/')?.rule).toBe('private');
    expect(refusedBy(subnet, 'http://[fd00:2::1]/')?.rule).toBe('unique-local');
    expect(refusedBy(subnet, 'http://192.168.0.1/')?.nextAction).toContain('--allow-targets 192.168.0.1');
    expect(judgeUrl(subnet, 'https://example.com/').ok).toBe(true);
  });

  it('leaves names to their addresses once a range is allowed', () => {
    expect(judgeHost(subnet, 'localhost').ok).toBe(true);
    expect(judgeHost(STRICT, 'localhost').ok).toBe(false);
  });

  it('never opens svc\'s own ports on loopback', () => {
    const own: TargetPolicy = { allowPrivate: true, allowTargets: ['127.0.0.0/8'], ownPorts: [7788] };
    expect(judgeAddress(own, '127.0.0.1', 7788)).toMatchObject({ ok: false, rule: 'own-service' });
    expect(judgeAddress(own, '0.0.0.0', 7788)).toMatchObject({ ok: false, rule: 'own-service' });
    expect(judgeAddress(own, '127.0.0.1', 7789).ok).toBe(true);
  });

  it.each([
    ['10.0.0.0/8', true],
    ['10.0.0.1', true],
    ['fd00::/8', true],
    ['::ffff:10.0.0.0/104', true],
    ['build.example.com', true],
    ['10.0.0.0/33', false],
    ['10.0.0/8', false],
    ['fd00::/129', false],
    ['http://10.0.0.1/', false],
    ['10.0.0.0/8/1', false],
    ['bad host', false],
  ])('parses %s: %s', (item, ok) => {
    if (ok) expect(parseAllowTargets(item)).toEqual([item]);
    else expect(() => parseAllowTargets(item)).toThrow(/neither a CIDR range/);
  });

  it('matches CIDR ranges bit by bit', () => {
    const c = parseCidr('172.16.0.0/12')!;
    expect(cidrContains(c, [172, 31, 255, 255])).toBe(true);
    expect(cidrContains(c, [172, 32, 0, 0])).toBe(false);
    expect(cidrContains(parseCidr('::ffff:10.0.0.0/104')!, [10, 9, 9, 9])).toBe(true);
    expect(cidrContains(parseCidr('0.0.0.0/0')!, [1, 2, 3, 4])).toBe(true);
    expect(cidrContains(parseCidr('fe80::/10')!, [0xfe, 0xbf, ...Array(14).fill(0)])).toBe(true);
    expect(cidrContains(parseCidr('fe80::/10')!, [0xfe, 0xc0, ...Array(14).fill(0)])).toBe(false);
  });
});

describe('after DNS resolution (server and engine)', () => {
  const table: Record<string, string[]> = {
    'public.test': ['93.184.216.34'],
    'sneaky.test': ['93.184.216.34', '10.0.0.5'],
    'meta.test': ['169.254.169.254'],
    'mapped-meta.test': ['::ffff:169.254.169.254'],
    'v6.test': ['::1'],
    'lab.test': ['10.1.2.3'],
  };
  const lookup = async (host: string) => {
    if (!table[host]) throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
    return table[host]!;
  };

  it('accepts a host whose every address is allowed', async () => {
    await expect(assertTargetUrl(STRICT, 'https://public.test/app', 'url', { lookup })).resolves.toBe('https://public.test/app');
    await expect(assertTargetUrl({ allowPrivate: false, allowTargets: ['10.1.0.0/16'] }, 'https://lab.test/', 'url', { lookup })).resolves.toBe('https://lab.test/');
  });

  it.each([
    [STRICT, 'https://sneaky.test/', /resolves to 10\.0\.0\.5, a private address/, /--allow-private-targets/],
    [STRICT, 'https://meta.test/', /cloud metadata/, /--allow-targets 169\.254\.169\.254/],
    [PRIVATE, 'https://meta.test/', /resolves to 169\.254\.169\.254, a cloud metadata address/, /--allow-targets 169\.254\.169\.254/],
    [PRIVATE, 'https://mapped-meta.test/', /cloud metadata/, /--allow-targets/],
    [STRICT, 'https://v6.test/', /loopback/, /--allow-private-targets/],
    [STRICT, 'https://nowhere.test/', /cannot resolve host 'nowhere.test' \(ENOTFOUND\)/, /resolve/],
    [STRICT, 'http://localhost/', /localhost/, /--allow-private-targets/],
    [{ allowPrivate: false, allowTargets: ['10.1.0.0/16'] } as TargetPolicy, 'https://sneaky.test/', /10\.0\.0\.5/, /--allow-targets 10\.0\.0\.5/],
  ])('refuses %j %s with a 400 naming the rule and the flag', async (policy, url, why, next) => {
    const err = await assertTargetUrl(policy, url, 'url', { lookup }).catch((e) => e);
    expect(err).toBeInstanceOf(SvcError);
    expect(err.status).toBe(400);
    expect(err.exitCode).toBe(5);
    expect(err.message).toMatch(/^url: /);
    expect(err.message).toMatch(why);
    expect(err.message).toMatch(/\[rule [a-z-]+\]$/);
    expect(err.nextAction).toMatch(next);
  });

  it('a name the operator listed is trusted as it resolves', async () => {
    const v = await checkTargetUrl({ allowPrivate: false, allowTargets: ['meta.test'] }, 'http://meta.test/', { lookup });
    expect(v.ok).toBe(true);
  });

  it('decides one connection and hands back the address it checked', async () => {
    expect(await decideDestination(STRICT, 'public.test', 443, { lookup })).toMatchObject({ allowed: true, address: '93.184.216.34' });
    expect(await decideDestination(PRIVATE, 'meta.test', 80, { lookup })).toMatchObject({ allowed: false, reason: expect.stringMatching(/meta\.test resolves to 169\.254\.169\.254, a cloud metadata address/) });
    expect(await decideDestination(PRIVATE, '[::ffff:169.254.169.254]', 80, { lookup })).toMatchObject({ allowed: false });
    expect(await decideDestination({ allowPrivate: true, ownPorts: [9] }, '127.0.0.1', 9, { lookup })).toMatchObject({ allowed: false, reason: expect.stringMatching(/own service/) });
  });
});

describe('guardedFetch connects only where the policy allows', () => {
  let server: net.Server;
  let port = 0;
  beforeAll(async () => {
    server = net.createServer((s) => s.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => server.close());

  it('reaches an allowed loopback target and refuses the same under another policy', async () => {
    const res = await guardedFetch({ allowPrivate: false, allowTargets: ['127.0.0.1'] })(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('ok');
    const refused = await guardedFetch({ allowPrivate: false, allowTargets: ['10.0.0.0/8'] })(`http://127.0.0.1:${port}/`).catch((e) => e);
    expect(String(refused.cause?.message ?? refused)).toMatch(/refused by the target policy: 127\.0\.0\.1 is a loopback address/);
    const own = await guardedFetch({ allowPrivate: true, ownPorts: [port] })(`http://localhost:${port}/`).catch((e) => e);
    expect(String(own.cause?.message ?? own)).toMatch(/own service/);
  });
});
