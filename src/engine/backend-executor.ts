import { BackendRunner, type BackendTestResult } from './backend/runner.js';
import type { ExecuteInput, ExecuteResult, StepRecord, TestExecutor } from './types.js';

/** Steps of a backend run: every recorded call and every assertion, in the order they happened. */
export function backendSteps(r: BackendTestResult): StepRecord[] {
  const calls: (StepRecord & { at: string })[] = r.calls.map((c) => ({
    at: c.startedAt,
    kind: 'http',
    description: `${c.method} ${c.path}${c.status !== null ? ` -> ${c.status}` : ` -> ${c.error ?? 'no response'}`}`,
    status: c.status === null ? 'failed' : 'passed',
    durationMs: c.latencyMs,
    startedAt: c.startedAt,
    error: c.error ?? null,
    detail: { seq: c.seq, method: c.method, url: c.url, status: c.status },
  }));
  const asserts: (StepRecord & { at: string })[] = r.assertions.map((a) => ({
    at: a.at,
    kind: 'assertion',
    // The recorded source is the whole statement ('assert x == 1') or just its expression.
    description: /^assert\b/.test(a.source) ? a.source : `assert ${a.source}`,
    status: a.ok ? 'passed' : 'failed',
    durationMs: 0,
    startedAt: a.at,
    error: a.ok ? null : a.message,
    detail: { line: a.line },
  }));
  const all = [...calls, ...asserts].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  if (r.verdict === 'failed' && r.failure && r.failure.kind !== 'assertion') {
    all.push({ at: r.finishedAt, kind: 'check', description: `${r.failure.kind}: ${r.failure.message.split('\n')[0]}`, status: 'failed', durationMs: 0, startedAt: r.finishedAt, error: r.failure.message, detail: r.failure.line ? { line: r.failure.line } : undefined });
  }
  return all.map(({ at: _at, ...s }) => s);
}

/** Runs backend tests as Python through the warm fork server of src/engine/backend. */
export class BackendExecutor implements TestExecutor {
  constructor(readonly runner = new BackendRunner()) {}

  async execute(i: ExecuteInput): Promise<ExecuteResult> {
    const r = await this.runner.run(
      {
        code: i.code ?? '',
        targetUrl: i.targetUrl,
        auth: { headers: i.auth.headers, type: i.auth.type, credential: i.auth.credential },
        vars: i.vars,
        timeoutMs: i.timeoutMs,
        secrets: i.auth.secrets,
        testName: i.testName,
        journalId: i.runId,
        onCalls: i.onCalls,
      },
      i.signal,
    );
    return {
      verdict: r.verdict,
      failure: r.failure,
      produced: r.produced,
      calls: r.calls,
      assertions: r.assertions,
      stdout: r.stdout,
      trace: r.trace,
      steps: backendSteps(r),
      extra: { testFunctions: r.testFunctions, stderr: r.stderr.slice(0, 65_536), durationMs: r.durationMs, ...(r.records.length ? { records: r.records } : {}) },
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    };
  }

  recover(runId: string, secrets: string[]) {
    return this.runner.recover(runId, secrets);
  }

  /** The fork server (or the first sandboxes) started at once: a fresh server's first batch does not wait for it. */
  warmUp(): void {
    void this.runner.warmUp();
  }

  close(): Promise<void> {
    return this.runner.close();
  }
}
