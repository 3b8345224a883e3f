import { mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import type { AssertionRecord, RecordedCall } from '../../ai/evidence.js';
import type { MadeRecord } from '../types.js';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SvcError } from '../../contract/errors.js';
import { assemble, callsSoFar, LiveCalls } from './assemble.js';
import { ForkServer, spawnJob, type JobHandle } from './fork-server.js';
import { maskPlan, type MaskPlan } from './mask.js';
import { resolvePython, type PythonInfo } from './python.js';
import { SandboxPool } from './sandbox-pool.js';
import { backendSlots, Gate } from '../limits.js';
import { SandboxedForkServer } from './sandbox-fork.js';
import { jobsRoot, removeJobDir } from './job-dir.js';
import { cancelledBeforeStart, refused, validate } from './runner-input.js';
import type { TargetPolicy } from '../../contract/target-policy.js';
import type { Isolation } from '../sandbox/bwrap.js';

export { resolvePython };

/**
 * Runs one backend test (Python code) against a real HTTP API and reports what it did. Tests run
 * in a child of a warm Python fork server (a few ms each) with a clean environment, their own temp
 * cwd, a time limit (SIGKILL of the whole process group) and an address-space limit. What a test
 * does is streamed to a file as it happens, so a killed test still reports its calls.
 */
export interface BackendTestInput {
  code: string;
  /** The trailing slash is stripped. */
  targetUrl: string;
  auth: { headers: Record<string, string>; type: string; credential: string | null };
  /** Values of the test's needs, by name; JSON-serialisable. */
  vars: Record<string, unknown>;
  /** Default 60 000; counted from the moment the test's process starts (queueing excluded). */
  timeoutMs?: number;
  /** Default 512: address space the test may use beyond the interpreter itself (RLIMIT_AS). */
  memoryMb?: number;
  /** Literal values masked wherever recorded (calls, output, traces, messages). */
  secrets?: string[];
  /** For messages. */
  testName?: string;
  /** With the runner's journalDir: the name its job directory is journaled under (the run id). */
  journalId?: string;
  /** The test's calls as they settle while it runs (masked), for a store every machine reads. */
  onCalls?: (calls: RecordedCall[]) => void;
}

/** Calls and assertions are recorded in the shapes failure analysis reads (src/ai/evidence.ts). */
export type { AssertionRecord, MadeRecord, RecordedCall };

/** 'cancelled': the run was aborted through the AbortSignal (not a timeout, not the API's fault). */
export type FailureKind = 'assertion' | 'exception' | 'timeout' | 'memory' | 'crash' | 'syntax' | 'cancelled';

export interface BackendTestResult {
  verdict: 'passed' | 'failed';
  failure?: { kind: FailureKind; message: string; exceptionType?: string; line?: number };
  produced: Record<string, unknown>;
  calls: RecordedCall[];
  assertions: AssertionRecord[];
  /** The test's stdout (apiOutput), first 1 MB, with a note when cut. */
  stdout: string;
  stderr: string;
  trace: string | null;
  testFunctions: string[];
  /** Records the test reported making (svc_checks.track_at): the batch's cleanup deletes any it left. */
  records: MadeRecord[];
  startedAt: string;
  finishedAt: string;
  durationMs: number;
}

export interface BackendRunnerOptions {
  /** Interpreter to use; else $SVC_PYTHON, else the real executable behind `python3` on PATH. */
  python?: string;
  /** Tests running at once (default: backendSlots(), from free memory); more wait in a queue. */
  maxConcurrent?: number;
  /** false: spawn one interpreter per test instead of forking from a warm server (default true). */
  fork?: boolean;
  /**
   * How uploaded code is isolated (svc-server always says): `sandbox` runs each test in its own
   * bubblewrap sandbox with egress through svc only; `unsafe` runs it unsandboxed on purpose and
   * says so in every run's output; `refuse` runs nothing and says why. Unset: unsandboxed (for
   * code the caller trusts, such as the runner's own tests and benches).
   */
  isolation?: { mode: 'sandbox'; isolation: Isolation; policy: TargetPolicy } | { mode: 'unsafe' } | { mode: 'refuse'; reason: string };
  /**
   * A durable directory (in the data dir) where each running test's job directory is noted, so
   * that after a crash of svc the calls it made so far can be read back (recover()) and cleaned up.
   */
  journalDir?: string;
}

export const UNSAFE_NOTE = '[svc] this test ran without a sandbox: svc-server was started with --unsafe-no-sandbox\n';

