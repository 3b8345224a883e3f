import { appendFileSync } from 'node:fs';
import { getBatchTriage, listTestSteps, type BatchTriage } from '../../../src/contract/triage.js';
import type { WaitResult } from '../../../src/ops/run-outcome.js';
import { githubAnnotations, githubSummary } from '../../../src/output/ci-github.js';
import { gitlabSection } from '../../../src/output/ci-gitlab.js';
import { buildCiReport, detectCi, redact, type CiCounts, type CiReport } from '../../../src/output/ci-report.js';
import type { Runtime } from '../../runtime.js';

/** Frontend failures whose failing step is looked up (one request each). */
const STEP_LOOKUPS = 50;

/**
 * After a finished wait inside CI: GitHub Actions gets one `::error` annotation per failure cause
 * and a Markdown job summary appended to $GITHUB_STEP_SUMMARY; GitLab CI a section with the
 * failure details. Other environments get nothing extra. In text mode the annotations and the
 * section follow the normal output on stdout; with --output json stdout stays exactly the JSON
 * document and they go to stderr (the GitHub runner reads workflow commands from both streams;
 * GitLab shows both in the job log). Reporting never changes the exit code: if the failure
 * details cannot be fetched, an advisory says so and the run reasons are reported instead.
 */
export async function reportToCi(rt: Runtime, waits: (WaitResult | undefined)[]): Promise<void> {
  const ci = detectCi(rt.io.env);
  const done = waits.filter((w): w is WaitResult => !!w);
  if (!ci || !done.length || rt.globals().dryRun) return;
  let report: CiReport;
  try {
    report = await collect(rt, done);
  } catch (err) {
    rt.advise(`CI report skipped: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  // Defence in depth: recorded calls come masked from the server; the CLI's own key never shows.
  const scrub = (s: string) => redact(s, [rt.config().apiKey]);
  const write = (s: string) => (rt.json ? rt.io.err(s) : rt.io.out(s));
  if (ci === 'github') {
    for (const line of githubAnnotations(report)) write(`${scrub(line)}\n`);
    const file = rt.io.env.GITHUB_STEP_SUMMARY;
    if (file) {
      try {
        appendFileSync(file, `${scrub(githubSummary(report))}\n`);
      } catch (err) {
        rt.advise(`could not append the job summary to $GITHUB_STEP_SUMMARY: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } else {
    const section = gitlabSection(report, Date.now() / 1000);
    if (section) write(scrub(section));
  }
}

async function collect(rt: Runtime, waits: WaitResult[]): Promise<CiReport> {
  const rows = waits.flatMap((w) => w.results);
  const counts = waits.reduce<CiCounts>(
    (s, w) => ({
      total: s.total + w.summary.total,
      passed: s.passed + w.summary.passed,
      failed: s.failed + w.summary.failed,
      blocked: s.blocked + w.summary.blocked,
      cancelled: s.cancelled + w.summary.cancelled,
      timeout: s.timeout + w.summary.timeout,
      error: s.error + w.summary.error,
    }),
    { total: 0, passed: 0, failed: 0, blocked: 0, cancelled: 0, timeout: 0, error: 0 },
  );
  const notPassed = rows.filter((r) => r.run && r.status !== 'passed');
  const client = rt.client();
  // A batch whose triage cannot be read is still reported, from the wait rows (reason, failure kind).
  const triages: BatchTriage[] = [];
  for (const batchId of new Set(notPassed.map((r) => r.run!.batchId))) {
    try {
      triages.push(await client.call(getBatchTriage, { params: { batchId } }));
    } catch (err) {
      rt.advise(`CI report: no triage for batch ${batchId} (${err instanceof Error ? err.message : String(err)}); reporting the run reasons only`);
    }
  }
  const steps = new Map<string, string>();
  for (const r of notPassed.filter((x) => x.run!.type === 'frontend' && (x.status === 'failed' || x.status === 'blocked')).slice(0, STEP_LOOKUPS)) {
    const page = await client.call(listTestSteps, { params: { testId: r.run!.testId }, query: { runId: r.runId, pageSize: 100 } }).catch(() => null);
    const s = page?.items.find((x) => x.status === 'failed');
    if (s) steps.set(r.runId, `#${s.index + 1} ${s.description}${s.error ? ` — ${s.error.split('\n')[0]}` : ''}`);
  }
  return buildCiReport({ rows, counts, exitCode: rt.exitCode, triages, steps });
}
