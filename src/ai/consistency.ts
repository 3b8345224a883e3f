import type { FailureKind, FixTarget } from './analysis.js';
import { leakingCall } from './leaks.js';
import type { FailureEvidence } from './evidence.js';
import { isTransportError, parseJson, REFUSED_RE, TIMEOUT_RE } from './facts.js';
import { pickFailingCall, traceInfo } from './python-facts.js';

/**
 * What the evidence rules allow a model to claim. A model may reword a hypothesis, but it may only
 * name a failure kind whose signal is actually in the evidence, and only a fix target that fits
 * that kind. Anything else is discarded and the built-in decision stands.
 */
export const TARGETS_FOR: Record<FailureKind, FixTarget[]> = {
  assertion_failed: ['app', 'test'],
  server_error: ['app'],
  unauthorized: ['environment', 'test'],
  forbidden: ['environment', 'app'],
  not_found: ['app', 'test', 'upstream-test', 'environment'],
  conflict: ['environment', 'test', 'app'],
  validation_error: ['test', 'app'],
  connection_refused: ['environment', 'app'],
  timeout: ['environment', 'app', 'test'],
  schema_mismatch: ['app', 'test'],
  variable_not_found: ['upstream-test', 'test'],
  blocked_upstream: ['upstream-test'],
  test_code_error: ['test'],
  auth_fetch_failed: ['environment'],
  step_not_understood: ['test'],
  locator_not_found: ['test', 'app'],
  navigation_error: ['environment', 'app'],
  page_error: ['app'],
  cancelled: ['environment'],
  resource_limit: ['test', 'environment', 'app'],
  internal_leak: ['app'],
  unknown: ['app', 'test', 'environment', 'upstream-test'],
};

/** True when the evidence carries the signal the kind stands for. 'unknown' is never supported. */
export function supports(kind: FailureKind, e: FailureEvidence): boolean {
  const f = e.failure;
  const call = e.testType === 'backend' ? pickFailingCall(e) : undefined;
  const status = call?.status ?? null;
  const t = traceInfo(e.trace);
  const exType = f?.exceptionType ?? t.exceptionType ?? '';
  const text = `${f?.message ?? ''} ${t.lastLine ?? ''} ${call?.error ?? ''}`;
  const ran = e.status === 'failed';
  switch (kind) {
    case 'server_error': return status !== null && status >= 500;
    case 'internal_leak': return leakingCall(e.calls) !== null;
    case 'unauthorized': return status === 401;
    case 'forbidden': return status === 403;
    case 'not_found': return status === 404 || status === 410;
    case 'conflict': return status === 409;
    case 'validation_error': return status === 400 || status === 422;
    case 'connection_refused': return (call !== undefined && isTransportError(call) && !TIMEOUT_RE.test(call.error ?? '')) || REFUSED_RE.test(text) || f?.kind === 'navigation';
    case 'timeout': return f?.kind === 'timeout' || TIMEOUT_RE.test(text);
    case 'schema_mismatch':
      return ran && status !== null && status < 400 && (/KeyError|TypeError|IndexError|JSONDecodeError|ValueError/.test(exType) || (f?.kind === 'assertion' && parseJson(call?.responseBody) !== undefined));
    case 'variable_not_found':
      return (e.missingVariables?.length ?? 0) > 0 || /Variable not found/i.test(text) || (exType === 'KeyError' && /\bVARS\b/.test(t.codeLine ?? '')) || (status === 404 && Object.keys(e.consumedVariables ?? {}).length > 0);
    case 'blocked_upstream': return e.status === 'blocked' || (e.blockedBy?.length ?? 0) > 0;
    case 'test_code_error': return ran && (f?.kind === 'exception' || f?.kind === 'syntax') && exType !== '';
    case 'auth_fetch_failed': return f?.kind === 'auth-fetch';
    case 'step_not_understood': return e.testType === 'frontend' && f?.kind === 'step-not-understood';
    case 'locator_not_found': return e.testType === 'frontend' && (f?.kind === 'locator-not-found' || f?.kind === 'timeout');
    case 'navigation_error': return e.testType === 'frontend' && f?.kind === 'navigation';
    case 'page_error': return e.testType === 'frontend' && (f?.kind === 'page-error' || f?.kind === 'assertion');
    case 'cancelled': return e.status === 'cancelled' || f?.kind === 'cancelled';
    case 'resource_limit': return f?.kind === 'memory' || f?.kind === 'crash';
    case 'assertion_failed': return ran && (f?.kind === 'assertion' || (e.assertions ?? []).some((a) => !a.ok));
    case 'unknown': return false;
  }
}
