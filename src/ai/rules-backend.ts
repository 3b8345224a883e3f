import type { Draft } from './analysis.js';
import type { FailureEvidence } from './evidence.js';
import { endpointOf, excerpt, isTransportError, REFUSED_RE, TIMEOUT_RE } from './facts.js';
import { pickFailingCall, TEST_CODE_EXCEPTIONS, traceInfo } from './python-facts.js';
import { assertionRule } from './rules-assertion.js';
import { exceptionRule, variableNotFound } from './rules-exception.js';
import { leakingCall } from './leaks.js';

/**
 * Backend rules, most decisive first: a cancelled or blocked test says nothing about the app; a
 * test that could not start or reach the target is an environment or test problem; only then do
 * the failing call's status and the failed assertion or exception decide.
 */
export function analyzeBackend(e: FailureEvidence): Draft {
  return cancelled(e) ?? upstream(e) ?? early(e) ?? transport(e) ?? leak(e) ?? assertionRule(e) ?? exceptionRule(e) ?? unknown(e);
}

/**
 * A response that shows internals is the API's fault whatever its status and whatever the test
 * expected: a 5xx stays a server error that also leaks; anything else is the leak itself.
 */
function leak(e: FailureEvidence): Draft | null {
  const found = leakingCall(e.calls);
  if (!found) return null;
  const { call, what } = found;
  const serverError = call.status !== null && call.status >= 500;
  return {
    failureKind: serverError ? 'server_error' : 'internal_leak', recommendedFixTarget: 'app', confidence: 'high', call,
    rootCauseHypothesis: `${endpointOf(call)} answered ${call.status ?? 'without a status'} with ${what} in its body ("${found.excerpt}"): ${serverError ? 'the API failed and ' : ''}the API exposes its internals to clients. Whatever the status, that is the API's fault: answer with a plain error message and keep the details in the server's log.`,
    evidence: [`${endpointOf(call)} → ${call.status ?? 'no status'}`, `${what}: ${found.excerpt}`],
  };
}

export function cancelled(e: FailureEvidence): Draft | null {
  if (e.status !== 'cancelled' && e.failure?.kind !== 'cancelled') return null;
  return {
    failureKind: 'cancelled', recommendedFixTarget: 'environment', confidence: 'high',
    rootCauseHypothesis: `'${e.testName}' was cancelled before it finished (run ${e.runId}), so it says nothing about the app${e.failure?.message ? `: ${excerpt(e.failure.message)}` : ''}. Re-run it.`,
    evidence: ['status: cancelled', ...(e.failure?.message ? [excerpt(e.failure.message)] : [])],
  };
}

/** Blocked consumers and missing variables point at the producer, never at the app. */
export function upstream(e: FailureEvidence): Draft | null {
  const blockers = e.blockedBy ?? [];
  if (blockers.length) {
    const names = blockers.map((b) => `'${b.testName}' (${b.testId})`).join(', ');
    const vars = [...new Set(blockers.flatMap((b) => b.variables))];
    const causes = blockers.filter((b) => b.failure).map((b) => b.failure!);
    const cause = causes.length ? ` (${causes.join('; ')})` : '';
    return {
      failureKind: 'blocked_upstream', recommendedFixTarget: 'upstream-test', confidence: 'high',
      rootCauseHypothesis: `'${e.testName}' never ran: it needs ${vars.map((v) => `VARS['${v}']`).join(', ') || 'values'} from upstream test ${names}, which failed${cause}. Blocked is a symptom, not an API bug: fix ${names} first, then re-run this test.`,
      evidence: blockers.map((b) => `producer ${b.testName} (${b.testId}) failed${b.failure ? ` at ${b.failure}` : ''}; needed ${b.variables.join(', ') || '(unnamed)'}`),
    };
  }
  if (e.missingVariables?.length) return variableNotFound(e, e.missingVariables);
  if (e.status === 'blocked') {
    return {
      failureKind: 'blocked_upstream', recommendedFixTarget: 'upstream-test', confidence: 'low',
      rootCauseHypothesis: `'${e.testName}' never ran because something earlier in its chain broke; no producer was named. Check the run's upstream tests.`,
      evidence: ['status: blocked'],
    };
  }
  return null;
}

