// The real service for corpus evaluations and benchmarks: svc-server from dist/ on a free loopback
// port with a temp data dir and a minted key, and the svc CLI pointed at it. Run `npm run build` first.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * `args` go to `svc-server start` after the port, data dir and --allow-private-targets.
 * SVC_BENCH_NODE_ARGS (space-separated) go to the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
 */
export async function startService({ args = [] } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-corpus-'));
  const nodeArgs = (process.env.SVC_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist/cli/svc-server.js'), 'start', '--port', '0', '--data-dir', dataDir, '--allow-private-targets', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise((ok, fail) => {
    const t = setTimeout(() => fail(new Error(`svc-server did not start:\n${out}`)), 60_000);
    const seen = (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        ok(m[1]);
      }
    };
    proc.stdout.on('data', seen);
    proc.stderr.on('data', seen);
    proc.once('exit', (code) => fail(new Error(`svc-server exited ${code}:\n${out}`)));
  });
  const key = (await run(process.execPath, [join(ROOT, 'dist/cli/svc-server.js'), 'keys', 'create', '--data-dir', dataDir, '--name', 'corpus'])).stdout.trim();
  const apiUrl = `${url}/api/v1`;
  const env = { PATH: process.env.PATH, HOME: dataDir, NO_COLOR: '1', SVC_API_URL: apiUrl, SVC_API_KEY: key, SVC_ALLOW_PRIVATE_TARGETS: '1' };
  return {
    url,
    apiUrl,
    key,
    env,
    pid: proc.pid,
    /** `svc --output json …`: `{exitCode, json, stderr}`; a non-zero exit is returned, not thrown. */
    async svc(args, timeout = 120_000) {
      try {
        const r = await run(process.execPath, [join(ROOT, 'dist/cli/svc.js'), '--output', 'json', ...args], { env, cwd: dataDir, timeout, maxBuffer: 64 * 1024 * 1024 });
        return { exitCode: 0, json: JSON.parse(r.stdout), stderr: r.stderr };
      } catch (e) {
        if (typeof e.code !== 'number') throw e;
        return { exitCode: e.code, json: e.stdout ? JSON.parse(e.stdout) : null, stderr: e.stderr };
      }
    },
    /** The HTTP API with the minted key; a status of 300 or more throws. */
    async api(method, path, body) {
      const res = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      if (process.env.SVC_CORPUS_KEEP) process.stderr.write(`svc data kept in ${dataDir}\n`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
