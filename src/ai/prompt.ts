import type { Analysis } from './analysis.js';
import { FailureKind, FixTarget } from './analysis.js';
import type { ChatMessage } from './provider.js';
import type { FailureEvidence } from './evidence.js';
import { maskHeaders, maskUrl } from './curl.js';
import { excerpt } from './facts.js';
import { failedAssertion, pickFailingCall } from './python-facts.js';

/** The cause-and-fix prompt: a bounded summary of the evidence plus the built-in analysis. */

const SYSTEM = [
  'You explain why one automated test failed, for a developer who will fix it.',
  'You get the captured evidence and a rule-based analysis. Improve the wording of the root-cause',
  'hypothesis: be specific, name the endpoint or step, quote the evidence (status, expected vs actual,',
  'a short body excerpt). Do not invent facts that are not in the evidence. Step indexes in the',
  'evidence are 0-based; in prose call a step by its number (index + 1), e.g. index 4 is "Step 5".',
  'Answer with one JSON object only: {"rootCauseHypothesis": string, "evidence": string[],',
  '"failureKind": string, "recommendedFixTarget": string}. failureKind and recommendedFixTarget',
  'must be one of the allowed values; keep the rule-based ones unless the evidence clearly shows otherwise.',
].join(' ');

function tail(s: string | null | undefined, lines: number, chars: number): string | undefined {
  if (!s) return undefined;
  const t = s.split('\n').slice(-lines).join('\n');
  return t.length > chars ? `…${t.slice(-chars)}` : t;
}

export function summarizeEvidence(e: FailureEvidence): Record<string, unknown> {
  const call = e.testType === 'backend' ? pickFailingCall(e) : undefined;
  const out: Record<string, unknown> = {
    test: { id: e.testId, name: e.testName, type: e.testType, status: e.status, targetUrl: e.targetUrl },
  };
  if (e.failure) out.failure = { ...e.failure, message: excerpt(e.failure.message, 600) };
  const a = failedAssertion(e);
  if (a) out.failedAssertion = a;
  if (call) {
    out.failingCall = {
      seq: call.seq, method: call.method, url: maskUrl(call.url), status: call.status, error: call.error,
      latencyMs: call.latencyMs, requestHeaders: maskHeaders(call.requestHeaders),
      requestBody: call.requestBody === null ? null : excerpt(call.requestBody, 1000),
      responseHeaders: call.responseHeaders,
      responseBody: call.responseBody === null ? null : excerpt(call.responseBody, 1500),
    };
  }
  if (e.calls?.length) out.calls = e.calls.slice(-20).map((c) => `#${c.seq} ${c.method} ${c.path} → ${c.status ?? c.error ?? 'no response'}`);
  if (e.assertions?.length) out.assertions = e.assertions.slice(-20).map((x) => `${x.ok ? 'ok' : 'FAILED'} line ${x.line}: ${x.source}${x.message ? ` — ${excerpt(x.message, 160)}` : ''}`);
  const trace = tail(e.trace, 40, 4000);
  if (trace) out.trace = trace;
  const stdout = tail(e.stdout, 20, 1500);
  if (stdout) out.stdout = stdout;
  if (e.blockedBy?.length) out.blockedBy = e.blockedBy;
  if (e.missingVariables?.length) out.missingVariables = e.missingVariables;
  if (e.steps?.length) out.steps = e.steps.slice(0, 40).map((s) => ({ ...s, number: s.index + 1, description: excerpt(s.description, 160), error: s.error && excerpt(s.error, 300) }));
  if (e.failedStepIndex !== undefined) out.failedStepIndex = e.failedStepIndex;
  return out;
}

export function buildPrompt(e: FailureEvidence, base: Analysis): ChatMessage[] {
  const user = {
    evidence: summarizeEvidence(e),
    ruleBasedAnalysis: {
      failureKind: base.failureKind,
      rootCauseHypothesis: base.rootCauseHypothesis,
      recommendedFixTarget: base.recommendedFixTarget,
      confidence: base.confidence,
      evidence: base.evidence,
    },
    allowedFailureKinds: FailureKind.options,
    allowedFixTargets: FixTarget.options,
  };
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: JSON.stringify(user, null, 1) },
  ];
}
