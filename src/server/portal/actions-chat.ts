import type { Hono } from 'hono';
import { testAsk } from '../../ops/test-ask.js';
import { chatPanel, type ChatState } from './chat-panel.js';
import { formStrings } from './forms.js';
import type { PortalContext, PortalEnv } from './guard.js';
import type { PortalKit } from './kit.js';
import { BASE, page } from './layout.js';
import { runResponse } from './page-run.js';
import { testBody } from './page-test.js';

/**
 * Asking from the portal: the op of `svc test ask`, run as the signed-in user (source portal).
 * Without scripts the form posts and the page comes back with the answer (a refusal shows the page
 * again with the reason and the text kept); with scripts (static/chat.js) the same post, marked
 * with an x-svc-fragment header, returns the panel alone and only its log is swapped.
 */
const FRAGMENT = 'x-svc-fragment';

/** The page the form was sent from, with the panel in the given state. */
async function pageWith(c: PortalContext, kit: PortalKit, testId: string, runId: string | undefined, state: ChatState, code: 200 | 400 | 403 | 404 | 409): Promise<Response> {
  if (runId) return runResponse(c, kit, runId, undefined, code, state);
  const session = c.get('session')!;
  const t = await testBody(kit.deps.store.db, session.userId, testId, undefined, state);
  if (!t) return kit.notFound(c);
  return c.html(page({ title: t.title, session, crumbs: t.crumbs }, t.body), code);
}

export function registerChat(app: Hono<PortalEnv>, kit: PortalKit): void {
  app.post('/tests/:id/ask', async (c) => {
    const testId = c.req.param('id');
    const v = formStrings(await c.req.parseBody());
    const runId = v.run || undefined;
    const question = (v.question ?? '').replace(/\r\n/g, '\n');
    const r = await kit.run(c, testAsk, { testId, question, ...(runId ? { runId } : {}) }, ['question']);
    const fragment = c.req.header(FRAGMENT) === 'chat';
    const db = kit.deps.store.db;
    const userId = c.get('session')!.userId;
    if (r.ok) {
      if (fragment) return c.html((await chatPanel(db, userId, testId, { runId })).text);
      return c.redirect(runId ? `${BASE}/runs/${runId}?asked=1#chat` : `${BASE}/tests/${testId}?asked=1#chat`, 303);
    }
    const code = r.error.status === 404 ? 404 : r.error.status === 403 ? 403 : r.error.status === 409 || r.error.status === 412 ? 409 : 400;
    const state: ChatState = { draft: question, error: `${r.error.message}${r.error.nextAction ? ` — ${r.error.nextAction}` : ''}` };
    if (code === 404 && !(await db.selectFrom('tests').select('id').where('id', '=', testId).where('user_id', '=', userId).executeTakeFirst())) return kit.notFound(c);
    if (fragment) return c.html((await chatPanel(db, userId, testId, { runId, ...state })).text, code);
    return pageWith(c, kit, testId, runId, state, code);
  });
}
