import type { AskCitation, AskIntent } from '../contract/chat.js';
import {
  assertionCitation, callCitation, callLine, callTranscript, failedStep, failingAssertion, failingCall, isFailure, stepCitation, verdictOf,
  type BuiltAnswer, type ChatEvidence, type ChatRun,
} from './chat-evidence.js';
import { whatChanged } from './chat-changes.js';
import { excerpt } from './facts.js';

/**
 * The built-in answers of the report chat: deterministic rules over the run's evidence (the stored
 * result, its analysis, its recorded calls and steps, the runs before it). Each answer quotes the
 * evidence it rests on and lists it as citations.
 */

const WORDS: [AskIntent, RegExp][] = [
  ['what-changed', /\b(changed?|changes|differen\w*|last pass\w*|since|regress\w*|used to|compared?|before)\b/i],
  // A frontend test's own suggestion, "which steps ran and what did the page show?", is this question too.
  ['what-sent', /\b(sent|send|request\w*|respon\w*|came back|come back|return\w*|calls?|payload|body|headers?|curl|repl(y|ied)|answered|got back|steps? (?:ran|were run|it took)|page show\w*)\b/i],
  ['why-failed', /\b(why|cause\w*|fail\w*|wrong|fix\w*|broke\w*|errors?|problem|issue|reason)\b/i],
  ['summary', /\b(status|result|pass(ed)?|verdict|summar\w*|what happened|overview|history|how did|last runs?)\b/i],
];

/** Imperatives the natural-language edits of a test understand (plan.edit and the frontend case edits). */
const CHANGE = /^(?:(?:also|and|then)\s+)*(?:test|check|verify|assert|expect|ensure|confirm|make sure|add|insert|remove|delete|drop|rename|retitle|call it|replace|change|use|make|set|describe|select|deselect|include|exclude|skip|finally|title:)\b/i;

