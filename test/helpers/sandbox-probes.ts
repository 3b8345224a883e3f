// Probes that uploaded backend test code runs to try the sandbox's doors, as an attacker would, and
// the checks that each door is shut. Shared by the SQLite server and the PostgreSQL worker tests.
import { expect } from 'vitest';
import { processesRunning } from './procs.js';

/** Python preamble: `attempt(name, fn)` records 'OPEN: …' or 'blocked: <exception type>' in `out`. */
export const TRY = `
import json, os
out = {}
def attempt(name, fn):
    try:
        out[name] = 'OPEN: %r' % (fn(),)
    except BaseException as e:
        out[name] = 'blocked: %s' % type(e).__name__
`;

/** Reads the server's (or worker's) environ and cmdline, its database, credentials; writes outside; signals. */
export function hostProbe(pid: number, dataDir: string): string {
  return `${TRY}
attempt('environ', lambda: open('/proc/${pid}/environ').read())
attempt('cmdline', lambda: open('/proc/${pid}/cmdline').read())
attempt('signal', lambda: os.kill(${pid}, 0))
attempt('db', lambda: open(${JSON.stringify(`${dataDir}/svc.db`)}, 'rb').read(16))
attempt('credentials', lambda: open(os.path.expanduser('~root/.svc/credentials')).read())
attempt('write_etc', lambda: open('/etc/svc-probe', 'w').write('x'))
attempt('write_usr', lambda: open('/usr/svc-probe', 'w').write('x'))
out['uid'] = os.getuid()
def cmdlines():
    seen = []
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                seen.append(open('/proc/%s/cmdline' % p, 'rb').read().replace(b'\\0', b' ').decode())
            except OSError:
                pass
    return seen
out['server_visible'] = any('svc-server' in c or 'node' in c.split(' ')[0] for c in cmdlines())
import signal
attempt('kill_fork_server', lambda: os.kill(os.getppid(), signal.SIGKILL))
def reachable_others():
    mine, out_ = os.getuid(), []
    for p in os.listdir('/proc'):
        if p.isdigit() and os.stat('/proc/' + p).st_uid != mine:
            try:
                os.kill(int(p), 0)
                out_.append(int(p))
            except OSError:
                pass
    return out_
out['reachable_others'] = reachable_others()
out['secret_env'] = [k for k in os.environ if k.startswith('SVC_')]
print(json.dumps(out))
`;
}

export function expectHostSealed(out: Record<string, unknown>): void {
  for (const k of ['environ', 'cmdline', 'signal', 'db', 'credentials', 'write_etc', 'write_usr', 'kill_fork_server']) expect(out[k], k).toMatch(/^blocked/);
  expect(out.uid).toBeGreaterThanOrEqual(2_000_000);
  expect(out.server_visible).toBe(false);
  expect(out.reachable_others).toEqual([]); // the fork server and other tests run under other uids
  expect(out.secret_env).toEqual([]);
}

/** 200 forks and a setsid grandchild that would outlive the run. */
export function processProbe(marker: string): string {
  return `${TRY}
import time, subprocess, sys
# A double-forked, setsid grandchild that calls home later: it must not outlive the run.
subprocess.Popen([sys.executable, '-c', 'import os, time\\nif os.fork() == 0:\\n    os.setsid()\\n    time.sleep(60)', '${marker}'], start_new_session=True)
time.sleep(0.5)
out['grandchild_started'] = any('${marker}' in open('/proc/%s/cmdline' % p).read() for p in os.listdir('/proc') if p.isdigit())
kids = 0
for i in range(200):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(20)
        os._exit(0)
    kids += 1
out['forks'] = kids
print(json.dumps(out))
`;
}

export function expectProcessesContained(out: Record<string, unknown>, marker: string): void {
  expect(out.forks as number).toBeLessThan(200);
  expect(out.forks as number).toBeLessThanOrEqual(64);
  expect(out.grandchild_started).toBe(true);
  // Seen from the host, nothing of that test is left once its run is over.
  expect(processesRunning(marker).map((p) => String(p.pid))).toEqual([]);
}
