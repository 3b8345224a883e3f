import { z } from 'zod';
import { Id, PageSize, Surface, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { RunFailure, RunStatus } from './runs.js';

export const AnalysisBlock = z
  .object({
    rootCauseHypothesis: z.string(),
    recommendedFixTarget: z.enum(['app', 'test', 'environment', 'upstream-test']),
    failureKind: z.string(),
    snapshotId: z.string().describe('Ties the analysis to one run (its failure bundle)'),
    confidence: z.string().optional(),
    evidence: z.array(z.string()).optional(),
    reproducer: z.string().optional().describe('curl command of the failing call'),
    failingCall: z
      .object({ seq: z.number().int(), method: z.string(), path: z.string(), status: z.number().int().nullable() })
      .optional()
      .describe('Backend: the recorded call the analysis blames'),
    provider: z.string().optional(),
  })
  .meta({ id: 'Analysis' });

/** CliLatestResult (SPEC.md 2.3): the latest (or a given) run's result of a test. */
export const LatestResult = z
  .object({
    testId: z.string(),
    testName: z.string(),
    type: z.enum(['frontend', 'backend']),
    runId: z.string(),
    batchId: z.string(),
    status: RunStatus,
    verdict: RunStatus.nullable(),
    reason: z.string().nullable(),
    failure: RunFailure.nullable(),
    failureKind: z.string().nullable(),
    source: z.string(),
    targetUrl: z.string().nullable(),
    codeVersion: z.number().int().nullable(),
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
    durationMs: z.number().nullable(),
    produced: z.record(z.string(), z.unknown()).nullable(),
    consumed: z.record(z.string(), z.unknown()).nullable(),
    assertions: z
      .array(z.object({ ok: z.boolean(), source: z.string(), message: z.string().nullable(), line: z.number(), at: z.string().optional().describe('ISO time the assertion ran') }))
      .nullable(),
    apiOutput: z.string().nullable().describe('Backend: captured stdout of the run'),
    trace: z.string().nullable().describe('Backend: Python traceback'),
    analysis: AnalysisBlock.optional(),
    dashboard: z.string(),
  })
  .meta({ id: 'LatestResult' });
export type LatestResult = z.infer<typeof LatestResult>;

const AnalysisQuery = z.object({ includeAnalysis: z.enum(['true', 'false']).optional().transform((v) => v === 'true') });

export const getRunResult = endpoint({
  id: 'runs.result',
  method: 'GET',
  path: '/runs/{runId}/result',
  tag: 'results',
  summary: 'The result record of one run',
  scope: 'read:tests',
  params: z.object({ runId: Id }),
  query: AnalysisQuery,
  response: LatestResult,
});

export const getTestResult = endpoint({
  id: 'tests.result',
  method: 'GET',
  path: '/tests/{testId}/result',
  tag: 'results',
  summary: "The test's latest result (CliLatestResult)",
  scope: 'read:tests',
  params: z.object({ testId: Id }),
  query: AnalysisQuery,
  response: LatestResult,
});

/** One prior run of a test (`test result --history`). */
export const RunHistoryItem = z
  .object({
    runId: z.string(),
    batchId: z.string(),
    status: RunStatus,
    source: z.string().describe('Surface that triggered it: cli, portal, mcp, schedule, github_action'),
    batchKind: z.string().describe('single | all | rerun | flaky'),
    role: z.string(),
    createdAt: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
    codeVersion: z.number().int().nullable(),
    failureKind: z.string().nullable(),
    reason: z.string().nullable(),
    durationMs: z.number().nullable(),
    replay: z.boolean(),
    credits: z.number(),
  })
  .meta({ id: 'RunHistoryItem' });
export type RunHistoryItem = z.infer<typeof RunHistoryItem>;

export const RunHistory = z
  .object({ runs: z.array(RunHistoryItem), nextCursor: z.string().nullable().describe('Pass as cursor for the next (older) page; null on the last page') })
  .meta({ id: 'RunHistory' });
export type RunHistory = z.infer<typeof RunHistory>;

const IsoTime = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 timestamp');

export const listTestRuns = endpoint({
  id: 'tests.runs',
  method: 'GET',
  path: '/tests/{testId}/runs',
  tag: 'results',
  summary: "A test's prior runs, newest first (test result --history)",
  scope: 'read:tests',
  params: z.object({ testId: Id }),
  query: z.object({
    source: Surface.optional(),
    since: IsoTime.optional().describe('Lower bound on createdAt (inclusive)'),
    status: z.string().regex(/^[a-z,]+$/).optional().describe('Comma-separated run statuses'),
    pageSize: PageSize.default(20),
    cursor: z.string().optional(),
  }),
  response: RunHistory,
});
