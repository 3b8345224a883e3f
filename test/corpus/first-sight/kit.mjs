// What every first-sight set's apps.mjs and scripts.mjs share: starting a server in its own process
// group, waiting for it to answer, stopping it with everything it forked; and the checks the
// hand-written scripts make (a check that does not hold throws `step N: …`).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../service.mjs';

const STATIC_SERVER = join(dirname(fileURLToPath(import.meta.url)), 'static-server.mjs');

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

/**
 * What a set's apps.mjs needs to start fresh instances and stop them: temp dirs (`svc-fsN-*`) that
 * stopAll() removes when an instance was not stopped, a clear error naming the install command for a
 * missing file, and the two servers several sets run: a redis-server of their own and the static file
 * server for apps that are plain browser bundles.
 */
export function instances(set) {
  const servers = processes();
  const dirs = new Set();
  const stopChildren = async (dir, children) => {
    for (const c of [...children].reverse()) await servers.stop(c);
    rmSync(dir, { recursive: true, force: true });
    dirs.delete(dir);
  };
  const kit = {
    start: (cmd, args, opts) => servers.start(cmd, args, opts),
    stopChild: (child) => servers.stop(child),
    dir(prefix) {
      const d = mkdtempSync(join(tmpdir(), prefix));
      dirs.add(d);
      return d;
    },
    need(path, what) {
      if (!existsSync(path)) throw new Error(`${path} is missing: ${what} (see test/corpus/first-sight/${set}/README.md)`);
    },
    /** Runs `fn()`; on failure stops `children` and removes `dir`. */
    async withCleanup(dir, children, fn) {
      try {
        return await fn();
      } catch (err) {
        await stopChildren(dir, children);
        throw err;
      }
    },
    stopper: (dir, children) => () => stopChildren(dir, children),
    /** A redis-server without persistence on a free port, answering PING; its port. */
    async redis(dir, children, server = '/usr/bin/redis-server', cli = '/usr/bin/redis-cli') {
      const port = await freePort();
      const redis = kit.start(server, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--protected-mode', 'no'], { cwd: dir });
      children.push(redis);
      const deadline = Date.now() + 15_000;
      for (;;) {
        try {
          execFileSync(cli, ['-p', String(port), 'ping'], { stdio: 'pipe', timeout: 3000 });
          return port;
        } catch {
          if (redis.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start: ${redis.output.slice(-1500)}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    /** A site written from `files` into a temp dir, served by static-server.mjs with the package dirs `mounts` (`/prefix/=dir`). */
    async serveStatic(prefix, files, mounts) {
      const dir = kit.dir(prefix);
      const children = [];
      return kit.withCleanup(dir, children, async () => {
        for (const [name, text] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, 'site', name)), { recursive: true });
          writeFileSync(join(dir, 'site', name), text);
        }
        const port = await freePort();
        const child = kit.start(process.execPath, [STATIC_SERVER, String(port), join(dir, 'site'), ...mounts], { cwd: dir });
        children.push(child);
        const url = `http://127.0.0.1:${port}/`;
        await waitHttp(url, child, 15_000, (r) => r.status === 200);
        return { url, stop: kit.stopper(dir, children) };
      });
    },
    async stopAll() {
      await servers.stopAll();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      dirs.clear();
    },
  };
  return kit;
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
