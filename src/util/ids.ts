import { createHash, randomBytes, randomUUID } from 'node:crypto';

let lastMs = 0;

/**
 * Prefixed opaque ids, sortable by creation time: prj_<time36><random>. The time part is strictly
 * increasing within a process, so ids made in the same millisecond still sort in creation order.
 */
export function newId(prefix: string): string {
  lastMs = Math.max(Date.now(), lastMs + 1);
  const t = lastMs.toString(36).padStart(9, '0');
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
