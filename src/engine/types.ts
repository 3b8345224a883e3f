/** Shapes shared by the engine's parts (runners, orchestrator, cleanup, analysis). */

import type { AssertionRecord, RecordedCall } from '../ai/evidence.js';

export type { AssertionRecord, RecordedCall };

/** A record a test reported making where its answer does not say so (a PUT that creates). */
export interface MadeRecord {
  /** Where the record is deleted. */
  url: string;
  /** The request that made it: method and URL. */
  method: string;
  via: string;
  at: string;
}

/** What a backend test gets injected (SPEC.md 2.1 static credential or auto-auth token). */
export interface InjectedAuth {
  headers: Record<string, string>;
  type: string;
  credential: string | null;
  /** Literal secrets to mask wherever recorded. */
  secrets: string[];
}

export interface StepRecord {
  kind: 'http' | 'assertion' | 'action' | 'check';
  description: string;
  status: 'passed' | 'failed' | 'skipped';
  durationMs: number;
  startedAt: string;
  error?: string | null;
  detail?: Record<string, unknown>;
}

export interface ExecuteResult {
  verdict: 'passed' | 'failed';
  failure?: { kind: string; message: string; exceptionType?: string; line?: number };
  produced: Record<string, unknown>;
  calls: RecordedCall[];
  assertions: AssertionRecord[];
  stdout: string;
  trace: string | null;
  steps: StepRecord[];
  /** Runner-specific data kept with the run (frontend artifacts, heal records). */
  extra?: Record<string, unknown>;
  /** A frontend run's resolved script, saved with the test so replays need no planning. */
  script?: unknown;
  startedAt: string;
  finishedAt: string;
}

export interface ExecuteInput {
  runId: string;
  testId: string;
  testName: string;
  type: 'frontend' | 'backend';
  code: string | null;
  planSteps: { type: 'action' | 'assertion'; description: string }[] | null;
  resolvedScript: unknown;
  replay: boolean;
  heal: boolean;
  targetUrl: string;
  vars: Record<string, unknown>;
  auth: InjectedAuth;
  account: { username: string; password: string } | null;
  artifactsDir: string;
  /** Frontend: a directory holding the project's files, which steps may pick in a file chooser (absent when it has none). */
  filesDir?: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Live progress (frontend: the latest step and screenshot while the run is in flight). */
  onProgress?: (live: Record<string, unknown>) => void;
  /** Backend: the test's calls as they settle while it runs. */
  onCalls?: (calls: RecordedCall[]) => void;
}

/** Executes one test. The backend one runs Python; the frontend one drives Chromium. */
export interface TestExecutor {
  execute(input: ExecuteInput): Promise<ExecuteResult>;
  /** The calls a run made before svc stopped under it (for its cleanup); [] when unknown. */
  recover?(runId: string, secrets: string[]): Promise<RecordedCall[]>;
  /** Gets ready for a first test in the background when the engine starts (close() waits for it). */
  warmUp?(): void;
  close(): Promise<void>;
}
