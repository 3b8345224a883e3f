/**
 * Run a frontend plan in a fresh browser context: resolve (or replay) each step, execute it, take a
 * screenshot, and report progress; record video and a Playwright trace for the whole run. The
 * verdict comes from the steps: the first failing step ends the run and names the failure.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelProvider } from '../../ai/provider.js';
import { getDefaultPool, type BrowserPool } from './browser.js';
import { StepFailure } from './actions.js';
import { locatorLabel } from './locator.js';
import { targetsOf } from './model-resolve.js';
import { PageWatch } from './page-watch.js';
import { interpret } from './interpret.js';
import { FilePicker } from './files.js';
import { StepShots } from './evidence.js';
import { DEFAULT_TEST_ID_ATTRIBUTES, ResolveError, matchCount } from './resolve-target.js';
import { actionLocator, performStep, stepAction, type StepProgress } from './perform.js';
import type { LastTargets } from './resolver.js';
import { finishRecording, startRecording } from './recording.js';
import type { PlanStep, ResolvedAction, ResolvedScript, RunFailure, RunResult, ScriptStep, StepRecord, TestAccount } from './types.js';

export interface RunPlanInput {
  /** The plan; optional when `script` is given (its steps are replayed). */
  steps?: PlanStep[];
  baseUrl: string;
  account?: TestAccount;
  artifactsDir: string;
  /** A saved resolved script: matching steps are replayed without resolving. */
  script?: ResolvedScript;
  /** Re-resolve a saved step whose locator matches nothing. Default: true when a script is given. */
  heal?: boolean;
  testIdAttributes?: string[];
  /** Whole run (default 300 000). */
  timeoutMs?: number;
  /** Per action / resolution (default 10 000). */
  stepTimeoutMs?: number;
  /** How long an assertion polls before it fails (default 5 000). */
  assertTimeoutMs?: number;
  /** On replay, how long a saved locator may take to appear before it counts as drifted (default 1 500). */
  healProbeMs?: number;
  signal?: AbortSignal;
  /** Called when a step starts (screenshot null) and when it ends (absolute screenshot path). */
  onProgress?: (step: StepRecord, screenshotPath: string | null) => void;
  pool?: BrowserPool;
  model?: ModelProvider;
  /** Record video (default true) and a trace (default true). */
  video?: boolean;
  trace?: boolean;
  /** The directory of files a step may pick in a file chooser ("upload report.csv"): the project's files. */
  files?: string;
}

function classify(err: unknown, action: ResolvedAction | null, page: import('playwright-core').Page, runDeadline: number): Promise<RunFailure> | RunFailure {
  if (err instanceof StepFailure) return { kind: err.kind, message: err.message, ...(err.details ? { details: err.details } : {}) };
  if (err instanceof ResolveError) return { kind: 'locator-not-found', message: err.message, details: { lookedFor: err.lookedFor, url: page.url() } };
  const message = String((err as Error)?.message ?? err).split('\n')[0]!;
  if (Date.now() >= runDeadline) return { kind: 'timeout', message: `the run's time limit was reached (${message})` };
  return (async () => {
    for (const d of action ? targetsOf(action) : []) {
      if ((await matchCount(page, d)) === 0) return { kind: 'locator-not-found' as const, message: `no element matches ${locatorLabel(d)}`, details: { url: page.url() } };
    }
    return { kind: 'timeout' as const, message };
  })();
}

/** A step that only looked at the page: every clause resolved to an assertion or a wait. */
function lookedOnly(progress: StepProgress): boolean {
  return progress.parts.length > 0 && progress.parts.every((p) => p.action.kind.startsWith('expect-') || p.action.kind === 'wait');
}

