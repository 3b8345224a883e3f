import type { AskIntent } from '../contract/chat.js';
import { builtinAnswer } from './chat-answers.js';
import { callTranscript, failingCall, type BuiltAnswer, type ChatEvidence, type ChatRun } from './chat-evidence.js';
import { excerpt } from './facts.js';
import type { ChatMessage, ModelProvider } from './provider.js';

/**
 * A question to the report chat. The built-in rules always answer first; a configured model then
 * answers with the same evidence (and the built-in answer) in its prompt. The model's prose
 * replaces the built-in text only; the citations stay those of the evidence. Any model error,
 * timeout or empty answer leaves the built-in answer.
 */
const SYSTEM = [
  'You answer questions about one automated test report, for the developer who owns the test.',
  'Use only the evidence given: the run, its assertions, its recorded HTTP calls or browser steps,',
  'the failure analysis, and the last run that passed. Quote it: name the assertion line, the call',
  '(#seq, method, path, status) or the step number (index + 1). Never invent facts. Credentials are',
  'masked as *** and stay masked. If the evidence cannot answer, say so and say what would.',
  'Answer in plain text, at most 12 short lines.',
].join(' ');

function runSummary(r: ChatRun | null, type: string): Record<string, unknown> | null {
  if (!r) return null;
  const call = type === 'backend' ? failingCall(r) : undefined;
  return {
    id: r.id, verdict: r.verdict ?? r.status, reason: r.reason, source: r.source, createdAt: r.createdAt, codeVersion: r.codeVersion, failure: r.failure,
    analysis: r.analysis && { failureKind: r.analysis.failureKind, rootCauseHypothesis: r.analysis.rootCauseHypothesis, recommendedFixTarget: r.analysis.recommendedFixTarget, evidence: r.analysis.evidence },
    assertions: r.assertions.slice(-20).map((a) => `${a.ok ? 'ok' : 'FAILED'} line ${a.line}: ${a.source}${a.message ? ` — ${excerpt(a.message, 160)}` : ''}`),
    calls: r.calls.slice(-20).map((c) => `#${c.seq} ${c.method} ${c.path} → ${c.status ?? c.error ?? 'no response'}`),
    failingCall: call ? callTranscript(call, 800) : undefined,
    steps: r.steps.slice(0, 40).map((s) => `step ${s.index + 1} ${s.status}: ${excerpt(s.description, 160)}${s.error ? ` — ${excerpt(s.error, 200)}` : ''}`),
    blockedBy: r.blockedBy.length ? r.blockedBy : undefined,
  };
}

export function chatPrompt(e: ChatEvidence, question: string, base: BuiltAnswer): ChatMessage[] {
  const user = {
    question,
    test: e.test,
    run: runSummary(e.run, e.test.type),
    lastPassedRun: runSummary(e.lastPassed, e.test.type),
    comparison: e.diff && { stepFlips: e.diff.stepFlips, codeVersionA: e.diff.codeVersionA, codeVersionB: e.diff.codeVersionB },
    recentRuns: e.history.slice(0, 10).map((h) => `${h.id} ${h.status} ${h.createdAt}`),
    builtInAnswer: base.answer,
  };
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: JSON.stringify(user, null, 1) },
  ];
}

export async function answerQuestion(e: ChatEvidence, question: string, intent: AskIntent, provider: ModelProvider): Promise<BuiltAnswer & { provider: string }> {
  const base = builtinAnswer(e, question, intent);
  if (!provider.available) return { ...base, provider: 'builtin' };
  try {
    const content = (await provider.complete({ messages: chatPrompt(e, question, base), temperature: 0.2, maxTokens: 700 })).trim();
    if (!content) return { ...base, provider: 'builtin' };
    return { ...base, answer: content.slice(0, 6000), provider: provider.name };
  } catch {
    return { ...base, provider: 'builtin' };
  }
}
