/**
 * Visit one feature in its own recorded context: run its planned steps with the same resolver and
 * executor as a test run, screenshot each step, and turn what the page showed after a submit or
 * click into an assertion. The steps that ran become the feature's observed flow.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { BrowserPool } from './browser.js';
import { stepScreenshot, visibleLines } from './evidence.js';
import { PageWatch } from './page-watch.js';
import { FilePicker } from './files.js';
import { finishRecording, startRecording } from './recording.js';
import { performStep } from './perform.js';
import type { PlanStep, TestAccount } from './types.js';

export interface VisitPlan {
  steps: PlanStep[];
  /** After the steps, observe new text and assert it (forms and actions). */
  observe: boolean;
}

export interface VisitOutcome {
  ok: boolean;
  reason?: string;
  observedSteps: PlanStep[];
  screenshots: string[];
  video?: string;
  videoNote?: string;
}

export interface VisitContext {
  pool: BrowserPool;
  baseUrl: string;
  account?: TestAccount;
  testIdAttributes: string[];
  stepTimeoutMs: number;
  /** Each step as it starts and as it ends (with its screenshot, relative to the feature's dir). */
  onStep?: (step: VisitStep) => void;
}

export interface VisitStep {
  index: number;
  description: string;
  status: 'running' | 'passed' | 'failed';
  screenshot?: string;
}

/** New text after an interaction: live regions first, then text echoing a value we entered. */
async function observedText(page: Page, before: string[], entered: string[]): Promise<string | undefined> {
  const old = new Set(before);
  let fresh: string[] = [];
  for (let i = 0; i < 20; i++) {
    fresh = (await visibleLines(page)).filter((l) => !old.has(l) && l.length >= 3 && l.length <= 100);
    if (fresh.length) break;
    await page.waitForTimeout(100);
  }
  const live = await page.locator('[role=status], [role=alert]').filter({ visible: true }).allInnerTexts().catch(() => []);
  const liveNew = live.map((t) => t.trim()).find((t) => t && !old.has(t) && t.length <= 100);
  const echoed = entered.find((v) => fresh.some((l) => l.includes(v)));
  return liveNew ?? echoed ?? fresh[0];
}

export async function visitFeature(dir: string, plan: VisitPlan, ctx: VisitContext): Promise<VisitOutcome> {
  const rec = await startRecording(ctx.pool, dir, { video: true, trace: false });
  const { page } = rec.lease;
  const watch = new PageWatch().attach(page);
  const observed: PlanStep[] = [];
  const screenshots: string[] = [];
  let reason: string | undefined;
  const report = (status: VisitStep['status'], screenshot?: string) => {
    const index = observed.length - 1;
    ctx.onStep?.({ index, description: observed[index]!.description, status, ...(screenshot ? { screenshot } : {}) });
  };
  const run = async (step: PlanStep) => {
    observed.push(step);
    report('running');
    await performStep(step, { page, baseUrl: ctx.baseUrl, testIdAttributes: ctx.testIdAttributes, account: ctx.account, watch, picker: new FilePicker().attach(page), stepTimeoutMs: ctx.stepTimeoutMs, assertTimeoutMs: ctx.stepTimeoutMs }, { parts: [], subSteps: [] });
    const shot = `step-${String(observed.length).padStart(3, '0')}.jpg`;
    const shotTaken = await stepScreenshot(page, join(dir, shot));
    if (shotTaken) screenshots.push(shot);
    report('passed', shotTaken ? shot : undefined);
  };
  try {
    const entered = plan.steps.map((s) => /(?:with|as) "([^"]+)"$|^Type "([^"]+)"/.exec(s.description)).map((m) => m?.[1] ?? m?.[2]).filter((x): x is string => !!x);
    const last = plan.steps.length - 1;
    for (const [i, step] of plan.steps.entries()) {
      const before = plan.observe && i === last ? await visibleLines(page) : [];
      await run(step);
      if (plan.observe && i === last) {
        const text = await observedText(page, before, entered);
        if (text) await run({ type: 'assertion', description: `Verify "${text.replace(/"/g, "'")}" is visible` });
        await run({ type: 'assertion', description: 'The page shows no error' });
      }
    }
  } catch (err) {
    reason = `step "${observed[observed.length - 1]?.description}": ${String((err as Error).message ?? err).split('\n')[0]}`;
    const shot = `step-${String(observed.length).padStart(3, '0')}.jpg`;
    const shotTaken = await stepScreenshot(page, join(dir, shot));
    if (shotTaken) screenshots.push(shot);
    if (observed.length) report('failed', shotTaken ? shot : undefined);
  }
  const art = await finishRecording(rec);
  return { ok: !reason, ...(reason ? { reason } : {}), observedSteps: observed, screenshots, ...(art.video ? { video: art.video } : {}), ...(art.videoNote ? { videoNote: art.videoNote } : {}) };
}
