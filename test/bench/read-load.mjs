// The read load of suite-bench.mjs, in a worker thread of its own: GET /runs/{id} at a fixed rate,
// open loop, until told to stop; then the latencies of the requests due between 'mark' and 'stop'
// (the reads sent before the mark warm the connections and the server up, as a steady load has).
// On its own thread (with, as root, a higher priority: Linux keeps a nice value per thread) the load
// generator's timing is not held up by the bench's other work on the same cores (the target API,
// starting the CLI), which a client on another machine would not share.
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const { apiUrl, key, runIds, rate } = workerData;
if (process.platform === 'linux' && process.getuid?.() === 0) {
  try {
    setPriority(Math.max(-20, getPriority() - 10));
  } catch {
    /* timed at the bench's priority */
  }
}
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const url = new URL(`${apiUrl}/runs/`);
const times = [];
const fromSent = [];
/** With SVC_BENCH_READS=<file>: every timed read as [due after the mark, ms from due, ms from sent], to see when the slow ones came. */
const each = [];
let errors = 0;
let timed = 0;
let sent = 0;
let stopped = false;
let markedAt = Infinity;
const inFlight = new Set();
const t0 = performance.now();
const one = (due) =>
  new Promise((resolve) => {
    const id = runIds[sent % runIds.length];
    const sentAt = performance.now();
    const req = request({ agent, host: url.hostname, port: url.port, path: `${url.pathname}${id}`, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on('end', () => {
        if (due < markedAt) return resolve();
        timed++;
        if (res.statusCode !== 200) errors++;
        const now = performance.now();
        times.push(now - due);
        fromSent.push(now - sentAt);
        each.push([due - markedAt, now - due, now - sentAt]);
        resolve();
      });
    });
    req.on('error', () => {
      if (due >= markedAt) timed++, errors++;
      resolve();
    });
    req.end();
  });
const tick = () => {
  if (stopped) return;
  const due = Math.floor(((performance.now() - t0) * rate) / 1000);
  while (sent < due) {
    const p = one(t0 + (sent * 1000) / rate);
    sent++;
    inFlight.add(p);
    p.then(() => inFlight.delete(p));
  }
  setTimeout(tick, 1);
};
tick();
parentPort.on('message', async (m) => {
  if (m === 'mark') return void (markedAt = performance.now());
  stopped = true;
  await Promise.all(inFlight);
  agent.destroy();
  const q = (list, p) => {
    const s = [...list].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  };
  if (process.env.SVC_BENCH_READS) writeFileSync(process.env.SVC_BENCH_READS, JSON.stringify(each));
  parentPort.postMessage({ sent: timed, errors, p50: q(times, 0.5), p99: q(times, 0.99), sentP50: q(fromSent, 0.5), sentP99: q(fromSent, 0.99) });
});