const OUTPUT_CAP = 1024 * 1024;
const KILL_GRACE_MS = 5000;
/** How often a running test's new calls are handed to onCalls (SVC_LIVE_CALLS_MS). */
const LIVE_CALLS_MS = Math.max(50, Number(process.env.SVC_LIVE_CALLS_MS) || 500);

export class BackendRunner {
  private python?: Promise<PythonInfo>;
  private readonly root: string;
  private readonly home: string;
  private server?: ForkServer;
  private pool?: SandboxPool | SandboxedForkServer;
  private readonly slots: Gate;
  private closed = false;
  private warming?: Promise<void>;
  private journalReady = false;
  private seq = 0;

  constructor(private readonly opts: BackendRunnerOptions = {}) {
    this.root = jobsRoot();
    this.home = join(this.root, 'home');
    mkdirSync(this.home, { mode: 0o700 });
    this.slots = new Gate(Math.max(1, opts.maxConcurrent ?? backendSlots()));
  }

  /** Which way tests start: 'fork' (warm server) or 'spawn' (one interpreter per test). */
  async mode(): Promise<'fork' | 'spawn'> {
    return (await this.serverFor()) ? 'fork' : 'spawn';
  }

  /**
   * Gets the first test's process ready ahead of it (optional; the first run() does it anyway): the
   * interpreter resolved, the fork server (in its sandbox) started and rehearsed, or the sandboxes
   * for the first tests started. Never throws; close() waits for it.
   */
  warmUp(): Promise<void> {
    this.warming ??= (async () => {
      if (this.closed || this.opts.isolation?.mode === 'refuse') return;
      if (this.opts.isolation?.mode === 'sandbox') {
        const pool = await this.sandboxes();
        if (!this.closed) await pool.warmUp();
        return;
      }
      const server = await this.serverFor();
      if (!this.closed) await server?.start();
    })().catch(() => {});
    return this.warming;
  }

  /** The fork server's pid, when one is running (for diagnostics and tests). */
  get forkServerPid(): number | undefined {
    return this.server?.pid;
  }

  /**
   * Runs one test. Never rejects for anything the test does: failures are in the result. Aborting
   * the signal kills the test and resolves with failure kind 'cancelled' and the calls so far.
   */
  async run(input: BackendTestInput, signal?: AbortSignal): Promise<BackendTestResult> {
    if (this.closed) throw new SvcError('UNAVAILABLE', 'the backend runner is closed');
    const job = validate(input);
    const plan = maskPlan(input.auth, input.secrets);
    const queuedAt = new Date();
    if (this.opts.isolation?.mode === 'refuse') return refused(queuedAt, this.opts.isolation.reason);
    if (!(await this.slots.acquire(signal))) return cancelledBeforeStart(queuedAt);
    try {
      return await this.execute(input, job, plan, signal);
    } finally {
      this.slots.release();
    }
  }

  private async execute(input: BackendTestInput, job: ReturnType<typeof validate>, plan: MaskPlan, signal?: AbortSignal): Promise<BackendTestResult> {
    const full = { ...job, maskLiterals: plan.literals, maskHeaders: plan.headers, outputCap: OUTPUT_CAP };
    let dir: string;
    let handle: JobHandle;
    let dispose: () => Promise<void>;
    if (this.opts.isolation?.mode === 'sandbox') {
      ({ dir, handle, dispose } = await (await this.sandboxes()).submit(full));
    } else {
      const own = (dir = mkdtempSync(join(this.root, 't-')));
      dispose = async () => removeJobDir(own);
      handle = await this.launch(dir, full); // the first test also waits for the server to start
    }
    // The journal is a symbolic link to the job's directory: one system call, no data block to write.
    const journal = this.opts.journalDir && input.journalId ? join(this.opts.journalDir, `${input.journalId}.dir`) : undefined;
    // Best effort: a journal that cannot be written only loses crash recovery for this test.
    if (journal) {
      try {
        if (!this.journalReady) mkdirSync(this.opts.journalDir!, { recursive: true, mode: 0o700 });
        this.journalReady = true;
        symlinkSync(dir, journal);
      } catch {
        /* recovery is lost for this test, nothing else */
      }
    }
    const live = input.onCalls ? new LiveCalls(dir, plan, input.onCalls).start(LIVE_CALLS_MS) : undefined;
    try {
      const startedAt = new Date();
      const t0 = performance.now();
      let stop: 'timeout' | 'cancelled' | undefined;
      let grace: NodeJS.Timeout | undefined;
      const halt = (why: 'timeout' | 'cancelled') => {
        stop ??= why;
        handle.kill();
        // A server that does not confirm the kill is broken: replace it (its jobs end as crashes).
        grace ??= setTimeout(() => this.server?.kill(), KILL_GRACE_MS);
      };
      const timer = setTimeout(() => halt('timeout'), job.timeoutMs);
      const onAbort = () => halt('cancelled');
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const exit = await handle.exited;
      clearTimeout(timer);
      clearTimeout(grace);
      signal?.removeEventListener('abort', onAbort);
      const finishedAt = new Date();
      const result = await assemble({
        dir, exit, stop, plan, timeoutMs: job.timeoutMs, memoryMb: job.memoryMb, outputCap: OUTPUT_CAP,
        startedAt, finishedAt, durationMs: Math.round((performance.now() - t0) * 10) / 10,
      });
      if (result.failure && input.testName && result.failure.kind === 'crash') result.failure.message = `${input.testName}: ${result.failure.message}`;
      if (this.opts.isolation?.mode === 'unsafe') result.stdout = UNSAFE_NOTE + result.stdout;
      return result;
    } finally {
      live?.stop();
      if (journal) rmSync(journal, { force: true });
      void dispose().catch(() => {}); // off the result's path
    }
  }

