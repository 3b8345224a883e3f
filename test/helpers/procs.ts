// The machine's processes as /proc shows them (Linux), for tests that check what svc started or left.
import { readdirSync, readFileSync } from 'node:fs';

export interface Proc {
  pid: number;
  ppid: number;
  /** One letter: R, S, D, Z (a zombie: exited, not yet reaped), … */
  state: string;
  argv: string[];
}

/** Every process, read once; one that exits meanwhile is left out. */
export function processes(): Proc[] {
  const out: Proc[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.push({ pid: Number(d), ppid: Number(stat[1]), state: stat[0]!, argv: readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0') });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** Processes whose command line contains `text`. */
export function processesRunning(text: string): Proc[] {
  return processes().filter((p) => p.argv.join('\0').includes(text));
}

/** Python processes running the fork server (not the bubblewrap process that carries one). */
export function forkServers(): Proc[] {
  return processes().filter((p) => /python/.test(p.argv[0]!) && p.argv.some((a) => a.endsWith('fork_server.py')));
}

/** Whether `p` descends from `ancestor` (its child, grandchild, …). */
export function descendsFrom(p: Proc, ancestor: number, all: Proc[] = processes()): boolean {
  const parent = new Map(all.map((q) => [q.pid, q.ppid]));
  for (let q: number | undefined = p.ppid, hops = 0; q && hops < 50; q = parent.get(q), hops++) if (q === ancestor) return true;
  return false;
}

/** Whether a process is still running (not gone, not a zombie). */
export function running(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
}
