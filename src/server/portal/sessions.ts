import { randomBytes } from 'node:crypto';
import { sha256 } from '../../util/ids.js';

/**
 * Portal sign-in sessions, held in memory: the cookie carries only an opaque random id, the map is
 * keyed by its hash (a heap dump shows no usable cookie), and the API key itself is never kept.
 * A server restart signs everyone out, which is acceptable for a portal that signs in with a key.
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
/** Bound on live sessions so that a flood of sign-ins cannot grow memory without limit. */
const MAX_SESSIONS = 10_000;

export class SessionStore {
  private readonly byHash = new Map<string, PortalSession>();

  constructor(private readonly ttlMs = SESSION_TTL_MS, private readonly now: () => number = Date.now) {}

  /** Creates a session and returns the cookie value (shown to the browser once). */
  create(s: Omit<PortalSession, 'createdAt' | 'expiresAt'>): { id: string; session: PortalSession } {
    this.sweep();
    if (this.byHash.size >= MAX_SESSIONS) {
      // Drop the oldest (Map keeps insertion order) rather than refuse a sign-in.
      const first = this.byHash.keys().next().value;
      if (first !== undefined) this.byHash.delete(first);
    }
    const id = randomBytes(32).toString('base64url');
    const t = this.now();
    const session = { ...s, createdAt: t, expiresAt: t + this.ttlMs };
    this.byHash.set(sha256(id), session);
    return { id, session };
  }

  get(id: string | undefined): PortalSession | undefined {
    if (!id || !/^[A-Za-z0-9_-]{20,100}$/.test(id)) return undefined;
    const h = sha256(id);
    const s = this.byHash.get(h);
    if (!s) return undefined;
    if (s.expiresAt <= this.now()) {
      this.byHash.delete(h);
      return undefined;
    }
    return s;
  }

  delete(id: string | undefined): void {
    if (id) this.byHash.delete(sha256(id));
  }

  /** Ends every session made with a key (used when the key turns out revoked). */
  deleteByKey(keyId: string): void {
    for (const [h, s] of this.byHash) if (s.keyId === keyId) this.byHash.delete(h);
  }

  get size(): number {
    return this.byHash.size;
  }

  private sweep(): void {
    const t = this.now();
    for (const [h, s] of this.byHash) if (s.expiresAt <= t) this.byHash.delete(h);
  }
}
