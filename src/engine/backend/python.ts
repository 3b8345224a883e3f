import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SvcError } from '../../contract/errors.js';

/** The Python files live beside this module, in src/ under tests and in dist/ once built. */
export const PY_DIR = dirname(fileURLToPath(import.meta.url));
export const HARNESS_PY = join(PY_DIR, 'harness.py');
export const FORK_SERVER_PY = join(PY_DIR, 'fork_server.py');
/** -I: ignore PYTHON* variables and user site-packages; -B: write no bytecode beside the harness. */
export const PY_FLAGS = ['-I', '-B'];

export interface PythonInfo {
  path: string;
  version: string;
  hasRequests: boolean;
  canFork: boolean;
  /** Directories the interpreter reads (prefixes, its real executable's): what a sandbox binds. */
  dirs?: string[];
}

const MIN_VERSION = [3, 8];
const PROBE =
  'import sys, json, os, importlib.util; print(json.dumps({"executable": sys.executable, ' +
  '"version": "%d.%d.%d" % sys.version_info[:3], "fork": hasattr(os, "fork"), ' +
  '"requests": importlib.util.find_spec("requests") is not None, ' +
  '"dirs": sorted({sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, os.path.dirname(os.path.dirname(os.path.realpath(sys.executable)))})}))';
const cache = new Map<string, Promise<PythonInfo>>();

/**
 * The interpreter backend tests run with, resolved once per process. `python3` on PATH may be a
 * version-manager shim costing ~140 ms a spawn, so it is asked for its real `sys.executable`.
 * SVC_PYTHON, when set, is used as given.
 */
export function resolvePython(override = process.env.SVC_PYTHON?.trim() || undefined): Promise<PythonInfo> {
  const key = override ?? '';
  let p = cache.get(key);
  if (!p) {
    p = probe(override ?? 'python3').then((info) => (override ? { ...info, path: override } : info));
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

function probe(cmd: string): Promise<PythonInfo> {
  return new Promise((resolve, reject) => {
    execFile(cmd, ['-c', PROBE], { timeout: 20_000, windowsHide: true }, (err, stdout, stderr) => {
      if (err) {
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        reject(
          new SvcError('UNAVAILABLE', missing ? `${cmd} was not found` : `${cmd} failed: ${(stderr || err.message).trim()}`, {
            nextAction: 'Install Python 3.8 or later on PATH as python3, or set SVC_PYTHON to an interpreter',
          }),
        );
        return;
      }
      try {
        const out = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
        const parts = String(out.version).split('.').map(Number);
        if (parts[0] < MIN_VERSION[0] || (parts[0] === MIN_VERSION[0] && parts[1] < MIN_VERSION[1])) {
          reject(new SvcError('UNAVAILABLE', `${cmd} is Python ${out.version}; backend tests need ${MIN_VERSION.join('.')} or later`));
          return;
        }
        resolve({ path: out.executable || cmd, version: out.version, hasRequests: !!out.requests, canFork: !!out.fork, dirs: Array.isArray(out.dirs) ? out.dirs : [] });
      } catch {
        reject(new SvcError('UNAVAILABLE', `${cmd} did not answer as a Python interpreter`));
      }
    });
  });
}

/** The only environment test code sees: nothing from the server's own environment but these. */
export function cleanEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: home,
    LANG: process.env.LANG || 'C.UTF-8',
    // glibc reserves a 64 MB arena per thread; under RLIMIT_AS that would starve threaded tests.
    MALLOC_ARENA_MAX: '2',
  };
  if (process.env.LC_ALL) env.LC_ALL = process.env.LC_ALL;
  return env;
}
