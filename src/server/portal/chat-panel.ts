import type { AskCitation } from '../../contract/chat.js';
import { parseJson } from '../../store/db.js';
import { chatHistory } from '../../store/repos/chat.js';
import type { Db } from '../../store/schema.js';
import { field } from './forms.js';
import { html, type Html } from './html.js';
import { BASE, when } from './layout.js';

/**
 * The report chat panel on a run's report and on a test's page (SPEC.md 1.1 step 8, 1.2 step 9):
 * the test's conversation, kept in the store, above the form of actions-chat.ts.
 */
export interface ChatState {
  /** The draft to show again after a refusal, and the reason. */
  draft?: string;
  error?: string;
}

function exchange(r: { question: string; answer: string; source: string; created_at: string; data: string; run_id: string | null }): Html {
  const d = parseJson<{ citations?: AskCitation[]; provider?: string }>(r.data, {});
  const cites = d.citations ?? [];
  return html`<li class="q"><span class="who">You</span> <span class="src">${r.source} · ${when(r.created_at)}</span><p>${r.question}</p></li>
    <li class="a"><span class="who">svc</span> <span class="src">${d.provider ?? 'builtin'}${r.run_id ? html` · run <a class="mono" href="${BASE}/runs/${r.run_id}">${r.run_id}</a>` : ''}</span><pre class="answer" tabindex="0">${r.answer}</pre>
      ${cites.length ? html`<details><summary>Evidence (${cites.length})</summary><ul class="cites">${cites.map((c) => html`<li><span class="badge">${c.kind} ${c.ref}</span> ${c.text}</li>`)}</ul></details>` : ''}</li>`;
}

export async function chatPanel(db: Db, userId: string, testId: string, o: { runId?: string } & ChatState = {}): Promise<Html> {
  const rows = await chatHistory(db, testId, userId);
  return html`<section class="card chat" id="chat" aria-labelledby="chat-h">
    <h2 id="chat-h">Ask about this report</h2>
    <p class="sub">Ask why it failed, what was sent and what came back, or what changed since it last passed. A request such as “also test GET /users/{id} with an unknown id and expect 404” (or, for a frontend test, “also check that the footer reads …”) changes the test.</p>
    ${rows.length ? html`<ol class="chat-log" aria-label="Conversation">${rows.map(exchange)}</ol>` : html`<ol class="chat-log" aria-label="Conversation"></ol><p class="empty chat-empty">No questions yet.</p>`}
    <div class="chat-notice">${o.error ? html`<div class="banner bad" role="alert">Not done: ${o.error}</div>` : ''}</div>
    <form method="post" action="${BASE}/tests/${testId}/ask" class="chat-form" data-chat>
      ${o.runId ? html`<input type="hidden" name="run" value="${o.runId}">` : ''}
      ${field({ name: 'question', label: 'Your question or change request', type: 'textarea', rows: 2, value: o.draft ?? '', required: true, hint: 'For example: why did it fail? · what was sent? · what changed since it last passed?' })}
      <div class="form-actions"><button class="btn" type="submit">Ask</button> <span class="chat-status muted" role="status" aria-live="polite"></span></div>
    </form>
    <script src="${BASE}/static/chat.js" defer></script>
  </section>`;
}

