import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';

export const RunStatus = z.enum(['queued', 'running', 'passed', 'failed', 'blocked', 'cancelled']).meta({ id: 'RunStatus' });
export type RunStatus = z.infer<typeof RunStatus>;
export const TERMINAL: readonly RunStatus[] = ['passed', 'failed', 'blocked', 'cancelled'];
export const RunRole = z.enum(['selected', 'producer', 'consumer', 'teardown', 'member']);

export const RunFailure = z
  .object({
    kind: z.string().describe('assertion | exception | timeout | memory | crash | syntax | auth-fetch | variable-missing | blocked | cancelled | interrupted | internal | …'),
    message: z.string(),
    exceptionType: z.string().optional(),
    line: z.number().int().optional(),
  })
  .meta({ id: 'RunFailure' });

export const RunView = z
  .object({
    runId: z.string(),
    batchId: z.string(),
    projectId: z.string(),
    testId: z.string(),
    testName: z.string(),
    type: z.enum(['frontend', 'backend']),
    status: RunStatus,
    verdict: RunStatus.nullable().describe("The test's own outcome; known before cleanup ends, while status is still running"),
    phase: z.enum(['queued', 'tests', 'cleanup', 'done']),
    role: RunRole,
    wave: z.number().int(),
    source: z.string(),
    targetUrl: z.string().nullable(),
    codeVersion: z.number().int().nullable(),
    reason: z.string().nullable(),
    failure: RunFailure.nullable(),
    replay: z.boolean(),
    createdAt: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
    steps: z.object({ total: z.number().int(), passed: z.number().int(), failed: z.number().int() }),
    dashboard: z.string(),
    live: z
      .object({ step: z.record(z.string(), z.unknown()), screenshot: z.string().nullable() })
      .optional()
      .describe('While a frontend run is in flight: the latest step and a link to its screenshot'),
  })
  .meta({ id: 'RunView' });
export type RunView = z.infer<typeof RunView>;

export const RunBrief = z.object({
  runId: z.string(),
  testId: z.string(),
  testName: z.string(),
  type: z.enum(['frontend', 'backend']),
  role: RunRole,
  wave: z.number().int(),
  status: RunStatus,
});

export const TriggerResult = z
  .object({
    batchId: z.string(),
    projectId: z.string(),
    /** The run of the selected test (single trigger) or the first run of the batch. */
    runId: z.string(),
    status: RunStatus,
    runs: z.array(RunBrief),
    waves: z.array(z.array(z.string())).describe('Test ids per wave'),
    message: z.string().nullable(),
    notes: z.array(z.string()).describe('Producer choices and other planning decisions'),
    skippedFrontend: z.array(z.object({ testId: z.string(), testName: z.string() })),
  })
  .meta({ id: 'TriggerResult' });
export type TriggerResult = z.infer<typeof TriggerResult>;

const RunTestBody = z.object({
  targetUrl: z.url().optional(),
  skipDependencies: z.boolean().default(false),
  /** rerun: cascade to consumers and report the closure. */
  rerun: z.boolean().default(false),
});

export const runTest = endpoint({
  id: 'runs.trigger',
  method: 'POST',
  path: '/tests/{testId}/runs',
  tag: 'runs',
  summary: 'Run (or rerun) one test with its dependency closure',
  scope: 'run:tests',
  params: z.object({ testId: Id }),
  body: RunTestBody,
  response: TriggerResult,
  status: 202,
  idempotent: true,
  trigger: true,
});

export const runProject = endpoint({
  id: 'runs.trigger-project',
  method: 'POST',
  path: '/projects/{projectId}/runs',
  tag: 'runs',
  summary: 'Run several tests of a project in wave order (--all, rerun --all, several ids)',
  scope: 'run:tests',
  params: z.object({ projectId: Id }),
  body: z.object({
    testIds: z.array(Id).max(1000).optional().describe('Only these tests (default: all)'),
    filter: z.string().max(200).optional().describe('Case-insensitive name substring'),
    statuses: z.array(z.string()).optional().describe('Only tests currently in these statuses'),
    skipTerminal: z.boolean().default(false),
    rerun: z.boolean().default(false),
    skipDependencies: z.boolean().default(false),
    targetUrl: z.url().optional().describe('Overrides the project URL (only with testIds: test create-batch --run)'),
  }),
  response: TriggerResult,
  status: 202,
  idempotent: true,
  trigger: true,
});

/** `?waitSeconds=N`: hold the request until the run (batch) has finished, or N seconds have passed. */
export const WaitQuery = z.object({
  waitSeconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .optional()
    .describe('Long-poll: answer once it has finished (cleanup included) or after this many seconds, 0-60'),
});
export const MAX_WAIT_SECONDS = 60;

export const getRun = endpoint({
  id: 'runs.get',
  method: 'GET',
  path: '/runs/{runId}',
  tag: 'runs',
  summary: 'The run view; with waitSeconds, once the run has finished or the wait is over',
  scope: 'read:tests',
  params: z.object({ runId: Id }),
  query: WaitQuery,
  response: RunView,
});

export const CancelResult = z
  .object({ runId: z.string(), status: RunStatus, alreadyCancelled: z.boolean() })
  .meta({ id: 'CancelResult' });
export type CancelResult = z.infer<typeof CancelResult>;

export const cancelRun = endpoint({
  id: 'runs.cancel',
  method: 'POST',
  path: '/runs/{runId}/cancel',
  tag: 'runs',
  summary: 'Cancel a queued or running run (idempotent; 409 when already finished)',
  scope: 'run:tests',
  params: z.object({ runId: Id }),
  response: CancelResult,
});

export const RerunResult = z
  .object({
    message: z.string().describe("'Reran N tests: S selected + P producer(s) + T teardown(s)'"),
    batches: z.array(TriggerResult),
  })
  .meta({ id: 'RerunResult' });
export type RerunResult = z.infer<typeof RerunResult>;

export const rerunTests = endpoint({
  id: 'runs.rerun',
  method: 'POST',
  path: '/reruns',
  tag: 'runs',
  summary: 'Rerun tests by id (grouped per project): the dependency closure, or alone with skipDependencies',
  scope: 'run:tests',
  body: z.object({ testIds: z.array(Id).min(1).max(1000), skipDependencies: z.boolean().default(false) }),
  response: RerunResult,
  status: 202,
  idempotent: true,
  trigger: true,
});
