// A whole backend suite through the real service: svc-server plus the sample target API with a
// fixed latency, a 200-test suite in 5 layers (every test needs a value produced by a test of the
// layer before: 40 independent 5-test chains), run with `svc test run --all --wait`; then the same
// calls, with the same values handed on, as a Postman collection run by Newman (sequential, as
// Newman runs). Each latency gets a fresh server and target. Run after `npm run build`:
// At the last latency, the suite then runs once more while GET /runs/{id} of the first run's
// results is sent at --read-rate requests per second (open loop: a late answer is timed from when
// the request was due), for the read latency under load; the reads come from a thread of their own
// (read-load.mjs), so the bench's other work on the same cores does not delay the timing. The load
// starts a second before the suite (untimed warm-up); the reads due from the CLI's start to its
// exit are timed.
//   node test/bench/suite-bench.mjs [--tests 200] [--layers 5] [--latency-ms 20,100] [--concurrency 256] [--read-rate 500]
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import newman from 'newman';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { startService } from '../corpus/service.mjs';
import { forkServersCpuMs, processCpuMs } from './proc-cpu.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const TESTS = Number(arg('tests', 200));
const LAYERS = Number(arg('layers', 5));
const LATENCIES = String(arg('latency-ms', '20,100')).split(',').map(Number);
const CONCURRENCY = arg('concurrency', undefined);
const READ_RATE = Number(arg('read-rate', 500));
/** The read load runs this long before the suite starts, untimed: a steady load, not a cold start. */
const READ_WARMUP_MS = 1000;
const PER_LAYER = Math.ceil(TESTS / LAYERS);
const TARGETS = { 20: { wall: 3 }, 100: { wall: 1.5, newman: 20 } };

const summary = [];
for (const [i, latency] of LATENCIES.entries()) summary.push(await benchAt(latency, i === LATENCIES.length - 1));
console.log(`\n${TESTS} tests in ${LAYERS} layers on ${availableParallelism()} cores`);
console.table(
  summary.map((s) => ({
    latency: `${s.latency} ms`,
    'svc wall': `${s.wall.toFixed(0)} ms`,
    'critical path': `${s.lowerBound} ms`,
    'wall / critical path': `${(s.wall / s.lowerBound).toFixed(1)}× (goal ≤ ${TARGETS[s.latency]?.wall ?? '–'})`,
    Newman: `${s.newmanMs.toFixed(0)} ms`,
    'Newman / svc': `${(s.newmanMs / s.wall).toFixed(1)}×${TARGETS[s.latency]?.newman ? ` (goal ≥ ${TARGETS[s.latency].newman})` : ''}`,
    'CPU per test': s.cpu ? `${s.cpu.total.toFixed(1)} ms (server ${s.cpu.server.toFixed(1)}, harness ${s.cpu.harness.toFixed(1)})` : 'n/a',
    'CLI exit after last verdict': `${s.exitLag.toFixed(0)} ms`,
  })),
);
const read = summary.find((s) => s.read)?.read;
if (read) console.log(`GET /runs/{id} at ${READ_RATE}/s while the suite runs (${read.latency} ms target latency): ${read.sent} requests timed, ${read.errors} errors, p50 ${read.p50.toFixed(1)} ms, p99 ${read.p99.toFixed(1)} ms (goal p99 ≤ 10 ms); timed from when each was sent instead of due: p50 ${read.sentP50.toFixed(1)} ms, p99 ${read.sentP99.toFixed(1)} ms`);

