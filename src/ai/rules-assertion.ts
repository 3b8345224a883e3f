import type { Draft } from './analysis.js';
import type { AssertionRecord, FailureEvidence, RecordedCall } from './evidence.js';
import { declaredFor, endpointOf, excerpt, headerValue, keyPaths, parseJson, shapeOf, statusLine } from './facts.js';
import { conditionText, failedAssertion, fieldsReferenced, parseAssertMessage, pickFailingCall } from './python-facts.js';
import { statusExpectation, type StatusExpectation } from './status-expectation.js';
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
  const exp = statusExpectation(a.source, a.message);
  const verdict = exp ? exp.accepts(status) : null;
  if (exp && verdict === false) {
    if (status >= 500 || status === 401 || (status >= 400 && !exp.expectsError)) {
      return statusRule({ e, call, expected: exp.wanted, cause, negativeTest: exp.expectsError, isAssertion: true });
    }
    return statusMismatch(e, call, exp, cause, `${a.source}\n${a.message ?? ''}\n${e.testName}`);
  }
  // The status is accepted (or the assertion does not decide on it): unless it is an error nobody asked for, the body is the issue.
  if (verdict === null && status >= 400 && !exp?.expectsError && !statusWasExpected(e, status)) {
    return statusRule({ e, call, expected: exp?.wanted ?? 'a success status', cause, isAssertion: true });
  }
  return bodyCheck(call, a, cause);
}

export function quoteAssertion(a: AssertionRecord, withMessage = true): string {
  const msg = withMessage && a.message && a.message.trim() !== '' && a.message.trim() !== `assert ${a.source}` ? `: ${excerpt(a.message, 160)}` : '';
  return `\`${excerpt(conditionText(a.source), 120) || 'assert'}\`${a.line ? ` (line ${a.line})` : ''}${msg}`;
}

/** The status check failed and the actual status is not an error the status rules own. */
function statusMismatch(e: FailureEvidence, call: RecordedCall, exp: StatusExpectation, cause: string, text: string): Draft {
  const ep = endpointOf(call);
  const status = call.status!;
  const { wanted, codes } = exp;
  const body = excerpt(call.responseBody);
  const evidence = [`${ep} → ${statusLine(status)} (call #${call.seq})`, cause, `expected ${wanted}, got ${status}`, ...(body ? [`response body: ${body}`] : [])];
  const head = `${ep} answered ${statusLine(status)} where the test expected ${wanted} (${cause}).${body ? ` Response body: ${body}.` : ''}`;
  const mk = (target: Draft['recommendedFixTarget'], confidence: Draft['confidence'], why: string): Draft => ({
    failureKind: 'assertion_failed', recommendedFixTarget: target, confidence, rootCauseHypothesis: `${head} ${why}`, evidence, call,
  });
  const refused = exp.refusal && status < 400;
  const declared = declaredFor(e.declaredStatuses, call);
  // Docs list the statuses of the normal case; a probe that must be refused is not contradicted by them.
  if (!refused && declared && declared.value.includes(status) && !codes.some((c) => declared.value.includes(c))) {
    evidence.push(`docs declare ${declared.key} → ${declared.value.join(', ')}`);
    return mk('test', 'high', `The docs declare ${status} for ${declared.key} (${declared.value.join(', ')}) and not ${wanted}: the test expects the wrong status.`);
  }
  if (status >= 300 && status < 400) {
    const loc = headerValue(call.responseHeaders, 'location');
    if (refused) return mk('app', 'medium', `The app redirects${loc ? ` to ${loc}` : ''} where a refusal was expected: an API should refuse with a 4xx (such as 401 or 403) instead of redirecting, for example to a sign-in page; if the redirect is intended, make the test accept it.`);
    return mk('environment', 'medium', `The app redirects${loc ? ` to ${loc}` : ''}: the base URL is probably wrong (scheme, host or trailing slash).`);
  }
  if (status < 300 && exp.refusal) {
    return mk('app', 'high', `The endpoint answered 2xx where a refusal was expected: the app accepted a request it should have rejected, so ${refusalHint(codes, text)}.`);
  }
  return mk('app', 'medium', `The app answers this request with a different status than the test requires; if the docs specify ${status}, fix the test instead.`);
}

/** What a 2xx on a request that must be refused means, from the expected codes, else the test's wording. */
function refusalHint(codes: number[], text: string): string {
  const has = (...c: number[]) => codes.some((x) => c.includes(x));
  const AUTH = /credential|unauthori[sz]|unauthenticated|\bauth|token|forbidden|permission|\bscopes?\b|\broles?\b|log ?in\b|sign ?in\b/i;
  const INPUT = /invalid|malformed|missing|required|wrong[- ]?type|validat|too (?:long|short|large|small|big)|boundary|out of range|content[- ]type/i;
  const ABSENT = /not found|unknown id|nonexist|non-exist|does not exist|foreign|another user/i;
  const DUP = /duplicate|second record|same \w+|already exists|unique/i;
  if (has(401, 403) || (!codes.length && AUTH.test(text))) return 'an authentication or permission check is missing';
  if (has(400, 422) || (!codes.length && INPUT.test(text))) return 'input validation is missing';
  if (has(404, 410) || (!codes.length && ABSENT.test(text))) return 'a resource that should not exist was served';
  if (has(409) || (!codes.length && DUP.test(text))) return 'a duplicate was accepted';
  return 'an error case is not handled';
}

/** The status was fine: the body check failed, either for a missing field or for a wrong value. */
function bodyCheck(call: RecordedCall, a: AssertionRecord, cause: string): Draft {
  const ep = endpointOf(call);
  const status = call.status!;
  const raw = call.responseBody ?? '';
  const json = parseJson(raw);
  const body = excerpt(raw);
  const evidence = [`${ep} → ${statusLine(status)} (call #${call.seq})`, cause, ...(body ? [`response body: ${body}`] : [])];
  const fields = fieldsReferenced(conditionText(a.source));
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
