import { writeFileSync, renameSync, mkdirSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { testRun } from '../../../src/ops/test-run.js';
import type { RunOutcome } from '../../../src/ops/run-outcome.js';
import { renderJunit } from '../../../src/output/junit.js';
import { renderRunTable, renderRunView } from '../../../src/output/run-text.js';
import { collectDetails } from './run-details.js';
import { reportToCi } from './ci.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';

export function registerTestRun(test: Command, rt: Runtime): void {
  test
    .command('run')
    .description('run a test (with the producers it needs) or --all tests of a project in wave order')
    .addHelpText('after', `
Examples:
  svc test run tst_1 --wait
  svc test run --all --project prj_1 --wait --report junit --report-file junit.xml
  svc --output json test run --all --project prj_1 --filter checkout --wait
`)
    .argument('[test-id]')
    .option('--all', 'run every test of the project in wave order (needs --project)')
    .option('--project <id>', 'project, with --all')
    .option('--wait', 'poll until terminal (cleanup included) or --timeout')
    .option('--timeout <s>', 'seconds to wait, 1-3600', intFlag(1, 3600), 600)
    .option('--target-url <url>', 'override the project URL for this run (no localhost or private IPs)')
    .option('--idempotency-key <key>', '1-256 characters')
    .option('--filter <substr>', 'with --all: only tests whose name contains it (case-insensitive)')
    .option('--max-concurrency <n>', 'with --all --wait: a cap on requests in flight, 1-100 (the batch is awaited with one long-polling request)', intFlag(1, 100), 50)
    .option('--report <format>', "with --all --wait: write a report after polling ('junit')")
    .option('--report-file <path>', 'where --report writes (atomically)')
    .option('--report-suite-name <name>', 'JUnit testsuite name (default svc:<projectId>)')
    .action(async (testId: string | undefined, o) => {
      if (o.report !== undefined) {
        if (o.report !== 'junit') throw new SvcError('VALIDATION_ERROR', `--report: only 'junit' is accepted, got '${o.report}'`, { nextAction: 'Use --report junit --report-file <path>.' });
        if (!o.reportFile) throw new SvcError('VALIDATION_ERROR', '--report needs --report-file <path>', { nextAction: 'Add --report-file junit.xml.' });
        if (!o.all || !o.wait) throw new SvcError('VALIDATION_ERROR', '--report works with --all --wait', { nextAction: 'Add --all --project <id> --wait.' });
      } else if (o.reportFile) throw new SvcError('VALIDATION_ERROR', '--report-file needs --report junit', { nextAction: 'Add --report junit.' });
      const line = rt.progressLine();
      const detach = o.wait ? rt.io.onInterrupt(() => rt.advise('detached: the run keeps executing (and billing) on the server; follow it with svc test wait <run-id>')) : () => undefined;
      let out: RunOutcome;
      try {
        out = await rt.exec(
          testRun,
          { testId, all: !!o.all, projectId: o.project, wait: !!o.wait, timeout: o.timeout, targetUrl: o.targetUrl, idempotencyKey: o.idempotencyKey, filter: o.filter, maxConcurrency: o.maxConcurrency },
          { progress: line.progress },
        );
      } finally {
        line.done();
        detach();
      }
      if (o.report && out.wait && !rt.globals().dryRun) {
        const cases = await collectDetails(rt, out);
        writeAtomic(o.reportFile, renderJunit(o.reportSuiteName ?? `svc:${out.projectId}`, cases));
        rt.advise(`JUnit report written to ${o.reportFile}`);
      }
      rt.emit(out, renderOutcome);
      if (out.wait) rt.exitCode = testId && out.run ? exitOf(out.run.status, out.wait.exitCode) : out.wait.exitCode;
      await reportToCi(rt, [out.wait]);
    });
}

function exitOf(status: string, waitExit: number): number {
  if (waitExit === 7) return 7;
  return status === 'passed' ? 0 : 1;
}

function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export function renderOutcome(o: RunOutcome): string {
  let s = '';
  if (o.run && o.runs.length === 1) s += renderRunView(o.run);
  else if (o.wait) {
    s += renderRunTable(o.wait.results.map((r) => ({ runId: r.runId, testName: r.testName, status: r.status, wave: r.run?.wave, reason: r.run?.reason })));
    const m = o.wait.summary;
    s += `${m.total} run(s): ${m.passed} passed, ${m.failed} failed, ${m.blocked} blocked, ${m.cancelled} cancelled${m.timeout ? `, ${m.timeout} timed out` : ''}${m.error ? `, ${m.error} poll errors` : ''}\n`;
    s += `batch ${o.batchId}${m.total > m.passed ? `: svc test triage ${o.batchId} lists the failures by cause` : ''}\n`;
  } else {
    s += `batch ${o.batchId}: ${o.runs.length} run(s) queued in ${o.waves.length} wave(s)\n`;
    s += renderRunTable(o.runs.map((r) => ({ runId: r.runId, testName: r.testName, status: r.status, wave: r.wave })));
  }
  if (o.message) s += `${o.message}\n`;
  if (o.cleanup) {
    const c = o.cleanup;
    s += `cleanup: ${c.deleted} deleted, ${c.alreadyGone} already gone, ${c.failed} failed, ${c.orphaned} might be orphaned\n`;
    for (const r of c.mightBeOrphaned) s += `  Might be orphaned: ${r.resourcePath} (id ${r.resourceId}, from ${r.sourceEndpoint})\n`;
  }
  return s;
}
