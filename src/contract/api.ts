import type { Endpoint } from './endpoint.js';
import { getMe } from './me.js';
import { PROJECT_ENDPOINTS } from './projects.js';
import { TEST_ENDPOINTS } from './test-endpoints.js';
import { cancelRun, getRun, rerunTests, runProject, runTest } from './runs.js';
import { dismissOrphans, getBatch, getBatchCalls } from './batches.js';
import { getRunResult, getTestResult, listTestRuns } from './results.js';
import { diffRuns, getBatchTriage, listTestSteps } from './triage.js';
import { startFlaky } from './flaky.js';
import { getRunBundle } from './bundle.js';
import { getUsage } from './usage.js';
import { askTest } from './chat.js';
import { GENERATION_ENDPOINTS } from './generation-endpoints.js';
import { SCHEDULE_ENDPOINTS } from './schedules.js';
import { PROJECT_FILE_ENDPOINTS } from './project-files.js';

/**
 * Every endpoint of the HTTP API. The server mounts routes for these, /openapi.json is generated
 * from this list, and a unit test checks that each one has a server route.
 * Add a resource's endpoints here when you add its contract file.
 */
export const ENDPOINTS: Endpoint[] = [
  getMe,
  ...PROJECT_ENDPOINTS,
  ...TEST_ENDPOINTS,
  runTest, runProject, rerunTests, getRun, cancelRun, getBatch, getBatchCalls, dismissOrphans, getBatchTriage, getRunResult, getTestResult,
  listTestRuns, listTestSteps, diffRuns, startFlaky, getRunBundle, getUsage, askTest,
  ...GENERATION_ENDPOINTS,
  ...SCHEDULE_ENDPOINTS,
  ...PROJECT_FILE_ENDPOINTS,
];
