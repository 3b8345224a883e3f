import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { openStore } from '../../src/store/db.js';
import { findActiveKey } from '../../src/store/repos/keys.js';

/** Values that must never reach a portal page. */
export const SECRETS = ['SECRET-CRED-VALUE-123', 'SECRET-PASSWORD-456', 's3cr3t-token-789', 'SECRET-AUTOAUTH-000'];

/** A real (solid colour) PNG, so a browser can render the screenshot the page links to. */
export function tinyPng(w = 64, h = 40): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([80, 120, 200]))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export interface Seeded {
  aliceId: string;
  backendProject: string;
  frontendProject: string;
  bobProject: string;
  bobTest: string;
  bobRun: string;
  tests: { create: string; get: string; update: string; health: string; fe: string };
  runs: { create: string; get: string; update: string; health: string; fe: string; inflight: string };
  batch: string;
}

const t0 = Date.parse('2025-03-01T10:00:00.000Z');
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

/** Writes a backend batch (a failure, a blocked chain step, variables, cleanup), a frontend run and another user's project. */
export async function seedPortal(dataDir: string, aliceKey: string, bobKey: string): Promise<Seeded> {
  const store = openStore({ dataDir });
  const db = store.db;
  try {
    const alice = (await findActiveKey(db, aliceKey))!;
    const bob = (await findActiveKey(db, bobKey))!;
    const project = (id: string, user: string, name: string, type: 'backend' | 'frontend', extra: Record<string, string | null> = {}) =>
      db.insertInto('projects').values({ id, user_id: user, name, type, created_from: 'cli', url: type === 'backend' ? 'http://127.0.0.1:9/api' : 'https://shop.example.com', username: null, password: null, instruction: null, credential: null, auto_auth: null, settings: '{}', created_at: at(0), updated_at: at(1), ...extra }).execute();
    await project('prj_backend01', alice.userId, 'Users API', 'backend', { credential: `enc:${SECRETS[0]}`, auto_auth: `enc:${SECRETS[3]}` });
    await project('prj_frontend1', alice.userId, 'Shop UI', 'frontend', { username: 'shopper@example.com', password: `enc:${SECRETS[1]}` });
    await project('prj_bobonly01', bob.userId, 'Bob private project', 'backend');

    const test = (id: string, projectId: string, user: string, name: string, o: Record<string, unknown> = {}) =>
      db.insertInto('tests').values({ id, project_id: projectId, user_id: user, name, type: 'backend', created_from: 'cli', status: 'passed', description: null, priority: 'p1', plan_steps: null, code: 'import json\nr = http.post(TARGET_URL + "/users", json={"name": "a"})\nassert r.status == 201\nproduce("user_id", r.json()["id"])\n', code_version: 1, produces: '[]', consumes: '[]', category: 'main', resolved_script: null, last_run_id: null, created_at: at(2), updated_at: at(3), ...o }).execute();
    await test('tst_create01', 'prj_backend01', alice.userId, 'Create a user', { produces: '["user_id"]', category: 'setup', last_run_id: 'run_create01' });
    await test('tst_get00001', 'prj_backend01', alice.userId, 'Fetch the created user', { status: 'failed', consumes: '["user_id"]', produces: '["profile_id"]', description: 'GET /users/{id} returns the user', last_run_id: 'run_get00001', code: 'r = http.get(f"{TARGET_URL}/users/{VARS[\'user_id\']}")\nassert r.status == 200, f"expected 200, got {r.status}"\nproduce("profile_id", r.json()["profile"])\n' });
    await test('tst_update01', 'prj_backend01', alice.userId, 'Update the profile', { status: 'blocked', consumes: '["profile_id"]', last_run_id: 'run_update01' });
    await test('tst_health01', 'prj_backend01', alice.userId, 'Health check', { last_run_id: 'run_health01' });
    await test('tst_fe000001', 'prj_frontend1', alice.userId, 'Add an item to the cart', { type: 'frontend', code: null, plan_steps: JSON.stringify([{ type: 'action', description: 'Click "Add to cart"' }, { type: 'assertion', description: 'The cart shows 1 item' }]), last_run_id: 'run_fe000001' });
    await test('tst_bob00001', 'prj_bobonly01', bob.userId, 'Bob secret test');

    const batch = (id: string, user: string, keyId: string, projectId: string, o: Record<string, unknown> = {}) =>
      db.insertInto('batches').values({ id, user_id: user, key_id: keyId, project_id: projectId, kind: 'project', status: 'failed', phase: 'done', source: 'cli', options: '{}', plan: JSON.stringify({ waves: [['tst_create01', 'tst_health01'], ['tst_get00001'], ['tst_update01']], notes: [] }), summary: JSON.stringify({ counts: { passed: 2, failed: 1, blocked: 1 }, cleanup: { deleted: 1, alreadyGone: 0, failed: 0, orphaned: 1, durationMs: 1200 } }), error: null, created_at: at(10), started_at: at(10), finished_at: at(30), ...o }).execute();
    await batch('bat_main0001', alice.userId, alice.keyId, 'prj_backend01');
    await batch('bat_live0001', alice.userId, alice.keyId, 'prj_backend01', { status: 'running', phase: 'cleanup', summary: null, finished_at: null, created_at: at(40) });
    await batch('bat_fe000001', alice.userId, alice.keyId, 'prj_frontend1', { kind: 'single', status: 'passed', plan: '{"waves":[["tst_fe000001"]]}', summary: null });
    await batch('bat_bob00001', bob.userId, bob.keyId, 'prj_bobonly01', { kind: 'single' });

    const run = (id: string, batchId: string, user: string, projectId: string, testId: string, name: string, o: Record<string, unknown> = {}) =>
      db.insertInto('runs').values({ id, batch_id: batchId, user_id: user, project_id: projectId, test_id: testId, test_name: name, test_type: 'backend', role: 'member', wave: 0, status: 'passed', verdict: 'passed', source: 'cli', target_url: 'http://127.0.0.1:9/api', code_version: 1, snapshot: null, reason: null, failure: null, produced: null, consumed: null, api_output: null, trace: null, assertions: null, analysis: null, extra: null, replay: 0, credits: 0, created_at: at(10), started_at: at(11), finished_at: at(12), ...o }).execute();
    await run('run_create01', 'bat_main0001', alice.userId, 'prj_backend01', 'tst_create01', 'Create a user', { role: 'producer', produced: '{"user_id":42}', assertions: JSON.stringify([{ ok: true, source: 'r.status == 201', message: null, line: 3, at: at(11) }]), api_output: 'created user 42\n' });
    await run('run_get00001', 'bat_main0001', alice.userId, 'prj_backend01', 'tst_get00001', 'Fetch the created user', {
      wave: 1, status: 'failed', verdict: 'failed', consumed: '{"user_id":42}',
      reason: 'AssertionError: expected 200, got 500',
      failure: JSON.stringify({ kind: 'assertion', message: 'expected 200, got 500', exceptionType: 'AssertionError', line: 2 }),
      assertions: JSON.stringify([{ ok: false, source: 'r.status == 200', message: 'expected 200, got 500', line: 2, at: at(13) }]),
      api_output: 'GET /users/42 -> 500\n',
      trace: 'Traceback (most recent call last):\n  File "test.py", line 2, in <module>\nAssertionError: expected 200, got 500\n',
      analysis: JSON.stringify({ failureKind: 'server-error', rootCauseHypothesis: 'The API answers GET /users/{id} with 500 for a user it just created: the read path crashes on the new record.', recommendedFixTarget: 'app', confidence: 'high', evidence: ['GET /users/42 returned 500', 'POST /users returned 201 with id 42'], reproducer: "curl -X GET 'http://127.0.0.1:9/api/users/42' -H 'Authorization: Bearer ***'", provider: 'builtin' }),
    });
    await run('run_update01', 'bat_main0001', alice.userId, 'prj_backend01', 'tst_update01', 'Update the profile', {
      wave: 2, status: 'blocked', verdict: 'blocked', started_at: null, finished_at: at(20),
      reason: "blocked: 'profile_id' was never produced (Fetch the created user failed)",
      failure: JSON.stringify({ kind: 'blocked', message: 'upstream failed' }),
      extra: JSON.stringify({ blockedBy: [{ testId: 'tst_get00001', testName: 'Fetch the created user', variables: ['profile_id'] }], missingVariables: ['profile_id'] }),
    });
    await run('run_health01', 'bat_main0001', alice.userId, 'prj_backend01', 'tst_health01', 'Health check');
    await run('run_live0001', 'bat_live0001', alice.userId, 'prj_backend01', 'tst_health01', 'Health check', { status: 'running', verdict: 'passed', finished_at: null, created_at: at(40) });
    await run('run_fe000001', 'bat_fe000001', alice.userId, 'prj_frontend1', 'tst_fe000001', 'Add an item to the cart', {
      test_type: 'frontend', target_url: 'https://shop.example.com',
      extra: JSON.stringify({
        steps: [
          { index: 0, type: 'action', description: 'Click "Add to cart"', status: 'passed', durationMs: 310, startedAt: at(11), locator: "getByRole('button', { name: 'Add to cart' })", screenshot: 'steps/step-001.png', healed: { from: "getByTestId('add')", to: "getByRole('button', { name: 'Add to cart' })" } },
          { index: 1, type: 'assertion', description: 'The cart shows 1 item', status: 'passed', durationMs: 120, startedAt: '2025-03-01T10:00:13.500Z', locator: "getByText('1 item')", screenshot: 'steps/step-002.png' },
        ],
        video: 'video.webm', videoStartedAt: '2025-03-01T10:00:10.800Z', trace: 'trace.zip', heals: [{ index: 0, from: "getByTestId('add')", to: "getByRole('button', { name: 'Add to cart' })" }],
      }),
    });
    await run('run_bob00001', 'bat_bob00001', bob.userId, 'prj_bobonly01', 'tst_bob00001', 'Bob secret test');

    let seq = 0;
    const call = (id: string, batchId: string, runId: string | null, origin: string, method: string, path: string, status: number | null, o: Record<string, unknown> = {}) =>
      db.insertInto('run_calls').values({ id, batch_id: batchId, run_id: runId, origin, seq: seq++, method, url: `http://127.0.0.1:9/api${path}`, path: `/api${path}`, request_headers: JSON.stringify({ authorization: `Bearer ${SECRETS[2]}`, accept: 'application/json' }), request_body: null, status, response_headers: '{"content-type":"application/json"}', response_body: null, latency_ms: 12 + seq, started_at: at(11 + seq), error: null, ...o }).execute();
    await call('call_auth01', 'bat_main0001', null, 'auth', 'POST', '/auth/token', 200, { response_body: '{"token":"***"}' });
    await call('call_c1', 'bat_main0001', 'run_create01', 'test', 'POST', '/users', 201, { request_body: '{"name":"a"}', response_body: '{"id":42,"name":"a"}' });
    await call('call_g1', 'bat_main0001', 'run_get00001', 'test', 'GET', '/users/42', 500, { response_body: '{"error":"internal <script>alert(1)</script>"}' });
    await call('call_g2', 'bat_main0001', 'run_get00001', 'test', 'GET', '/users/42', 500, { response_body: '{"error":"internal"}' });
    await call('call_h1', 'bat_main0001', 'run_health01', 'test', 'GET', '/health', 200, { response_body: '{"ok":true}' });
    await call('call_d1', 'bat_main0001', null, 'cleanup', 'DELETE', '/users/42', 204);

    await db.insertInto('variables').values({ batch_id: 'bat_main0001', project_id: 'prj_backend01', name: 'user_id', value: '42', producer_test_id: 'tst_create01', producer_run_id: 'run_create01', consumers: '["tst_get00001"]', handle: '/api/users/42', deleted_by: 'DELETE /api/users/42', created_at: at(12) }).execute();

    const rec = (id: string, path: string, rid: string, type: string, source: string, del: string | null, status: string, code: number | null) =>
      db.insertInto('cleanup_records').values({ id, batch_id: 'bat_main0001', project_id: 'prj_backend01', resource_url: `http://127.0.0.1:9${path}`, resource_path: path, resource_id: rid, resource_type: type, source_endpoint: source, delete_endpoint: del, parent_path: null, depth: 0, status, response_status: code, response_body: null, attempts: code ? 1 : 0, origin_batch_id: 'bat_main0001', created_at: at(25), finished_at: at(26) }).execute();
    await rec('cln_1', '/api/users/42', '42', 'users', 'POST /api/users', 'DELETE /api/users/{id}', 'deleted', 204);
    await rec('cln_2', '/api/widgets/w-777', 'w-777', 'widgets', 'POST /api/widgets', null, 'orphaned', null);

    const steps = [
      { testId: 'tst_create01', testName: 'Create a user', runId: 'run_create01', status: 'passed', produces: ['user_id'], needs: [] },
      { testId: 'tst_get00001', testName: 'Fetch the created user', runId: 'run_get00001', status: 'failed', produces: ['profile_id'], needs: ['user_id'] },
      { testId: 'tst_update01', testName: 'Update the profile', runId: 'run_update01', status: 'blocked', produces: [], needs: ['profile_id'] },
    ];
    await db.insertInto('chains').values({ id: 'chn_1', batch_id: 'bat_main0001', name: 'Create a user → Update the profile', body: JSON.stringify({ name: 'Create a user → Update the profile', steps, captures: ['user_id', 'profile_id'], stats: { steps: 3, captures: 2, passed: 1, failed: 1, blocked: 1 } }) }).execute();

    const dir = join(dataDir, 'artifacts', 'runs', 'run_fe000001');
    mkdirSync(join(dir, 'steps'), { recursive: true });
    writeFileSync(join(dir, 'steps', 'step-001.png'), tinyPng());
    writeFileSync(join(dir, 'steps', 'step-002.png'), tinyPng());
    writeFileSync(join(dir, 'video.webm'), Buffer.from('webm-bytes-0123456789'));
    writeFileSync(join(dataDir, 'artifacts', 'outside.txt'), 'must not be served');
    return {
      aliceId: alice.userId,
      backendProject: 'prj_backend01', frontendProject: 'prj_frontend1', bobProject: 'prj_bobonly01', bobTest: 'tst_bob00001', bobRun: 'run_bob00001',
      tests: { create: 'tst_create01', get: 'tst_get00001', update: 'tst_update01', health: 'tst_health01', fe: 'tst_fe000001' },
      runs: { create: 'run_create01', get: 'run_get00001', update: 'run_update01', health: 'run_health01', fe: 'run_fe000001', inflight: 'run_live0001' },
      batch: 'bat_main0001',
    };
  } finally {
    await store.close();
  }
}
