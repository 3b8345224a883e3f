import type { Draft } from './analysis.js';
import type { FailureEvidence, RecordedCall } from './evidence.js';
import { endpointOf, excerpt, headerValue, keyPaths, parseJson, shapeOf } from './facts.js';
import { pickFailingCall, TEST_CODE_EXCEPTIONS, traceInfo } from './python-facts.js';
import { statusExpectation } from './status-expectation.js';
import { statusRule } from './rules-status.js';

/** SPEC.md 7.2: 'Variable not found' and its three causes. */
export function variableNotFound(e: FailureEvidence, names: string[], cause?: string): Draft {
  const vars = names.map((v) => `VARS['${v}']`).join(', ');
  return {
    failureKind: 'variable_not_found', recommendedFixTarget: 'upstream-test', confidence: 'high',
    rootCauseHypothesis: `'${e.testName}' needs ${vars} but no upstream test produced it (Variable not found)${cause ? `: ${cause}` : ''}. Causes: a name mismatch between the producer's produce('…') and this test's needs, the producer's response lacking the field, or stale values on a skip-dependencies rerun. Fix the producing test or the needs name.`,
    evidence: [`missing variable${names.length > 1 ? 's' : ''}: ${names.join(', ')}`, ...(cause ? [cause] : [])],
  };
}

/** An error status some passing assertion explicitly accepted (a negative test) is not the failure. */
export function statusWasExpected(e: FailureEvidence, status: number): boolean {
  return (e.assertions ?? []).some((a) => {
    const x = a.ok ? statusExpectation(a.source) : null;
    return x !== null && x.expectsError && x.accepts(status) !== false;
  });
}

export function exceptionRule(e: FailureEvidence): Draft | null {
  const f = e.failure;
  const t = traceInfo(e.trace);
  if (f && f.kind !== 'exception') return null;
  const exType = f?.exceptionType ?? t.exceptionType;
  if (!exType) return null;
  const msg = f?.message || t.exceptionMessage || '';
  const line = f?.line ?? t.line;
  const code = t.codeLine;
  const cause = `${exType}: ${excerpt(msg, 120)}${line ? ` at line ${line}` : ''}${code ? ` (\`${excerpt(code, 100)}\`)` : ''}`;

  if (/Variable not found/i.test(msg) || (exType === 'KeyError' && code && /\bVARS\s*(\[|\.get\b)/.test(code))) {
    const name = /Variable not found:?\s*['"]?([\w.-]+)/i.exec(msg)?.[1] ?? msg.replace(/^['"]|['"]$/g, '');
    return variableNotFound(e, [name || '?'], cause);
  }
  const call = pickFailingCall(e);
  if (call && call.status !== null && call.status >= 400 && !statusWasExpected(e, call.status)) {
    return statusRule({ e, call, expected: 'a success status', cause, isAssertion: false });
  }
  if (call) {
    const shape = responseShape(call, exType, msg, code, cause, line);
    if (shape) return shape;
  }
  if (TEST_CODE_EXCEPTIONS.has(exType)) {
    // The context is what the test saw last, not an earlier error it already moved past.
    const prev = [...(e.calls ?? [])].sort((x, y) => y.seq - x.seq)[0];
    return {
      failureKind: 'test_code_error', recommendedFixTarget: 'test', confidence: 'high', call: prev,
      rootCauseHypothesis: `The test code itself raised ${cause}${prev ? `, after ${endpointOf(prev)} answered ${prev.status ?? 'nothing'}` : ''}: a bug in the test, not in the app. Fix or regenerate the test.`,
      evidence: [cause],
    };
  }
  return null;
}

/** KeyError/TypeError/IndexError/JSON errors while reading a response: shape mismatch or bad JSON path. */
function responseShape(call: RecordedCall, exType: string, msg: string, code: string | undefined, cause: string, line: number | undefined): Draft | null {
  const ep = endpointOf(call);
  const body = call.responseBody ?? '';
  const json = parseJson(body);
  const head = `${ep} answered ${call.status ?? 'nothing'}`;
  const evidence = [`${ep} → ${call.status ?? 'no response'} (call #${call.seq})`, cause, ...(body ? [`response body: ${excerpt(body)}`] : [])];
  const mk = (kind: Draft['failureKind'], target: Draft['recommendedFixTarget'], confidence: Draft['confidence'], text: string): Draft => ({
    failureKind: kind, recommendedFixTarget: target, confidence, rootCauseHypothesis: text, evidence, call,
  });
  const isJsonError = exType === 'JSONDecodeError' || (exType === 'ValueError' && /Expecting value|JSON/i.test(msg));
  if (isJsonError && json === undefined) {
    const ct = headerValue(call.responseHeaders, 'content-type') ?? 'none';
    return mk('schema_mismatch', 'app', 'medium', `${head} with a body that is not JSON (content-type ${ct}): ${excerpt(body) || '(empty)'}. The test failed parsing it with ${cause}. The endpoint should return JSON here.`);
  }
  if (exType === 'KeyError' && json !== undefined) {
    const key = msg.replace(/^['"]|['"]$/g, '');
    const paths = keyPaths(json, key);
    if (paths.length === 0) {
      return mk('schema_mismatch', 'app', 'medium', `${head} but its body has no '${key}' field, which the test reads${line ? ` at line ${line}` : ''}${code ? ` (\`${excerpt(code, 100)}\`)` : ''}. The body is ${shapeOf(json)}: ${excerpt(body)}. The response shape differs from what the test expects: fix the app if the docs promise '${key}', otherwise the test.`);
    }
    if (!paths.includes('')) {
      const at = paths[0] ? `${paths[0]}.${key}` : key;
      return mk('test_code_error', 'test', 'high', `The test reads '${key}' at the wrong JSON path${line ? ` (line ${line}${code ? `: \`${excerpt(code, 100)}\`` : ''})` : ''}: ${ep}'s body has it at '${at}'. Body: ${excerpt(body)}. Fix the JSON path in the test.`);
    }
    return null;
  }
  if (exType === 'TypeError' && /not subscriptable|indices must be integers|not iterable|NoneType/.test(msg)) {
    if (Array.isArray(json) && /list indices/.test(msg)) {
      return mk('schema_mismatch', 'app', 'medium', `${head} with ${shapeOf(json)} but the test indexes it like an object (${cause}). Body: ${excerpt(body)}. The response shape differs from what the test expects (a list instead of an object).`);
    }
    if (json === null || (json === undefined && /NoneType/.test(msg))) {
      return mk('schema_mismatch', 'app', 'medium', `${head} with ${body ? `a body of ${excerpt(body, 60)}` : 'an empty body'} where the test expected a JSON object (${cause}).`);
    }
    return null;
  }
  if (exType === 'IndexError' && Array.isArray(json) && json.length === 0) {
    return mk('schema_mismatch', 'app', 'low', `${head} with an empty JSON array but the test expected items (${cause}). Either the app lost the data or the test's setup did not create it.`);
  }
  return null;
}
