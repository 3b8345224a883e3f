import { createHash, randomBytes, randomUUID } from 'node:crypto';

let lastMs = 0;

/**
 * Prefixed opaque ids, sortable by creation time: prj_<time36><random>. The time part is strictly
 * increasing within a process, so ids made in the same millisecond still sort in creation order.
 */
// Random bytes drawn 3 KB at a time: one call into the system's generator per 512 ids, where a
// batch makes several ids for every test it runs.
let pool = Buffer.alloc(0);
let used = 0;

export function newId(prefix: string): string {
  lastMs = Math.max(Date.now(), lastMs + 1);
  const t = lastMs.toString(36).padStart(9, '0');
  if (used + 6 > pool.length) {
    pool = randomBytes(6 * 512);
    used = 0;
  }
  used += 6;
  return `${prefix}_${t}${pool.toString('hex', used - 6, used)}`;
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
