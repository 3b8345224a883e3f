import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, requireKey, requireProfile, resolveConfig } from '../../src/client/config.js';
import { readProfiles, removeProfile, setProfile } from '../../src/client/credentials.js';

function home() {
  return mkdtempSync(join(tmpdir(), 'svc-cfg-'));
}

describe('resolveConfig', () => {
  it('orders profile flag > SVC_PROFILE > default and key SVC_API_KEY > file', () => {
    const HOME = home();
    const file = join(HOME, '.svc', 'credentials');
    setProfile(file, 'default', { api_key: 'svc_default' });
    setProfile(file, 'work', { api_key: 'svc_work', api_url: 'http://w.example/api/v1' });
    expect(resolveConfig({}, { HOME })).toMatchObject({ profile: 'default', apiKey: 'svc_default', keySource: 'file', apiUrl: DEFAULT_API_URL });
    expect(resolveConfig({}, { HOME, SVC_PROFILE: 'work' })).toMatchObject({ profile: 'work', profileSource: 'env', apiKey: 'svc_work', apiUrl: 'http://w.example/api/v1' });
    expect(resolveConfig({ profile: 'default' }, { HOME, SVC_PROFILE: 'work' })).toMatchObject({ profile: 'default', profileSource: 'flag' });
    expect(resolveConfig({}, { HOME, SVC_API_KEY: 'svc_env' })).toMatchObject({ apiKey: 'svc_env', keySource: 'env' });
    expect(resolveConfig({ endpointUrl: 'http://flag.example/api/v1/' }, { HOME, SVC_API_URL: 'http://env.example' })).toMatchObject({ apiUrl: 'http://flag.example/api/v1', urlSource: 'flag' });
  });

  it('a named profile that does not exist is a validation error (exit 5)', () => {
    const cfg = resolveConfig({ profile: 'ghost' }, { HOME: home() });
    expect(() => requireProfile(cfg)).toThrow(expect.objectContaining({ exitCode: 5 }));
  });

  it('no key is an auth error (exit 3)', () => {
    expect(() => requireKey(resolveConfig({}, { HOME: home() }))).toThrow(expect.objectContaining({ exitCode: 3 }));
  });

  it('timeout: flag seconds win over SVC_REQUEST_TIMEOUT_MS; bad env is exit 5', () => {
    expect(resolveConfig({}, { HOME: home() }).requestTimeoutMs).toBe(120_000);
    expect(resolveConfig({}, { HOME: home(), SVC_REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(5000);
    expect(resolveConfig({ requestTimeout: 3 }, { HOME: home(), SVC_REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs).toBe(3000);
    expect(() => resolveConfig({}, { HOME: home(), SVC_REQUEST_TIMEOUT_MS: '0' })).toThrow(expect.objectContaining({ exitCode: 5 }));
  });

  it('rejects a non-http endpoint', () => {
    expect(() => resolveConfig({ endpointUrl: 'ftp://x' }, { HOME: home() })).toThrow(expect.objectContaining({ exitCode: 5 }));
  });
});

describe('credentials file', () => {
  it('writes atomically with 0600/0700 and keeps other profiles', () => {
    const file = join(home(), '.svc', 'credentials');
    setProfile(file, 'a', { api_key: 'k1' });
    setProfile(file, 'b', { api_key: 'k2' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(removeProfile(file, 'a')).toBe(true);
    expect(removeProfile(file, 'a')).toBe(false);
    expect(readProfiles(file)).toEqual({ b: { api_key: 'k2' } });
    expect(readFileSync(file, 'utf8')).toBe('[b]\napi_key = k2\n');
  });
});
