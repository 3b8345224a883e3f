import type { Command } from 'commander';
import type { AskAnswer } from '../../../src/contract/chat.js';
import { testAsk } from '../../../src/ops/test-ask.js';
import type { Runtime } from '../../runtime.js';

function renderAsk(a: AskAnswer): string {
  const out = [a.answer, ''];
  if (a.citations.length) out.push('evidence:', ...a.citations.map((c) => `  [${c.kind} ${c.ref}] ${c.text}`), '');
  if (a.change) out.push(`changed: ${a.change.testId} (${a.change.kind}) now at codeVersion ${a.change.codeVersion}`, '');
  out.push(`answered by ${a.provider}${a.runId ? ` from run ${a.runId}` : ''}`, '');
  return out.join('\n');
}

/** `test ask <test-id> <question…>`: the report chat of SPEC.md 1.1 step 8 and 1.2 step 9. */
export function registerTestAsk(group: Command, rt: Runtime): void {
  group
    .command('ask')
    .description("ask about a test's report (why it failed, what was sent, what changed since it last passed) or request a change to the test")
    .argument('<test-id>')
    .argument('<question...>', 'the question or change request (quotes optional)')
    .option('--run-id <run>', 'ask about this run of the test instead of its latest')
    .addHelpText('after', `
Examples:
  svc test ask tst_1 "why did it fail?"
  svc test ask tst_1 "what was sent and what came back?"
  svc test ask tst_1 "what changed since it last passed?" --run-id run_2
  svc test ask tst_1 "also test GET /users/{id} with an unknown id and expect 404"
  svc test ask tst_2 'also check that the footer reads "© 2025"'   # a frontend test

A question changes nothing; a change request updates the test (see it with svc test get).
Exit codes: 0 answered or changed; 4 test or run not found; 5 empty question or a change that
is not understood (the supported forms are listed); 6 the test changed meanwhile (nothing written).`)
    .action(async (testId: string, words: string[], o: { runId?: string }) => {
      const a = await rt.exec(testAsk, { testId, question: words.join(' '), ...(o.runId ? { runId: o.runId } : {}) });
      rt.emit(a, renderAsk);
    });
}
