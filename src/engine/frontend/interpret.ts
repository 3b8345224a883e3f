/**
 * The engine's view of a plan step: the step reader (src/steps, shared with `svc test lint`) reads
 * the sentence into clauses of actions and checks; the resolver grounds each clause on the page.
 */
import { readStep, type ReadClause, type Reading, type StepMemory } from '../../steps/read.js';
import type { PlanStep } from './types.js';

export { ENTRY, FOCUSED } from '../../steps/intent.js';
export type { StepMemory };
export type Clause = ReadClause;
export type Interpretation = Reading;

/** Read a step into clauses; `memory` carries what is being edited from step to step. */
export function interpret(step: PlanStep, memory: StepMemory = {}): Interpretation {
  return readStep(step, memory);
}
