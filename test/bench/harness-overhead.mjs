// Per-test overhead of the backend harness: the bubblewrap sandbox svc-server uses (as root, a warm
// fork server inside it; otherwise a pre-started sandbox per test) and the warm fork server
// (unsandboxed) against a cold interpreter spawned per test (the resolved executable, and `python3`
// as found on PATH, which may be a version-manager shim). Two tests: a trivial one, and one that
// calls a local target once (through the harness's `http` helper, recorded) and produces a value,
// as a chain's test does.
// Run after `npm run build`:  node test/bench/harness-overhead.mjs [N]
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { BackendRunner, resolvePython } from '../../dist/src/engine/backend/runner.js';
import { detectIsolation } from '../../dist/src/engine/sandbox/bwrap.js';
import { forkServersCpuMs, processCpuMs } from './proc-cpu.mjs';

const N = Number(process.argv[2] ?? 50);
const TESTS = {
  trivial: 'x = 1\nassert x == 1\n',
  'one call': "prev = VARS['v']\nr = http.get('/health')\nassert r.status == 200\nproduce('w', prev + 1)\n",
};
const target = await startTargetApi({ port: 0 });
const input = (code) => ({ code, targetUrl: target.url, auth: { headers: { Authorization: 'Bearer demo-token' }, type: 'Bearer token', credential: 'demo-token' }, vars: { v: 1 } });

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p50: q(0.5), p90: q(0.9) };
}

/**
 * CPU (ms) of the harness so far: every fork server with the tests it forked and reaped, plus this
 * process's reaped children (a cold interpreter per test, a sandbox per test).
 */
const harnessCpu = () => forkServersCpuMs() + processCpuMs().children;

async function measure(label, opts) {
  const runner = new BackendRunner(opts);
  const row = { label };
  try {
    for (const [name, code] of Object.entries(TESTS)) {
      const warm = await runner.run(input(code)); // start-up of the server is paid once, not per test
      if (warm.verdict !== 'passed') throw new Error(`${label}: ${JSON.stringify(warm.failure)}`);
      const sequential = [];
      const cpu0 = harnessCpu();
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        const r = await runner.run(input(code));
        sequential.push(performance.now() - t);
        if (r.verdict !== 'passed') throw new Error(`${label}: ${JSON.stringify(r.failure)}`);
      }
      const cpu = (harnessCpu() - cpu0) / N;
      const t = performance.now();
      await Promise.all(Array.from({ length: N }, () => runner.run(input(code))));
      row[name] = { ...stats(sequential), parallel: (performance.now() - t) / N, cpu };
    }
    return row;
  } finally {
    await runner.close();
  }
}

const info = await resolvePython();
console.log(`python ${info.version} at ${info.path}; requests ${info.hasRequests ? 'installed' : 'absent'}; ${N} tests of each kind\n`);
const isolation = detectIsolation();
const rows = [];
try {
  const sandboxed = isolation.dedicatedUid ? 'sandboxed fork server (bubblewrap, a uid per test)' : 'sandbox per test (bubblewrap, pre-started)';
  if (isolation.kind === 'bubblewrap') rows.push(await measure(sandboxed, { isolation: { mode: 'sandbox', isolation, policy: { allowPrivate: true, ownPorts: [] } } }));
  else console.log(`sandbox not measured: ${isolation.reason}`);
  rows.push(await measure('warm fork server (no sandbox)', {}));
  rows.push(await measure(`cold spawn (${info.path})`, { fork: false, python: info.path }));
  rows.push(await measure('cold spawn (python3 on PATH)', { fork: false, python: 'python3' }));
} finally {
  await target.close();
}
const f = (n) => n.toFixed(1).padStart(8);
for (const name of Object.keys(TESTS)) {
  console.log(`\n${name} test${' '.repeat(53 - name.length)}${'mean'.padStart(8)}${'p50'.padStart(8)}${'p90'.padStart(8)}${'par/test'.padStart(10)}${'CPU/test'.padStart(10)}`);
  for (const r of rows) {
    const s = r[name];
    console.log(`${r.label.slice(0, 57).padEnd(58)}${f(s.mean)}${f(s.p50)}${f(s.p90)}${f(s.parallel).padStart(10)}${f(s.cpu).padStart(10)}`);
  }
}
console.log('\nms per test, end to end through BackendRunner.run (hand over the job, start, run, collect the result);');
console.log('par/test: wall time of N tests started at once divided by N; CPU/test: the harness\'s CPU (fork server');
console.log('and its tests, or the interpreters spawned per test) over the N tests run one after another.');
