import { z } from 'zod';
import { Id, Timestamp } from './common.js';
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
    assertions: z.array(z.object({ ok: z.boolean(), source: z.string(), message: z.string().nullable(), line: z.number() })).nullable(),
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
