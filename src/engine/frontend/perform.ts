/**
 * Perform one plan step: read the sentence into clauses (interpret.ts), then for each clause resolve
 * its target on the live page (or take the saved action, healing it when its locator drifted) and
 * execute it before the next clause is resolved, since a clause often acts on what the previous one
 * revealed. What happened to each clause is recorded as it goes, so a failure keeps the prefix.
 */
import type { Page } from 'playwright-core';
import type { ModelProvider } from '../../ai/provider.js';
import { execute, StepFailure } from './actions.js';
import { findDrift, healRecord } from './heal.js';
import { interpret, type StepMemory } from './interpret.js';
import { locatorLabel } from './locator.js';
import { targetsOf } from './model-resolve.js';
import { namesTheApp } from './open-by-name.js';
import { offTrace } from './page-still.js';
import type { PageWatch } from './page-watch.js';
import type { FilePicker } from './files.js';
import { ResolveError } from './resolve-target.js';
import { remember, resolveClause, resolveUnread, type LastTargets } from './resolver.js';
import type { PlanStep, ResolvedAction, SubStepRecord, TestAccount } from './types.js';

export interface PerformContext {
  page: Page;
  baseUrl: string;
  testIdAttributes: string[];
  account?: TestAccount;
  watch: PageWatch;
  /** The files steps may give the page, and the file chooser it has open. */
  picker: FilePicker;
  /** Per action and resolution. */
  stepTimeoutMs: number;
  /** How long an assertion polls. */
  assertTimeoutMs: number;
  model?: ModelProvider;
  signal?: AbortSignal;
  /** The action saved for this step by an earlier run. */
  saved?: ResolvedAction;
  heal?: boolean;
  healProbeMs?: number;
  /** Carried from step to step of one run (what is being edited in place). */
  memory?: StepMemory;
  /** What the run's clauses acted on last, for "it" and "the same field". */
  last?: LastTargets;
  /** Awaited before a clause that acts on the page (the previous step's screenshot is taken by then). */
  beforeAct?: () => Promise<void>;
}

/** Filled while the step runs; read after a failure for the resolved prefix. */
export interface StepProgress {
  parts: Array<{ text: string; action: ResolvedAction }>;
  subSteps: SubStepRecord[];
  healed?: { from: string; to: string };
  /** How checks held when not word for word. */
  notes?: string[];
}

/** The single action a step resolved to: the one clause's action, or all of them in order. */
export function stepAction(progress: StepProgress): ResolvedAction | null {
  if (!progress.parts.length) return null;
  return progress.parts.length === 1 ? progress.parts[0]!.action : { kind: 'steps', parts: progress.parts };
}

/** The display locator of an action: its first target. */
export function actionLocator(a: ResolvedAction | null): string | null {
  if (!a) return null;
  if (a.kind === 'steps') return actionLocator(a.parts.find((p) => targetsOf(p.action).length)?.action ?? a.parts[0]?.action ?? null);
  return locatorLabel(targetsOf(a)[0] ?? (a.kind === 'expect-text' ? { strategy: 'text', text: a.text } : undefined));
}

/**
 * How long a conditional clause looks for its target before it is skipped; a page of the app named
 * as a plan's first words is looked for on the page just opened, briefly.
 */
const OPTIONAL_MS = 2000;
const IF_SHOWN_MS = 500;

