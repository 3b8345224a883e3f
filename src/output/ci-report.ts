import { maskUrl } from '../ai/curl.js';
import type { BatchTriage } from '../contract/triage.js';

/**
 * What a CI job is told after a wait: counts, the portal pages of the batches, and every run that
 * did not pass grouped by cause. Built from the wait rows and the batches' triage (the server groups
 * failures by check, endpoint and fix target); the renderers for GitHub Actions and GitLab CI read it.
 */
export type CiSystem = 'github' | 'gitlab';

/** GitHub Actions and GitLab CI set these to the string 'true' in every job. */
export function detectCi(env: NodeJS.ProcessEnv): CiSystem | null {
  if (env.GITHUB_ACTIONS === 'true') return 'github';
  if (env.GITLAB_CI === 'true') return 'gitlab';
  return null;
}

/** The part of a wait row (`test wait`, `run --wait`, `rerun --wait`) the CI report reads. */
export interface CiRow {
  runId: string;
  status: string;
  testId: string | null;
  testName: string | null;
  run: { batchId: string; type: string; status: string; dashboard: string; reason: string | null; failure: { kind: string; message: string } | null } | null;
}

export interface CiCounts {
  total: number;
  passed: number;
  failed: number;
  blocked: number;
  cancelled: number;
  timeout: number;
  error: number;
}

export interface CiFailure {
  testName: string;
  runId: string;
  status: string;
  message: string;
  analysis: string | null;
  failingCall: { method: string; path: string; status: number | null; requestBody: string | null; responseBody: string | null } | null;
  /** Frontend: the step that failed, `#3 Click "Sign in" — no element …`. */
  failingStep: string | null;
  url: string | null;
}

export interface CiCause {
  check: string;
  endpoint: string | null;
  failureKind: string | null;
  fixTarget: string | null;
  failures: CiFailure[];
}

export interface CiReport {
  counts: CiCounts;
  exitCode: number;
  batches: { batchId: string; url: string | null }[];
  causes: CiCause[];
}

/** `…/portal/runs/<id>` (a run's dashboard link, formed by the server) → `…/portal/batches/<id>`. */
export function batchUrl(runDashboard: string, batchId: string): string | null {
  const i = runDashboard.lastIndexOf('/portal/runs/');
  return i < 0 ? null : `${runDashboard.slice(0, i)}/portal/batches/${encodeURIComponent(batchId)}`;
}

const NOT_PASSED = new Set(['failed', 'blocked', 'cancelled']);
const symptom = (c: Omit<CiCause, 'failures'>) => c.fixTarget === 'upstream-test';

export function buildCiReport(i: { rows: CiRow[]; counts: CiCounts; exitCode: number; triages: BatchTriage[]; steps?: Map<string, string> }): CiReport {
  const rows = new Map(i.rows.map((r) => [r.runId, r]));
  const causes = new Map<string, CiCause>();
  const covered = new Set<string>();
  const add = (c: Omit<CiCause, 'failures'>, f: CiFailure) => {
    const key = JSON.stringify([c.check, c.endpoint, c.fixTarget]);
    const cause = causes.get(key) ?? { ...c, failures: [] };
    cause.failures.push(f);
    causes.set(key, cause);
    covered.add(f.runId);
  };
  for (const t of i.triages) {
    for (const g of t.groups) {
      for (const f of g.failures) {
        const row = rows.get(f.runId);
        if (!row || !NOT_PASSED.has(row.status) || covered.has(f.runId)) continue;
        add(
          { check: g.check, endpoint: g.endpoint, failureKind: g.failureKind, fixTarget: g.recommendedFixTarget },
          { testName: f.testName, runId: f.runId, status: f.status, message: f.message, analysis: f.rootCauseHypothesis, failingCall: f.failingCall, failingStep: i.steps?.get(f.runId) ?? null, url: row.run?.dashboard ?? null },
        );
      }
    }
  }
  // Runs no triage covered: not passed (triage unavailable), still running at --timeout, or unpollable.
  for (const r of i.rows) {
    if (covered.has(r.runId) || r.status === 'passed') continue;
    const base = { testName: r.testName ?? r.runId, runId: r.runId, status: r.status, analysis: null, failingCall: null, failingStep: i.steps?.get(r.runId) ?? null, url: r.run?.dashboard ?? null };
    if (NOT_PASSED.has(r.status)) {
      const kind = r.run?.failure?.kind ?? null;
      add({ check: kind ?? r.status, endpoint: null, failureKind: kind, fixTarget: null }, { ...base, message: r.run?.reason ?? r.run?.failure?.message ?? r.status });
    } else if (r.status === 'timeout') {
      add({ check: 'timeout', endpoint: null, failureKind: null, fixTarget: null }, { ...base, message: `still ${r.run?.status ?? 'running'} when --timeout ran out; it keeps running on the server (svc test wait ${r.runId})` });
    } else {
      add({ check: r.status, endpoint: null, failureKind: null, fixTarget: null }, { ...base, message: `could not be polled (${r.status.replace(/^error:/, '')})` });
    }
  }
  const batches: CiReport['batches'] = [];
  for (const r of i.rows) {
    if (!r.run || batches.some((b) => b.batchId === r.run!.batchId)) continue;
    batches.push({ batchId: r.run.batchId, url: batchUrl(r.run.dashboard, r.run.batchId) });
  }
  return {
    counts: i.counts,
    exitCode: i.exitCode,
    batches,
    // Root causes first: a run blocked by a failed producer is a symptom of that producer's cause.
    causes: [...causes.values()].sort((a, b) => Number(symptom(a)) - Number(symptom(b)) || b.failures.length - a.failures.length),
  };
}

/** Control characters (ANSI escapes, GitLab section markers) out of text that came from a target. */
export function plain(s: string): string {
  return s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

/** One line, at most n characters. */
export function clip(s: string | null, n: number): string {
  const one = plain(s ?? '').replace(/\s*[\r\n]+\s*/g, ' ').replace(/\t/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n)}…` : one;
}

/** `METHOD /path → 500`, with secret-looking query parameters masked. */
export function callLine(c: NonNullable<CiFailure['failingCall']>): string {
  return `${c.method} ${maskQuery(c.path)} → ${c.status ?? 'no answer'}`;
}

/** The query of a recorded path with secret-looking parameters masked (as curl reproducers are). */
export function maskQuery(path: string): string {
  if (!path.includes('?')) return path;
  const masked = maskUrl(`http://h${path}`);
  return masked.startsWith('http://h/') ? masked.slice('http://h'.length) : path;
}

/** Every occurrence of a known secret (the CLI's own API key) replaced by '***'. */
export function redact(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}
