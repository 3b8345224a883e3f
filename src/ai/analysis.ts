import { z } from 'zod';
import type { FailureEvidence, RecordedCall } from './evidence.js';
import { analyzeBackend } from './rules-backend.js';
import { analyzeFrontend } from './rules-frontend.js';
import { toCurl } from './curl.js';

export const FailureKind = z
  .enum([
    'assertion_failed', 'server_error', 'unauthorized', 'forbidden', 'not_found', 'conflict',
    'validation_error', 'connection_refused', 'timeout', 'schema_mismatch', 'variable_not_found',
    'blocked_upstream', 'test_code_error', 'auth_fetch_failed', 'step_not_understood', 'locator_not_found',
    'navigation_error', 'page_error', 'cancelled', 'resource_limit', 'internal_leak', 'unknown',
  ])
  .meta({ id: 'FailureKind' });
export type FailureKind = z.infer<typeof FailureKind>;

export const FixTarget = z.enum(['app', 'test', 'environment', 'upstream-test']).meta({ id: 'FixTarget' });
export type FixTarget = z.infer<typeof FixTarget>;

export const Confidence = z.enum(['high', 'medium', 'low']);
export type Confidence = z.infer<typeof Confidence>;

export const Analysis = z
  .object({
    failureKind: FailureKind,
    /** Specific and quoting the evidence: the endpoint or step, expected vs actual, a body excerpt. */
    rootCauseHypothesis: z.string(),
    recommendedFixTarget: FixTarget,
    confidence: Confidence,
    /** Short quoted facts the hypothesis rests on. */
    evidence: z.array(z.string()),
    failingCall: z
      .object({ seq: z.number().int(), method: z.string(), path: z.string(), status: z.number().int().nullable() })
      .optional(),
    /** Ready-to-paste curl command of the failing call (backend). */
    reproducer: z.string().optional(),
    /** 'builtin' or 'openai-compatible:<model>'. */
    provider: z.string(),
  })
  .meta({ id: 'Analysis' });
export type Analysis = z.infer<typeof Analysis>;

/** What a rule decides; analyzeFailure adds the failing-call summary, the reproducer and the provider. */
export interface Draft {
  failureKind: FailureKind;
  rootCauseHypothesis: string;
  recommendedFixTarget: FixTarget;
  confidence: Confidence;
  evidence: string[];
  call?: RecordedCall;
}

/** Deterministic and pure: the same evidence always yields the same analysis. */
export function analyzeFailure(e: FailureEvidence): Analysis {
  const d = e.testType === 'frontend' ? analyzeFrontend(e) : analyzeBackend(e);
  const out: Analysis = {
    failureKind: d.failureKind,
    rootCauseHypothesis: d.rootCauseHypothesis,
    recommendedFixTarget: d.recommendedFixTarget,
    confidence: d.confidence,
    evidence: dedupe(d.evidence),
    provider: 'builtin',
  };
  if (d.call) {
    out.failingCall = { seq: d.call.seq, method: d.call.method.toUpperCase(), path: d.call.path, status: d.call.status };
    out.reproducer = toCurl(d.call);
  }
  return out;
}

function dedupe(items: string[]): string[] {
  return [...new Set(items.filter((s) => s.trim() !== ''))];
}
