import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecrets, loadSecrets, parseSecretKey } from '../../src/store/secrets.js';
import { maskSecret } from '../../src/contract/project-auth.js';
import { tempDir } from '../helpers/paths.js';

describe('secrets at rest', () => {
  it('round-trips and never stores the plain text', () => {
    const s = createSecrets(randomBytes(32), 'test');
    const enc = s.encrypt('hunter2-hunter2');
    expect(enc).toMatch(/^v1:/);
    expect(enc).not.toContain('hunter2');
    expect(s.encrypt('hunter2-hunter2')).not.toBe(enc); // fresh IV each time
    expect(s.decrypt(enc)).toBe('hunter2-hunter2');
    expect(s.decrypt(s.encrypt(''))).toBe('');
  });

  it('detects tampering and a different key', () => {
    const s = createSecrets(randomBytes(32), 'a');
    const enc = s.encrypt('secret value');
    const parts = enc.split(':');
    const flipped = [...parts.slice(0, 3), Buffer.from('tampered!!').toString('base64url')].join(':');
    expect(() => s.decrypt(flipped)).toThrow(/cannot decrypt/);
    expect(() => createSecrets(randomBytes(32), 'b').decrypt(enc)).toThrow(/secret key differs/);
    expect(() => s.decrypt('garbage')).toThrow(/unknown format/);
  });

  it('creates a 0600 key file in the data dir once and reuses it', () => {
    const dir = tempDir();
    const a = loadSecrets(dir, {});
    const file = join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const before = readFileSync(file, 'utf8');
    const enc = a.encrypt('x');
    // Another process (no cache) reading the same dir gets the same key.
    expect(createSecrets(parseSecretKey(readFileSync(file, 'utf8')), 'file').decrypt(enc)).toBe('x');
    expect(loadSecrets(dir, {})).toBe(a);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('takes SVC_SECRET_KEY as hex or base64 and refuses anything else', () => {
    const key = randomBytes(32);
    const hex = loadSecrets(tempDir(), { SVC_SECRET_KEY: key.toString('hex') });
    const b64 = createSecrets(parseSecretKey(key.toString('base64')), 'b64');
    expect(b64.decrypt(hex.encrypt('shared'))).toBe('shared');
    expect(hex.source).toBe('env');
    expect(() => parseSecretKey('too-short')).toThrow(/32 bytes/);
  });

  it('masks secrets: last 4 of long ones, nothing of short ones', () => {
    expect(maskSecret('abcdefghijklmnop')).toBe('****mnop');
    expect(maskSecret('short')).toBe('****');
    expect(maskSecret('elevenchars')).toBe('****');
  });
});
