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

/** Verbs in SPEC.md 4.3 order; run, wait, result and the other run verbs register here too. */
const VERBS = [
  registerTestList, registerTestGet, registerTestCreate, registerTestCreateBatch, registerTestScaffold, registerTestLint,
  registerTestUpdate, registerTestDelete, registerTestDeleteBatch, registerTestCode, registerTestPlan,
];

export function registerTest(program: Command, rt: Runtime): void {
  const group = program.command('test').description('tests: create, lint, list, inspect, change and delete (and run)');
  for (const register of VERBS) register(group, rt);
}
