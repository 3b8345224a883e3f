"""Resource limits of one backend test process.

RLIMIT_AS bounds the address space: the interpreter's own size (which, in a forked child, already
includes everything the warm parent imported) plus the test's allowance, so `memoryMb` means the
same thing whether the test was forked or spawned. The hard limit keeps some headroom above the
soft one so the harness can still report a MemoryError after the test hit the limit.
"""
import os
import resource
import signal

MB = 1024 * 1024
HEADROOM = 64 * MB
FILE_SIZE_CAP = 128 * MB     # no single file (stdout, events, the test's own) grows past this


def _address_space():
    try:
        with open('/proc/self/statm') as f:
            return int(f.read().split()[0]) * os.sysconf('SC_PAGE_SIZE')
    except (OSError, ValueError):
        return 0


def apply_limits(memory_mb):
    for limit, value in ((resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, FILE_SIZE_CAP)):
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):
            pass
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # an over-size write fails with EFBIG instead
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
