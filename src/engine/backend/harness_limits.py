"""Resource limits of one backend test process.

RLIMIT_AS bounds the address space: the interpreter's own size (which, in a forked child, already
includes everything the warm parent imported) plus the test's allowance, so `memoryMb` means the
same thing whether the test was forked or spawned. The hard limit keeps some headroom above the
soft one so the harness can still report a MemoryError after the test hit the limit.
"""
import os
import resource

import _signal  # the C module: signal.signal's enum wrapping costs a forked test ~0.1 ms

MB = 1024 * 1024
HEADROOM = 64 * MB
FILE_SIZE_CAP = 128 * MB     # no single file (stdout, events, the test's own) grows past this


PAGE = os.sysconf('SC_PAGE_SIZE') if hasattr(os, 'sysconf') else 4096


def _address_space():
    try:
        fd = os.open('/proc/self/statm', os.O_RDONLY)
        try:
            return int(os.read(fd, 256).split()[0]) * PAGE
        finally:
            os.close(fd)
    except (OSError, ValueError):
        return 0


def apply_limits(memory_mb):
    for limit, value in ((resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, FILE_SIZE_CAP)):
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass
    _signal.signal(_signal.SIGXFSZ, _signal.SIG_IGN)   # an over-size write fails with EFBIG instead
    if memory_mb:
        soft = _address_space() + int(memory_mb) * MB
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard == resource.RLIM_INFINITY or hard > soft + HEADROOM:
            hard = soft + HEADROOM
        resource.setrlimit(resource.RLIMIT_AS, (min(soft, hard), hard))


def relax_limits():
    """After the test: lift the soft memory limit to the hard one, for reporting."""
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    except (ValueError, OSError):
        pass


def yield_cpu(own_group=None):
    """Tests yield the CPU to svc itself (SCHED_IDLE: they run whenever svc has nothing to do), so
    its API answers and its scheduling stay prompt however many tests keep the cores busy; tests
    waiting on their target lose nothing by it. Where that policy is missing, the lowest nice.

    A policy ranks threads only within their scheduling group. Where Linux groups processes by
    session (autogroup, the default on desktops and many servers), svc's sandbox (which starts a
    session of its own) would share the CPU equally with svc: its group is given the lowest weight
    too. `own_group`: None where this process is in svc's own session and group, which it leaves
    alone; 'now' to try for about half a second before going on (the sandbox's fork server, once);
    'background' to keep trying from a thread for about ten seconds while the test goes on (a
    sandbox per test: each is a session of its own). An unprivileged process may change a group's
    weight once per 0.1 s machine-wide; raising it back is refused."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        try:
            os.nice(19)
        except OSError:
            pass
    if own_group == 'now':
        _lower_group(4)
    elif own_group == 'background':
        import threading
        threading.Thread(target=_lower_group, args=(90,), name='svc-lower-group', daemon=True).start()


def _lower_group(tries):
    import errno
    import time
    pause = 0.1 + (os.getpid() % 10) / 500      # contenders out of step
    for _ in range(tries):
        try:
            with open('/proc/self/autogroup', 'w') as f:
                f.write('19')
            return
        except OSError as e:
            if e.errno != errno.EAGAIN:
                return      # no autogroup here (or not allowed): the policy above is all there is
            time.sleep(pause)
