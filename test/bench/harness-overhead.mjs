// Per-test overhead of the backend harness: pre-started bubblewrap sandboxes (what svc-server
// uses) and the warm fork server (unsandboxed) against a cold interpreter
// spawned per test (the resolved executable, and `python3` as found on PATH, which may be a
// version-manager shim). Run after `npm run build`:  node test/bench/harness-overhead.mjs [N]
import { BackendRunner, resolvePython } from '../../dist/src/engine/backend/runner.js';
import { detectIsolation } from '../../dist/src/engine/sandbox/bwrap.js';

const N = Number(process.argv[2] ?? 50);
const CODE = 'x = 1\nassert x == 1\n';
const input = { code: CODE, targetUrl: 'http://127.0.0.1:9', auth: { headers: {}, type: 'none', credential: null }, vars: {} };

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p50: q(0.5), p90: q(0.9), min: s[0], max: s[s.length - 1] };
}

async function measure(label, opts) {
  const runner = new BackendRunner(opts);
  try {
    const warm = await runner.run(input); // start-up of the server is paid once, not per test
    if (warm.verdict !== 'passed') throw new Error(`${label}: ${JSON.stringify(warm.failure)}`);
    const sequential = [];
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      const r = await runner.run(input);
      sequential.push(performance.now() - t);
      if (r.verdict !== 'passed') throw new Error(`${label}: ${JSON.stringify(r.failure)}`);
    }
    const t = performance.now();
    await Promise.all(Array.from({ length: N }, () => runner.run(input)));
    const parallel = (performance.now() - t) / N;
    return { label, ...stats(sequential), parallel };
  } finally {
    await runner.close();
  }
}

const info = await resolvePython();
console.log(`python ${info.version} at ${info.path}; requests ${info.hasRequests ? 'installed' : 'absent'}; ${N} trivial tests each\n`);
const isolation = detectIsolation();
const rows = [
  ...(isolation.kind === 'bubblewrap'
    ? [await measure('sandbox per test (bubblewrap, pre-started)', { isolation: { mode: 'sandbox', isolation, policy: { allowPrivate: true, ownPorts: [] } } })]
    : (console.log(`sandbox not measured: ${isolation.reason}`), [])),
  await measure('warm fork server (no sandbox)', {}),
  await measure(`cold spawn (${info.path})`, { fork: false, python: info.path }),
  await measure('cold spawn (python3 on PATH)', { fork: false, python: 'python3' }),
];
const f = (n) => n.toFixed(1).padStart(8);
console.log(`${'mode'.padEnd(58)}${'mean'.padStart(8)}${'p50'.padStart(8)}${'p90'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}${'par/test'.padStart(10)}`);
for (const r of rows) console.log(`${r.label.slice(0, 57).padEnd(58)}${f(r.mean)}${f(r.p50)}${f(r.p90)}${f(r.min)}${f(r.max)}${f(r.parallel).padStart(10)}`);
console.log('\nms per test, end to end through BackendRunner.run (hand over the job, start, run, collect the result);');
console.log('par/test: wall time of N tests started at once (maxConcurrent 8) divided by N.');
