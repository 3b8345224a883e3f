import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Prefixed opaque ids, sortable by creation time: prj_<time36><random>. */
export function newId(prefix: string): string {
  const t = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${t}${randomBytes(6).toString('hex')}`;
}

export function uuid(): string {
  return randomUUID();
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

export function nowIso(): string {
  return new Date().toISOString();
}
