import type { Command } from 'commander';
import { registerVerbs, type Verb } from '../lazy.js';
import type { Runtime } from '../runtime.js';

/** Verbs in SPEC.md 4.3 order. */
const VERBS: Verb[] = [
  { names: ['list'], load: async () => (await import('./test/list.js')).registerTestList },
  { names: ['get'], load: async () => (await import('./test/get.js')).registerTestGet },
  { names: ['create'], load: async () => (await import('./test/create.js')).registerTestCreate },
  { names: ['create-batch'], load: async () => (await import('./test/create-batch.js')).registerTestCreateBatch },
  { names: ['scaffold'], load: async () => (await import('./test/scaffold.js')).registerTestScaffold },
  { names: ['lint'], load: async () => (await import('./test/lint.js')).registerTestLint },
  { names: ['update'], load: async () => (await import('./test/update.js')).registerTestUpdate },
  { names: ['delete'], load: async () => (await import('./test/delete.js')).registerTestDelete },
  { names: ['delete-batch'], load: async () => (await import('./test/delete-batch.js')).registerTestDeleteBatch },
  { names: ['run'], load: async () => (await import('./test/run.js')).registerTestRun },
  { names: ['wait'], load: async () => (await import('./test/wait.js')).registerTestWait },
  { names: ['cancel'], load: async () => (await import('./test/cancel.js')).registerTestCancel },
  { names: ['rerun'], load: async () => (await import('./test/rerun.js')).registerTestRerun },
  { names: ['code'], load: async () => (await import('./test/code.js')).registerTestCode },
  { names: ['plan'], load: async () => (await import('./test/plan.js')).registerTestPlan },
  { names: ['steps'], load: async () => (await import('./test/steps.js')).registerTestSteps },
  { names: ['result'], load: async () => (await import('./test/result.js')).registerTestResult },
  { names: ['diff'], load: async () => (await import('./test/diff.js')).registerTestDiff },
  { names: ['flaky'], load: async () => (await import('./test/flaky.js')).registerTestFlaky },
  { names: ['failure'], load: async () => (await import('./test/failure.js')).registerTestFailure },
  { names: ['artifact'], load: async () => (await import('./test/artifact.js')).registerTestArtifact },
  { names: ['cleanup'], load: async () => (await import('./test/cleanup.js')).registerTestCleanup },
  { names: ['triage'], load: async () => (await import('./test/triage.js')).registerTestTriage },
  { names: ['ask'], load: async () => (await import('./test/ask.js')).registerTestAsk },
];

export async function registerTest(program: Command, rt: Runtime, verb?: string): Promise<void> {
  await registerVerbs(program.command('test'), rt, VERBS, verb);
}
