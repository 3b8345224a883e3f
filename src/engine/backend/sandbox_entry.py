"""One sandboxed backend test: started ahead of its job, inside bubblewrap, as its own uid.

It caps its processes, yields the CPU to svc (the idle policy, and its session group at the lowest
weight: see harness_limits.yield_cpu), routes every connection through svc's egress proxy, imports the harness
and what tests commonly use (so the job starts warm), says {"ev":"ready"} on stdout, then reads
one job (a JSON line on stdin: it carries the credential, so it never touches the disk), runs it
in /run/job and exits with the harness's status. The sandbox (its PID namespace) ends with it,
and with it everything the test started.
"""
import json
import os
import resource
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_PROCESSES = 64


def main():
    try:
        resource.setrlimit(resource.RLIMIT_NPROC, (MAX_PROCESSES, MAX_PROCESSES))
    except (ValueError, OSError):
        pass
    sys.path.insert(0, HERE)
    import harness_limits
    harness_limits.yield_cpu('background')     # while this spare waits for its job, mostly
    import harness_egress
    harness_egress.install()
    import harness
    harness.warm()
    sys.path.remove(HERE)
    os.write(1, b'{"ev":"ready"}\n')
    data = b''
    while not data.endswith(b'\n'):
        chunk = os.read(0, 65536)
        if not chunk:
            return 0                  # never used: the pool is closing
        data += chunk
    os.close(0)
    return harness.run_job('/run/job', json.loads(data))


if __name__ == '__main__':
    status = 70
    try:
        status = main()
    except MemoryError:
        status = 86
    except BaseException as e:  # noqa: B902 - a broken sandbox reports instead of hanging
        try:
            import traceback
            os.write(2, ('harness error: %r\n%s' % (e, traceback.format_exc())).encode())
        except Exception:
            pass
    finally:
        os._exit(status)
