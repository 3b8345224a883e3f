import { randomBytes } from 'node:crypto';
import { prepared } from '../../store/prepared.js';
import type { Db } from '../../store/schema.js';
import { sha256 } from '../../util/ids.js';

/**
 * Portal sign-in sessions, kept in the store's database (SQLite embedded, PostgreSQL for
 * scale-out) so that a restart signs no one out and every API process knows every session. The
 * cookie carries only an opaque random id; the table is keyed by its hash (a copy of the database
 * holds no usable cookie), and the API key itself is never kept.
 */
export interface PortalSession {
  userId: string;
  keyId: string;
  userName: string;
  createdAt: number;
  expiresAt: number;
}

export const SESSION_COOKIE = 'svc_portal';
/** Absolute lifetime: a session never outlives this, however active. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Bound on live sessions per key, so that a flood of sign-ins cannot grow the table without limit. */
const MAX_PER_KEY = 1000;

/** Epoch milliseconds as fixed-width text: compared as strings, they order as numbers in both dialects. */
const stamp = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(15, '0');

const byHash = prepared((db: Db, hash: string) => db.selectFrom('portal_sessions').selectAll().where('id_hash', '=', hash));

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs = SESSION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a session and returns the cookie value (shown to the browser once). */
  async create(s: Omit<PortalSession, 'createdAt' | 'expiresAt'>): Promise<{ id: string; session: PortalSession }> {
    const t = this.now();
    await this.db.deleteFrom('portal_sessions').where('expires_at', '<=', stamp(t)).execute();
    const id = randomBytes(32).toString('base64url');
    const session = { ...s, createdAt: t, expiresAt: t + this.ttlMs };
    await this.db
      .insertInto('portal_sessions')
      .values({ id_hash: sha256(id), user_id: s.userId, key_id: s.keyId, user_name: s.userName, created_at: stamp(t), expires_at: stamp(session.expiresAt) })
      .execute();
    // Over the bound, the key's oldest sessions go rather than the sign-in being refused.
    const cut = await this.db.selectFrom('portal_sessions').select('created_at').where('key_id', '=', s.keyId).orderBy('created_at', 'desc').limit(1).offset(MAX_PER_KEY).executeTakeFirst();
    if (cut) await this.db.deleteFrom('portal_sessions').where('key_id', '=', s.keyId).where('created_at', '<=', cut.created_at).where('id_hash', '!=', sha256(id)).execute();
    return { id, session };
  }

  async get(id: string | undefined): Promise<PortalSession | undefined> {
    if (!id || !/^[A-Za-z0-9_-]{20,100}$/.test(id)) return undefined;
    const h = sha256(id);
    const [row] = await byHash(this.db, h);
    if (!row) return undefined;
    const s = { userId: row.user_id, keyId: row.key_id, userName: row.user_name, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
    if (s.expiresAt <= this.now()) {
      await this.db.deleteFrom('portal_sessions').where('id_hash', '=', h).execute();
      return undefined;
    }
    return s;
  }

  async delete(id: string | undefined): Promise<void> {
    if (id) await this.db.deleteFrom('portal_sessions').where('id_hash', '=', sha256(id)).execute();
  }

  /** Ends every session made with a key (used when the key turns out revoked). */
  async deleteByKey(keyId: string): Promise<void> {
    await this.db.deleteFrom('portal_sessions').where('key_id', '=', keyId).execute();
  }

  /** Sessions not yet expired. */
  async size(): Promise<number> {
    const r = await this.db.selectFrom('portal_sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('expires_at', '>', stamp(this.now())).executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}
