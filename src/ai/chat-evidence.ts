import type { AskCitation, AskIntent } from '../contract/chat.js';
import type { RunDiff } from '../contract/triage.js';
import type { Analysis } from './analysis.js';
import { maskHeaders, maskUrl } from './curl.js';
import type { AssertionRecord, RecordedCall } from './evidence.js';
import { endpointOf, excerpt, statusLine } from './facts.js';

/**
 * What the report chat reads of a test: the run asked about, the last run of the same test that
 * passed before it, recent history and the comparison of the two runs. Built by the server from
 * the store; the answers below only read it.
 */
export interface ChatStep {
  index: number;
  kind: string;
  description: string;
  status: string;
  error: string | null;
}

export interface ChatRun {
  id: string;
  status: string;
  verdict: string | null;
  reason: string | null;
  source: string;
  codeVersion: number | null;
  targetUrl: string | null;
  createdAt: string;
  failure: { kind?: string; message?: string; exceptionType?: string; line?: number } | null;
  assertions: Omit<AssertionRecord, 'at'>[];
  calls: RecordedCall[];
  steps: ChatStep[];
  analysis: Partial<Analysis> | null;
  /** The code (backend) or the plan steps as JSON (frontend) as they were when the run started. */
  snapshot: string | null;
  consumed: Record<string, unknown> | null;
  blockedBy: { testId: string; testName: string; variables: string[] }[];
}

export interface ChatEvidence {
  test: { id: string; name: string; type: 'backend' | 'frontend'; codeVersion: number };
  run: ChatRun | null;
  /** The last passing run of the test before `run` (null when it never passed before). */
  lastPassed: ChatRun | null;
  /** Newest first. */
  history: { id: string; status: string; createdAt: string; codeVersion: number | null }[];
  /** `lastPassed` (A) against `run` (B). */
  diff: RunDiff | null;
}

export interface BuiltAnswer {
  intent: AskIntent;
  answer: string;
  citations: AskCitation[];
}

export const verdictOf = (r: ChatRun) => r.verdict ?? r.status;
export const isFailure = (r: ChatRun) => ['failed', 'blocked', 'cancelled'].includes(verdictOf(r));

/** The assertion that decided the verdict: the last one that did not hold. */
export function failingAssertion(r: ChatRun): ChatRun['assertions'][number] | undefined {
  return [...r.assertions].reverse().find((a) => !a.ok);
}

/** The call the analysis blames, else the first answered with an error or not at all, else the last. */
export function failingCall(r: ChatRun): RecordedCall | undefined {
  const seq = r.analysis?.failingCall?.seq;
  return (seq !== undefined ? r.calls.find((c) => c.seq === seq) : undefined) ?? r.calls.find((c) => c.status === null || c.status >= 400) ?? r.calls[r.calls.length - 1];
}

export function failedStep(r: ChatRun): ChatStep | undefined {
  return r.steps.find((s) => s.status === 'failed');
}

export const callRef = (c: RecordedCall) => `call #${c.seq}`;
export const callLine = (c: RecordedCall) => `${endpointOf(c)} → ${c.status === null ? c.error ?? 'no response' : statusLine(c.status)}`;

function bodyText(body: string | null, max: number): string {
  if (body === null || body === '') return '(no body)';
  return body.length > max ? `${body.slice(0, max)}… (${body.length} characters)` : body;
}

/** The request and the response of a call as text, with credentials masked as everywhere else. */
export function callTranscript(c: RecordedCall, max = 1500): string {
  const headers = (h: Record<string, string>) => Object.entries(h).map(([k, v]) => `  ${k}: ${v}`);
  return [
    `${c.method.toUpperCase()} ${maskUrl(c.url)}`,
    ...headers(maskHeaders(c.requestHeaders)),
    `  ${bodyText(c.requestBody, max)}`,
    c.status === null ? `← no response: ${c.error ?? 'the call got no answer'}` : `← ${statusLine(c.status)} in ${Math.round(c.latencyMs)} ms`,
    ...(c.status === null ? [] : [...headers(maskHeaders(c.responseHeaders)), `  ${bodyText(c.responseBody, max)}`]),
  ].join('\n');
}

export const assertionCitation = (a: ChatRun['assertions'][number]): AskCitation => ({
  kind: 'assertion',
  ref: `line ${a.line}`,
  text: `${a.source}${a.message ? ` — ${excerpt(a.message, 300)}` : ''}`,
});
export const callCitation = (c: RecordedCall): AskCitation => ({ kind: 'call', ref: callRef(c), text: callLine(c) });
export const stepCitation = (s: ChatStep): AskCitation => ({ kind: 'step', ref: `step ${s.index + 1}`, text: `${s.description}${s.error ? ` — ${excerpt(s.error, 300)}` : ''}` });
