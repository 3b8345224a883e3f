import type { Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { testRunCreated, type CreatedRun } from '../../../src/ops/test-run-created.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderOutcome } from './run.js';

/** --run, --wait, --timeout, --target-url of test create and test create-batch (SPEC.md 4.6). */
export function addRunOptions(cmd: Command, batch = false): Command {
  cmd
    .option('--run', 'trigger a run of the created test(s) after creating')
    .option('--wait', 'with --run: poll until terminal (cleanup included) or --timeout')
    .option('--timeout <s>', 'with --run --wait: seconds, 1-3600 (default 600)', intFlag(1, 3600))
    .option('--target-url <url>', 'with --run: override the project URL for this run');
  if (batch) cmd.option('--max-concurrency <n>', 'with --run --wait: polls in flight, 1-100', intFlag(1, 100), 50);
  return cmd;
}

export function checkRunOptions(o: { run?: boolean; wait?: boolean; timeout?: number; targetUrl?: string }): void {
  const orphan = !o.run ? (['wait', 'targetUrl'] as const).filter((k) => o[k] !== undefined) : [];
  if (orphan.length) throw new SvcError('VALIDATION_ERROR', `${orphan.map((k) => (k === 'wait' ? '--wait' : '--target-url')).join(', ')} needs --run`, { nextAction: 'Add --run.' });
  if (o.timeout !== undefined && !o.wait) throw new SvcError('VALIDATION_ERROR', '--timeout needs --run --wait', { nextAction: 'Add --run --wait, or drop --timeout.' });
}

/** Triggers the created tests, waiting when asked; sets the exit code like test run --wait. */
export async function runCreated(rt: Runtime, tests: { projectId: string; testId: string }[], o: { wait?: boolean; timeout?: number; targetUrl?: string }): Promise<CreatedRun> {
  const line = rt.progressLine();
  const detach = o.wait ? rt.io.onInterrupt(() => rt.advise('detached: the run keeps executing (and billing) on the server; follow it with svc test wait <run-id>')) : () => undefined;
  try {
    const run = await rt.exec(testRunCreated, { tests, wait: !!o.wait, timeout: o.timeout ?? 600, targetUrl: o.targetUrl }, { progress: line.progress });
    rt.exitCode = run.exitCode;
    return run;
  } finally {
    line.done();
    detach();
  }
}

export function renderCreatedRun(r: CreatedRun): string {
  let s = '';
  for (const b of r.batches) s += `\n${renderOutcome(b)}`;
  if (r.skippedFrontend.length) s += `\nskipped (no browser on this server): ${r.skippedFrontend.map((t) => `${t.testName} (${t.testId})`).join(', ')}\n`;
  return s;
}
