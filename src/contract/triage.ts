import { z } from 'zod';
import { Id, PageQuery, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { RunStatus } from './runs.js';

/** One entry of a test's step log: a recorded HTTP call or an assertion (backend), a plan step (frontend). */
export const StepItem = z
  .object({
    runId: z.string(),
    index: z.number().int().describe('Position within its run, from 0'),
    kind: z.enum(['http', 'assertion', 'action', 'check']),
    description: z.string(),
    status: z.enum(['passed', 'failed', 'skipped']),
    durationMs: z.number(),
    startedAt: Timestamp,
    error: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'StepItem' });
export type StepItem = z.infer<typeof StepItem>;

export const StepPage = z.object({ items: z.array(StepItem), nextToken: z.string().nullable() }).meta({ id: 'StepPage' });
export type StepPage = z.infer<typeof StepPage>;

export const listTestSteps = endpoint({
  id: 'tests.steps',
  method: 'GET',
  path: '/tests/{testId}/steps',
  tag: 'results',
  summary: 'Cumulative step log of a test across its runs: newest run first, steps in order within a run',
  scope: 'read:tests',
  params: z.object({ testId: Id }),
  query: PageQuery.extend({ runId: Id.optional().describe('Only this run') }),
  response: StepPage,
});

export const StepFlip = z.object({
  index: z.number().int(),
  description: z.string(),
  from: z.string().describe("Status in run A ('absent' when run A has no such step)"),
  to: z.string().describe("Status in run B ('absent' when run B has no such step)"),
});

export const RunDiff = z
  .object({
    runIdA: z.string(),
    runIdB: z.string(),
    testIdA: z.string(),
    testIdB: z.string(),
    sameTest: z.boolean(),
    warning: z.string().nullable().describe('Set when the runs belong to different tests'),
    verdictA: RunStatus,
    verdictB: RunStatus,
    verdictsMatch: z.boolean(),
    failureKindA: z.string().nullable(),
    failureKindB: z.string().nullable(),
    failedStepIndexA: z.number().int().nullable(),
    failedStepIndexB: z.number().int().nullable(),
    stepFlips: z.array(StepFlip),
    stepCountA: z.number().int(),
    stepCountB: z.number().int(),
    codeVersionA: z.number().int().nullable(),
    codeVersionB: z.number().int().nullable(),
    codeVersionDrift: z.boolean(),
  })
  .meta({ id: 'RunDiff' });
export type RunDiff = z.infer<typeof RunDiff>;

export const diffRuns = endpoint({
  id: 'runs.diff',
  method: 'GET',
  path: '/runs/{runIdA}/diff/{runIdB}',
  tag: 'results',
  summary: 'Compare two runs: verdict, failureKind, failed step, per-step status flips, codeVersion drift',
  scope: 'read:tests',
  params: z.object({ runIdA: Id, runIdB: Id }),
  response: RunDiff,
});

/** The one-screen triage card of `test failure summary` (SPEC.md 2.3), from the latest run. */
export const FailureSummary = z
  .object({
    testId: z.string(),
    runId: z.string(),
    status: RunStatus,
    failureKind: z.string().nullable(),
    snapshotId: z.string().describe('The run the card describes (its failure bundle)'),
    rootCauseHypothesis: z.string().nullable(),
    recommendedFixTarget: z.string().nullable(),
    confidence: z.string().nullable(),
    failingCall: z.object({ seq: z.number().int(), method: z.string(), path: z.string(), status: z.number().int().nullable() }).nullable(),
    evidence: z.array(z.string()),
    reproducer: z.string().nullable(),
    provider: z.string().nullable(),
  })
  .meta({ id: 'FailureSummary' });
export type FailureSummary = z.infer<typeof FailureSummary>;

export const TriageFailure = z
  .object({
    testId: z.string(),
    testName: z.string(),
    runId: z.string(),
    status: RunStatus,
    message: z.string().describe('The failed assertion (or the failure reason), first 600 characters'),
    rootCauseHypothesis: z.string().nullable(),
    failingCall: z
      .object({
        method: z.string(),
        path: z.string(),
        status: z.number().int().nullable(),
        requestBody: z.string().nullable().describe('First 2000 characters'),
        responseBody: z.string().nullable().describe('First 2000 characters'),
      })
      .nullable()
      .describe('Backend: the call the analysis blames (else the last call of the run)'),
    reproducer: z.string().nullable(),
  })
  .meta({ id: 'TriageFailure' });
export type TriageFailure = z.infer<typeof TriageFailure>;

export const TriageGroup = z
  .object({
    check: z.string().describe('The check that failed: no-5xx, status, schema, no-leak, refused, read-after-write, gone-after-delete, others-untouched, readonly-ignored, no-html-echo, or the failure kind'),
    endpoint: z.string().nullable().describe("'METHOD /path' template, null for frontend tests"),
    failureKind: z.string().nullable(),
    recommendedFixTarget: z.string().nullable(),
    count: z.number().int(),
    failures: z.array(TriageFailure),
  })
  .meta({ id: 'TriageGroup' });
export type TriageGroup = z.infer<typeof TriageGroup>;

export const BatchTriage = z
  .object({
    batchId: z.string(),
    projectId: z.string(),
    status: z.string(),
    total: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int().describe('Runs that did not pass: failed, blocked or cancelled'),
    groups: z.array(TriageGroup).describe('Failures grouped by cause (check, endpoint, fix target), the biggest group first'),
  })
  .meta({ id: 'BatchTriage' });
export type BatchTriage = z.infer<typeof BatchTriage>;

export const getBatchTriage = endpoint({
  id: 'batches.triage',
  method: 'GET',
  path: '/batches/{batchId}/triage',
  tag: 'runs',
  summary: 'Every failure of a batch grouped by cause, with request and response bodies',
  scope: 'read:tests',
  params: z.object({ batchId: Id }),
  response: BatchTriage,
});
