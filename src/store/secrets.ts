import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from '../contract/errors.js';

/**
 * Encryption at rest for target-system secrets (project passwords, static credentials, auto-auth
 * secrets): AES-256-GCM, one random IV per value, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url).
 *
 * The key comes from SVC_SECRET_KEY (32 bytes as base64 or hex) — required when several servers or
 * workers share one PostgreSQL database — else from `<data dir>/secret.key`, created once with
 * mode 0600. Losing the key makes stored secrets unreadable; back it up with the database.
 */
export interface Secrets {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** Where the key came from, for logs: 'env' or the key file path. */
  readonly source: string;
}

const PREFIX = 'v1';
const cache = new Map<string, Secrets>();

export function parseSecretKey(raw: string): Buffer {
  const text = raw.trim();
  const candidates = [/^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : null, Buffer.from(text, 'base64')];
  const key = candidates.find((b) => b && b.length === 32);
  if (!key) {
    throw new SvcError('VALIDATION_ERROR', 'SVC_SECRET_KEY is malformed: it must be 32 bytes given as 64 hex characters or base64', {
      nextAction: 'Set SVC_SECRET_KEY to the output of `openssl rand -base64 32` (the same key every start), or unset it to use the data directory\'s secret.key',
    });
  }
  return key;
}

function keyFromFile(file: string): Buffer {
  if (!existsSync(file)) {
    try {
      // 'wx' fails if another process created it first; then we read theirs.
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${randomBytes(32).toString('base64')}\n`);
      closeSync(fd);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseSecretKey(readFileSync(file, 'utf8'));
}

export function createSecrets(key: Buffer, source: string): Secrets {
  return {
    source,
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [PREFIX, iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
    },
    decrypt(stored) {
      const [v, iv, tag, ct] = stored.split(':');
      if (v !== PREFIX || !iv || !tag || ct === undefined) throw new Error('stored secret has an unknown format');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
      } catch {
        throw new SvcError('INTERNAL', 'cannot decrypt a stored secret: the secret key differs from the one it was written with (SVC_SECRET_KEY or secret.key)', {
          nextAction:
            "The operator must start svc-server with the key the data was written with: the same SVC_SECRET_KEY on every process, or the data dir's secret.key (a backup made with --with-key holds it). Until then, set the project's credentials again to store them under the current key.",
        });
      }
    },
  };
}

/** The secrets of a data dir (cached per dir, so every part of one process shares a key). */
export function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Secrets {
  const fromEnv = env.SVC_SECRET_KEY;
  const cacheKey = fromEnv ? `env:${fromEnv}` : dataDir;
  let s = cache.get(cacheKey);
  if (!s) {
    const file = join(dataDir, 'secret.key');
    s = fromEnv ? createSecrets(parseSecretKey(fromEnv), 'env') : createSecrets(keyFromFile(file), file);
    cache.set(cacheKey, s);
  }
  return s;
}
