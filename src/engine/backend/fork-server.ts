import { spawn, type ChildProcess } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { createInterface } from 'node:readline';
import { FORK_SERVER_PY, HARNESS_PY, PY_FLAGS, cleanEnv } from './python.js';

/** How a job's process ended: an exit status, a signal, or a reason it could not even report. */
export interface JobExit {
  code: number | null;
  signal: string | null;
  crash?: string;
}

export interface JobHandle {
  readonly exited: Promise<JobExit>;
  kill(): void;
}

const READY_TIMEOUT_MS = 20_000;
const SIGNALS = osConstants.signals as Record<string, number>;
const signalName = (n: number | null): string | null =>
  n == null ? null : (Object.keys(SIGNALS).find((k) => SIGNALS[k] === n) ?? `signal ${n}`);

/**
 * The warm Python parent (fork_server.py): started once, asked to fork one child per job over a
 * JSON-lines pipe. If it dies, its in-flight jobs end as crashes and the next job starts a new one.
 */
export class ForkServer {
  private proc?: ChildProcess;
  private starting?: Promise<void>;
  private jobs = new Map<string, (exit: JobExit) => void>();
  private stderrTail = '';
  /** Set when the interpreter cannot fork: the runner then spawns one process per test. */
  noFork = false;

  constructor(
    private readonly python: string,
    private readonly home: string,
    /** How to start the server instead of a plain interpreter (inside svc's sandbox). */
    private readonly launcher?: () => Promise<{ cmd: string; args: string[]; env: NodeJS.ProcessEnv; cwd: string }>,
  ) {}

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  start(): Promise<void> {
    if (this.proc && !this.starting) return Promise.resolve();
    return (this.starting ??= this.spawnServer().finally(() => (this.starting = undefined)));
  }

  private async spawnServer(): Promise<void> {
    const how = this.launcher ? await this.launcher() : { cmd: this.python, args: [...PY_FLAGS, FORK_SERVER_PY], env: cleanEnv(this.home), cwd: this.home };
    return new Promise((resolve, reject) => {
      const proc = spawn(how.cmd, how.args, { cwd: how.cwd, env: how.env, stdio: ['pipe', 'pipe', 'pipe'] });
      this.proc = proc;
      this.stderrTail = '';
      const timer = setTimeout(() => fail(new Error('the Python fork server did not start in time')), READY_TIMEOUT_MS);
      const fail = (err: Error) => {
        clearTimeout(timer);
        if (this.proc === proc) this.proc = undefined;
        proc.kill('SIGKILL');
        reject(err);
      };
      proc.on('error', fail);
      proc.stderr!.on('data', (d: Buffer) => (this.stderrTail = (this.stderrTail + d.toString()).slice(-4000)));
      proc.stdin!.on('error', () => {}); // a dead server shows up as 'exit'
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        let msg: { ev?: string; id?: string; code?: number | null; signal?: number | null; message?: string };
        try {
          msg = JSON.parse(line);
        } catch {
          return;
        }
        if (msg.ev === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (msg.ev === 'nofork') {
          this.noFork = true;
          fail(new Error('this Python cannot fork'));
        } else if (msg.ev === 'done' || msg.ev === 'exit' || msg.ev === 'error') {
          // 'done' (result written) usually precedes 'exit'; whichever comes first settles the job.
          const done = this.jobs.get(msg.id!);
          this.jobs.delete(msg.id!);
          done?.(msg.ev === 'error' ? { code: null, signal: null, crash: msg.message } : { code: msg.code ?? null, signal: signalName(msg.signal ?? null) });
        }
      });
      proc.on('exit', (code, sig) => {
        clearTimeout(timer);
        if (this.proc === proc) this.proc = undefined;
        const why = `the Python fork server exited (${sig ?? `code ${code}`})${this.stderrTail ? `: ${this.stderrTail.trim().split('\n').pop()}` : ''}`;
        reject(new Error(why));
        for (const [id, done] of this.jobs) {
          this.jobs.delete(id);
          done({ code: null, signal: null, crash: `${why}; the test was stopped` });
        }
      });
      this.hold(proc, false);
    });
  }

  /** An idle server never keeps the host process alive; one with jobs in flight does. */
  private hold(proc: ChildProcess, on: boolean): void {
    const streams = [proc.stdin, proc.stdout, proc.stderr] as unknown as { ref?: () => void; unref?: () => void }[];
    if (on) {
      proc.ref();
      for (const s of streams) s?.ref?.();
    } else {
      proc.unref();
      for (const s of streams) s?.unref?.();
    }
  }

  async submit(id: string, dir: string, job: object, uid?: number): Promise<JobHandle> {
    await this.start();
    const proc = this.proc!;
    const exited = new Promise<JobExit>((resolve) =>
      this.jobs.set(id, (exit) => {
        if (this.jobs.size === 0 && this.proc === proc) this.hold(proc, false);
        resolve(exit);
      }),
    );
    if (this.jobs.size === 1) this.hold(proc, true);
    this.send(`run\t${id}\t${uid ?? '-'}\t${JSON.stringify({ dir, job })}`);
    return { exited, kill: () => this.send(`kill\t${id}`) };
  }

  /** One line of fork_server.py's protocol (ids are ours: letters and digits). */
  private send(line: string): void {
    this.proc?.stdin?.write(line + '\n');
  }

  /** For a server that stopped answering: kill it; its jobs end as crashes. */
  kill(): void {
    this.proc?.kill('SIGKILL');
  }

  async close(): Promise<void> {
    await this.starting?.catch(() => {}); // a server still starting is stopped once it is up
    const proc = this.proc;
    if (!proc) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => proc.kill('SIGKILL'), 2000);
      proc.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      proc.stdin?.end();
    });
  }
}

/** Without fork: one plain `python3 harness.py --job DIR` per test, in its own process group. */
export function spawnJob(python: string, home: string, dir: string, job: object): JobHandle {
  let tail = '';
  const proc = spawn(python, [...PY_FLAGS, HARNESS_PY, '--job', dir], { cwd: dir, env: cleanEnv(home), detached: true, stdio: ['pipe', 'ignore', 'pipe'] });
  proc.stdin!.on('error', () => {}); // an interpreter that died at once shows up as 'close'
  proc.stdin!.end(JSON.stringify(job));
  proc.stderr!.on('data', (d: Buffer) => (tail = (tail + d.toString()).slice(-4000)));
  const exited = new Promise<JobExit>((resolve) => {
    proc.on('error', (e) => resolve({ code: null, signal: null, crash: `could not start ${python}: ${e.message}` }));
    proc.on('close', (code, sig) => resolve({ code, signal: sig, crash: code === 70 && tail ? tail.trim() : undefined }));
  });
  return {
    exited,
    kill: () => {
      try {
        if (proc.pid) process.kill(-proc.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    },
  };
}
