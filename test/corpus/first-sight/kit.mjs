// What every first-sight set's apps.mjs and scripts.mjs share: starting a server in its own process
// group, waiting for it to answer, stopping it with everything it forked; and the checks the
// hand-written scripts make (a check that does not hold throws `step N: …`).

import { spawn } from 'node:child_process';

/** Start a server in its own process group (stopping it stops the workers it forks), its output kept. */
export function startProcess(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...opts });
  child.output = '';
  const keep = (d) => { child.output = (child.output + d).slice(-20_000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return child;
}

function killGroup(child, signal) {
  try { process.kill(-child.pid, signal); } catch { try { child.kill(signal); } catch { /* gone */ } }
}

/** SIGTERM the child's process group, SIGKILL after `graceMs`; whatever it forked is killed too. */
export function stopProcess(child, graceMs = 4000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) { killGroup(child, 'SIGKILL'); return resolve(); }
    const t = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => { clearTimeout(t); killGroup(child, 'SIGKILL'); resolve(); });
    killGroup(child, 'SIGTERM');
  });
}

/** The servers a set has started and not stopped yet, for its stopApps(). */
export function processes() {
  const running = new Set();
  return {
    start(cmd, args, opts = {}) {
      const child = startProcess(cmd, args, opts);
      running.add(child);
      child.once('exit', () => running.delete(child));
      return child;
    },
    stop(child) {
      running.delete(child);
      return stopProcess(child);
    },
    stopAll() {
      return Promise.all([...running].map((c) => this.stop(c)));
    },
  };
}

/** Poll `url` until `ok` holds for its answer; fails early when the server exits. */
export async function waitHttp(url, child, ms = 30_000, ok = (r) => r.status < 500) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode}): ${child.output.slice(-2000)}`);
    const good = await fetch(url, { signal: AbortSignal.timeout(3000) }).then(ok, () => false);
    if (good) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${ms} ms: ${child.output.slice(-2000)}`);
}

// ------------------------------------------------------------------ scripts

export const T = 10_000;

export function must(ok, step, what) {
  if (!ok) throw new Error(`step ${step}: ${what}`);
}

/** Poll `fn` until it returns true; what it returned (or threw) last is what the failure says was seen. */
export async function waitFor(step, what, fn, ms = T) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last === true) return;
    } catch (e) {
      last = e.message;
    }
    if (Date.now() > deadline) throw new Error(`step ${step}: ${what} (saw: ${String(last).slice(0, 300)})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** An element's text as a person reads it: one line, single spaces. */
export const txt = async (loc) => (await loc.innerText({ timeout: T })).replace(/\s+/g, ' ').trim();