/** Failures before or around the test body: memory, crashes, syntax, credential fetch. */
function early(e: FailureEvidence): Draft | null {
  const f = e.failure;
  if (!f) return null;
  const t = traceInfo(e.trace);
  const where = f.line ?? t.line;
  const at = where ? ` at line ${where}${t.codeLine ? ` (\`${t.codeLine}\`)` : ''}` : '';
  if (f.kind === 'memory') {
    return {
      failureKind: 'resource_limit', recommendedFixTarget: 'test', confidence: 'medium',
      rootCauseHypothesis: `'${e.testName}' exceeded the memory limit${at}: ${excerpt(f.message)}. The test builds or reads something unbounded (a huge response held in memory, a growing loop); bound it.`,
      evidence: [`memory: ${excerpt(f.message, 120)}`],
    };
  }
  if (f.kind === 'crash') {
    const oom = /memory|killed|SIGKILL|signal 9|OOM/i.test(f.message);
    return {
      failureKind: oom ? 'resource_limit' : 'unknown', recommendedFixTarget: 'environment', confidence: oom ? 'medium' : 'low',
      rootCauseHypothesis: `The Python process running '${e.testName}' crashed${at}: ${excerpt(f.message)}. ${oom ? 'It was killed for using too much memory.' : 'Check the runner host (interpreter, native modules).'}`,
      evidence: [`crash: ${excerpt(f.message, 120)}`],
    };
  }
  if (f.kind === 'syntax' || ['SyntaxError', 'IndentationError', 'TabError'].includes(f.exceptionType ?? t.exceptionType ?? '')) {
    return {
      failureKind: 'test_code_error', recommendedFixTarget: 'test', confidence: 'high',
      rootCauseHypothesis: `The test code of '${e.testName}' does not compile${at}: ${excerpt(f.message)}. No request was judged; fix or regenerate the test code.`,
      evidence: [`${f.exceptionType ?? 'SyntaxError'}: ${excerpt(f.message, 120)}`],
    };
  }
  if (f.kind === 'auth-fetch') {
    return {
      failureKind: 'auth_fetch_failed', recommendedFixTarget: 'environment', confidence: 'high',
      rootCauseHypothesis: `Fetching the credential before '${e.testName}' ran failed: ${excerpt(f.message)}. Check the project's auth settings (token URL, username/password) and that the auth server is reachable from the runner.`,
      evidence: [`auth fetch: ${excerpt(f.message, 120)}`],
    };
  }
  return null;
}

/** The connection was made and then closed with no answer (as opposed to refused or unreachable). */
const DROPPED_RE = /RemoteDisconnected|closed connection without response|ECONNRESET|reset by peer|socket hang up|EPIPE|UND_ERR_SOCKET|other side closed/i;

