import { classify, requestText, suggestions } from '../../ai/chat-answers.js';
import { answerQuestion } from '../../ai/chat.js';
import { providerFromEnv } from '../../ai/provider.js';
import type { AskAnswer, AskChange, AskCitation } from '../../contract/chat.js';
import type { Surface } from '../../contract/common.js';
import { parseJson } from '../../store/db.js';
import { insertChatMessage, type ChatMessageRow } from '../../store/repos/chat.js';
import { newId, nowIso } from '../../util/ids.js';
import type { ServerDeps } from '../context.js';
import { ownProject } from '../project-view.js';
import { ownTest } from '../test-view.js';
import { changeBackendTest, changeFrontendTest } from './change.js';
import { chatEvidence } from './evidence.js';

/** A stored exchange as the API answers it. */
export function toAskAnswer(r: ChatMessageRow): AskAnswer {
  const d = parseJson<{ citations?: AskCitation[]; change?: AskChange | null; suggestions?: string[]; provider?: string }>(r.data, {});
  return {
    testId: r.test_id,
    runId: r.run_id,
    question: r.question,
    intent: r.intent as AskAnswer['intent'],
    answer: r.answer,
    citations: d.citations ?? [],
    change: d.change ?? null,
    suggestions: d.suggestions ?? [],
    provider: d.provider ?? 'builtin',
    source: r.source,
    messageId: r.id,
    createdAt: r.created_at,
  };
}

function changeText(name: string, before: number, c: AskChange): string {
  const what = c.kind === 'code' ? 'code' : 'plan steps';
  return [
    `Changed test "${name}" (${c.testId}): ${c.summary}.`,
    `Its ${what} went from version ${before} to ${c.codeVersion}${c.planCases.length ? `; plan case(s) ${c.planCases.join(', ')} updated too` : ''}. What changed:`,
    c.diff.split('\n').slice(2).join('\n').trimEnd(),
    `See it with 'svc test get ${c.testId}'${c.kind === 'code' ? ` and 'svc test code get ${c.testId}'` : ''}; run it with 'svc test run ${c.testId} --wait'.`,
  ].join('\n');
}

/**
 * One message to a test's report chat (SPEC.md 1.1 step 8, 1.2 step 9): a question is answered
 * from the run's evidence and changes nothing; a change request updates the test. Both are kept
 * in the test's conversation with the surface that asked.
 */
export async function askAboutTest(deps: ServerDeps, userId: string, testId: string, body: { question: string; runId?: string }, surface: Surface): Promise<AskAnswer> {
  const db = deps.store.db;
  const t = await ownTest(deps, userId, testId);
  const evidence = await chatEvidence(db, t, userId, body.runId);
  const intent = classify(body.question);
  const provider = providerFromEnv();
  let answer: string;
  let citations: AskCitation[];
  let change: AskChange | null = null;
  let by = 'builtin';
  if (intent === 'change') {
    const request = requestText(body.question);
    change = t.type === 'backend' ? await changeBackendTest(deps, await ownProject(deps, userId, t.project_id), t, request, provider) : await changeFrontendTest(deps, t, request, provider);
    answer = changeText(t.name, t.code_version, change);
    citations = [{ kind: 'code', ref: `v${t.code_version} → v${change.codeVersion}`, text: change.summary }];
  } else {
    const a = await answerQuestion(evidence, body.question, intent, provider);
    ({ answer, citations } = a);
    by = a.provider;
  }
  const row: ChatMessageRow = {
    id: newId('msg'),
    test_id: t.id,
    user_id: userId,
    run_id: evidence.run?.id ?? null,
    source: surface,
    question: body.question,
    intent,
    answer,
    data: JSON.stringify({ citations, change, suggestions: suggestions(evidence), provider: by }),
    created_at: nowIso(),
  };
  await insertChatMessage(db, row);
  return toAskAnswer(row);
}
