/**
 * The OS sandbox a backend test runs in (bubblewrap). Each test gets its own PID, mount, IPC, UTS
 * and network namespaces; the only things it sees are a read-only system (/usr, /etc, the Python
 * installation, the harness), a private /tmp, its own job directory and the egress proxy's socket.
 * When svc-server runs as root the test runs under a uid of its own (never root, never the
 * server's user), dropped with setpriv inside the sandbox; otherwise bubblewrap's user namespace
 * is used and the test keeps the server's uid outside it (said in the isolation line).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Isolation {
  kind: 'bubblewrap' | 'none';
  /** One line for the start line, doctor and run notes. */
  summary: string;
  /** Why the sandbox cannot start (kind none). */
  reason?: string;
  bwrap?: string;
  /** Root: tests drop to a uid of their own. */
  dedicatedUid?: boolean;
}

/** First uid given to sandboxes; far above any account of the system. */
export const UID_BASE = 2_000_000;
const UID_SPAN = 100_000;
let uidSeq = 0;
export const nextUid = (): number => UID_BASE + (uidSeq++ % UID_SPAN);

function which(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    const p = `${dir}/${cmd}`;
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

let cached: Isolation | undefined;

/** Whether bubblewrap can start a sandbox here; probed once per process with a real `true`. */
export function detectIsolation(): Isolation {
  if (cached) return cached;
  const bwrap = process.env.SVC_BWRAP?.trim() || which('bwrap');
  if (!bwrap) return (cached = { kind: 'none', summary: 'no sandbox', reason: 'bubblewrap (bwrap) is not installed' });
  const root = process.getuid?.() === 0;
  try {
    execFileSync(bwrap, [...namespaceArgs(root), ...systemBinds(), '--proc', '/proc', '--dev', '/dev', 'true'], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
  } catch (err) {
    const msg = ((err as { stderr?: Buffer }).stderr?.toString() || (err as Error).message).trim().split('\n').pop();
    return (cached = { kind: 'none', summary: 'no sandbox', reason: `bubblewrap cannot create namespaces here: ${msg}`, bwrap });
  }
  const summary = root
    ? 'bubblewrap sandbox per test (own uid, PID/mount/IPC/network namespaces, egress through svc only)'
    : 'bubblewrap sandbox per test (user namespace with the server\'s uid, PID/mount/IPC/network namespaces, egress through svc only)';
  return (cached = { kind: 'bubblewrap', summary, bwrap, dedicatedUid: root });
}

function namespaceArgs(root: boolean): string[] {
  return [...(root ? [] : ['--unshare-user']), '--unshare-pid', '--unshare-ipc', '--unshare-net', '--unshare-uts', '--unshare-cgroup-try', '--die-with-parent', '--new-session'];
}

/** /usr and /etc read-only; /bin, /lib… as on the host (symlinks into /usr on merged systems). */
function systemBinds(): string[] {
  const out = ['--ro-bind', '/usr', '/usr', '--ro-bind', '/etc', '/etc'];
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    if (!existsSync(top)) continue;
    const st = lstatSync(top);
    if (st.isSymbolicLink()) out.push('--symlink', readlinkSync(top), top);
    else out.push('--ro-bind', top, top);
  }
  return out;
}

/** Read-only bind of a host directory at the same path, creating traversable parents. */
function exposeDir(path: string): string[] {
  if (path === '/' || path.startsWith('/usr/') || path.startsWith('/etc/')) return [];
  const parents: string[] = [];
  for (let p = dirname(path); p !== '/'; p = dirname(p)) parents.unshift(p);
  return [...parents.flatMap((p) => ['--perms', '0755', '--dir', p]), '--ro-bind', path, path];
}

interface Base {
  isolation: Isolation;
  python: string;
  /** Directories the interpreter needs (sys.prefix, sys.base_prefix, …). */
  pythonDirs: string[];
  harnessDir: string;
  egressDir: string;
  entry: string[];
}

export interface SandboxSpec extends Base {
  jobDir: string;
  uid: number;
}

/** Everything a sandbox sees besides its writable job directories. */
function baseArgs(b: Base, root: boolean): string[] {
  const dirs = [...new Set([...b.pythonDirs, b.harnessDir])].filter((d) => !b.pythonDirs.some((o) => o !== d && d.startsWith(o + '/')));
  // /tmp first: svc itself may live under /tmp, and a later tmpfs would hide its harness.
  return [
    ...namespaceArgs(root), ...systemBinds(), '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp',
    ...dirs.flatMap(exposeDir), '--perms', '0755', '--dir', '/run', '--ro-bind', b.egressDir, '/run/svc',
  ];
}

/** The bwrap command line of a one-test sandbox (a pre-started spare). */
export function sandboxCommand(s: SandboxSpec): { cmd: string; args: string[] } {
  const root = !!s.isolation.dedicatedUid;
  const args = [...baseArgs(s, root), '--bind', s.jobDir, '/run/job', '--chdir', '/run/job'];
  const python = [s.python, '-I', '-B', ...s.entry];
  if (!root) return { cmd: s.isolation.bwrap!, args: [...args, '--uid', String(s.uid), '--gid', String(s.uid), ...python] };
  const drop = ['setpriv', `--reuid=${s.uid}`, `--regid=${s.uid}`, '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs', '--'];
  return { cmd: s.isolation.bwrap!, args: [...args, '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID', '--cap-add', 'CAP_SETPCAP', ...drop, ...python] };
}

/**
 * The bwrap command line of a sandboxed fork server (root only): the warm parent keeps nothing but
 * the right to change uid, and each test's child drops to a uid of its own before its code runs.
 * Job directories live under /run/jobs, one per test, owned by that test's uid.
 */
export function forkServerCommand(b: Base & { jobsDir: string }): { cmd: string; args: string[] } {
  const args = [...baseArgs(b, true), '--bind', b.jobsDir, '/run/jobs', '--chdir', '/tmp', '--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID'];
  return { cmd: b.isolation.bwrap!, args: [...args, b.python, '-I', '-B', ...b.entry] };
}
