/**
 * The warm fork server inside one bubblewrap sandbox (svc-server running as root): tests start in
 * a few milliseconds, yet each runs under a uid of its own (2000000 and up) that the child drops to
 * before the test's code runs, with its own job directory (0700, that uid's) and a process cap; the
 * parent keeps only the right to change uid, so no test can signal, trace or read the parent or
 * another test. The sandbox has no network: egress goes through this server's proxy only.
 */
import { chownSync, mkdirSync, mkdtempSync } from 'node:fs';
import { chmod, mkdir, mkdtemp } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { forkServerCommand, nextUid, type Isolation } from '../sandbox/bwrap.js';
import type { TargetPolicy } from '../../contract/target-policy.js';
import { EgressProxy } from '../sandbox/egress-proxy.js';
import { ForkServer } from './fork-server.js';
import { removeJobDir } from './job-dir.js';
import { FORK_SERVER_PY, PY_DIR, type PythonInfo } from './python.js';
import type { SandboxedJob } from './sandbox-pool.js';

export class SandboxedForkServer {
  private readonly server: ForkServer;
  private readonly jobsDir: string;
  private proxy?: EgressProxy;
  private seq = 0;

  constructor(private readonly o: { isolation: Isolation; python: PythonInfo; root: string; home: string; policy: TargetPolicy }) {
    this.jobsDir = join(o.root, 'jobs');
    mkdirSync(this.jobsDir, { recursive: true, mode: 0o711 }); // each test reaches its own directory, lists none
    this.server = new ForkServer(o.python.path, o.home, () => this.launch());
  }

  /** A (re)start: a fresh proxy and sandbox; the jobs directory is shared by the server's lives. */
  private async launch() {
    await this.proxy?.close().catch(() => {});
    await mkdir(this.jobsDir, { recursive: true });
    await chmod(this.jobsDir, 0o711); // each test reaches its own directory, lists none
    const egressDir = await mkdtemp(join(this.o.root, 'egress-'));
    await chmod(egressDir, 0o755);
    this.proxy = new EgressProxy(this.o.policy);
    await this.proxy.listen(join(egressDir, 'egress.sock'));
    const { cmd, args } = forkServerCommand({
      isolation: this.o.isolation, python: this.o.python.path, pythonDirs: this.o.python.dirs ?? [], harnessDir: PY_DIR,
      egressDir, jobsDir: this.jobsDir, entry: [FORK_SERVER_PY],
    });
    return { cmd, args, cwd: this.o.root, env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', MALLOC_ARENA_MAX: '2', SVC_SANDBOX: '1' } };
  }

  /** Starts the sandbox and its fork server ahead of the first test; resolves once it is ready (or failed). */
  warmUp(): Promise<void> {
    return this.server.start().catch(() => {});
  }

  /** A job directory's few files are made and removed in place (on a RAM file system, microseconds). */
  async submit(job: object): Promise<SandboxedJob> {
    const dir = mkdtempSync(join(this.jobsDir, 't-'));
    const uid = nextUid();
    chownSync(dir, uid, uid);
    const dispose = async () => removeJobDir(dir);
    const handle = await this.server.submit(`j${++this.seq}`, `/run/jobs/${basename(dir)}`, job, uid);
    return { dir, handle, dispose };
  }

  async close(): Promise<void> {
    await this.server.close();
    await this.proxy?.close().catch(() => {});
  }
}