/** No response at all: refused, unreachable or timed out. */
function transport(e: FailureEvidence): Draft | null {
  const call = pickFailingCall(e);
  const f = e.failure;
  const t = traceInfo(e.trace);
  // A KeyError('timeout') is a test-code error, not a network one: only non-test-code exceptions count.
  const exType = f?.exceptionType ?? t.exceptionType ?? '';
  const exText = TEST_CODE_EXCEPTIONS.has(exType) ? '' : `${exType} ${f?.message ?? ''} ${t.lastLine ?? ''}`;
  // After an exception, a refused call only explains it if the test made no call after it.
  const last = [...(e.calls ?? [])].sort((a, b) => b.seq - a.seq)[0];
  // An exception of the test's own code (a missing file, a NameError) is not explained by a refused call before it.
  const transportCall = call && isTransportError(call) && (f?.kind === 'assertion' || (call === last && !TEST_CODE_EXCEPTIONS.has(exType))) ? call : undefined;
  const err = transportCall?.error || (REFUSED_RE.test(exText) || TIMEOUT_RE.test(exText) ? exText.trim() : '');
  if (!transportCall && !(f?.kind === 'exception' && err) && f?.kind !== 'timeout') return null;
  const where = call ? endpointOf(call) : `the target ${e.targetUrl ?? ''}`.trim();
  const origin = call ? safeOrigin(call.url) : e.targetUrl ?? 'the target';
  if (f?.kind === 'timeout' && !transportCall) {
    const slowest = [...(e.calls ?? [])].sort((a, b) => b.latencyMs - a.latencyMs)[0];
    const slow = slowest && slowest.latencyMs >= 5000;
    return {
      failureKind: 'timeout', recommendedFixTarget: slow ? 'environment' : 'test', confidence: 'medium',
      rootCauseHypothesis: `'${e.testName}' ran past its time limit (${excerpt(f.message, 120)}). ${slow ? `The slowest call was ${endpointOf(slowest!)} at ${Math.round(slowest!.latencyMs)} ms: the app or its network is too slow.` : 'No recorded call was slow, so the test itself waits or loops too long; fix the test.'}`,
      evidence: [`timeout: ${excerpt(f.message, 120)}`, ...(slowest ? [`slowest call ${endpointOf(slowest)} ${Math.round(slowest.latencyMs)} ms`] : [])],
      ...(slow ? { call: slowest } : {}),
    };
  }
  // requests' ConnectTimeout also says 'Max retries exceeded': only an explicit refusal outranks 'timed out'.
  if (TIMEOUT_RE.test(err) && !/refused|Errno 111|ECONNREFUSED/i.test(err)) {
    return {
      failureKind: 'timeout', recommendedFixTarget: 'environment', confidence: 'high', call: transportCall ?? call,
      rootCauseHypothesis: `${where} got no response${transportCall ? ` within ${Math.round(transportCall.latencyMs)} ms` : ''} (${excerpt(err, 120)}): the app at ${origin} is hung or too slow, or the runner cannot reach it.`,
      evidence: [`${where}: ${excerpt(err, 120)}`],
    };
  }
  // Connected, sent, then the connection closed unanswered, where the same target answered this
  // test's earlier calls: the app dropped this request (it crashed or aborted while handling it).
  const failing = transportCall ?? call;
  const answered = failing ? (e.calls ?? []).filter((c) => c.seq < failing.seq && c.status !== null && safeOrigin(c.url) === origin) : [];
  // Other tests' requests dropped at the same moment: the app went down under one of them.
  const dropped = DROPPED_RE.test(err);
  const alongside = dropped ? (e.droppedAlongside ?? []).filter((x) => DROPPED_RE.test(x.error)) : [];
  if (dropped && (answered.length || alongside.length)) {
    const last = answered[answered.length - 1];
    const closed = `the app at ${origin} closed the connection without answering (${excerpt(err, 120)})`;
    const before = last ? `${closed}, though it had answered this test's earlier request${answered.length === 1 ? '' : 's'} (last: ${endpointOf(last)} → ${last.status})` : closed;
    const others = alongside.map((x) => `${x.method} ${x.path} ('${x.testName}')`).join(', ');
    return {
      failureKind: 'connection_refused', recommendedFixTarget: 'app', confidence: alongside.length ? 'low' : 'medium', call: failing,
      rootCauseHypothesis: alongside.length
        ? `${where}: ${before}, and ${alongside.length === 1 ? 'a request of another test' : `${alongside.length} requests of other tests`} in flight at the same moment went unanswered too (${others}): the app went down while handling one of them, this one or another. Rerun each of those tests alone (svc test rerun <test-id>) to see which request brings it down.`
        : `${where}: ${before}: it crashed or aborted while handling this one, or one just before it. If later tests cannot connect, the app went down here.`,
      evidence: [`${where}: ${excerpt(err, 120)}`, ...(answered.length ? [`answered before: ${answered.slice(-3).map((c) => `${endpointOf(c)} → ${c.status}`).join(', ')}`] : []), ...(alongside.length ? [`unanswered at the same moment: ${others}`] : [])],
    };
  }
  // The same target answered another test of this run moments before: it went down during the run.
  const before = e.targetLastAnswer;
  const stopped = before
    ? ` It was answering earlier in this run (last answer: ${before.method} ${before.path} → ${before.status} to '${before.testName}' at ${before.at}) and stopped: the app went down during the run — most likely a request just before then crashed it; look at what that test and the ones beside it sent.`
    : '';
  return {
    failureKind: 'connection_refused', recommendedFixTarget: 'environment', confidence: 'high', call: failing,
    rootCauseHypothesis: before
      ? `${where} could not connect to ${origin} (${excerpt(err, 120)}).${stopped}`
      : `${where} could not connect to ${origin} (${excerpt(err, 120)}): nothing is listening there — the app is down, or the base URL or port is wrong, or the runner cannot reach it.`,
    evidence: [`${where}: ${excerpt(err, 120)}`, `target: ${e.targetUrl ?? origin}`, ...(before ? [`last answer before: ${before.method} ${before.path} → ${before.status} ('${before.testName}', ${before.at})`] : [])],
  };
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function unknown(e: FailureEvidence): Draft {
  const msg = e.failure?.message ? excerpt(e.failure.message) : 'no failure message was recorded';
  const call = pickFailingCall(e);
  return {
    failureKind: 'unknown', recommendedFixTarget: 'test', confidence: 'low', call,
    rootCauseHypothesis: `'${e.testName}' failed without a recognisable cause: ${msg}${call ? `; the last call was ${endpointOf(call)} → ${call.status ?? 'no response'}` : ''}. Read the trace and stdout.`,
    evidence: [msg],
  };
}
