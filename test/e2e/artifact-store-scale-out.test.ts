// Scale-out with a shared artifact store: two API processes (--no-workers) and one worker process
// share only PostgreSQL, the secret key and the store (an S3 bucket on s3rver, or a directory
// given as --artifacts-dir), each with a data dir of its own. A frontend run executed by the
// worker lands in the store, leaves nothing in any data dir, and both API processes serve its
// screenshots (portal) and bundle (`svc test artifact get`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import { svc } from '../helpers/cli.js';
import { BIN, tempDir } from '../helpers/paths.js';
import { freshDatabase } from '../helpers/postgres.js';
import { startS3, type TestS3 } from '../helpers/s3.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

let s3: TestS3;
let app: WebApp;
const sharedDir = join(tempDir('svc-art-shared-'), 'artifacts');

beforeAll(async () => {
  [s3, app] = await Promise.all([startS3(), startWebApp()]);
});
afterAll(async () => {
  await Promise.all([app?.close(), s3?.stop()]);
});

interface Kind {
  args: () => string[];
  line: () => string;
  /** The stored screenshot of a run, or null when the store has none. */
  shot(runId: string): Promise<Buffer | null>;
}

const KINDS: [string, Kind][] = [
  ['s3', {
    args: () => ['--artifacts-s3', `s3://${s3.bucket}/fleet`, '--s3-endpoint', s3.endpoint, '--s3-path-style'],
    line: () => `artifacts: s3 s3://${s3.bucket}/fleet`,
    async shot(runId) {
      if (!(await s3.keys(`fleet/runs/${runId}/`)).includes(`fleet/runs/${runId}/trace.zip`)) return null;
      const o = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `fleet/runs/${runId}/steps/step-001.jpg` }));
      return Buffer.from(await o.Body!.transformToByteArray());
    },
  }],
  ['dir', {
    args: () => ['--artifacts-dir', sharedDir],
    line: () => `artifacts: dir ${sharedDir}`,
    async shot(runId) {
      const f = join(sharedDir, 'runs', runId, 'steps', 'step-001.jpg');
      return existsSync(join(sharedDir, 'runs', runId, 'trace.zip')) ? readFileSync(f) : null;
    },
  }],
];

describe.each(KINDS)('scale-out with the %s artifact store', (_name, kind) => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const apis: TestServer[] = [];
  let worker: ChildProcess;
  let workerOut = '';
  let key: string;
  let runId: string;
  const workerDir = join(tempDir('svc-art-worker-'), 'data');

  beforeAll(async () => {
    db = await freshDatabase();
    const env = { ...s3.env, SVC_DATABASE_URL: db.url, SVC_SECRET_KEY: randomBytes(32).toString('base64') };
    for (let i = 0; i < 2; i++) apis.push(await startServer({ env, args: ['--no-workers', ...kind.args()] }));
    worker = spawn(process.execPath, [BIN.server, 'worker', '--data-dir', workerDir, '--database-url', db.url, '--allow-private-targets', ...kind.args()], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    worker.stdout!.on('data', (d) => (workerOut += d));
    worker.stderr!.on('data', (d) => (workerOut += d));
    key = await apis[0]!.mintKey({ name: 'fleet' });
    const ctx = userCtx(apis[0]!, key);
    const project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Todos', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
    const planSteps = [['action', 'Sign in'], ['action', 'Go to /todos'], ['assertion', 'Verify "New item" is visible']].map(([type, description]) => ({ type, description }));
    writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: project, type: 'frontend', name: 'Todos page', planSteps }));
    const testId = (await json(ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId;
    const r = await json(ctx, ['test', 'run', testId, '--wait', '--timeout', '300']);
    expect(r.status, `${JSON.stringify(r)}\n${workerOut}`).toBe('passed');
    runId = r.runId;
  }, 600_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 25_000))]);
      if (worker.exitCode === null) worker.kill('SIGKILL');
    }
    await Promise.all(apis.map((a) => a.stop()));
    await db?.drop();
  });

  it('the worker ran the test and its files are in the store, in no data dir', async () => {
    expect(workerOut).toContain(kind.line());
    expect(await kind.shot(runId)).not.toBeNull();
    for (const dir of [workerDir, ...apis.map((a) => a.dataDir)]) expect(existsSync(join(dir, 'artifacts', 'runs', runId)), dir).toBe(false);
  });

  it('both API processes serve the bundle and the portal screenshots from the store', async () => {
    const shot = (await kind.shot(runId))!;
    for (const api of apis) {
      const out = join(tempDir('svc-art-fleet-'), 'bundle');
      const r = await svc(['test', 'artifact', 'get', runId, '--out', out], { ctx: userCtx(api, key) });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(readFileSync(join(out, 'artifacts', 'steps', 'step-001.jpg')).equals(shot)).toBe(true);
      expect(existsSync(join(out, 'artifacts', 'trace.zip'))).toBe(true);
      const signIn = await fetch(`${api.url}/portal/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: api.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key, next: '/portal/projects' }) });
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      const res = await fetch(`${api.url}/portal/runs/${runId}/artifacts/steps/step-001.jpg`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(shot)).toBe(true);
    }
  });
});
