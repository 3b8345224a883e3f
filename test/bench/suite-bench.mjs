// A whole backend suite through the real service: svc-server plus the sample target API with a
// fixed latency, a 200-test suite in 5 layers (every test needs a value produced by a test of the
// layer before), run with `svc test run --all --wait`; then the same calls, with the same values
// handed on, as a Postman collection run by Newman (sequential, as Newman runs). Run after
// `npm run build`:
//   node test/bench/suite-bench.mjs [--tests 200] [--layers 5] [--latency-ms 20] [--concurrency 8]
import newman from 'newman';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { startService } from '../corpus/service.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const TESTS = arg('tests', 200);
const LAYERS = arg('layers', 5);
const LATENCY = arg('latency-ms', 20);
const CONCURRENCY = arg('concurrency', 8);
const PER_LAYER = Math.ceil(TESTS / LAYERS);

const target = await startTargetApi({ port: 0, latencyMs: LATENCY });
const service = await startService({ args: ['--concurrency', String(CONCURRENCY)] });
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

  const started = performance.now();
  const cli = await service.svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '1800'], 1_900_000);
  const wall = performance.now() - started;
  const out = cli.json;
  const batch = await api('GET', `/batches/${out.batchId}`);
  const flow = await api('GET', `/batches/${out.batchId}/calls`);

  const callMs = new Map();
  for (const g of flow.endpoints) for (const c of g.calls) callMs.set(c.runId, (callMs.get(c.runId) ?? 0) + c.latencyMs);
  const overhead = batch.runs.map((r) => Date.parse(r.finishedAt) - Date.parse(r.startedAt) - (callMs.get(r.runId) ?? 0)).sort((a, b) => a - b);
  const q = (p) => overhead[Math.min(overhead.length - 1, Math.floor(p * overhead.length))];
  const mean = overhead.reduce((a, b) => a + b, 0) / overhead.length;
  const testsWall = Date.parse(batch.finishedAt) - Date.parse(batch.startedAt) - (batch.cleanup.durationMs ?? 0);
  const lowerBound = LAYERS * LATENCY;

  const rows = [
    ['tests / layers / latency', `${batch.runs.length} / ${LAYERS} / ${LATENCY} ms`],
    ['verdicts', Object.entries(batch.counts).map(([k, v]) => `${v} ${k}`).join(', ')],
    ['tests in flight per batch', String(CONCURRENCY)],
    ['wall time (CLI: trigger to all terminal)', `${wall.toFixed(0)} ms`],
    ['  of which test execution (server)', `${testsWall} ms`],
    ['  of which cleanup sweep', `${batch.cleanup.durationMs ?? 0} ms`],
    ['critical-path lower bound (layers × latency)', `${lowerBound} ms`],
    ['harness overhead per test (run − own calls)', `mean ${mean.toFixed(1)} · p50 ${q(0.5).toFixed(1)} · p90 ${q(0.9).toFixed(1)} · max ${overhead.at(-1).toFixed(1)} ms`],
    ['throughput', `${(batch.runs.length / (wall / 1000)).toFixed(1)} tests/s`],
  ];
  const newmanMs = await runNewman(target.url);
  rows.push(
    ['Newman, the same calls (sequential)', `${newmanMs.toFixed(0)} ms`],
    ['wall / critical path', `${(wall / lowerBound).toFixed(1)}×`],
    ['Newman / svc', `${(newmanMs / wall).toFixed(1)}×`],
  );
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n'));
  if (cli.exitCode) console.log(`\nsvc exited ${cli.exitCode}: ${cli.stderr}`);
} finally {
  await service.stop();
  await target.close();
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
