/** Maintenance that one process at a time does (retention's prune): a lease and its last outcome. */
export interface MaintenanceLeasesTable {
  /** e.g. prune */
  name: string;
  /** Who holds the lease (process and a random id), null when released. */
  holder: string | null;
  lease_until: string | null;
  last_finished_at: string | null;
  /** JSON: what the last pass pruned (counts). */
  last_summary: string | null;
}

export interface RetentionTables {
  maintenance_leases: MaintenanceLeasesTable;
}
