// A backend project at the scale of a real suite, written straight into a data dir through the
// store's own code (dist/), as the engine would have left it: tests spread over 80 endpoints and five
// categories (about 8% failed, 3% blocked), one finished batch with a run per test, its recorded
// calls, chains, variables and cleanup records. Used by test/bench/portal-pages.mjs and the portal's
// scale e2e test. Run `npm run build` first.
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

const RESOURCES = 20;
const CATEGORIES = ['functional', 'auth', 'error', 'boundary', 'security'];

/** Seeds the project for the user of `key` (made with `svc-server keys create`); returns its ids. */
export async function seedBulkProject(dataDir, key, { tests: TESTS = 2000, calls: CALLS = 50_000 } = {}) {
  const { openStore, migrate } = await import(join(ROOT, 'dist/src/store/db.js'));
  const { findActiveKey } = await import(join(ROOT, 'dist/src/store/repos/keys.js'));
  const store = openStore({ dataDir });
  await migrate(store);
  const db = store.db;
  const k = await findActiveKey(db, key);
  const t0 = Date.parse('2026-11-01T10:00:00Z');
  const at = (ms) => new Date(t0 + ms).toISOString();
  const insert = async (table, rows) => {
    for (let i = 0; i < rows.length; i += 400) await db.insertInto(table).values(rows.slice(i, i + 400)).execute();
  };
  const pid = 'prj_bench0001';
  const bid = 'bat_bench0001';
  await db.insertInto('projects').values({ id: pid, user_id: k.userId, name: 'Bench API', type: 'backend', created_from: 'cli', url: 'http://127.0.0.1:9/api', username: null, password: null, instruction: null, credential: null, auto_auth: null, settings: '{}', created_at: at(0), updated_at: at(0) }).execute();
  const endpoints = [];
  for (let r = 0; r < RESOURCES; r++) endpoints.push(['POST', `/api/r${r}`], ['GET', `/api/r${r}/{id}`], ['PUT', `/api/r${r}/{id}`], ['DELETE', `/api/r${r}/{id}`]);
  const tests = [];
  const runs = [];
  for (let i = 0; i < TESTS; i++) {
    const [method, path] = endpoints[i % endpoints.length];
    const category = CATEGORIES[Math.floor(i / endpoints.length) % CATEGORIES.length];
    const status = i % 13 === 5 ? 'failed' : i % 31 === 7 ? 'blocked' : 'passed';
    const tid = `tst_b${String(i).padStart(6, '0')}`;
    const rid = `run_b${String(i).padStart(6, '0')}`;
    const produces = method === 'POST' ? [`r${i % RESOURCES}_id_${i}`] : [];
    tests.push({ id: tid, project_id: pid, user_id: k.userId, name: `${method} ${path} ${category} case ${i}`, type: 'backend', created_from: 'portal', status, description: `Checks ${method} ${path} (${category}).`, priority: ['p0', 'p1', 'p2'][i % 3], plan_steps: null, code: `r = http.request('${method}', TARGET_URL + '${path.replace('{id}', '1')}')\nassert r.status < 500, f"got {r.status}"\n`, code_version: 1, produces: JSON.stringify(produces), consumes: '[]', category, resolved_script: null, last_run_id: rid, created_at: at(i), updated_at: at(i) });
    runs.push({
      id: rid, batch_id: bid, user_id: k.userId, project_id: pid, test_id: tid, test_name: tests[i].name, test_type: 'backend', role: 'member', wave: i % 4, status, verdict: status, source: 'cli', target_url: 'http://127.0.0.1:9/api', code_version: 1, snapshot: null,
      reason: status === 'failed' ? `AssertionError: expected 200, got 500` : status === 'blocked' ? 'blocked: a value it needs was never produced' : null,
      failure: status === 'passed' ? null : JSON.stringify({ kind: status === 'failed' ? 'assertion' : 'blocked', message: status === 'failed' ? 'expected 200, got 500' : 'upstream failed' }),
      produced: produces.length ? JSON.stringify({ [produces[0]]: 1000 + i }) : null, consumed: null, api_output: 'ok\n', trace: status === 'failed' ? 'Traceback (most recent call last):\nAssertionError: expected 200, got 500\n' : null,
      assertions: JSON.stringify([{ ok: status !== 'failed', source: 'r.status == 200', message: status === 'failed' ? 'expected 200, got 500' : null, line: 2, at: at(i) }]),
      analysis: status === 'failed' ? JSON.stringify({ failureKind: 'server-error', rootCauseHypothesis: `${method} ${path} answers 500.`, recommendedFixTarget: 'app', confidence: 'high', evidence: [], provider: 'builtin' }) : null,
      extra: null, replay: 0, credits: 0, created_at: at(i), started_at: at(10_000 + i * 50), finished_at: at(10_040 + i * 50),
    });
  }
  await insert('tests', tests);
  await db.insertInto('batches').values({ id: bid, user_id: k.userId, key_id: k.keyId, project_id: pid, kind: 'project', status: 'failed', phase: 'done', source: 'cli', options: '{}', plan: JSON.stringify({ waves: [], notes: [] }), summary: null, error: null, created_at: at(9_000), started_at: at(10_000), finished_at: at(10_000 + TESTS * 50 + 5_000) }).execute();
  await insert('runs', runs);
  const per = Math.ceil(CALLS / TESTS);
  let calls = [];
  let n = 0;
  for (let i = 0; i < TESTS && n < CALLS; i++) {
    const [method, path] = endpoints[i % endpoints.length];
    for (let s = 0; s < per && n < CALLS; s++, n++) {
      const concrete = path.replace('{id}', String(1000 + s));
      const status = runs[i].status === 'failed' && s === per - 1 ? 500 : method === 'POST' ? 201 : 200;
      calls.push({ id: `call_b${String(n).padStart(7, '0')}`, batch_id: bid, run_id: runs[i].id, origin: 'test', seq: s, method, url: `http://127.0.0.1:9${concrete}`, path: concrete, request_headers: JSON.stringify({ authorization: 'Bearer ***', accept: 'application/json' }), request_body: method === 'GET' || method === 'DELETE' ? null : JSON.stringify({ name: `item ${n}`, tags: ['a', 'b'] }), status, response_headers: '{"content-type":"application/json"}', response_body: JSON.stringify({ id: 1000 + s, name: `item ${n}`, createdAt: at(n) }), latency_ms: 5 + (n % 40), started_at: at(10_000 + i * 50 + s), error: null });
      if (calls.length >= 4000) {
        await insert('run_calls', calls);
        calls = [];
      }
    }
  }
  await insert('run_calls', calls);
  const producers = runs.filter((r) => r.produced);
  const chains = [];
  const variables = [];
  const cleanup = [];
  for (let c = 0; c < Math.min(200, producers.length); c++) {
    const p = producers[c];
    const name = Object.keys(JSON.parse(p.produced))[0];
    const steps = [p, runs[(runs.indexOf(p) + 1) % runs.length], runs[(runs.indexOf(p) + 2) % runs.length]].map((r, j) => ({ testId: r.test_id, testName: r.test_name, runId: r.id, status: r.status, produces: j ? [] : [name], needs: j ? [name] : [] }));
    chains.push({ id: `chn_b${c}`, batch_id: bid, name: `${steps[0].testName} → ${steps[2].testName}`, body: JSON.stringify({ name: `${steps[0].testName} → ${steps[2].testName}`, steps, captures: [name], stats: { steps: 3, captures: 1, passed: steps.filter((s) => s.status === 'passed').length, failed: steps.filter((s) => s.status === 'failed').length, blocked: steps.filter((s) => s.status === 'blocked').length } }) });
    variables.push({ batch_id: bid, project_id: pid, name, value: String(1000 + c), producer_test_id: p.test_id, producer_run_id: p.id, consumers: JSON.stringify(steps.slice(1).map((s) => s.testId)), handle: `/api/r${c % RESOURCES}/${1000 + c}`, deleted_by: `DELETE /api/r${c % RESOURCES}/${1000 + c}`, created_at: at(c) });
    cleanup.push({ id: `cln_b${c}`, batch_id: bid, project_id: pid, resource_url: `http://127.0.0.1:9/api/r${c % RESOURCES}/${1000 + c}`, resource_path: `/api/r${c % RESOURCES}/${1000 + c}`, resource_id: String(1000 + c), resource_type: `r${c % RESOURCES}`, source_endpoint: `POST /api/r${c % RESOURCES}`, delete_endpoint: c % 10 ? `DELETE /api/r${c % RESOURCES}/{id}` : null, parent_path: null, depth: 0, status: c % 10 ? 'deleted' : 'orphaned', response_status: c % 10 ? 204 : null, response_body: null, attempts: 1, origin_batch_id: bid, created_at: at(c), finished_at: at(c + 1) });
  }
  await insert('chains', chains);
  await insert('variables', variables);
  await insert('cleanup_records', cleanup);
  await store.close();
  return { pid, bid, failedTest: tests.find((t) => t.status === 'failed').id, failedRun: runs.find((r) => r.status === 'failed').id, calls: n };
}

