"""Warm fork server for backend tests.

One long-lived parent imports the harness (and what tests commonly use), then forks a fresh child
per job, so a test starts in a few milliseconds yet runs in its own process. The parent is single
threaded (fork-safe) and never waits on a child: jobs run concurrently.

Protocol, one line per message. stdin: `run<TAB>ID<TAB>UID<TAB>{"dir":DIR,"job":{...}}` (UID is `-`
outside svc's sandbox; the JSON is handed to the child through a pipe, unparsed by the server, so
the credential in it never touches the disk) and `kill<TAB>ID`. IDs are tokens of letters and
digits. stdout, one JSON object per line: {"ev":"ready",...}, {"ev":"done","id":ID,"code":N} (the
result is written; the process is still exiting), {"ev":"exit","id":ID,"code":N,"signal":S} (one
of code/signal is null) and {"ev":"error","id":ID,"message":TEXT}.
The parent exits, killing its children, when stdin closes.

Inside svc's sandbox (SVC_SANDBOX=1: a bubblewrap sandbox whose only way out is the egress proxy)
the parent keeps just the right to change uid, and every job names a uid of its own: the child
drops to it (no capabilities, no_new_privs, a process cap, private files) before the test's code
runs, so tests cannot reach the parent or one another; when a job ends, every process left under
its uid is killed.
"""
import json
import os
import re
import selectors
import signal
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402
import harness_egress  # noqa: E402
import harness_limits  # noqa: E402
sys.path.remove(HERE)


def say_line(text):
    data = (text + '\n').encode()
    while data:
        data = data[os.write(1, data):]


def say(msg):
    say_line(json.dumps(msg))


ID_RE = re.compile(r'^[A-Za-z0-9_-]{1,64}$')


def _prctl():
    try:
        import ctypes
        fn = ctypes.CDLL(None, use_errno=True).prctl
        fn.restype = ctypes.c_int
        return fn
    except Exception:
        return None


PRCTL = _prctl()    # looked up once here: every child uses it


def die_with_parent(parent):
    """Children must not outlive the server (Linux; elsewhere the runner kills them by group)."""
    if PRCTL is not None:
        PRCTL(1, signal.SIGKILL)        # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(70)


SANDBOXED = os.environ.pop('SVC_SANDBOX', '') == '1'
MAX_PROCESSES = 64
if SANDBOXED:
    harness_egress.install()


def drop_to(uid):
    """Become the job's own unprivileged uid: no way back, no new privileges, a process cap."""
    import resource
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)
    if PRCTL is None or PRCTL(38, 1, 0, 0, 0) != 0:     # PR_SET_NO_NEW_PRIVS
        os._exit(70)
    resource.setrlimit(resource.RLIMIT_NPROC, (MAX_PROCESSES, MAX_PROCESSES))
    os.umask(0o077)


# The real uid the server takes while it ends a job's processes: no job ever runs as it.
SWEEP_UID = 1999999


def end_uid(uid):
    """Kill every process left under a job's uid (setsid grandchildren included), without a fork.

    For the instant of kill(-1) the server's effective uid is the job's (so the kernel lets it
    signal exactly that uid's processes) while its real uid is one no process has and its saved
    uid stays root (to come back): the job's processes cannot signal or trace the server meanwhile,
    since neither of those ids is theirs.
    """
    try:
        os.setresuid(SWEEP_UID, uid, 0)
    except OSError:
        return
    try:
        os.kill(-1, signal.SIGKILL)     # everything that uid owns in this PID namespace, nothing else
    except OSError:
        pass                            # ESRCH: nothing was left
    finally:
        os.setresuid(0, 0, 0)


def child(job_fd, done_fd, fds, parent):
    """A spare: set up while idle, then wait for its job (one JSON line) on job_fd and run it.

    Once the result is written it says so on done_fd, before the (slower) exit of a large process.
    """
    status = 70
    try:
        os.setpgid(0, 0)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)                 # not the server's job pipe
        os.close(null)
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for fd in fds:
            os.close(fd)
        die_with_parent(parent)
        data = b''
        while not data.endswith(b'\n'):
            chunk = os.read(job_fd, 65536)
            if not chunk:
                os._exit(0)              # the server is closing; this spare was never used
            data += chunk
        os.close(job_fd)
        _, _, uid, payload = data.split(b'\t', 3)
        msg = json.loads(payload)
        if SANDBOXED:
            drop_to(int(uid))
        status = harness.run_job(msg['dir'], msg['job'])
        os.write(done_fd, b'%d\n' % status)
    except MemoryError:
        status = harness.MEMORY_EXIT
    except BaseException as e:  # noqa: B902 - report, never return into the server loop
        try:
            os.write(2, ('harness error: %r\n' % (e,)).encode())
        except Exception:
            pass
    finally:
        os._exit(status)