export async function performStep(step: PlanStep, c: PerformContext, progress: StepProgress): Promise<void> {
  const interp = interpret(step, c.memory);
  const savedParts = c.saved ? (c.saved.kind === 'steps' ? c.saved.parts : [{ text: step.description, action: c.saved }]) : undefined;
  const resolveOpts = { page: c.page, baseUrl: c.baseUrl, testIdAttributes: c.testIdAttributes, timeoutMs: c.stepTimeoutMs, model: c.model, signal: c.signal, last: c.last, picker: c.picker, watch: c.watch };
  let clauses = interp.clauses.map((cl) => ({ text: cl.text, type: cl.type, clause: cl as typeof cl | undefined }));
  let parts = savedParts?.length === clauses.length ? savedParts : undefined;
  if (interp.unknown) {
    // A step once resolved by the model replays its saved action; otherwise ask the model now.
    const fromModel = savedParts?.length === 1 ? savedParts[0]!.action : await resolveUnread(step, resolveOpts);
    if (!fromModel) {
      const read = interp.clauses.length ? ` (read so far: ${interp.clauses.map((x) => `"${x.text}"`).filter((x, i, a) => a.indexOf(x) === i).join(', ')})` : '';
      throw new StepFailure('step-not-understood', `the words "${interp.unknown.words}" were not understood${read}. Rephrase the step, ${interp.unknown.suggestion}`);
    }
    clauses = [{ text: step.description, type: step.type, clause: undefined }];
    parts = [{ text: step.description, action: fromModel }];
  }
  for (const [j, cl] of clauses.entries()) {
    const sub: SubStepRecord = { text: cl.text, action: null, locator: null, status: 'running' };
    if (clauses.length > 1) progress.subSteps.push(sub);
    const timeoutMs = cl.type === 'assertion' ? c.assertTimeoutMs : c.stepTimeoutMs;
    let action = parts?.[j]?.action;
    if (cl.clause?.optional) {
      // A clause under a condition ("if a banner shows up, dismiss it") is looked for afresh each run,
      // briefly; when what it acts on is not there, it is skipped.
      const clause = cl.clause;
      // "Open GraphiQL." on GraphiQL: the app is open already; its logo link leads elsewhere.
      const here = clause.intent.kind === 'click' && clause.intent.ifShown && clause.intent.target.name && (await namesTheApp(c.page, clause.intent.target.name));
      action = here ? { kind: 'skip' as const, reason: `the page is ${clause.intent.kind === 'click' ? clause.intent.target.name : ''} already` } : await offTrace(c.page, () => resolveClause(clause, { ...resolveOpts, timeoutMs: Math.min(clause.intent.kind === 'click' && clause.intent.ifShown ? IF_SHOWN_MS : OPTIONAL_MS, timeoutMs) })).catch((err) => {
        if (err instanceof ResolveError) return { kind: 'skip' as const, reason: `the condition did not hold: ${err.message.split(';')[0]}` };
        throw err;
      });
      if (action.kind === 'skip') {
        sub.action = 'skip';
        sub.status = 'skipped';
        progress.parts.push({ text: cl.text, action });
        continue;
      }
    }
    // Finding the target stays out of the trace. A sign-in on a blank page opens the app first,
    // in the trace, as its own navigation.
    const finding = async <T>(fn: () => Promise<T>): Promise<T> => {
      // A plan that does not start by opening a page starts at the project URL, as a person would.
      const kind = cl.clause?.intent.kind ?? action?.kind;
      if (c.page.url() === 'about:blank' && kind !== 'navigate') await c.page.goto(c.baseUrl, { timeout: timeoutMs, waitUntil: 'load' });
      return offTrace(c.page, fn);
    };
    try {
      // Reading the page (finding a target, asserting) may overlap the previous step's screenshot;
      // signing in and acting may not.
      if (action?.kind === 'sign-in' || cl.clause?.intent.kind === 'sign-in') await c.beforeAct?.();
      if (action) {
        const saved = action;
        const drift = await finding(() => findDrift(c.page, saved, { probeMs: Math.min(c.healProbeMs ?? 1500, timeoutMs), stepTimeoutMs: timeoutMs, baseUrl: c.baseUrl, testIdAttributes: c.testIdAttributes }));
        if (drift && !c.heal) throw new StepFailure('locator-not-found', `the saved locator ${locatorLabel(drift)} matches nothing (auto-heal is off)`, { url: c.page.url() });
        if (drift) {
          if (!cl.clause) throw new ResolveError(`the saved locator ${locatorLabel(drift)} matches nothing`, [locatorLabel(drift) ?? '']);
          const clause = cl.clause;
          const fresh = await finding(() => resolveClause(clause, resolveOpts)).catch((err) => {
            if (err instanceof ResolveError) throw new ResolveError(`the saved locator ${locatorLabel(drift)} matches nothing and re-resolving the step failed: ${err.message}`, err.lookedFor);
            throw err;
          });
          // Re-resolving to the very same locator means the page was only slow: not a heal.
          if (JSON.stringify(fresh) !== JSON.stringify(action)) progress.healed = healRecord(drift, action, fresh);
          action = fresh;
        }
      } else {
        action = await finding(() => resolveClause(cl.clause!, resolveOpts));
      }
      sub.action = action.kind;
      sub.locator = actionLocator(action);
      remember(action, c.last, cl.clause?.intent);
      progress.parts.push({ text: cl.text, action });
      if (!action.kind.startsWith('expect-')) await c.beforeAct?.();
      const note = await execute(action, { page: c.page, baseUrl: c.baseUrl, account: c.account, timeoutMs, watch: c.watch, picker: c.picker });
      if (note) (progress.notes ??= []).push((sub.note = note));
      sub.status = 'passed';
    } catch (err) {
      sub.status = 'failed';
      sub.error = String((err as Error)?.message ?? err).split('\n')[0];
      throw err;
    }
  }
}
