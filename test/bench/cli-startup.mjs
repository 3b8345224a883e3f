// Start-up of the svc CLI against bare Node: `svc -V`, `svc --help`, a noun's help, and commands
// that call the API of a live svc-server (started here on loopback with a temp data dir).
// Goals: -V and --help within 1.5× of `node -e 0`, an API command within 2×. Then `svc-server start`
// itself: time until it listens, and its CPU time and resident memory 2 s after the start (an
// embedded server with its engine thread and Python fork server, no run yet).
// Run after `npm run build`:  node test/bench/cli-startup.mjs [N]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '../corpus/service.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// SVC_BIN compares another build (e.g. an older checkout's dist/cli/svc.js).
const SVC = process.env.SVC_BIN ?? join(ROOT, 'dist/cli/svc.js');
const N = Number(process.argv[2] ?? 15);

function timeOf(args, env) {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const service = await startService();
try {
  const env = service.env;
  const project = (await service.api('POST', '/projects', { type: 'backend', name: 'bench', url: 'https://api.example.com' })).id;
  const cases = [
    ['node -e 0 (bare Node)', ['-e', '0'], null],
    ['bare Node: the same GET /me', ['-e', `require('http').get(process.env.SVC_API_URL + '/me', { headers: { authorization: 'Bearer ' + process.env.SVC_API_KEY } }, (r) => r.resume())`], null],
    ['svc -V', [SVC, '-V'], 1.5],
    ['svc --help', [SVC, '--help'], 1.5],
    ['svc test --help', [SVC, 'test', '--help'], null],
    ['svc auth status (GET /me)', [SVC, 'auth', 'status'], 2],
    ['svc project list', [SVC, 'project', 'list'], 2],
    ['svc --output json test list', [SVC, '--output', 'json', 'test', 'list', '--project', project], 2],
  ];
  const rows = [];
  for (const [label, args, goal] of cases) {
    timeOf(args, env); // warm the file cache
    const ms = [];
    for (let i = 0; i < N; i++) ms.push(timeOf(args, env));
    rows.push({ label, p50: median(ms), goal });
  }
  const bare = rows[0].p50;
  const bareGet = rows[1].p50;
  console.log(`svc CLI start-up, median of ${N} runs (wall time, ms) on ${process.version}\n`);
  console.log(`${'command'.padEnd(32)} ${'p50 ms'.padStart(7)} ${'× bare'.padStart(7)} ${'× bare GET'.padStart(10)}  goal (× bare)`);
  for (const r of rows) {
    const ratio = r.p50 / bare;
    const verdict = r.goal === null ? '' : `≤ ${r.goal}× ${ratio <= r.goal ? 'met' : 'missed'}`;
    const api = r.goal === 2 ? (r.p50 / bareGet).toFixed(2) : '';
    console.log(`${r.label.padEnd(32)} ${r.p50.toFixed(0).padStart(7)} ${ratio.toFixed(2).padStart(7)} ${api.padStart(10)}  ${verdict}`);
  }
} finally {
  await service.stop();
}

/** One `svc-server start` on a fresh data dir: ms until it listens, then its CPU ms and RSS (MiB) at 2 s. */
async function serverStart() {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  const t = performance.now();
  const proc = spawn(process.execPath, [join(ROOT, 'dist/cli/svc-server.js'), 'start', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const listening = await new Promise((ok, fail) => {
      let out = '';
      const seen = (d) => {
        out += d;
        if (/listening on http/.test(out)) ok(performance.now() - t);
      };
      proc.stdout.on('data', seen);
      proc.stderr.on('data', seen);
      proc.once('exit', (code) => fail(new Error(`svc-server exited ${code}:\n${out}`)));
    });
    await new Promise((r) => setTimeout(r, 2000 - (performance.now() - t)));
    const stat = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))[1]) / 1024;
    return { listening, cpu: ((+stat[11] + +stat[12]) * 1000) / 100, rss };
  } finally {
    proc.kill('SIGINT');
    await new Promise((r) => (proc.exitCode === null ? proc.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.platform === 'linux') {
  const starts = [];
  for (let i = 0; i < 5; i++) starts.push(await serverStart());
  const m = (k) => median(starts.map((s) => s[k]));
  console.log(`\nsvc-server start, median of 5: listening after ${m('listening').toFixed(0)} ms; at 2 s ${m('cpu').toFixed(0)} ms of CPU (its own threads), ${m('rss').toFixed(0)} MiB resident`);
}
