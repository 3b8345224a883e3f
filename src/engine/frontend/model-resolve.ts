/**
 * Optional model fallback for steps the built-in resolver cannot place: the model sees the step and
 * an accessibility snapshot and answers with one action as JSON. Its answer is checked against the
 * page (every locator must match) before it is used, so a wrong guess fails like any other miss.
 */
import type { Page } from 'playwright-core';
import type { ModelProvider } from '../../ai/provider.js';
import { toLocator } from './locator.js';
import type { LocatorDescriptor, PlanStep, ResolvedAction } from './types.js';

const KINDS = new Set([
  'navigate', 'click', 'fill', 'select', 'check', 'press', 'hover', 'wait', 'scroll',
  'expect-text', 'expect-state', 'expect-url', 'expect-title', 'expect-value', 'expect-count', 'expect-no-error',
]);

const SYSTEM = `You turn one plain-language browser test step into one JSON action.
Locators: {"strategy":"testid","attribute":"data-testid","value":"…"} | {"strategy":"role","role":"button","name":"…"} |
{"strategy":"label","text":"…"} | {"strategy":"placeholder","text":"…"} | {"strategy":"text","text":"…"}.
Actions: {"kind":"navigate","url"} {"kind":"click","target"} {"kind":"fill","target","value"} {"kind":"select","target","value"}
{"kind":"check","target","checked"} {"kind":"press","key","target"?} {"kind":"hover","target"} {"kind":"wait","target"?,"ms"?}
{"kind":"scroll","direction"} {"kind":"expect-text","text","visible"} {"kind":"expect-state","target","state"}
{"kind":"expect-url","contains"} {"kind":"expect-title","contains"} {"kind":"expect-value","target","value"}
{"kind":"expect-count","target","count"} {"kind":"expect-no-error"}.
Answer with {"action": …} only. Use only elements present in the snapshot.`;

export function targetsOf(a: ResolvedAction): LocatorDescriptor[] {
  if (a.kind === 'steps') return a.parts.flatMap((p) => targetsOf(p.action));
  const out: LocatorDescriptor[] = [];
  for (const key of ['source', 'target', 'username', 'password', 'submit', 'entry'] as const) {
    const d = (a as Record<string, unknown>)[key];
    if (d && typeof d === 'object') out.push(d as LocatorDescriptor);
  }
  return out;
}

export async function modelResolve(
  step: PlanStep,
  o: { page: Page; model?: ModelProvider; signal?: AbortSignal },
): Promise<ResolvedAction | undefined> {
  if (!o.model?.available) return undefined;
  const snapshot = (await o.page.locator('body').ariaSnapshot({ timeout: 2000 }).catch(() => '')).slice(0, 12_000);
  const answer = await o.model.complete({
    json: true,
    temperature: 0,
    maxTokens: 400,
    signal: o.signal,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Step (${step.type}): ${step.description}\nURL: ${o.page.url()}\nAccessibility snapshot:\n${snapshot}` },
    ],
  });
  const parsed = JSON.parse(answer) as { action?: ResolvedAction };
  const action = parsed.action;
  if (!action || typeof action !== 'object' || !KINDS.has(action.kind)) return undefined;
  const negative = (action.kind === 'expect-state' && action.state === 'hidden') || (action.kind === 'expect-count' && action.count === 0);
  for (const d of targetsOf(action)) {
    if (!negative && (await toLocator(o.page, d).count().catch(() => 0)) === 0) return undefined;
  }
  return action;
}
