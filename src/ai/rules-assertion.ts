import type { Draft } from './analysis.js';
import type { AssertionRecord, FailureEvidence, RecordedCall } from './evidence.js';
import { declaredFor, endpointOf, excerpt, headerValue, keyPaths, parseJson, shapeOf, statusLine } from './facts.js';
import { failedAssertion, fieldsReferenced, parseAssertMessage, pickFailingCall, statusExpectation } from './python-facts.js';
import { statusWasExpected } from './rules-exception.js';
import { statusRule } from './rules-status.js';

/** A failed assertion: decided by the status of the call it is about, then by the body check. */
export function assertionRule(e: FailureEvidence): Draft | null {
  if (e.failure && e.failure.kind !== 'assertion' && e.failure.exceptionType !== 'AssertionError') return null;
  const a = failedAssertion(e);
  if (!a) return null;
  const cause = quoteAssertion(a);
  const call = pickFailingCall(e);
  if (!call || call.status === null) {
    return {
      failureKind: 'assertion_failed', recommendedFixTarget: 'test', confidence: 'low',
      rootCauseHypothesis: `The assertion ${cause} failed without any HTTP response to judge: the test asserts on something it never fetched. Check the test's logic.`,
      evidence: [cause],
    };
  }
  const status = call.status;
  const exp = statusExpectation(a.source);
  if (exp) {
    const wanted = exp.codes.length ? exp.codes.join(' or ') : 'a success status';
    const negative = exp.codes.some((c) => c >= 400);
    if (status >= 500 || status === 401 || (status >= 400 && !negative)) {
      return statusRule({ e, call, expected: wanted, cause, negativeTest: negative, isAssertion: true });
    }
    return statusMismatch(e, call, wanted, exp.codes, cause);
  }
  if (status >= 400 && !statusWasExpected(e, status)) {
    return statusRule({ e, call, expected: 'a success status', cause, isAssertion: true });
  }
  return bodyCheck(call, a, cause);
}

export function quoteAssertion(a: AssertionRecord, withMessage = true): string {
  const msg = withMessage && a.message && a.message.trim() !== '' && a.message.trim() !== `assert ${a.source}` ? `: ${excerpt(a.message, 160)}` : '';
  return `\`${excerpt(a.source, 120) || 'assert'}\`${a.line ? ` (line ${a.line})` : ''}${msg}`;
}

/** The status check failed and the actual status is not an error the status rules own. */
function statusMismatch(e: FailureEvidence, call: RecordedCall, wanted: string, codes: number[], cause: string): Draft {
  const ep = endpointOf(call);
  const status = call.status!;
  const body = excerpt(call.responseBody);
  const evidence = [`${ep} → ${statusLine(status)} (call #${call.seq})`, cause, ...(body ? [`response body: ${body}`] : [])];
  const head = `${ep} answered ${statusLine(status)} where the test expected ${wanted} (${cause}).${body ? ` Response body: ${body}` : ''}`;
  const mk = (target: Draft['recommendedFixTarget'], confidence: Draft['confidence'], why: string): Draft => ({
    failureKind: 'assertion_failed', recommendedFixTarget: target, confidence, rootCauseHypothesis: `${head} ${why}`, evidence, call,
  });
  const declared = declaredFor(e.declaredStatuses, call);
  if (declared && declared.value.includes(status) && !codes.some((c) => declared.value.includes(c))) {
    evidence.push(`docs declare ${declared.key} → ${declared.value.join(', ')}`);
    return mk('test', 'high', `The docs declare ${status} for ${declared.key} (${declared.value.join(', ')}) and not ${wanted}: the test expects the wrong status.`);
  }
  if (status >= 300 && status < 400) {
    const loc = headerValue(call.responseHeaders, 'location');
    return { ...mk('environment', 'medium', `The app redirects${loc ? ` to ${loc}` : ''}: the base URL is probably wrong (scheme, host or trailing slash).`) };
  }
  if (status < 300 && codes.some((c) => c >= 400)) {
    const neg = codes.find((c) => c >= 400)!;
    const hint = neg === 401 || neg === 403 ? 'an authentication or permission check is missing'
      : neg === 400 || neg === 422 ? 'input validation is missing'
      : neg === 404 ? 'a resource that should not exist was served'
      : neg === 409 ? 'a duplicate was accepted'
      : 'an error case is not handled';
    return mk('app', 'high', `The app accepted a request it should have rejected: ${hint}.`);
  }
  return mk('app', 'medium', `The app answers this request with a different status than the test requires; if the docs specify ${status}, fix the test instead.`);
}

/** The status was fine: the body check failed, either for a missing field or for a wrong value. */
function bodyCheck(call: RecordedCall, a: AssertionRecord, cause: string): Draft {
  const ep = endpointOf(call);
  const status = call.status!;
  const raw = call.responseBody ?? '';
  const json = parseJson(raw);
  const body = excerpt(raw);
  const evidence = [`${ep} → ${statusLine(status)} (call #${call.seq})`, cause, ...(body ? [`response body: ${body}`] : [])];
  const fields = fieldsReferenced(a.source);
  if (fields.length && raw && json === undefined) {
    return {
      failureKind: 'schema_mismatch', recommendedFixTarget: 'app', confidence: 'medium', call, evidence,
      rootCauseHypothesis: `${ep} answered ${status} with a body that is not JSON, so ${cause} could not hold. Body: ${body}. The endpoint should return JSON here.`,
    };
  }
  const missing = json === undefined ? [] : fields.filter((f) => keyPaths(json, f).length === 0);
  if (missing.length) {
    return {
      failureKind: 'schema_mismatch', recommendedFixTarget: 'app', confidence: 'medium', call, evidence,
      rootCauseHypothesis: `${ep} answered ${status} but its body has no ${missing.map((f) => `'${f}'`).join(', ')} field, which ${cause} checks. The body is ${shapeOf(json)}: ${body}. The response shape differs from what the test expects: fix the app if the docs promise the field, otherwise the test.`,
    };
  }
  const parsed = parseAssertMessage(a.message);
  const diff = parsed && (parsed.op === '==' || parsed.op === 'in' || parsed.op === 'is') ? `: got ${excerpt(parsed.actual, 80)}, expected ${excerpt(parsed.expected, 80)}` : '';
  return {
    failureKind: 'assertion_failed', recommendedFixTarget: 'app', confidence: 'medium', call, evidence,
    rootCauseHypothesis: `${ep} answered ${statusLine(status)} as expected, but the body check ${diff ? quoteAssertion(a, false) : cause} failed${diff}.${body ? ` Response body: ${body}.` : ''} The status is right and the content is wrong: the app returned different data than the test requires.`,
  };
}
