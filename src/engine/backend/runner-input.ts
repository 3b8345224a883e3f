/** The runner's input checks, and the results of tests that never started. */
import { SvcError } from '../../contract/errors.js';
import type { BackendTestInput, BackendTestResult } from './runner.js';

export function validate(input: BackendTestInput) {
  if (typeof input?.code !== 'string') throw new SvcError('VALIDATION_ERROR', 'backend test code must be a string');
  if (typeof input.targetUrl !== 'string') throw new SvcError('VALIDATION_ERROR', 'targetUrl must be a string');
  const timeoutMs = input.timeoutMs ?? 60_000;
  const memoryMb = input.memoryMb ?? 512;
  if (!(timeoutMs >= 100 && timeoutMs <= 3_600_000)) throw new SvcError('VALIDATION_ERROR', 'timeoutMs must be between 100 and 3600000');
  if (!(memoryMb >= 16 && memoryMb <= 65_536)) throw new SvcError('VALIDATION_ERROR', 'memoryMb must be between 16 and 65536');
  let vars: Record<string, unknown>;
  try {
    vars = JSON.parse(JSON.stringify(input.vars ?? {}));
  } catch (e) {
    throw new SvcError('VALIDATION_ERROR', `vars must be JSON-serialisable: ${(e as Error).message}`);
  }
  const auth = input.auth ?? { headers: {}, type: 'none', credential: null };
  return {
    code: input.code,
    targetUrl: input.targetUrl.replace(/\/+$/, ''),
    auth: { headers: { ...(auth.headers ?? {}) }, type: auth.type ?? 'none', credential: auth.credential ?? null },
    vars, timeoutMs, memoryMb, testName: input.testName ?? null,
  };
}

export function refused(at: Date, reason: string): BackendTestResult {
  const iso = at.toISOString();
  const message = `svc-server runs no uploaded test code without a sandbox: ${reason}. Install bubblewrap (apt-get install bubblewrap), or start svc-server with --unsafe-no-sandbox to run tests unsandboxed on purpose`;
  return {
    verdict: 'failed', failure: { kind: 'crash', message }, produced: {}, calls: [], assertions: [],
    stdout: '', stderr: '', trace: null, testFunctions: [], records: [], startedAt: iso, finishedAt: new Date().toISOString(), durationMs: 0,
  };
}

export function cancelledBeforeStart(at: Date): BackendTestResult {
  const iso = at.toISOString();
  return {
    verdict: 'failed', failure: { kind: 'cancelled', message: 'Cancelled before it started' }, produced: {}, calls: [], assertions: [],
    stdout: '', stderr: '', trace: null, testFunctions: [], records: [], startedAt: iso, finishedAt: new Date().toISOString(), durationMs: 0,
  };
}

