import { analyzeFailure } from '../ai/analysis.js';
import { FailureEvidence, RunFailureKind } from '../ai/evidence.js';
import type { ModelProvider } from '../ai/provider.js';
import { analyzeWithModel } from '../ai/refine.js';
import { parseJson, type Store } from '../store/db.js';
import { toRecordedCall, updateRun } from '../store/repos/runs.js';
import type { Analyzer } from './context.js';

/**
 * Builds the evidence of a failed or blocked run from what was stored and records the analysis.
 * The built-in rules decide; a configured model may only refine the wording (src/ai/refine.ts).
 */
export function makeAnalyzer(provider: ModelProvider, evidenceExtras?: (projectId: string) => Promise<Partial<FailureEvidence>>): Analyzer {
  return async (store: Store, runId: string) => {
    const db = store.db;
    const r = await db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirst();
    if (!r || !r.verdict || r.verdict === 'passed') return;
    const calls = await db.selectFrom('run_calls').selectAll().where('run_id', '=', runId).orderBy('seq').execute();
    const failure = parseJson<{ kind: string; message: string; exceptionType?: string; line?: number } | null>(r.failure, null);
    const extra = parseJson<Record<string, unknown>>(r.extra, {});
    const kind = RunFailureKind.safeParse(failure?.kind === 'interrupted' || failure?.kind === 'environment' ? 'crash' : failure?.kind);
    const evidence: FailureEvidence = {
      testType: r.test_type as 'backend',
      testId: r.test_id,
      testName: r.test_name,
      runId: r.id,
      status: r.verdict === 'blocked' ? 'blocked' : r.verdict === 'cancelled' ? 'cancelled' : 'failed',
      targetUrl: r.target_url,
      trace: r.trace,
      stdout: r.api_output,
      calls: calls.map(toRecordedCall),
      assertions: parseJson(r.assertions, []),
      consumedVariables: parseJson(r.consumed, undefined),
      ...(await evidenceExtras?.(r.project_id)),
    };
    if (failure && kind.success) evidence.failure = { ...failure, kind: kind.data };
    if (extra.blockedBy) evidence.blockedBy = extra.blockedBy as FailureEvidence['blockedBy'];
    if (extra.missingVariables) evidence.missingVariables = extra.missingVariables as string[];
    if (extra.steps) evidence.steps = extra.steps as FailureEvidence['steps'];
    if (typeof extra.failedStepIndex === 'number') evidence.failedStepIndex = extra.failedStepIndex;
    const parsed = FailureEvidence.parse(evidence);
    const base = analyzeFailure(parsed);
    const analysis = provider.available ? await analyzeWithModel(parsed, provider, base) : base;
    await updateRun(db, runId, { analysis: JSON.stringify(analysis) });
  };
}
