import type { Command } from 'commander';
import type { Runtime } from '../runtime.js';
import { registerTestList } from './test/list.js';
import { registerTestGet } from './test/get.js';
import { registerTestCreate } from './test/create.js';
import { registerTestCreateBatch } from './test/create-batch.js';
import { registerTestScaffold } from './test/scaffold.js';
import { registerTestLint } from './test/lint.js';
import { registerTestUpdate } from './test/update.js';
import { registerTestDelete } from './test/delete.js';
import { registerTestDeleteBatch } from './test/delete-batch.js';
import { registerTestCode } from './test/code.js';
import { registerTestPlan } from './test/plan.js';
import { registerTestRun } from './test/run.js';
import { registerTestWait } from './test/wait.js';
import { registerTestCancel } from './test/cancel.js';
import { registerTestRerun } from './test/rerun.js';
import { registerTestResult } from './test/result.js';
import { registerTestSteps } from './test/steps.js';
import { registerTestDiff } from './test/diff.js';
import { registerTestFlaky } from './test/flaky.js';
import { registerTestFailure } from './test/failure.js';
import { registerTestArtifact } from './test/artifact.js';
import { registerTestTriage } from './test/triage.js';

/** Verbs in SPEC.md 4.3 order. */
const VERBS = [
  registerTestList, registerTestGet, registerTestCreate, registerTestCreateBatch, registerTestScaffold, registerTestLint,
  registerTestUpdate, registerTestDelete, registerTestDeleteBatch, registerTestRun, registerTestWait, registerTestCancel,
  registerTestRerun, registerTestCode, registerTestPlan,
  registerTestSteps, registerTestResult, registerTestDiff, registerTestFlaky, registerTestFailure, registerTestArtifact, registerTestTriage,
];

export function registerTest(program: Command, rt: Runtime): void {
  const group = program.command('test').description('tests: create, lint, list, inspect, change, delete, run and triage');
  for (const register of VERBS) register(group, rt);
}