/** The message without politeness around it: 'Could you please also test …?' → 'also test …'. */
export function requestText(message: string): string {
  return message
    .trim()
    .replace(/^(?:(?:can|could|would|will) you\s+|please\s+|i(?:'d| would) like you to\s+|let'?s\s+)+/i, '')
    .replace(/^(?:please\s+)/i, '')
    .replace(/[?!.\s]+$/, '')
    .trim();
}

/** 'check why it failed', 'verify what was sent': a question phrased with an imperative. */
const ASKING = /^(?:(?:also|and|then)\s+)*(?:check|verify|test|confirm|make sure)\s+(?:for me\s+)?(?:why|what|how|which|when|where|whether|if)\b/i;

export function classify(message: string): AskIntent {
  const req = requestText(message);
  if (CHANGE.test(req) && !ASKING.test(req)) return 'change';
  return WORDS.find(([, re]) => re.test(message))?.[0] ?? 'help';
}

export function suggestions(e: ChatEvidence): string[] {
  const base = ['why did it fail?', 'what was sent and what came back?', 'what changed since it last passed?', 'how did the last runs go?'];
  if (e.test.type === 'frontend') return [...base.map((q) => q.replace('what was sent and what came back?', 'which steps ran and what did the page show?')), 'also check that the footer reads "© 2025"', 'remove step 2'];
  const call = e.run?.calls.find((c) => /\/\d+(\/|$)|\{/.test(c.path));
  const item = call ? `${call.method.toUpperCase()} ${call.path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/{id}')}` : 'GET /users/{id}';
  return [...base, `also test ${item} with an unknown id and expect 404`];
}

const FIX: Record<string, string> = {
  app: 'fix the application: the test saw it answer wrongly, and the test is right as written.',
  test: "fix the test: its request or its expectation does not match what the API does or documents.",
  environment: 'fix the environment: the target was unreachable or slow, or refused the credential; check the base URL, the project credential and that the app is up, then rerun.',
  'upstream-test': 'fix the upstream test that should have produced the values this test needs; rerunning this test runs it first.',
};

function notRun(e: ChatEvidence): BuiltAnswer {
  return { intent: 'summary', answer: `Test "${e.test.name}" has not run yet, so there is no evidence to answer from. Run it with 'svc test run ${e.test.id} --wait' (or Rerun in the portal), then ask again.`, citations: [] };
}

function runHead(r: ChatRun): string {
  const kind = r.analysis?.failureKind ?? r.failure?.kind;
  return `Run ${r.id} ${verdictOf(r)}${kind ? ` (${kind})` : ''}${r.reason ? `: ${excerpt(r.reason, 300)}` : ''}.`;
}

export function whyFailed(e: ChatEvidence): BuiltAnswer {
  const r = e.run;
  if (!r) return { ...notRun(e), intent: 'why-failed' };
  const citations: AskCitation[] = [{ kind: 'run', ref: r.id, text: `${verdictOf(r)}${r.reason ? ` — ${excerpt(r.reason, 200)}` : ''}` }];
  if (!isFailure(r)) {
    const held = r.assertions.filter((a) => a.ok).length;
    return { intent: 'why-failed', answer: `Run ${r.id} passed: nothing failed${r.assertions.length ? ` (all ${held} assertions held)` : ''}. Ask about an earlier run with --run-id, or ask what changed since it last passed.`, citations };
  }
  const a = r.analysis;
  const lines = [runHead(r)];
  if (a?.rootCauseHypothesis) {
    lines.push(`Cause: ${a.rootCauseHypothesis}`);
    citations.push({ kind: 'analysis', ref: a.failureKind ?? 'analysis', text: a.rootCauseHypothesis });
  } else if (r.failure?.message) lines.push(`Cause: ${excerpt(r.failure.message, 500)}`);
  if (a?.recommendedFixTarget && FIX[a.recommendedFixTarget]) lines.push(`Suggested fix (${a.recommendedFixTarget}): ${FIX[a.recommendedFixTarget]}`);
  if (r.blockedBy.length) lines.push(`It never ran: ${r.blockedBy.map((b) => `"${b.testName}" (${b.testId}) did not produce ${b.variables.join(', ')}`).join('; ')}.`);
  const assertion = failingAssertion(r);
  if (assertion) {
    lines.push(`The assertion that failed, line ${assertion.line}: ${assertion.source}${assertion.message ? ` — ${excerpt(assertion.message, 300)}` : ''}`);
    citations.push(assertionCitation(assertion));
  }
  const call = e.test.type === 'backend' ? failingCall(r) : undefined;
  if (call) {
    lines.push(`The failing call, #${call.seq}: ${callLine(call)}${call.responseBody ? `; the response body: ${excerpt(call.responseBody, 240)}` : ''}`);
    citations.push(callCitation(call));
  }
  const step = failedStep(r);
  if (step && e.test.type === 'frontend') {
    lines.push(`Step ${step.index + 1} failed: ${step.description}${step.error ? ` — ${excerpt(step.error, 300)}` : ''}`);
    citations.push(stepCitation(step));
  }
  if (a?.reproducer) lines.push(`Reproduce it with:\n${a.reproducer}`);
  if (a?.provider) lines.push(`(Analysis by ${a.provider}${a.confidence ? `, confidence ${a.confidence}` : ''}.)`);
  return { intent: 'why-failed', answer: lines.join('\n'), citations };
}

export function whatSent(e: ChatEvidence): BuiltAnswer {
  const r = e.run;
  if (!r) return { ...notRun(e), intent: 'what-sent' };
  if (e.test.type === 'frontend') {
    if (!r.steps.length) return { intent: 'what-sent', answer: `Run ${r.id} recorded no steps${r.failure?.message ? `: ${excerpt(r.failure.message, 300)}` : ''}.`, citations: [] };
    const step = failedStep(r);
    const lines = [`A frontend test sends no HTTP requests of its own; run ${r.id} took these steps in the browser:`, ...r.steps.map((s) => `${s.status === 'failed' ? '✗' : s.status === 'passed' ? '✓' : '–'} step ${s.index + 1} (${s.kind}): ${excerpt(s.description, 200)}${s.error ? ` — ${excerpt(s.error, 300)}` : ''}`)];
    return { intent: 'what-sent', answer: lines.join('\n'), citations: (step ? [step] : r.steps.slice(-1)).map(stepCitation) };
  }
  if (!r.calls.length) return { intent: 'what-sent', answer: `Run ${r.id} made no HTTP calls${r.blockedBy.length ? ' (it was blocked before it ran)' : ''}${r.failure?.message ? `: ${excerpt(r.failure.message, 300)}` : ''}.`, citations: [] };
  const call = isFailure(r) ? failingCall(r)! : r.calls[r.calls.length - 1]!;
  const lines = [
    `Run ${r.id} made ${r.calls.length} call${r.calls.length === 1 ? '' : 's'}: ${r.calls.slice(0, 20).map((c) => `#${c.seq} ${callLine(c)}`).join('; ')}${r.calls.length > 20 ? '; …' : ''}.`,
    `${isFailure(r) ? 'The failing call' : 'The last call'}, #${call.seq} (credentials masked):`,
    callTranscript(call),
  ];
  return { intent: 'what-sent', answer: lines.join('\n'), citations: [callCitation(call), ...r.calls.filter((c) => c !== call).slice(0, 5).map(callCitation)] };
}

export function summary(e: ChatEvidence): BuiltAnswer {
  const r = e.run;
  if (!r) return notRun(e);
  const failed = r.assertions.filter((a) => !a.ok).length;
  const counts = e.history.reduce<Record<string, number>>((m, h) => ({ ...m, [h.status]: (m[h.status] ?? 0) + 1 }), {});
  const lines = [
    runHead(r),
    `Started from ${r.source} at ${r.createdAt}, code version ${r.codeVersion ?? '-'}; ${r.assertions.length} assertion(s), ${failed} failed; ${e.test.type === 'backend' ? `${r.calls.length} HTTP call(s)` : `${r.steps.length} step(s)`}.`,
    `The last ${e.history.length} run(s), newest first: ${e.history.map((h) => h.status).join(', ')} (${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}).`,
  ];
  if (e.lastPassed && e.lastPassed.id !== r.id) lines.push(`It last passed in run ${e.lastPassed.id} (${e.lastPassed.createdAt}).`);
  return { intent: 'summary', answer: lines.join('\n'), citations: [{ kind: 'run', ref: r.id, text: `${verdictOf(r)}${r.reason ? ` — ${excerpt(r.reason, 200)}` : ''}` }] };
}

export function help(e: ChatEvidence, message: string): BuiltAnswer {
  const list = suggestions(e).map((s) => `- ${s}`).join('\n');
  return {
    intent: 'help',
    answer: `I could not tell what "${excerpt(message, 120)}" asks. From this test's evidence I can answer why it failed (cause, fix, the failing assertion and call), what was sent and what came back, what changed since it last passed, and how its runs went; and I can change the test when asked in one of the supported forms. For example:\n${list}`,
    citations: [],
  };
}

/** The built-in answer to a question (never to a change request: those change the test). */
export function builtinAnswer(e: ChatEvidence, message: string, intent: AskIntent = classify(message)): BuiltAnswer {
  switch (intent) {
    case 'why-failed':
      return whyFailed(e);
    case 'what-sent':
      return whatSent(e);
    case 'what-changed':
      return whatChanged(e);
    case 'summary':
      return summary(e);
    default:
      return help(e, message);
  }
}
