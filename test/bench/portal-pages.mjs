// Portal pages at the scale of a real suite: the real built svc-server on a temp data dir, into which
// a backend project of 2,000 tests whose last batch made 50,000 recorded calls is seeded (through the
// store's own code, as the engine would have left it); each portal page is loaded with a signed-in
// session: median and slowest of 5 loads after one warm-up, page size and element count. Goal: every
// page under 1 s. Run after `npm run build`:
//   node test/bench/portal-pages.mjs [tests=2000] [calls=50000]
import { seedBulkProject } from '../helpers/portal-bulk.mjs';
import { startService } from '../corpus/service.mjs';

const TESTS = Number(process.argv[2] ?? 2000);
const CALLS = Number(process.argv[3] ?? 50_000);

const service = await startService();
// The service's data dir (its HOME); the store takes the seed beside the running server (WAL).
const dataDir = service.env.HOME;
const { url, key } = service;
const t = performance.now();
const s = await seedBulkProject(dataDir, key, { tests: TESTS, calls: CALLS });
console.log(`seeded ${TESTS} tests, ${s.calls} calls in ${((performance.now() - t) / 1000).toFixed(1)} s`);
try {
  const signIn = await fetch(`${url}/portal/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key }).toString() });
  const cookie = signIn.headers.getSetCookie()[0].split(';')[0];
  const P = `/portal/projects/${s.pid}`;
  const R = `/portal/runs/${s.failedRun}`;
  const B = `/portal/batches/${s.bid}`;
  const pages = [
    ['projects', '/portal/projects'],
    ['project', P],
    ['project, failed', `${P}?status=failed`],
    ['project, category+search', `${P}?category=auth&q=r7`],
    ['project, endpoint', `${P}?endpoint=${encodeURIComponent('GET /api/r3/{id}')}`],
    ['project, page 20', `${P}?page=20`],
    ['project edit', `${P}/edit`],
    ['test', `/portal/tests/${s.failedTest}`],
    ['batch', B],
    ['batch, passed p10', `${B}?status=passed&page=10`],
    ['run: report', R],
    ['run: data flow', `${R}?tab=dataflow`],
    ['run: calls', `${R}?tab=dataflow&view=calls`],
    ['run: calls p200', `${R}?tab=dataflow&view=calls&page=200`],
    ['run: variables', `${R}?tab=variables`],
    ['run: chains', `${R}?tab=chains`],
    ['run: cleanup', `${R}?tab=cleanup`],
  ];
  const rows = [];
  for (const [name, path] of pages) {
    const times = [];
    let text = '';
    for (let i = 0; i < 6; i++) {
      const t1 = performance.now();
      const res = await fetch(url + path, { headers: { cookie }, redirect: 'manual' });
      text = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      if (i) times.push(performance.now() - t1);
    }
    times.sort((a, b) => a - b);
    if (name === 'run: calls' && !text.includes(`of ${s.calls.toLocaleString('en')}`)) throw new Error(`${path} does not count ${s.calls} calls`);
    rows.push([name, path, times[2], times.at(-1), text.length, (text.match(/<[a-z]/g) ?? []).length]);
  }
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`${'page'.padEnd(w)}  median ms  max ms      KB  elements  goal`);
  for (const [name, , med, max, bytes, els] of rows) console.log(`${name.padEnd(w)}  ${med.toFixed(0).padStart(9)}  ${max.toFixed(0).padStart(6)}  ${(bytes / 1024).toFixed(0).padStart(6)}  ${String(els).padStart(8)}  ${max < 1000 ? 'ok' : 'SLOW'}`);
  if (rows.some((r) => r[3] >= 1000)) process.exitCode = 1;
} finally {
  await service.stop();
}
