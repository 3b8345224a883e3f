import type { BundleWritten } from '../contract/bundle.js';
import type { FlakyReport } from '../contract/flaky.js';
import type { LatestResult, RunHistoryItem } from '../contract/results.js';
import type { BatchTriage, FailureSummary, RunDiff, StepItem } from '../contract/triage.js';

/** Canned --dry-run responses of the results and triage ops (checked against their schemas). */
const T = '2026-01-01T00:00:00.000Z';
const RUN = 'run_sample0001';
const TEST = 'tst_sample0001';
const REPRO = "# Reproduces call #1: POST /users -> 500\ncurl -sS -i -X POST 'https://api.example.com/users' \\\n  -H 'Authorization: Bearer ***' \\\n  --data-raw '{\"name\":\"Ada\"}'";

export function sampleResult(over: Partial<LatestResult> = {}): LatestResult {
  return {
    testId: TEST,
    testName: 'Create a user',
    type: 'backend',
    runId: RUN,
    batchId: 'bat_sample0001',
    status: 'failed',
    verdict: 'failed',
    reason: 'assert 500 == 201',
    failure: { kind: 'assertion', message: 'assert 500 == 201', line: 3 },
    failureKind: 'server_error',
    source: 'cli',
    targetUrl: 'https://api.example.com',
    codeVersion: 1,
    startedAt: T,
    finishedAt: T,
    durationMs: 120,
    produced: {},
    consumed: {},
    assertions: [{ ok: false, source: 'r.status == 201', message: 'assert 500 == 201', line: 3 }],
    apiOutput: 'creating user\n',
    trace: 'Traceback (most recent call last):\n  File "test.py", line 3, in <module>\nAssertionError: assert 500 == 201\n',
    dashboard: `http://127.0.0.1:7788/portal/runs/${RUN}`,
    ...over,
  };
}

export const SAMPLE_ANALYSIS: NonNullable<LatestResult['analysis']> = {
  rootCauseHypothesis: 'POST /users answered 500 Internal Server Error where the test expected 201; the response body was {"error":"Internal Server Error"}.',
  recommendedFixTarget: 'app',
  failureKind: 'server_error',
  snapshotId: RUN,
  confidence: 'high',
  evidence: ['POST /users -> 500', 'assert 500 == 201'],
  reproducer: REPRO,
  failingCall: { seq: 1, method: 'POST', path: '/users', status: 500 },
  provider: 'builtin',
};

export function sampleHistoryItem(over: Partial<RunHistoryItem> = {}): RunHistoryItem {
  return {
    runId: RUN, batchId: 'bat_sample0001', status: 'failed', source: 'cli', batchKind: 'single', role: 'selected', createdAt: T, startedAt: T, finishedAt: T,
    codeVersion: 1, failureKind: 'server_error', reason: 'assert 500 == 201', durationMs: 120, replay: false, credits: 1, ...over,
  };
}

export function sampleStep(over: Partial<StepItem> = {}): StepItem {
  return { runId: RUN, index: 0, kind: 'http', description: 'POST /users -> 500', status: 'passed', durationMs: 12, startedAt: T, error: null, detail: { seq: 1, method: 'POST', status: 500 }, ...over };
}

export function sampleDiff(a: string, b: string): RunDiff {
  return {
    runIdA: a, runIdB: b, testIdA: TEST, testIdB: TEST, sameTest: true, warning: null, verdictA: 'passed', verdictB: 'failed', verdictsMatch: false,
    failureKindA: null, failureKindB: 'server_error', failedStepIndexA: null, failedStepIndexB: 1,
    stepFlips: [{ index: 1, description: 'assert r.status == 201', from: 'passed', to: 'failed' }], stepCountA: 2, stepCountB: 2,
    codeVersionA: 1, codeVersionB: 1, codeVersionDrift: false,
  };
}

export function sampleFlaky(testId: string, runs: number): FlakyReport {
  const failed = Math.floor(runs / 2);
  const runIds = Array.from({ length: runs }, (_, i) => `run_sample${String(i + 1).padStart(4, '0')}`);
  return {
    testId, runs, passed: runs - failed, failed, stableRatio: (runs - failed) / runs, verdict: failed ? 'flaky' : 'stable',
    failures: runIds.filter((_, i) => i % 2 === 1).map((runId) => ({ runId, status: 'failed', failureKind: 'server_error', reason: 'assert 500 == 200' })),
    runIds,
  };
}

export function sampleSummary(testId: string): FailureSummary {
  return {
    testId, runId: RUN, status: 'failed', failureKind: 'server_error', snapshotId: RUN, rootCauseHypothesis: SAMPLE_ANALYSIS.rootCauseHypothesis,
    recommendedFixTarget: 'app', confidence: 'high', failingCall: SAMPLE_ANALYSIS.failingCall!, evidence: SAMPLE_ANALYSIS.evidence!, reproducer: REPRO, provider: 'builtin',
  };
}

export function sampleWritten(path: string, over: Partial<BundleWritten> = {}): BundleWritten {
  return {
    runId: RUN, snapshotId: RUN, testId: TEST, status: 'failed', path, replaced: false,
    files: ['result.json', 'analysis.json', 'test_code.py', 'calls.json', 'variables.json', 'steps.json', 'stdout.txt', 'traceback.txt', 'reproducer.sh', 'meta.json'],
    ...over,
  };
}

export function sampleBatchTriage(batchId: string): BatchTriage {
  return {
    batchId, projectId: 'prj_0000000000sample', status: 'failed', total: 12, passed: 11, failed: 1,
    groups: [{
      check: 'no-5xx', endpoint: 'POST /users', failureKind: 'server_error', recommendedFixTarget: 'app', count: 1,
      failures: [{
        testId: TEST, testName: 'POST /users with a duplicate email is a conflict', runId: RUN, status: 'failed',
        message: 'POST /users duplicate email: server error 500: {"error":"Internal Server Error"}', rootCauseHypothesis: SAMPLE_ANALYSIS.rootCauseHypothesis,
        failingCall: { method: 'POST', path: '/users', status: 500, requestBody: '{"name": "Ann", "email": "ann@example.com"}', responseBody: '{"error":"Internal Server Error"}' },
        reproducer: REPRO,
      }],
    }],
  };
}
