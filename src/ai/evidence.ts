import { z } from 'zod';

/**
 * What the failure analysis sees of one failed, blocked or cancelled run of one test. The backend
 * runner produces the recorded calls and assertions; the frontend runner produces the steps. Every
 * field beyond the identity of the test is optional: the analysis works with whatever was captured.
 */
export const RecordedCall = z
  .object({
    seq: z.number().int(),
    method: z.string(),
    url: z.string(),
    path: z.string(),
    requestHeaders: z.record(z.string(), z.string()),
    requestBody: z.string().nullable(),
    status: z.number().int().nullable(),
    responseHeaders: z.record(z.string(), z.string()),
    responseBody: z.string().nullable(),
    latencyMs: z.number(),
    startedAt: z.string(),
    /** Transport error, e.g. 'ConnectionRefusedError: [Errno 111] Connection refused' or 'timed out'. */
    error: z.string().optional(),
  })
  .meta({ id: 'RecordedCall' });
export type RecordedCall = z.infer<typeof RecordedCall>;

export const AssertionRecord = z
  .object({
    ok: z.boolean(),
    /** The asserted expression, e.g. 'r.status == 201'. */
    source: z.string(),
    /** 'assert 500 == 201' or the test's own message. */
    message: z.string().nullable(),
    line: z.number().int(),
    at: z.string(),
  })
  .meta({ id: 'AssertionRecord' });
export type AssertionRecord = z.infer<typeof AssertionRecord>;

export const RunFailureKind = z.enum([
  'assertion', 'exception', 'timeout', 'memory', 'crash', 'syntax', 'auth-fetch',
  'step-not-understood', 'locator-not-found', 'navigation', 'page-error', 'cancelled',
]);
export type RunFailureKind = z.infer<typeof RunFailureKind>;

export const EvidenceStep = z.object({
  index: z.number().int(),
  type: z.enum(['action', 'assertion']),
  description: z.string(),
  status: z.string(),
  locator: z.unknown().optional(),
  error: z.string().optional(),
});
export type EvidenceStep = z.infer<typeof EvidenceStep>;

export const FailureEvidence = z
  .object({
    testType: z.enum(['backend', 'frontend']),
    testId: z.string(),
    testName: z.string(),
    runId: z.string(),
    status: z.enum(['failed', 'blocked', 'cancelled']),
    targetUrl: z.string().nullable(),
    failure: z
      .object({
        kind: RunFailureKind,
        message: z.string(),
        exceptionType: z.string().optional(),
        line: z.number().int().optional(),
      })
      .optional(),
    trace: z.string().nullable().optional(),
    stdout: z.string().nullable().optional(),
    calls: z.array(RecordedCall).optional(),
    assertions: z.array(AssertionRecord).optional(),
    /** Upstream producers that failed, and the variables this test needed from them. */
    blockedBy: z.array(z.object({ testId: z.string(), testName: z.string(), variables: z.array(z.string()), failure: z.string().optional().describe("The producer's own failure, e.g. 'GET /broken → 500 (server_error)'") })).optional(),
    /** Needed variables that were never produced. */
    missingVariables: z.array(z.string()).optional(),
    /** The values of the test's needs as injected into VARS (lets a 404 be traced to an upstream id). */
    consumedVariables: z.record(z.string(), z.unknown()).optional(),
    steps: z.array(EvidenceStep).optional(),
    failedStepIndex: z.number().int().optional(),
    /**
     * When a call of this run got no answer: the last answer the same target gave another test of
     * the batch before it (a target that answered, then stopped, went down during the run).
     */
    targetLastAnswer: z.object({ testName: z.string(), method: z.string(), path: z.string(), status: z.number().int(), at: z.string() }).optional(),
    /**
     * Requests other tests of the batch had in flight to the same origin, unanswered, while this
     * test's request went unanswered (several requests dropped at once: one of them brought the app down).
     */
    droppedAlongside: z.array(z.object({ testName: z.string(), method: z.string(), path: z.string(), at: z.string(), error: z.string() })).optional(),
    /** From the API docs: 'POST /users' -> [201, 409, 422]. */
    declaredStatuses: z.record(z.string(), z.array(z.number().int())).optional(),
    /** From the API docs: 'POST /users' -> required request body fields ['email', 'name']. */
    declaredRequiredFields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'FailureEvidence' });
export type FailureEvidence = z.infer<typeof FailureEvidence>;
