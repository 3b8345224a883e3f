/**
 * Step → concrete action. The built-in resolver reads the step's phrasing (phrases.ts) and finds its
 * targets on the live page (resolve-target.ts). When it cannot, and a model provider is available,
 * the model gets the step plus an accessibility snapshot and proposes an action, which is only used
 * if its locators really match the page.
 */
import type { Page } from 'playwright-core';
import type { ModelProvider } from '../../ai/provider.js';
import { parseStep, type Intent, type Target } from './phrases.js';
import { findTarget, ResolveError, withinDescriptor } from './resolve-target.js';
import { resolveSignIn } from './sign-in.js';
import { modelResolve } from './model-resolve.js';
import type { LocatorDescriptor, PlanStep, ResolvedAction } from './types.js';

export interface ResolveOptions {
  page: Page;
  baseUrl: string;
  testIdAttributes: string[];
  /** How long to wait for a target to appear. */
  timeoutMs: number;
  model?: ModelProvider;
  signal?: AbortSignal;
}

export const SUPPORTED_PHRASING =
  'e.g. Go to /path, Click "Add", Type "milk" into the "New item" field, Select "X" from "Y", Check "Remember me", ' +
  'Press Enter, Hover over "X", Wait for "X", Scroll down, Sign in; assertions: "X" is visible / not visible, ' +
  'the "X" button is disabled, URL contains /path, title contains "X", the "X" field has value "Y", the list has 2 items, ' +
  'the page shows no error';

/** A locator for a target that may legitimately be absent (negative assertions, counts). */
function semantic(t: Target): LocatorDescriptor {
  const within = t.within ? { within: withinDescriptor(t.within) } : {};
  if (t.role) return { strategy: 'role', role: t.role, name: t.name, ...within };
  if (t.kind === 'field') return { strategy: 'label', text: t.name, ...within };
  return { strategy: 'text', text: t.name, ...within };
}

async function fromIntent(intent: Intent, o: ResolveOptions): Promise<ResolvedAction> {
  const find = (t: Target, timeoutMs = o.timeoutMs, allowHidden = false) =>
    findTarget(o.page, t, { testIdAttributes: o.testIdAttributes, timeoutMs, allowHidden });
  switch (intent.kind) {
    case 'navigate':
    case 'expect-text':
    case 'expect-url':
    case 'expect-title':
    case 'expect-no-error':
      return intent;
    case 'sign-in':
      return resolveSignIn(o.page, o.baseUrl, { testIdAttributes: o.testIdAttributes, timeoutMs: o.timeoutMs });
    case 'click':
    case 'hover':
      return { kind: intent.kind, target: await find(intent.target) };
    case 'fill':
    case 'select':
      return { kind: intent.kind, target: await find(intent.target), value: intent.value };
    case 'check':
      return { kind: 'check', target: await find(intent.target, o.timeoutMs, true), checked: intent.checked };
    case 'press':
      return intent.target ? { kind: 'press', key: intent.key, target: await find(intent.target) } : { kind: 'press', key: intent.key };
    case 'wait':
      if (!intent.target) return intent.ms === undefined ? { kind: 'wait' } : { kind: 'wait', ms: intent.ms };
      return { kind: 'wait', target: await find(intent.target) };
    case 'scroll':
      if (!intent.target) return { kind: 'scroll', direction: intent.direction ?? 'down' };
      return { kind: 'scroll', target: await find(intent.target) };
    case 'expect-state': {
      // An element expected to be hidden may not exist at all; do not wait for it.
      const negative = intent.state === 'hidden';
      const target = await find(intent.target, negative ? 0 : o.timeoutMs, true).catch((err) => {
        if (negative) return semantic(intent.target);
        throw err;
      });
      return { kind: 'expect-state', target, state: intent.state };
    }
    case 'expect-value':
      return { kind: 'expect-value', target: await find(intent.target), value: intent.value };
    case 'expect-count': {
      if (intent.target) return { kind: 'expect-count', target: semantic(intent.target), count: intent.count };
      const hasMain = (await o.page.locator('main').count()) > 0;
      const items: LocatorDescriptor = { strategy: 'role', role: 'listitem' };
      return { kind: 'expect-count', target: hasMain ? { ...items, within: { strategy: 'css', selector: 'main' } } : items, count: intent.count };
    }
  }
}

/** Resolve one step on the page as it is now. Throws ResolveError naming what was looked for. */
export async function resolveStep(step: PlanStep, o: ResolveOptions): Promise<ResolvedAction> {
  const intent = parseStep(step);
  let failure: ResolveError;
  if (intent) {
    try {
      return await fromIntent(intent, o);
    } catch (err) {
      if (!(err instanceof ResolveError)) throw err;
      failure = err;
    }
  } else {
    failure = new ResolveError(`the step's phrasing was not understood (${SUPPORTED_PHRASING})`, []);
  }
  if (o.model?.available) {
    const proposed = await modelResolve(step, o).catch(() => undefined);
    if (proposed) return proposed;
  }
  throw failure;
}
