// How long a large trigger holds up svc-server's API: a project of N backend tests (default 1000) is
// triggered with `svc test run --all` while GET /healthz is sent every 2 ms; prints the trigger's
// time and the slowest /healthz answers during it. Run after `npm run build`:
//   node test/bench/trigger-stall.mjs [N]
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { startService } from '../corpus/service.mjs';

const N = Number(process.argv[2] ?? 1000);
const target = await startTargetApi({ port: 0, latencyMs: 100 });
const service = await startService({});
try {
  const project = (await service.api('POST', '/projects', { type: 'backend', name: 'Trigger bench', url: target.url })).id;
  for (let i = 0; i < N; i++) await service.api('POST', '/tests', { projectId: project, type: 'backend', name: `t${i}`, code: "r = http.get('/health')\nassert r.status == 200\n" });
  let stop = false;
  const latencies = [];
  const probe = (async () => {
    while (!stop) {
      const t = performance.now();
      await fetch(`${service.url}/healthz`).then((r) => r.text());
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  await new Promise((r) => setTimeout(r, 200));
  const t = performance.now();
  const out = await service.svc(['test', 'run', '--all', '--project', project]);
  const triggerMs = performance.now() - t;
  await new Promise((r) => setTimeout(r, 300));
  stop = true;
  await probe;
  if (out.exitCode) throw new Error(`svc test run exited ${out.exitCode}: ${out.stderr}`);
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  console.log(`trigger of ${N} tests: ${triggerMs.toFixed(0)} ms through the CLI; GET /healthz meanwhile (${latencies.length}): p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`);
} finally {
  await service.stop();
  await target.close();
}