  /**
   * The calls an interrupted test (svc stopped while it ran) had made, from its journaled job
   * directory; [] when nothing was journaled here. The journal and the directory are removed.
   */
  async recover(journalId: string, secrets: string[]): Promise<RecordedCall[]> {
    if (!this.opts.journalDir) return [];
    const link = join(this.opts.journalDir, `${journalId}.dir`);
    const file = join(this.opts.journalDir, `${journalId}.json`); // as earlier versions wrote it
    try {
      let dir: string;
      try {
        dir = readlinkSync(link);
      } catch {
        dir = (JSON.parse(await readFile(file, 'utf8')) as { dir: string }).dir;
      }
      const calls = await callsSoFar(dir, maskPlan({ headers: {}, credential: null }, secrets));
      await rm(dir, { recursive: true, force: true }).catch(() => {});
      return calls;
    } catch {
      return [];
    } finally {
      await Promise.all([link, file].map((j) => rm(j, { force: true }).catch(() => {})));
    }
  }

  private async sandboxes(): Promise<SandboxPool | SandboxedForkServer> {
    const iso = this.opts.isolation;
    if (iso?.mode !== 'sandbox') throw new SvcError('INTERNAL', 'the runner has no sandbox');
    const python = await this.interpreter();
    // As root, one warm fork server in a sandbox, each test under a uid of its own; otherwise (a
    // user namespace maps a single uid) one pre-started sandbox per test.
    if (iso.isolation.dedicatedUid && python.canFork && this.opts.fork !== false) {
      return (this.pool ??= new SandboxedForkServer({ isolation: iso.isolation, python, root: this.root, home: this.home, policy: iso.policy }));
    }
    return (this.pool ??= new SandboxPool({ isolation: iso.isolation, python, root: this.root, policy: iso.policy, keep: Math.min(4, this.slots.max) }));
  }

  private async launch(dir: string, job: object): Promise<JobHandle> {
    const info = await this.interpreter();
    const server = await this.serverFor();
    if (!server) return spawnJob(info.path, this.home, dir, job);
    try {
      return await server.submit(`j${++this.seq}`, dir, job);
    } catch {
      // The server could not be (re)started: this test still runs, in a process of its own.
      if (server.noFork) this.server = undefined;
      return spawnJob(info.path, this.home, dir, job);
    }
  }

  private interpreter(): Promise<PythonInfo> {
    return (this.python ??= this.opts.python
      ? resolvePython(this.opts.python)
      : resolvePython());
  }

  private async serverFor(): Promise<ForkServer | undefined> {
    const info = await this.interpreter();
    if (!info.canFork || this.opts.fork === false) return undefined;
    if (!this.server) this.server = new ForkServer(info.path, this.home);
    if (this.server.noFork) return undefined;
    return this.server;
  }

  /** Stops the fork server and removes the runner's temp files. Running tests end as crashes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.warming;
    await this.server?.close();
    await this.pool?.close();
    rmSync(this.root, { recursive: true, force: true });
  }
}