class Server:
    """Keeps one spare child forked ahead of time, so a job waits for neither fork nor set-up."""

    def __init__(self):
        self.pids = {}      # job id -> pid
        self.jobs = {}      # pid -> job id
        self.uids = {}      # pid -> the job's uid (sandboxed)
        self.spare = None   # (pid, write end of its job pipe, read end of its done pipe)
        self.sel = selectors.DefaultSelector()
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.set_wakeup_fd(self.wake_w)
        self.sel.register(0, selectors.EVENT_READ)
        self.sel.register(self.wake_r, selectors.EVENT_READ)

    def fork_spare(self):
        server_pid = os.getpid()
        r, w = os.pipe()
        done_r, done_w = os.pipe()
        try:
            pid = os.fork()
        except OSError as e:
            for fd in (r, w, done_r, done_w):
                os.close(fd)
            return str(e)
        if pid == 0:
            own = [w, done_r, self.wake_r, self.wake_w] + self.done_fds() + (
                [self.sel.fileno()] if hasattr(self.sel, 'fileno') else [])
            child(r, done_w, own, server_pid)
        os.close(r)
        os.close(done_w)
        try:
            os.setpgid(pid, pid)        # also done in the child; whichever runs first wins the race
        except OSError:
            pass
        self.spare = (pid, w, done_r)
        return None

    def done_fds(self):
        return [key.fd for key in self.sel.get_map().values() if isinstance(key.data, str)]

    def run(self, job_id, line, uid=None):
        if self.spare is None:
            err = self.fork_spare()
            if err:
                say({'ev': 'error', 'id': job_id, 'message': 'fork failed: %s' % err})
                return
        pid, w, done_r = self.spare
        self.spare = None
        self.sel.register(done_r, selectors.EVENT_READ, job_id)
        view = memoryview(line + b'\n')   # passed on as is: the spare parses it
        try:
            while view:
                view = view[os.write(w, view):]
        except OSError:
            pass                        # the spare died; its exit is reported as this job's crash
        os.close(w)
        self.pids[job_id], self.jobs[pid] = pid, job_id
        if uid is not None:
            self.uids[pid] = uid

    def kill(self, pid):
        for fn, target in ((os.killpg, pid), (os.kill, pid)):
            try:
                fn(target, signal.SIGKILL)
                return
            except OSError:
                pass

    def reap(self):
        while self.jobs:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if self.spare and self.spare[0] == pid:
                os.close(self.spare[1])
                os.close(self.spare[2])
                self.spare = None
            job_id = self.jobs.pop(pid, None)
            if job_id is None:
                continue
            self.pids.pop(job_id, None)
            try:
                os.killpg(pid, signal.SIGKILL)  # whatever the test left running in its group
            except OSError:
                pass
            uid = self.uids.pop(pid, None)
            if uid is not None:
                end_uid(uid)
            sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
            code = 'null' if sig else str(os.WEXITSTATUS(status))
            say_line('{"ev":"exit","id":"%s","code":%s,"signal":%s}' % (job_id, code, 'null' if sig is None else sig))

    def done(self, key):
        data = os.read(key.fd, 64)
        self.sel.unregister(key.fd)
        os.close(key.fd)
        if data.strip().isdigit():
            say_line('{"ev":"done","id":"%s","code":%d}' % (key.data, int(data)))

    def handle(self, line):
        """`run<TAB>ID<TAB>UID<TAB>PAYLOAD` or `kill<TAB>ID`: the server reads no more than that."""
        parts = line.split(b'\t', 3)
        op, job_id = parts[0], parts[1].decode('ascii', 'replace') if len(parts) > 1 else ''
        if not ID_RE.match(job_id):
            return
        if op == b'run' and len(parts) == 4:
            uid = int(parts[2]) if parts[2].isdigit() else None
            if SANDBOXED and not (uid and uid > 0):
                say({'ev': 'error', 'id': job_id, 'message': 'a sandboxed job needs a uid of its own'})
                return
            self.run(job_id, line, uid if SANDBOXED else None)
        elif op == b'kill' and job_id in self.pids:
            self.kill(self.pids[job_id])

    def loop(self):
        buf = b''
        self.fork_spare()
        say({'ev': 'ready', 'pid': os.getpid(), 'python': sys.version.split()[0],
             'requests': 'requests' in sys.modules})
        while True:
            for key, _ in self.sel.select():
                if isinstance(key.data, str):
                    self.done(key)
                    continue
                if key.fd == self.wake_r:
                    try:
                        while os.read(self.wake_r, 512):
                            pass
                    except BlockingIOError:
                        pass
                    continue
                data = os.read(0, 65536)
                if not data:
                    return
                buf += data
                while b'\n' in buf:
                    line, buf = buf.split(b'\n', 1)
                    if line.strip():
                        self.handle(line)
            self.reap()
            if self.spare is None:
                self.fork_spare()

    def shutdown(self):
        if self.spare:
            os.close(self.spare[1])     # the spare reads EOF and leaves
        for pid in list(self.jobs):
            self.kill(pid)


if __name__ == '__main__':
    if not hasattr(os, 'fork'):
        say({'ev': 'nofork'})
        sys.exit(0)
    harness_limits.yield_cpu('now' if SANDBOXED else None)
    harness.warm(harness.REHEARSALS)
    import gc
    gc.freeze()         # keep the warm heap out of the children's collections: fewer copied pages
    server = Server()
    try:
        server.loop()
    finally:
        server.shutdown()
