import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * Runs a CommonJS bundle with V8's code cache, and returns its exports; undefined when there is no
 * bundle (a build without it: the caller imports the modules instead).
 *
 * Node 20 compiles every module of a command on every start (it has no compile cache), which was
 * most of what an API command took before its request. V8 can hand back, as bytes, the code it
 * compiled for a script, and accept them the next time in place of compiling: the first run
 * writes them once the command is done (so the functions it ran are in), the next ones start from
 * them; a server that may be killed rather than end writes them once it is up (`saveAfterMs`).
 * The cache lives in SVC_CODE_CACHE_DIR, else $XDG_CACHE_HOME/svc or ~/.cache/svc (0700), under a
 * name that changes with the bundle (path, size, time), Node's version, the CPU architecture and
 * Node's flags; V8 rejects a cache that does not fit its source, version or flags anyway, and then
 * it is written anew. SVC_CODE_CACHE=0 turns it off.
 */
export function loadBundle<T>(file: string, o: { saveAfterMs?: number } = {}): T | undefined {
  const env = process.env;
  let source: string;
  let key: string;
  try {
    const st = statSync(file);
    source = readFileSync(file, 'utf8');
    key = createHash('sha256').update([file, st.size, st.mtimeMs, process.version, process.arch, process.execArgv.join(' ')].join('\n')).digest('hex').slice(0, 24);
  } catch {
    return undefined;
  }
  const cacheFile = env.SVC_CODE_CACHE === '0' ? undefined : join(cacheDir(env), `cli-${key}.v8`);
  let cachedData: Buffer | undefined;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // first run of this bundle here
    }
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    // When the process ends (what it ran is compiled by then), or, for a long-lived one that may be
    // killed rather than end, once it is up (saveAfterMs).
    let saved = false;
    const once = () => {
      if (!saved) save(cacheFile, script);
      saved = true;
    };
    process.once('exit', once);
    if (o.saveAfterMs !== undefined) setTimeout(once, o.saveAfterMs).unref();
  }
  const module = { exports: {} as T };
  (script.runInThisContext() as (...a: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

function cacheDir(env: NodeJS.ProcessEnv): string {
  if (env.SVC_CODE_CACHE_DIR) return env.SVC_CODE_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');
}

/** Caches of other builds not written for this long are removed when a new one is written. */
const STALE_MS = 30 * 24 * 3600 * 1000;

/**
 * Written whole or not at all (another svc may be reading it); a cache that cannot be written is
 * skipped. Each upgrade writes a cache of its own: those of earlier builds (and files a killed
 * writer left) go once they are a month old.
 */
function save(cacheFile: string, script: Script): void {
  const dir = dirname(cacheFile);
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
    renameSync(tmp, cacheFile);
  } catch {
    removeFile(tmp);
    return;
  }
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (path !== cacheFile && /^cli-[0-9a-f]+\.v8(\.\d+\.tmp)?$/.test(name) && Date.now() - statSync(path).mtimeMs > STALE_MS) removeFile(path);
    }
  } catch {
    // the next write looks again
  }
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
