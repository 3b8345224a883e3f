// Start-up of the svc CLI against bare Node: `svc -V`, `svc --help`, a noun's help, and commands
// that call the API of a live svc-server (started here on loopback with a temp data dir).
// Goals: -V and --help within 1.5× of `node -e 0`, an API command within 2×.
// Run after `npm run build`:  node test/bench/cli-startup.mjs [N]
import { spawnSync } from 'node:child_process';
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
