/**
 * Pre-started sandboxes for backend tests. A spare is a bubblewrap sandbox whose Python has already
 * imported the harness and waits for its one job, so a test starts warm; no two tests ever share a
 * sandbox, a process or a uid. Each spare has its own job directory (bound at /run/job) and its own
 * egress proxy (a unix socket bound read-only at /run/svc). Ending the sandbox ends everything the
 * test started: it is the init of its own PID namespace and dies with svc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdir, rm } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TargetPolicy } from '../../contract/target-policy.js';
import { EgressProxy } from '../sandbox/egress-proxy.js';
import { nextUid, sandboxCommand, type Isolation } from '../sandbox/bwrap.js';
import type { JobExit, JobHandle } from './fork-server.js';
import { removeJobDir } from './job-dir.js';
import { PY_DIR } from './python.js';
import type { PythonInfo } from './python.js';

const READY_TIMEOUT_MS = 20_000;
const SIGNALS = osConstants.signals as Record<string, number>;
const signalName = (n: number): string => Object.keys(SIGNALS).find((k) => SIGNALS[k] === n) ?? `signal ${n}`;

interface Spare {
  dir: string;
  egressDir: string;
  proc: ChildProcess;
  proxy: EgressProxy;
  ready: Promise<void>;
  exited: Promise<JobExit>;
}

export interface SandboxedJob {
  dir: string;
  handle: JobHandle;
  dispose(): Promise<void>;
}

export class SandboxPool {
  private spares: Spare[] = [];
  private closed = false;

  constructor(
    private readonly o: { isolation: Isolation; python: PythonInfo; root: string; policy: TargetPolicy; keep: number },
  ) {}

  /** Starts spares ahead of the first test. */
  warmUp(): void {
    while (!this.closed && this.spares.length < this.o.keep) this.spares.push(this.spawnSpare());
  }

  /** Hands the job to a ready sandbox (starting one when none is ready) and tops the pool up. */
  async submit(job: object): Promise<SandboxedJob> {
    const spare = this.spares.shift() ?? this.spawnSpare();
    this.warmUp();
    const dispose = async () => {
      await spare.proxy.close().catch(() => {});
      await rm(spare.egressDir, { recursive: true, force: true }).catch(() => {});
      removeJobDir(spare.dir);
    };
    const kill = () => spare.proc.kill('SIGKILL');
    try {
      await spare.ready;
    } catch (err) {
      kill();
      const exited = Promise.resolve<JobExit>({ code: null, signal: null, crash: (err as Error).message });
      return { dir: spare.dir, handle: { exited, kill }, dispose };
    }
    hold(spare.proc, true);
    spare.proc.stdin!.end(JSON.stringify(job) + '\n');
    return { dir: spare.dir, handle: { exited: spare.exited, kill }, dispose };
  }

  private spawnSpare(): Spare {
    const base = join(this.o.root, `s-${process.hrtime.bigint().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
    const dir = `${base}-job`;
    const egressDir = `${base}-egress`;
    const proxy = new EgressProxy(this.o.policy);
    const uid = nextUid();
    let stderr = '';
    let proc!: ChildProcess;
    const started = (async () => {
      await mkdir(dir, { mode: 0o700 });
      await mkdir(egressDir, { mode: 0o755 });
      if (this.o.isolation.dedicatedUid) await chown(dir, uid, uid);
      await proxy.listen(join(egressDir, 'egress.sock'));
      const { cmd, args } = sandboxCommand({
        isolation: this.o.isolation, python: this.o.python.path, pythonDirs: this.o.python.dirs ?? [], harnessDir: PY_DIR,
        jobDir: dir, egressDir, uid, entry: [join(PY_DIR, 'sandbox_entry.py')],
      });
      proc = spawn(cmd, args, { env: sandboxEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
      proc.stdin!.on('error', () => {});
      proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
      hold(proc, false);
      return proc;
    })();
    const ready = started.then(
      (p) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the test sandbox did not start in time')), READY_TIMEOUT_MS);
          createInterface({ input: p.stdout! }).once('line', () => (clearTimeout(timer), resolve()));
          p.once('exit', (code) => (clearTimeout(timer), reject(new Error(`the test sandbox could not start (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`))));
        }),
    );
    ready.catch(() => {});
    const exited = started.then(
      (p) =>
        new Promise<JobExit>((resolve) => {
          p.once('error', (e) => resolve({ code: null, signal: null, crash: `could not start the sandbox: ${e.message}` }));
          p.once('exit', (code, sig) => {
            if (sig) return resolve({ code: null, signal: sig });
            // bubblewrap passes the test's status on; a status above 128 is a signal it died of.
            if (code !== null && code > 128 && code < 160) return resolve({ code: null, signal: signalName(code - 128) });
            resolve({ code, signal: null, crash: code === 70 && stderr ? stderr.trim() : undefined });
          });
        }),
      (err: Error) => ({ code: null, signal: null, crash: `could not start the sandbox: ${err.message}` }),
    );
    const spare: Spare = { dir, egressDir, get proc() { return proc; }, proxy, ready, exited };
    return spare;
  }

  async close(): Promise<void> {
    this.closed = true;
    const spares = this.spares.splice(0);
    await Promise.all(
      spares.map(async (s) => {
        await s.ready.catch(() => {});
        s.proc?.kill('SIGKILL');
        await s.proxy.close().catch(() => {});
        await rm(s.dir, { recursive: true, force: true }).catch(() => {});
        await rm(s.egressDir, { recursive: true, force: true }).catch(() => {});
      }),
    );
  }
}

/** An idle spare never keeps svc alive; one running a test does. */
function hold(proc: ChildProcess, on: boolean): void {
  const streams = [proc.stdin, proc.stdout, proc.stderr] as unknown as { ref?: () => void; unref?: () => void }[];
  if (on) proc.ref();
  else proc.unref();
  for (const s of streams) (on ? s?.ref : s?.unref)?.call(s);
}

/** Nothing of the server's environment: the sandbox gets these and no more. */
function sandboxEnv(): NodeJS.ProcessEnv {
  return { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/run/job/work', TMPDIR: '/tmp', LANG: 'C.UTF-8', MALLOC_ARENA_MAX: '2' };
}