async function benchAt(latency, withReads) {
  const target = await startTargetApi({ port: 0, latencyMs: latency });
  const service = await startService({ args: CONCURRENCY ? ['--concurrency', CONCURRENCY] : [] });
  const api = service.api;
  try {
    const project = (await api('POST', '/projects', { type: 'backend', name: 'Suite bench', url: target.url })).id;
    await api('PUT', `/projects/${project}/credential`, { type: 'Bearer token', value: 'demo-token' });
    // Layer L, slot i: needs v{L-1}_{i} (when L > 0), makes one call, produces v{L}_{i}.
    for (let layer = 0; layer < LAYERS; layer++) {
      for (let i = 0; i < PER_LAYER && layer * PER_LAYER + i < TESTS; i++) {
        const needs = layer ? [`v${layer - 1}_${i}`] : [];
        const code = `${layer ? `prev = VARS['v${layer - 1}_${i}']\n` : 'prev = 0\n'}r = http.get('/health')\nassert r.status == 200\nproduce('v${layer}_${i}', prev + 1)\n`;
        await api('POST', '/tests', { projectId: project, type: 'backend', name: `L${layer} #${i}`, code, produces: [`v${layer}_${i}`], consumes: needs });
      }
    }

    // One untimed command first: the CLI's first run on a machine compiles it and writes its code
    // cache (at exit); every later one starts from that cache, as the suite's run does here.
    await service.svc(['auth', 'status']);
    const cpu0 = cpuOf(service.pid);
    const started = performance.now();
    const cli = await service.svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '1800'], 1_900_000);
    const wall = performance.now() - started;
    const exitedAt = Date.now();
    const cpu1 = cpuOf(service.pid);
    const out = cli.json;
    const batch = await api('GET', `/batches/${out.batchId}`);
    const flow = await api('GET', `/batches/${out.batchId}/calls`);

    const callMs = new Map();
    for (const g of flow.endpoints) for (const c of g.calls) callMs.set(c.runId, (callMs.get(c.runId) ?? 0) + c.latencyMs);
    // The last verdict: the latest end of a run; the batch then cleans up and ends, and the CLI exits.
    const lastVerdict = Math.max(...batch.runs.map((r) => Date.parse(r.finishedAt)));
    const exitLag = exitedAt - lastVerdict;
    const overhead = batch.runs.map((r) => Date.parse(r.finishedAt) - Date.parse(r.startedAt) - (callMs.get(r.runId) ?? 0)).sort((a, b) => a - b);
    const q = (p) => overhead[Math.min(overhead.length - 1, Math.floor(p * overhead.length))];
    const mean = overhead.reduce((a, b) => a + b, 0) / overhead.length;
    const testsWall = Date.parse(batch.finishedAt) - Date.parse(batch.startedAt) - (batch.cleanup.durationMs ?? 0);
    const lowerBound = LAYERS * latency;
    const n = batch.runs.length;
    const cpu = cpu0 && cpu1 ? { server: (cpu1.server - cpu0.server) / n, harness: (cpu1.harness - cpu0.harness) / n } : undefined;
    if (cpu) cpu.total = cpu.server + cpu.harness;

    const rows = [
      ['tests / layers / latency', `${n} / ${LAYERS} / ${latency} ms`],
      ['verdicts', Object.entries(batch.counts).map(([k, v]) => `${v} ${k}`).join(', ')],
      ['wall time (CLI: trigger to all terminal)', `${wall.toFixed(0)} ms`],
      ['  of which test execution (server)', `${testsWall} ms`],
      ['  of which cleanup sweep', `${batch.cleanup.durationMs ?? 0} ms`],
      ['critical-path lower bound (layers × latency)', `${lowerBound} ms`],
      ['run time beyond own calls (queueing included)', `mean ${mean.toFixed(1)} · p50 ${q(0.5).toFixed(1)} · p90 ${q(0.9).toFixed(1)} · max ${overhead.at(-1).toFixed(1)} ms`],
      ['throughput', `${(n / (wall / 1000)).toFixed(1)} tests/s`],
      ['CLI exit after the last verdict (cleanup included)', `${exitLag} ms (of which the batch's end ${Date.parse(batch.finishedAt) - lastVerdict} ms)`],
      ...(cpu
        ? [
            ['CPU per test: svc-server (API, engine, store, egress)', `${cpu.server.toFixed(1)} ms`],
            ['CPU per test: Python harness (fork server, tests)', `${cpu.harness.toFixed(1)} ms`],
          ]
        : []),
    ];
    const newmanMs = await runNewman(target.url);
    rows.push(['Newman, the same calls (sequential)', `${newmanMs.toFixed(0)} ms`], ['wall / critical path', `${(wall / lowerBound).toFixed(1)}×`], ['Newman / svc', `${(newmanMs / wall).toFixed(1)}×`]);
    const w = Math.max(...rows.map((r) => r[0].length));
    console.log(`\n${rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n')}`);
    if (cli.exitCode) console.log(`\nsvc exited ${cli.exitCode}: ${cli.stderr}`);
    let read;
    if (withReads) {
      const load = readLoad(service, batch.runs.map((r) => r.runId));
      await new Promise((r) => setTimeout(r, READ_WARMUP_MS));
      load.mark();
      await service.svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '1800'], 1_900_000);
      read = { latency, ...(await load.stop()) };
    }
    return { latency, wall, lowerBound, newmanMs, cpu, exitLag, read };
  } finally {
    await service.stop();
    await target.close();
  }
}

/**
 * CPU time (ms) of svc-server itself and of its Python fork server with every test it forked and
 * reaped (proc-cpu.mjs, Linux); undefined elsewhere.
 */
function cpuOf(serverPid) {
  try {
    return { server: processCpuMs(serverPid).own, harness: forkServersCpuMs() };
  } catch {
    return undefined;
  }
}

/** GET /runs/{id} at READ_RATE per second, open loop, until stop(), from a thread of its own (read-load.mjs). */
function readLoad(service, runIds) {
  const worker = new Worker(new URL('./read-load.mjs', import.meta.url), { workerData: { apiUrl: service.apiUrl, key: service.key, runIds, rate: READ_RATE } });
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    /** Reads due from now on are timed; those before warmed the connections and the server. */
    mark: () => worker.postMessage('mark'),
    async stop() {
      worker.postMessage('stop');
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

/** The suite as a Postman collection: each test's call and check, and its value handed on. */
async function runNewman(base) {
  const item = [];
  for (let layer = 0; layer < LAYERS; layer++) {
    for (let i = 0; i < PER_LAYER && layer * PER_LAYER + i < TESTS; i++) {
      const value = layer ? `Number(pm.collectionVariables.get('v${layer - 1}_${i}')) + 1` : '1';
      item.push({
        name: `L${layer} #${i}`,
        request: { method: 'GET', url: `${base}/health`, header: [{ key: 'Authorization', value: 'Bearer demo-token' }] },
        event: [{ listen: 'test', script: { exec: ["pm.test('ok', () => pm.response.to.have.status(200));", `pm.collectionVariables.set('v${layer}_${i}', ${value});`] } }],
      });
    }
  }
  const collection = { info: { name: 'suite bench', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item };
  const started = performance.now();
  const summary = await new Promise((resolve, reject) => newman.run({ collection, reporters: [] }, (err, s) => (err ? reject(err) : resolve(s))));
  const failed = summary.run.failures.length;
  if (failed) throw new Error(`Newman: ${failed} failures`);
  return performance.now() - started;
}
