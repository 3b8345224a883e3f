import { z } from 'zod';
import { AskAnswer, AskBody, askTest } from '../contract/chat.js';
import { Id } from '../contract/common.js';
import { defineOp, WRITE } from './op.js';

export const testAsk = defineOp({
  name: 'test.ask',
  title: "Chat with a test's report",
  description:
    "Ask about a test's latest run (or runId): why it failed, what was sent and came back, what changed since it last passed; answers cite the evidence and change nothing. A change request ('also test GET /users/{id} with an unknown id and expect 404'; frontend 'also check that …') updates the test and returns the diff.",
  input: z.object({ testId: Id, question: AskBody.shape.question.describe("A question about the report, or a change request ('also test …', 'also check that …')"), runId: Id.optional().describe('The run to ask about; default the latest run') }),
  output: AskAnswer,
  annotations: WRITE,
  sample: (i) => ({
    testId: i.testId,
    runId: i.runId ?? 'run_sample',
    question: i.question,
    intent: 'why-failed' as const,
    answer: 'Run run_sample failed (server_error): GET /users/1 answered 500.\nCause: GET /users/1 → 500 Internal Server Error.\nSuggested fix (app): fix the application: the test saw it answer wrongly, and the test is right as written.\nThe assertion that failed, line 2: r.status == 200 — assert 500 == 200',
    citations: [{ kind: 'assertion' as const, ref: 'line 2', text: 'r.status == 200 — assert 500 == 200' }, { kind: 'call' as const, ref: 'call #1', text: 'GET /users/1 → 500 Internal Server Error' }],
    change: null,
    suggestions: ['why did it fail?', 'what was sent and what came back?', 'what changed since it last passed?'],
    provider: 'builtin',
    source: 'cli',
    messageId: 'msg_sample',
    createdAt: '2025-01-01T00:00:00.000Z',
  }),
  run: (ctx, i) => ctx.client().call(askTest, { params: { testId: i.testId }, body: { question: i.question, runId: i.runId } }),
});
