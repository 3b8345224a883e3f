import { Option, type Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import { testHistory } from '../../../src/ops/test-history.js';
import { testResult } from '../../../src/ops/test-result.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderHistory, renderResult } from './triage-render.js';

const HISTORY_ONLY = [['source', '--source'], ['since', '--since'], ['pageSize', '--page-size'], ['cursor', '--cursor']] as const;

export function registerTestResult(group: Command, rt: Runtime): void {
  group
    .command('result')
    .description("a test's latest result, or one run's with --run-id (text: the last 20 lines of apiOutput and trace); --history lists prior runs")
    .argument('[test-id]', 'the test (its latest run); omit with --run-id')
    .addHelpText('after', `
Examples:
  svc test result tst_1 --include-analysis
  svc test result --run-id run_1
  svc test result tst_1 --history --since 7d
`)
    .option('--run-id <run>', 'the result of this run instead (run ids are what run tables and test wait print)')
    .option('--include-analysis', 'add analysis: rootCauseHypothesis, recommendedFixTarget, failureKind, snapshotId, reproducer')
    .option('--history', 'list prior runs, newest first: {runs, nextCursor}')
    .addOption(new Option('--source <surface>', 'with --history: runs triggered from this surface').choices(['cli', 'portal', 'mcp', 'schedule', 'github_action']))
    .option('--since <dur>', "with --history: runs created since a duration ago (24h, 7d, 30m) or an ISO timestamp")
    .option('--page-size <n>', 'with --history: runs per page, 1-100 (default 20)', intFlag(1, 100))
    .option('--cursor <token>', 'with --history: the nextCursor of the previous page')
    .action(async (testId: string | undefined, o) => {
      if (!!testId === !!o.runId) {
        throw new SvcError('VALIDATION_ERROR', testId ? 'give a test id or --run-id, not both' : 'a test id or --run-id is required', { nextAction: "Use 'svc test result <test-id>' for a test's latest run, or 'svc test result --run-id <run-id>' for one run." });
      }
      if (o.runId && o.history) throw new SvcError('VALIDATION_ERROR', '--history lists the runs of a test: give the test id, not --run-id', { nextAction: "Use 'svc test result <test-id> --history'." });
      if (!o.history) {
        const stray = HISTORY_ONLY.find(([k]) => o[k] !== undefined);
        if (stray) throw new SvcError('VALIDATION_ERROR', `${stray[1]} works only with --history`, { nextAction: `Add --history, or drop ${stray[1]}.` });
        const r = await rt.exec(testResult, { ...(testId ? { testId } : { runId: o.runId }), includeAnalysis: !!o.includeAnalysis });
        return rt.emit(r, renderResult);
      }
      if (o.includeAnalysis) rt.advise('--include-analysis has no effect with --history; read one run with svc test result <test-id> --include-analysis');
      const h = await rt.exec(testHistory, { testId: testId!, source: o.source, since: o.since, pageSize: o.pageSize ?? 20, cursor: o.cursor });
      rt.emit(h, renderHistory);
    });
}
