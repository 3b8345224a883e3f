/** Projects and tests (SPEC.md 2.1, 2.2). JSON columns hold text; secrets are encrypted at rest. */
export interface ProjectsTable {
  id: string;
  user_id: string;
  name: string;
  type: 'frontend' | 'backend';
  created_from: string;
  /** Frontend starting URL, or a backend project's base URL (TARGET_URL). */
  url: string | null;
  username: string | null;
  /** Encrypted (see store/secrets.ts). */
  password: string | null;
  instruction: string | null;
  /** Encrypted JSON {type, value} of the static backend credential. */
  credential: string | null;
  /** Encrypted JSON of the auto-auth configuration, including `enabled`. */
  auto_auth: string | null;
  /** JSON object of per-project settings (e.g. test id attributes). */
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface TestsTable {
  id: string;
  project_id: string;
  user_id: string;
  name: string;
  type: 'frontend' | 'backend';
  created_from: string;
  /** draft | ready | queued | running | passed | failed | blocked | cancelled | unknown */
  status: string;
  description: string | null;
  priority: string | null;
  /** JSON array of {type, description} (frontend). */
  plan_steps: string | null;
  /** Python source (backend). */
  code: string | null;
  code_version: number;
  /** JSON array of variable names (backend). */
  produces: string;
  /** JSON array of variable names (backend `--needs`). */
  consumes: string;
  category: string | null;
  /** JSON: the resolved frontend script saved after a run, replayed without planning. */
  resolved_script: string | null;
  last_run_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectTables {
  projects: ProjectsTable;
  tests: TestsTable;
}
