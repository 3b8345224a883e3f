import type { RunView, TriggerResult } from '../contract/runs.js';

const T = '2026-01-01T00:00:00.000Z';

export function sampleRunView(over: Partial<RunView> = {}): RunView {
  return {
    runId: 'run_sample0001',
    batchId: 'bat_sample0001',
    projectId: 'prj_sample0001',
    testId: 'tst_sample0001',
    testName: 'Create a user',
    type: 'backend',
    status: 'passed',
    verdict: 'passed',
    phase: 'done',
    role: 'selected',
    wave: 0,
    source: 'cli',
    targetUrl: 'https://api.example.com',
    codeVersion: 1,
    reason: null,
    failure: null,
    replay: false,
    createdAt: T,
    startedAt: T,
    finishedAt: T,
    steps: { total: 3, passed: 3, failed: 0 },
    dashboard: 'http://127.0.0.1:7788/portal/runs/run_sample0001',
    ...over,
  };
}

export function sampleTrigger(over: Partial<TriggerResult> = {}): TriggerResult {
  return {
    batchId: 'bat_sample0001',
    projectId: 'prj_sample0001',
    runId: 'run_sample0001',
    status: 'queued',
    runs: [{ runId: 'run_sample0001', testId: 'tst_sample0001', testName: 'Create a user', type: 'backend', role: 'selected', wave: 0, status: 'queued' }],
    waves: [['tst_sample0001']],
    message: null,
    notes: [],
    skippedFrontend: [],
    ...over,
  };
}
