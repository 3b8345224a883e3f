/**
 * Runs (SPEC.md 2.3, 2.4, 3). A batch is one trigger: a single test with its dependency closure,
 * or `--all`. Each test execution in it is a run. Calls, steps, variables, cleanup records and
 * chains belong to a batch (and a run where they come from one test).
 */
export interface BatchesTable {
  id: string;
  user_id: string;
  key_id: string;
  project_id: string;
  /** single | all | rerun | flaky */
  kind: string;
  status: string;
  /** tests | cleanup | done: where a running batch is. */
  phase: string;
  source: string;
  /** JSON: trigger options (targetUrl, filter, skipDependencies, …). */
  options: string;
  /** JSON: the assembled plan: waves, roles, chosen producers. */
  plan: string;
  /** JSON: counts and the cleanup summary, filled at the end. */
  summary: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface RunsTable {
  id: string;
  batch_id: string;
  user_id: string;
  project_id: string;
  test_id: string;
  test_name: string;
  test_type: string;
  /** selected | producer | consumer | teardown | member */
  role: string;
  wave: number;
  /** queued | running | passed | failed | blocked | cancelled */
  status: string;
  /** The test's own outcome, known before cleanup ends (status turns terminal after cleanup). */
  verdict: string | null;
  source: string;
  target_url: string | null;
  code_version: number | null;
  /** The code or plan as it was at run time (JSON for plans). */
  snapshot: string | null;
  reason: string | null;
  /** JSON {kind, message, exceptionType?, line?} */
  failure: string | null;
  produced: string | null;
  consumed: string | null;
  api_output: string | null;
  trace: string | null;
  /** JSON array of assertion records. */
  assertions: string | null;
  analysis: string | null;
  /** JSON: anything else a runner reports (frontend artifacts, failed step, heal records). */
  extra: string | null;
  replay: number;
  credits: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface RunCallsTable {
  id: string;
  batch_id: string;
  run_id: string | null;
  /** test | cleanup | auth | probe */
  origin: string;
  seq: number;
  method: string;
  url: string;
  path: string;
  request_headers: string;
  request_body: string | null;
  status: number | null;
  response_headers: string;
  response_body: string | null;
  latency_ms: number;
  started_at: string;
  error: string | null;
}

export interface RunStepsTable {
  id: string;
  run_id: string;
  idx: number;
  /** http | assertion | action | check */
  kind: string;
  description: string;
  status: string;
  duration_ms: number;
  started_at: string;
  error: string | null;
  /** JSON: call id, locator, screenshot, heal. */
  detail: string | null;
}

export interface VariablesTable {
  batch_id: string;
  project_id: string;
  name: string;
  value: string;
  producer_test_id: string;
  producer_run_id: string;
  consumers: string;
  /** The resource handle path this value identifies, when it is one (cleanup-relevant). */
  handle: string | null;
  /** Set when cleanup deleted the resource: the value is gone for skip-dependencies reruns. */
  deleted_by: string | null;
  created_at: string;
}

export interface CleanupRecordsTable {
  id: string;
  batch_id: string;
  project_id: string;
  resource_url: string;
  resource_path: string;
  resource_id: string;
  resource_type: string;
  /** e.g. POST /users */
  source_endpoint: string;
  /** e.g. DELETE /users/{id}; null when none is known */
  delete_endpoint: string | null;
  parent_path: string | null;
  depth: number;
  /** pending | deleted | already-gone | failed | orphaned | deleted-by-test | excluded */
  status: string;
  response_status: number | null;
  response_body: string | null;
  attempts: number;
  /** Batch that created the resource (differs for records retained from an earlier run). */
  origin_batch_id: string;
  created_at: string;
  finished_at: string | null;
}

export interface ChainsTable {
  id: string;
  batch_id: string;
  name: string;
  /** JSON: steps [{testId, testName, runId, status, produces, needs}], captures, stats */
  body: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  ref_id: string;
  /** queued | running | done */
  status: string;
  attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface RunTables {
  batches: BatchesTable;
  runs: RunsTable;
  run_calls: RunCallsTable;
  run_steps: RunStepsTable;
  variables: VariablesTable;
  cleanup_records: CleanupRecordsTable;
  chains: ChainsTable;
  jobs: JobsTable;
}
