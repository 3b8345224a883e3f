import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { BrowserPool, findChromium } from './frontend/browser.js';
import type { finishRecording } from './frontend/recording.js';
import { runPlan } from './frontend/runner.js';
import type { ResolvedScript, RunResult } from './frontend/types.js';
import type { ExecuteInput, ExecuteResult, StepRecord, TestExecutor } from './types.js';

/** A browser is there when SVC_BROWSER_WS_ENDPOINT is set or a Chromium executable is found. */
export function browserAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.SVC_BROWSER_WS_ENDPOINT) return true;
  try {
    return existsSync(findChromium());
  } catch {
    return false;
  }
}

function stepsOf(r: RunResult): StepRecord[] {
  return r.steps.map((s) => ({
    kind: s.type === 'assertion' ? 'check' : 'action',
    description: s.description,
    status: s.status === 'running' ? 'failed' : s.status,
    durationMs: s.durationMs,
    startedAt: s.startedAt ?? new Date().toISOString(),
    error: s.error ?? null,
    detail: { index: s.index, action: s.action, locator: s.locator, screenshot: s.screenshot, ...(s.healed ? { healed: s.healed } : {}), ...(s.subSteps ? { subSteps: s.subSteps } : {}) },
  }));
}

/**
 * Runs frontend plans in Chromium (src/engine/frontend). A replay runs the saved script without
 * planning, healing drifted locators. The script is returned for saving after every run that
 * resolved at least one step: a failed run saves its resolved prefix, so a replay starts from what
 * worked and resolves only the rest.
 */
export class FrontendExecutor implements TestExecutor {
  private pool?: BrowserPool;

  async execute(i: ExecuteInput): Promise<ExecuteResult> {
    this.pool ??= new BrowserPool({});
    const startedAt = new Date().toISOString();
    const script = i.replay && i.resolvedScript ? (i.resolvedScript as ResolvedScript) : undefined;
    let r: RunResult;
    // The live record (runs.extra.live until the verdict replaces it): the step in progress and the
    // newest screenshot, kept when a later step starts so that the portal's preview always has one.
    let shot: { index: number; description: string; status: string; screenshot: string } | undefined;
    try {
      r = await runPlan({
        steps: i.planSteps ?? undefined,
        script,
        heal: script ? i.heal : undefined,
        baseUrl: i.targetUrl,
        account: i.account ?? undefined,
        artifactsDir: i.artifactsDir,
        files: i.filesDir,
        timeoutMs: i.timeoutMs,
        signal: i.signal,
        pool: this.pool,
        onProgress: (step, path) => {
          if (path) shot = { index: step.index, description: step.description, status: step.status, screenshot: relative(i.artifactsDir, path).split(sep).join('/') };
          i.onProgress?.({ step: { index: step.index, description: step.description, status: step.status, locator: step.locator }, ...(shot ? { shot } : {}) });
        },
      });
    } catch (err) {
      // No browser could be had (missing Chromium, unreachable remote): a failed run with the reason.
      const message = `browser unavailable: ${err instanceof Error ? err.message : String(err)}`;
      return { verdict: 'failed', failure: { kind: 'crash', message }, produced: {}, calls: [], assertions: [], stdout: '', trace: null, steps: [], startedAt, finishedAt: new Date().toISOString() };
    }
    return {
      verdict: r.verdict,
      failure: r.failure ? { kind: r.failure.kind, message: r.failure.message } : undefined,
      produced: {},
      calls: [],
      assertions: [],
      stdout: r.consoleErrors.length ? `console errors:\n${r.consoleErrors.join('\n')}` : '',
      trace: null,
      steps: stepsOf(r),
      extra: {
        steps: r.steps,
        failedStepIndex: r.failedStepIndex,
        failureDetails: r.failure?.details,
        video: r.video,
        // runPlan's result carries the recording's own fields (finishRecording) beside RunResult's.
        videoStartedAt: (r as RunResult & Awaited<ReturnType<typeof finishRecording>>).videoStartedAt,
        videoNote: r.videoNote,
        trace: r.trace,
        heals: r.heals,
        consoleErrors: r.consoleErrors,
        durationMs: r.durationMs,
      },
      script: r.script.steps.length ? r.script : undefined,
      startedAt,
      finishedAt: new Date().toISOString(),
    };
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
