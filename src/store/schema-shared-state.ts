/** A key's triggers in one fixed window (rate-limit.ts): shared by every API process on the database. */
export interface RateLimitsTable {
  key_id: string;
  /** ISO time the one-minute window starts. */
  window_start: string;
  count: number;
}

export interface SharedStateTables {
  rate_limits: RateLimitsTable;
}
