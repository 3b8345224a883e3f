import type { Op } from './op.js';
import { authStatus } from './auth-status.js';
import { usageGet } from './usage-get.js';
import { doctor } from './doctor.js';
import { setup } from './setup.js';
import { projectList } from './project-list.js';
import { projectGet } from './project-get.js';
import { projectCreate } from './project-create.js';
import { projectUpdate } from './project-update.js';
import { projectDelete } from './project-delete.js';
import { projectCredential } from './project-credential.js';
import { projectAutoAuth } from './project-auto-auth.js';
import { testList } from './test-list.js';
import { testGet } from './test-get.js';
import { testCreate } from './test-create.js';
import { testCreateBatch } from './test-create-batch.js';
import { testUpdate } from './test-update.js';
import { testDelete } from './test-delete.js';
import { testDeleteBatch } from './test-delete-batch.js';
import { testCodeGet } from './test-code-get.js';
import { testCodePut } from './test-code-put.js';
import { testPlanPut } from './test-plan-put.js';
import { testScaffold } from './test-scaffold.js';
import { testLint } from './test-lint.js';
import { agentInstall } from './agent-install.js';
import { agentList } from './agent-list.js';
import { agentStatus } from './agent-status.js';
import { testRun } from './test-run.js';
import { testWait } from './test-wait.js';
import { testCancel } from './test-cancel.js';
import { testRerun } from './test-rerun.js';
import { testResult } from './test-result.js';
import { testHistory } from './test-history.js';
import { testSteps } from './test-steps.js';
import { testDiff } from './test-diff.js';
import { testFlaky } from './test-flaky.js';
import { testFailureSummary } from './test-failure-summary.js';
import { testTriage } from './test-triage.js';
import { testCleanupDismiss } from './test-cleanup-dismiss.js';
import { testAsk } from './test-ask.js';
import { testFailureGet } from './test-failure-get.js';
import { testArtifactGet } from './test-artifact-get.js';
import { projectPrdPut } from './project-prd-put.js';
import { projectFeatures } from './project-features.js';
import { projectFeaturesExtract } from './project-features-extract.js';
import { projectDocsPut } from './project-docs-put.js';
import { projectDiscover } from './project-discover.js';
import { projectEndpoints } from './project-endpoints.js';
import { projectEndpointsEdit } from './project-endpoints-edit.js';
import { projectExplore } from './project-explore.js';
import { projectExploration } from './project-exploration.js';
import { planGenerate } from './plan-generate.js';
import { planList } from './plan-list.js';
import { planEdit } from './plan-edit.js';
import { planSelect } from './plan-select.js';
import { planAccept } from './plan-accept.js';
import { projectScheduleGet } from './project-schedule-get.js';
import { projectScheduleSet } from './project-schedule-set.js';
import { projectScheduleDisable } from './project-schedule-disable.js';
import { projectFilesPut } from './project-files-put.js';
import { projectFilesList } from './project-files-list.js';
import { projectFilesRemove } from './project-files-remove.js';

/**
 * Every op. The MCP server registers a tool for each one with `mcp !== false`; a unit test checks
 * each op's dry-run sample against its output schema. Add new ops here.
 */
export const OPS: Op[] = [
  authStatus, usageGet, doctor, setup,
  projectList, projectGet, projectCreate, projectUpdate, projectDelete, projectCredential, projectAutoAuth,
  testList, testGet, testCreate, testCreateBatch, testUpdate, testDelete, testDeleteBatch,
  testCodeGet, testCodePut, testPlanPut, testScaffold, testLint,
  testRun, testWait, testCancel, testRerun,
  testResult, testHistory, testSteps, testDiff, testFlaky, testFailureSummary, testFailureGet, testArtifactGet, testTriage, testCleanupDismiss, testAsk,
  agentInstall, agentList, agentStatus,
  projectPrdPut, projectFeatures, projectFeaturesExtract, projectDocsPut, projectDiscover, projectEndpoints, projectEndpointsEdit,
  projectExplore, projectExploration, planGenerate, planList, planEdit, planSelect, planAccept,
  projectScheduleGet, projectScheduleSet, projectScheduleDisable,
  projectFilesPut, projectFilesList, projectFilesRemove,
] as unknown as Op[];
