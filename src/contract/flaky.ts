import { z } from 'zod';
import { Id } from './common.js';
import { endpoint } from './endpoint.js';
import { TriggerResult } from './runs.js';

export const FlakyStart = z
  .object({
    testId: z.string(),
    runs: z.number().int(),
    runIds: z.array(z.string()).describe("The test's own run in each replay, in execution order"),
    batches: z.array(TriggerResult),
  })
  .meta({ id: 'FlakyStart' });
export type FlakyStart = z.infer<typeof FlakyStart>;

export const startFlaky = endpoint({
  id: 'tests.flaky',
  method: 'POST',
  path: '/tests/{testId}/flaky',
  tag: 'runs',
  summary: 'Queue N sequential replays of a test (each with its dependency closure); 404 when it has no replayable run',
  scope: 'run:tests',
  params: z.object({ testId: Id }),
  body: z.object({ runs: z.number().int().min(1).max(10).default(5) }),
  response: FlakyStart,
  status: 202,
  idempotent: true,
  trigger: true,
});

export const FlakyFailure = z.object({
  runId: z.string(),
  status: z.string().describe('failed | blocked | cancelled | timeout'),
  failureKind: z.string().nullable(),
  reason: z.string().nullable(),
});

/** The flaky report of SPEC.md 2.3. */
export const FlakyReport = z
  .object({
    testId: z.string(),
    runs: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    stableRatio: z.number().describe('passed / runs: 1 means every replay passed'),
    verdict: z.enum(['stable', 'flaky', 'failing']),
    failures: z.array(FlakyFailure),
    runIds: z.array(z.string()),
  })
  .meta({ id: 'FlakyReport' });
export type FlakyReport = z.infer<typeof FlakyReport>;
