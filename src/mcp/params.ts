/**
 * What each tool parameter means, for parameters whose schema carries no description of its own.
 * Keyed by parameter name; `tool:param` (op name) where the same name means something else.
 * The MCP tool surface test fails when a parameter has neither.
 */
export const PARAM_DOCS: Record<string, string> = {
  projectId: 'Project id (prj_…), from svc_project_list or svc_project_create',
  testId: 'Test id (tst_…), from svc_test_list or svc_test_create',
  runId: 'Run id (run_…), from svc_test_run, svc_test_history or a run table',
  runIds: 'Run ids (run_…) to act on',
  runIdA: 'The earlier run (run_…)',
  runIdB: 'The later run (run_…)',
  batchId: 'Batch id (bat_…), from svc_test_run with all: true',
  testIds: 'Test ids (tst_…)',
  caseId: 'Plan case id, from svc_plan_list',
  caseIds: 'Plan case ids, from svc_plan_list',
  idempotencyKey: 'Any 1-256 characters; a retry with the same key returns the first result instead of acting twice',
  type: 'frontend (a web app in a real browser) or backend (an HTTP API)',
  name: 'Display name',
  url: 'Frontend: the page to start from. Backend: the API base URL',
  username: 'Account the tests sign in with',
  password: 'Password of that account (stored encrypted, returned masked)',
  instruction: 'Free-text guidance for generation (what to focus on, what to avoid)',
  confirm: 'Must be true: the deletion cannot be undone',
  category: 'Plan category: backend functional, auth, error, boundary or security; frontend exploration, prd or description',
  status: 'Statuses to match: draft, ready, queued, running, passed, failed, blocked, cancelled, unknown',
  description: 'What the test checks, in a sentence or two',
  priority: 'P0 (critical) to P3 (minor)',
  all: 'Act on every test of the project (needs projectId)',
  maxConcurrency: 'Runs polled at once, 1-100',
  wait: 'Return only when finished (cleanup included) or the timeout passes',
  timeout: 'Seconds to wait, 1-3600',
  credential: 'The secret itself: a bearer token, an API key, or user:password for basic',
  createdFrom: 'Where the test was authored: portal, mcp or cli',
  specs: 'Tests to create, each with the fields of svc_test_create',
  produces: 'Variables this test exports for later tests (backend chains)',
  consumes: 'Variables this test reads from earlier tests (backend chains)',
  code: 'The full test code: Python for backend tests, a JSON plan for frontend tests',
  planSteps: 'Frontend plan steps in plain English, one action or check each',
  includeAnalysis: 'Add the failure analysis (kind, fix target, hypothesis) when the run failed',
  source: 'Only runs triggered from this surface: cli, portal, mcp, schedule or github_action',
  pageSize: 'Items per page',
  cursor: 'nextCursor of a previous page',
  startingToken: 'nextToken of a previous page',
  skipDependencies: 'Run the tests alone, with the values kept from the previous run, instead of their dependency closure',
  encoding: 'utf8 for text and Markdown, base64 for PDF',
  selected: 'true to select the cases for plan accept, false to leave them out',
  path: 'Path template with {param} placeholders',
  'project.credential:type': "Credential kind: public (no credential), 'Bearer token', 'API key' or 'basic token'",
  // project.endpoints-edit
  'project.endpoints-edit:method': 'HTTP method (with op add or update)',
  // test.lint
  planFrom: 'Path of a plan file to check (relative to the working directory)',
  planFromDir: 'Directory of plan files to check',
  plans: 'Path of a JSONL file, one plan per line',
  steps: 'Path of a plan-steps file',
  codeFile: 'Path of a backend Python test file to check',
};

export function paramDoc(opName: string, param: string): string | undefined {
  return PARAM_DOCS[`${opName}:${param}`] ?? PARAM_DOCS[param];
}
