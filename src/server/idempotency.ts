import { SvcError } from '../contract/errors.js';
import { IdempotencyKey } from '../contract/common.js';
import { nowIso, sha256 } from '../util/ids.js';
import type { Db } from '../store/schema.js';

export interface Replay {
  status: number;
  body: unknown;
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export function bodyHash(params: unknown, body: unknown): string {
  return sha256(stable({ params, body }));
}

export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const r = IdempotencyKey.safeParse(raw);
  if (!r.success) throw new SvcError('VALIDATION_ERROR', `Idempotency-Key: ${r.error.issues[0]?.message}`);
  return r.data;
}

/**
 * Same key + same body → the stored response; same key + other body → 409.
 * Keys are scoped per API key and per endpoint.
 */
export async function lookupIdempotent(db: Db, keyId: string, endpointId: string, idemKey: string, hash: string): Promise<Replay | undefined> {
  const row = await db
    .selectFrom('idempotency')
    .selectAll()
    .where('key_id', '=', keyId)
    .where('endpoint_id', '=', endpointId)
    .where('idem_key', '=', idemKey)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.body_hash !== hash) {
    throw new SvcError('CONFLICT', `idempotency key '${idemKey}' was already used with a different request body`, {
      nextAction: 'Use a new idempotency key for a different request, or resend the original body.',
    });
  }
  return { status: row.status, body: JSON.parse(row.response) };
}

export async function saveIdempotent(db: Db, keyId: string, endpointId: string, idemKey: string, hash: string, r: Replay): Promise<void> {
  await db
    .insertInto('idempotency')
    .values({ key_id: keyId, endpoint_id: endpointId, idem_key: idemKey, body_hash: hash, status: r.status, response: JSON.stringify(r.body), created_at: nowIso() })
    .onConflict((oc) => oc.columns(['key_id', 'endpoint_id', 'idem_key']).doNothing())
    .execute();
}
