import { z } from 'zod';
import { Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { PlanSteps } from './test-fields.js';

/** What a chat message was taken for: a question about the run's evidence, or a change to the test. */
export const AskIntent = z.enum(['why-failed', 'what-sent', 'what-changed', 'summary', 'help', 'change']);
export type AskIntent = z.infer<typeof AskIntent>;

export const AskCitation = z
  .object({
    kind: z.enum(['run', 'assertion', 'call', 'step', 'analysis', 'code']),
    ref: z.string().describe("Where it is: 'line 7', 'call #2', 'step 3', a run id"),
    text: z.string().describe('The quoted evidence'),
  })
  .meta({ id: 'AskCitation' });
export type AskCitation = z.infer<typeof AskCitation>;

export const AskChange = z
  .object({
    testId: Id.describe('The test that changed'),
    kind: z.enum(['code', 'plan']).describe('code: a backend test; plan: the planSteps of a frontend test'),
    summary: z.string(),
    diff: z.string().describe('Unified diff of the change (code, or the plan steps one per line)'),
    planSteps: PlanSteps.optional().describe('Frontend: the new steps'),
    codeVersion: z.number().int().describe('The codeVersion after the change'),
    planCases: z.array(z.string()).describe('Plan cases the request added or updated (backend projects with a plan)'),
  })
  .meta({ id: 'AskChange' });
export type AskChange = z.infer<typeof AskChange>;

export const AskAnswer = z
  .object({
    testId: z.string(),
    runId: z.string().nullable().describe('The run the answer is about; null when the test has not run'),
    question: z.string(),
    intent: AskIntent,
    answer: z.string().describe('The answer in plain text'),
    citations: z.array(AskCitation).describe('The evidence the answer rests on'),
    change: AskChange.nullable().describe('Set when the message changed the test; a question never changes anything'),
    suggestions: z.array(z.string()).describe('Questions and requests that can be asked next'),
    provider: z.string().describe("'builtin', or 'openai-compatible:<model>' when the configured model answered"),
    source: z.string().describe('Where it was asked: cli, mcp, portal'),
    messageId: z.string(),
    createdAt: Timestamp,
  })
  .meta({ id: 'AskAnswer' });
export type AskAnswer = z.infer<typeof AskAnswer>;

export const AskBody = z
  .object({
    question: z.string().trim().min(1, 'ask a question or request a change').max(2000, 'a question must be at most 2000 characters'),
    runId: Id.optional().describe('The run to ask about; default the latest run of the test'),
  })
  .meta({ id: 'AskBody' });

export const askTest = endpoint({
  id: 'tests.ask',
  method: 'POST',
  path: '/tests/{testId}/ask',
  tag: 'results',
  summary: "Chat with a test's report: a question is answered from the run's evidence; a change request ('also test GET /users/{id} with an unknown id and expect 404', 'also check that …') updates the test",
  scope: 'write:tests',
  params: z.object({ testId: Id }),
  body: AskBody,
  response: AskAnswer,
});
