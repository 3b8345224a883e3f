import { randomBytes } from 'node:crypto';
import { SCOPES, type Scope } from '../../contract/endpoint.js';
import { newId, nowIso, sha256 } from '../../util/ids.js';
import { parseJson } from '../db.js';
import { prepared } from '../prepared.js';
import type { Db } from '../schema.js';

export interface KeyRecord {
  keyId: string;
  userId: string;
  userName: string;
  email: string | null;
  name: string;
  prefix: string;
  scopes: Scope[];
  credits: number | null;
  creditsPerRun: number | null;
  subPlan: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreateKeyInput {
  name: string;
  email?: string;
  scopes?: Scope[];
  credits?: number;
  creditsPerRun?: number;
  subPlan?: string;
}

export const KEY_PATTERN = /^svc_[A-Za-z0-9_-]{20,200}$/;

/** Creates a key (and its owner, found by email) and returns the key text once; only its hash is kept. */
export async function createKey(db: Db, input: CreateKeyInput): Promise<{ key: string; record: KeyRecord }> {
  const scopes = input.scopes ?? [...SCOPES];
  const key = `svc_${randomBytes(24).toString('base64url')}`;
  const now = nowIso();
  const keyId = newId('key');
  let userId: string | undefined;
  if (input.email) {
    const u = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
    userId = u?.id;
  }
  await db.transaction().execute(async (trx) => {
    if (!userId) {
      userId = newId('usr');
      await trx.insertInto('users').values({ id: userId, name: input.name, email: input.email ?? null, created_at: now }).execute();
    }
    await trx
      .insertInto('api_keys')
      .values({
        id: keyId,
        user_id: userId,
        name: input.name,
        key_hash: sha256(key),
        key_prefix: key.slice(0, 10),
        scopes: JSON.stringify(scopes),
        credits: input.credits ?? null,
        credits_per_run: input.creditsPerRun ?? null,
        sub_plan: input.subPlan ?? null,
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
  });
  const record = await getKey(db, keyId);
  return { key, record: record! };
}

function baseQuery(db: Db) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as keyId',
      'api_keys.user_id as userId',
      'users.name as userName',
      'users.email as email',
      'api_keys.name as name',
      'api_keys.key_prefix as prefix',
      'api_keys.scopes as scopes',
      'api_keys.credits as credits',
      'api_keys.credits_per_run as creditsPerRun',
      'api_keys.sub_plan as subPlan',
      'api_keys.created_at as createdAt',
      'api_keys.last_used_at as lastUsedAt',
      'api_keys.revoked_at as revokedAt',
    ]);
}

type Row = Omit<KeyRecord, 'scopes'> & { scopes: string };
const toRecord = (r: Row): KeyRecord => ({ ...r, scopes: parseJson<Scope[]>(r.scopes, []) });

export async function getKey(db: Db, keyId: string): Promise<KeyRecord | undefined> {
  const r = await baseQuery(db).where('api_keys.id', '=', keyId).executeTakeFirst();
  return r ? toRecord(r as Row) : undefined;
}

const activeKeyByHash = prepared((db, hash: string) => baseQuery(db).where('api_keys.key_hash', '=', hash).where('api_keys.revoked_at', 'is', null));

/** The active (not revoked) key whose hash matches, or undefined. */
export async function findActiveKey(db: Db, key: string): Promise<KeyRecord | undefined> {
  const [r] = await activeKeyByHash(db, sha256(key));
  return r ? toRecord(r as Row) : undefined;
}

export async function listKeys(db: Db): Promise<KeyRecord[]> {
  const rows = await baseQuery(db).orderBy('api_keys.created_at').orderBy('api_keys.id').execute();
  return rows.map((r) => toRecord(r as Row));
}

export async function revokeKey(db: Db, keyId: string): Promise<KeyRecord | undefined> {
  await db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null).execute();
  return getKey(db, keyId);
}

export async function touchKey(db: Db, keyId: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: nowIso() }).where('id', '=', keyId).execute();
}
