/** Tables of the service core: owners, API keys, idempotency records, the usage ledger. */
export interface UsersTable {
  id: string;
  name: string;
  email: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** sha256 of the key; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, shown by `keys list` so an operator can tell keys apart. */
  key_prefix: string;
  scopes: string; // JSON array
  credits: number | null;
  credits_per_run: number | null;
  sub_plan: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface IdempotencyTable {
  key_id: string;
  endpoint_id: string;
  idem_key: string;
  body_hash: string;
  status: number;
  response: string; // JSON
  created_at: string;
}

export interface UsageTable {
  id: string;
  key_id: string;
  user_id: string;
  kind: string; // run | replay | refund
  run_id: string | null;
  credits: number;
  created_at: string;
}

/** A portal sign-in: only the hash of the cookie's random id is kept, never the id or the API key. */
export interface PortalSessionsTable {
  id_hash: string;
  user_id: string;
  key_id: string;
  user_name: string;
  /** Epoch milliseconds, as text of fixed width so that both dialects compare them as strings. */
  created_at: string;
  expires_at: string;
}

export interface CoreTables {
  users: UsersTable;
  portal_sessions: PortalSessionsTable;
  api_keys: ApiKeysTable;
  idempotency: IdempotencyTable;
  usage: UsageTable;
}