export async function runPlan(input: RunPlanInput): Promise<RunResult> {
  const started = Date.now();
  const deadline = started + (input.timeoutMs ?? 300_000);
  const stepTimeout = input.stepTimeoutMs ?? 10_000;
  const assertTimeout = input.assertTimeoutMs ?? 5_000;
  const steps: PlanStep[] = input.steps ?? input.script?.steps.map(({ type, description }) => ({ type, description })) ?? [];
  const attrs = input.testIdAttributes ?? input.script?.testIdAttributes ?? DEFAULT_TEST_ID_ATTRIBUTES;
  const heal = input.heal ?? Boolean(input.script);
  mkdirSync(join(input.artifactsDir, 'steps'), { recursive: true });

  const rec = await startRecording(input.pool ?? getDefaultPool(), input.artifactsDir, { video: input.video ?? true, trace: input.trace ?? true });
  const { page } = rec.lease;
  const watch = new PageWatch().attach(page);
  const picker = new FilePicker(input.files).attach(page);
  const last: LastTargets = {};
  // Confirmation prompts ("Discard changes?") are accepted, as a person clicking OK would; Cancel
  // when a step says to answer so (armed from the step before the question opens).
  page.on('dialog', (d) => {
    const accepted = !watch.dismiss;
    if (accepted) last.dialog = { message: d.message(), at: Date.now() };
    watch.dialogs.push({ message: d.message(), at: Date.now(), accepted });
    void (accepted ? d.accept() : d.dismiss()).catch(() => {});
  });
  const cancels = steps.map((s) => s.type === 'action' && interpret(s).clauses.some((c) => c.intent.kind === 'answer-dialog' && !c.intent.accept));
  const records: StepRecord[] = steps.map((s, index) => ({
    index, type: s.type, description: s.description, status: 'skipped', durationMs: 0, startedAt: null, action: null, locator: null, resolved: null, screenshot: null,
  }));
  const scriptSteps: ScriptStep[] = [];
  const memory = {};
  const heals: RunResult['heals'] = [];
  let failure: RunFailure | undefined;
  let failedStepIndex: number | undefined;
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new StepFailure('cancelled', 'the run was cancelled'));
    if (input.signal?.aborted) onAbort();
    else input.signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});

  // A step's screenshot is taken while the next step reads the page (resolving, asserting) and is
  // awaited before anything acts on it, so the picture shows the page as the step left it. Progress
  // stays in order: a step's start is reported once the step before it was, with its picture.
  let pendingShot: Promise<void> = Promise.resolve();
  let shooting = false;
  let current = -1;
  const shots = new StepShots(page);
  const stepStarted = (r: StepRecord) => {
    current = r.index;
    if (!shooting) input.onProgress?.({ ...r }, null);
  };
  const shoot = (r: StepRecord, shot: string, readOnly: boolean) => {
    shooting = true;
    return shots
      .take(join(input.artifactsDir, shot), readOnly)
      .then((ok) => {
        shooting = false;
        if (ok) r.screenshot = shot;
        input.onProgress?.({ ...r }, ok ? join(input.artifactsDir, shot) : null);
        if (current > r.index) input.onProgress?.({ ...records[current]!, status: 'running' }, null);
      })
      .catch(() => {});
  };
  let artifacts: Awaited<ReturnType<typeof finishRecording>> = {};
  try {
    for (const [i, step] of steps.entries()) {
      const r = records[i]!;
      r.startedAt = new Date().toISOString();
      r.status = 'running';
      const t0 = Date.now();
      stepStarted(r);
      // In the trace, each plan step's calls sit under the step's own name.
      const grouped = rec.tracing && (await rec.lease.context.tracing.group(`${i + 1}. ${step.description}`).then(() => true, () => false));
      const remaining = deadline - Date.now();
      const saved = input.script?.steps.find((x) => x.index === i);
      const progress: StepProgress = { parts: [], subSteps: [] };
      const work = (async () => {
        if (remaining <= 0) throw new StepFailure('timeout', "the run's time limit was reached before this step");
        const fits = saved && saved.description === step.description && saved.type === step.type;
        // "Click Delete", then "when the browser asks …, choose Cancel": answered Cancel as it opens.
        watch.dismiss = cancels[i] === true || cancels[i + 1] === true;
        await performStep(step, {
          page, baseUrl: input.baseUrl, testIdAttributes: attrs, account: input.account, watch, picker, model: input.model, signal: input.signal, memory, last, beforeAct: () => pendingShot,
          stepTimeoutMs: Math.min(stepTimeout, remaining), assertTimeoutMs: Math.min(assertTimeout, remaining),
          ...(fits ? { saved: saved.action, heal, healProbeMs: input.healProbeMs } : {}),
        }, progress);
      })();
      work.catch(() => {});
      try {
        await Promise.race([work, aborted]);
        r.status = 'passed';
      } catch (err) {
        r.status = 'failed';
        failure = await classify(err, progress.parts.at(-1)?.action ?? null, page, deadline);
        if (step.type === 'assertion' && failure.kind === 'timeout') failure.kind = 'assertion';
        r.error = failure.message;
        const part = progress.subSteps.find((x) => x.status === 'failed' && x.text !== step.description);
        failure.message = `Step ${i + 1} "${step.description}" failed${part ? ` at "${part.text}"` : ''}: ${failure.message}`;
        failedStepIndex = i;
      }
      if (grouped) await rec.lease.context.tracing.groupEnd().catch(() => {});
      const action = stepAction(progress);
      r.action = action?.kind ?? null;
      r.resolved = action;
      r.locator = actionLocator(action);
      if (progress.subSteps.length) r.subSteps = progress.subSteps;
      if (progress.notes?.length) r.notes = progress.notes;
      if (progress.healed) {
        r.healed = progress.healed;
        heals.push({ index: i, ...progress.healed });
      }
      // A step that failed part-way is saved too; a replay uses it only when it covers every clause.
      if (action) scriptSteps.push({ index: i, type: step.type, description: step.description, action });
      r.durationMs = Date.now() - t0;
      await pendingShot;
      const shot = join('steps', `step-${String(i + 1).padStart(3, '0')}.jpg`);
      if (failure?.kind === 'cancelled') input.onProgress?.({ ...r }, null);
      else pendingShot = shoot(r, shot, lookedOnly(progress));
      if (failure) break;
    }
  } finally {
    await pendingShot;
    artifacts = await finishRecording(rec);
  }
  // Keep saved steps that were not reached so a failing replay does not lose the script.
  for (const s of input.script?.steps ?? []) {
    const planned = steps[s.index];
    if (!scriptSteps.some((x) => x.index === s.index) && planned?.description === s.description && planned.type === s.type) scriptSteps.push(s);
  }
  scriptSteps.sort((a, b) => a.index - b.index);
  const script: ResolvedScript = { version: 1, baseUrl: input.baseUrl, testIdAttributes: attrs, steps: scriptSteps, complete: !failure && scriptSteps.length === steps.length };
  return {
    verdict: failure ? 'failed' : 'passed',
    ...(failedStepIndex !== undefined ? { failedStepIndex } : {}),
    ...(failure ? { failure } : {}),
    steps: records,
    script,
    ...artifacts,
    consoleErrors: watch.consoleErrors,
    durationMs: Date.now() - started,
    heals,
  };
}
