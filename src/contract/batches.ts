import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { RunStatus, RunView, WaitQuery } from './runs.js';

export const CleanupRecord = z
  .object({
    resourcePath: z.string(),
    resourceId: z.string(),
    resourceType: z.string(),
    sourceEndpoint: z.string().describe('The create call, e.g. POST /users'),
    deleteEndpoint: z.string().nullable(),
    parentPath: z.string().nullable(),
    status: z.enum(['pending', 'deleted', 'already-gone', 'failed', 'orphaned', 'deleted-by-test', 'excluded', 'dismissed']).describe("'dismissed': a 'Might be orphaned' record the user deleted by hand and dismissed"),
    responseStatus: z.number().int().nullable(),
    responseBody: z.string().nullable(),
    attempts: z.number().int(),
    retainedFrom: z.string().nullable().describe('Batch that created it, when an earlier run did'),
  })
  .meta({ id: 'CleanupRecord' });
export type CleanupRecord = z.infer<typeof CleanupRecord>;

export const CleanupSummary = z
  .object({
    status: z.enum(['pending', 'running', 'done', 'skipped']),
    deleted: z.number().int(),
    alreadyGone: z.number().int(),
    failed: z.number().int(),
    orphaned: z.number().int(),
    records: z.array(CleanupRecord),
    durationMs: z.number().nullable(),
  })
  .meta({ id: 'CleanupSummary' });
export type CleanupSummary = z.infer<typeof CleanupSummary>;

export const VariableRecord = z
  .object({
    name: z.string(),
    value: z.unknown(),
    capturedFrom: z.object({ testId: z.string(), runId: z.string(), testName: z.string() }),
    usedBy: z.array(z.object({ testId: z.string(), testName: z.string() })),
    deletedBy: z.string().nullable().describe('Cleanup call that deleted the resource this value identifies'),
  })
  .meta({ id: 'VariableRecord' });

export const Chain = z
  .object({
    name: z.string(),
    steps: z.array(z.object({ testId: z.string(), testName: z.string(), runId: z.string(), status: RunStatus, produces: z.array(z.string()), needs: z.array(z.string()) })),
    captures: z.array(z.string()),
    stats: z.object({ steps: z.number().int(), captures: z.number().int(), passed: z.number().int(), failed: z.number().int(), blocked: z.number().int() }),
  })
  .meta({ id: 'Chain' });

export const BatchView = z
  .object({
    batchId: z.string(),
    projectId: z.string(),
    kind: z.string(),
    status: RunStatus,
    phase: z.enum(['queued', 'tests', 'cleanup', 'done']),
    source: z.string(),
    error: z.string().nullable(),
    notes: z.array(z.string()),
    waves: z.array(z.array(z.string())),
    createdAt: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
    counts: z.record(z.string(), z.number().int()),
    runs: z.array(RunView),
    cleanup: CleanupSummary,
    variables: z.array(VariableRecord),
    chains: z.array(Chain),
    endpointTests: z.array(z.object({ testId: z.string(), testName: z.string(), runId: z.string(), status: RunStatus })),
  })
  .meta({ id: 'BatchView' });
export type BatchView = z.infer<typeof BatchView>;

export const CallRecord = z
  .object({
    id: z.string(),
    runId: z.string().nullable(),
    testName: z.string().nullable(),
    origin: z.enum(['test', 'cleanup', 'auth', 'probe']),
    seq: z.number().int(),
    method: z.string(),
    url: z.string(),
    path: z.string(),
    endpoint: z.string().describe('METHOD /path/template'),
    status: z.number().int().nullable(),
    latencyMs: z.number(),
    startedAt: Timestamp,
    requestHeaders: z.record(z.string(), z.string()),
    requestBody: z.string().nullable(),
    responseHeaders: z.record(z.string(), z.string()),
    responseBody: z.string().nullable(),
    error: z.string().nullable(),
    produced: z.array(z.string()),
    consumed: z.array(z.string()),
  })
  .meta({ id: 'CallRecord' });
export type CallRecord = z.infer<typeof CallRecord>;

export const DataFlow = z
  .object({
    batchId: z.string(),
    endpoints: z.array(z.object({ endpoint: z.string(), calls: z.array(CallRecord) })),
    otherObservedBehaviors: z.array(CallRecord).describe('Calls from no planned test: auth, cleanup, probes'),
  })
  .meta({ id: 'DataFlow' });

export const getBatch = endpoint({
  id: 'batches.get',
  method: 'GET',
  path: '/batches/{batchId}',
  tag: 'runs',
  summary: 'A batch: its runs, waves, variables, chains and cleanup; with waitSeconds, once it is done or the wait is over',
  scope: 'read:tests',
  params: z.object({ batchId: Id }),
  query: WaitQuery,
  response: BatchView,
});

export const getBatchCalls = endpoint({
  id: 'batches.calls',
  method: 'GET',
  path: '/batches/{batchId}/calls',
  tag: 'runs',
  summary: 'Data flow: every recorded call of a batch grouped by endpoint',
  scope: 'read:tests',
  params: z.object({ batchId: Id }),
  response: DataFlow,
});

export const OrphanRef = z.object({ resourcePath: z.string(), resourceId: z.string(), sourceEndpoint: z.string() });

export const DismissResult = z
  .object({
    batchId: z.string(),
    dismissed: z.array(OrphanRef).describe('Rows dismissed by this call'),
    alreadyDismissed: z.array(OrphanRef),
    mightBeOrphaned: z.array(OrphanRef).describe('What is still listed as "Might be orphaned"'),
  })
  .meta({ id: 'DismissResult' });
export type DismissResult = z.infer<typeof DismissResult>;

export const dismissOrphans = endpoint({
  id: 'batches.cleanup-dismiss',
  method: 'POST',
  path: '/batches/{batchId}/cleanup/dismiss',
  tag: 'runs',
  summary: "Dismiss 'Might be orphaned' cleanup rows (resources deleted by hand), by resource path or, where it is unambiguous, ID",
  scope: 'write:tests',
  params: z.object({ batchId: Id }),
  body: z.object({ resources: z.array(z.string().min(1).max(2048)).min(1, 'name at least one resource').max(100) }),
  response: DismissResult,
});
