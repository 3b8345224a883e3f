import { describe, expect, it } from 'vitest';
import { checkTargetUrl, privateAddressReason, privateHostReason } from '../../src/contract/url-policy.js';
import { assertTargetUrl } from '../../src/server/target-url.js';
import { SvcError } from '../../src/contract/errors.js';

describe('target URL policy (pure)', () => {
  it.each([
    ['http://localhost:3000/', /localhost/],
    ['http://app.localhost/', /localhost/],
    ['http://LOCALHOST./', /localhost/],
    ['http://127.0.0.1/', /loopback/],
    ['http://127.8.9.10:8080/x', /loopback/],
    ['http://2130706433/', /loopback/], // decimal form of 127.0.0.1
    ['http://0x7f.1/', /loopback/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://10.1.2.3/', /private/],
    ['http://172.16.0.1/', /private/],
    ['http://172.31.255.255/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://100.64.0.1/', /carrier-grade/],
    ['http://169.254.169.254/latest/meta-data', /metadata/],
    ['http://169.254.10.10/', /link-local/],
    ['http://metadata.google.internal/', /internal/],
    ['http://[::1]/', /loopback/],
    ['http://[::]/', /unspecified/],
    ['http://[fc00::1]/', /unique local/],
    ['http://[fd12:3456::1]/', /unique local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://[::ffff:10.0.0.1]/', /private/],
    ['http://[64:ff9b::a9fe:a9fe]/', /metadata/],
    ['http://[ff02::1]/', /multicast/],
  ])('refuses %s', (url, why) => {
    const v = checkTargetUrl(url);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toMatch(why);
  });

  it.each(['https://example.com/', 'http://93.184.216.34:8080/path', 'https://[2606:4700::1111]/', 'http://172.32.0.1/', 'http://192.169.0.1/', 'https://api.example.com/v1'])(
    'accepts public %s',
    (url) => expect(checkTargetUrl(url).ok).toBe(true),
  );

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'example.com'])('refuses non-http(s) or invalid %s', (url) => {
    expect(checkTargetUrl(url, { allowPrivate: true }).ok).toBe(false);
  });

  it('allowPrivate keeps only the syntax rules', () => {
    expect(checkTargetUrl('http://127.0.0.1:9/', { allowPrivate: true }).ok).toBe(true);
    expect(checkTargetUrl('http://localhost/', { allowPrivate: true }).ok).toBe(true);
  });

  it('says nothing about ordinary host names', () => {
    expect(privateHostReason('example.com')).toBeNull();
    expect(privateAddressReason('not-an-ip')).toBeNull();
    expect(privateAddressReason('1:2:3')).toBeNull();
  });
});

describe('server target check after DNS resolution', () => {
  const lookup = (table: Record<string, string[]>) => async (host: string) => {
    if (!table[host]) throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
    return table[host]!;
  };
  const dns = lookup({ 'public.test': ['93.184.216.34'], 'sneaky.test': ['93.184.216.34', '10.0.0.5'], 'meta.test': ['169.254.169.254'], 'v6.test': ['::1'] });

  it('accepts a host whose every address is public', async () => {
    await expect(assertTargetUrl('https://public.test/app', 'url', { allowPrivate: false, lookup: dns })).resolves.toBe('https://public.test/app');
  });

  it.each([
    ['https://sneaky.test/', /resolves to 10\.0\.0\.5, a private address/],
    ['https://meta.test/', /cloud metadata/],
    ['https://v6.test/', /loopback/],
    ['https://nowhere.test/', /cannot resolve host 'nowhere.test' \(ENOTFOUND\)/],
    ['http://localhost/', /localhost/],
  ])('refuses %s with a 400 naming the reason', async (url, why) => {
    const err = await assertTargetUrl(url, 'url', { allowPrivate: false, lookup: dns }).catch((e) => e);
    expect(err).toBeInstanceOf(SvcError);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(why);
    expect(err.nextAction).toMatch(/--allow-private-targets/);
  });

  it('skips resolution when the operator allows private targets', async () => {
    const never = async () => {
      throw new Error('must not resolve');
    };
    await expect(assertTargetUrl('http://10.0.0.5:8080/', 'url', { allowPrivate: true, lookup: never })).resolves.toBe('http://10.0.0.5:8080/');
  });
});
