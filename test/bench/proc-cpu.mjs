// CPU time from /proc (Linux), for the benches: a process's own, its reaped children's, and the
// backend harness's (every Python fork server with the tests it forked and reaped).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** `own` (utime + stime) and `children` (cutime + cstime, reaped children only) of a process, in ms. */
export function processCpuMs(pid = 'self') {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { own: (+f[11] + +f[12]) * TICK_MS, children: (+f[13] + +f[14]) * TICK_MS };
}

/** Every fork server (`fork_server.py`) running on the machine, with the tests it reaped, in ms. */
export function forkServersCpuMs() {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some((a) => a.endsWith('fork_server.py'))) continue;
      if (!/python/.test(readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue; // not bubblewrap, which carries one
      const c = processCpuMs(pid);
      ms += c.own + c.children;
    } catch {
      /* gone meanwhile */
    }
  }
  return ms;
}
