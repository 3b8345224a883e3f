// Run artifacts in an object store: the ArtifactStore contract on a directory and on an S3 bucket
// (s3rver on loopback, through the AWS SDK), then the real svc-server with --artifacts-s3: a
// frontend run's screenshots and trace land in the bucket, the local copy is gone, and the bundle
// (`svc test artifact get`), the portal (with byte ranges) and `svc-server prune` all go through
// the bucket.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startWebApp, type WebApp } from '../../fixtures/web-app/server.mjs';
import type { ArtifactStore } from '../../src/store/artifacts/artifact-store.js';
import { DirArtifactStore } from '../../src/store/artifacts/dir-store.js';
import { S3ArtifactStore } from '../../src/store/artifacts/s3-store.js';
import type { EngineContext } from '../../src/engine/context.js';
import { runArtifacts } from '../../src/engine/run-artifacts.js';
import { svc, type CliEnv } from '../helpers/cli.js';
import { BIN, tempDir } from '../helpers/paths.js';
import { startS3, type TestS3 } from '../helpers/s3.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { json, userCtx } from '../helpers/user.js';

let s3: TestS3;
const text = async (body: NodeJS.ReadableStream) => {
  let s = '';
  for await (const c of body) s += c.toString();
  return s;
};
const object = async (key: string) => Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());

beforeAll(async () => {
  s3 = await startS3();
  Object.assign(process.env, s3.env);
});
afterAll(async () => {
  await s3?.stop();
});

describe.each([
  ['dir', () => new DirArtifactStore(join(tempDir('svc-art-dir-'), 'artifacts'))],
  ['s3', () => new S3ArtifactStore({ kind: 's3', bucket: s3.bucket, prefix: `contract-${Date.now()}`, endpoint: s3.endpoint, pathStyle: true })],
])('ArtifactStore contract: %s', (_kind, make: () => ArtifactStore) => {
  it('puts, reads whole and by range, lists, deletes a run prefix, refuses bad keys', async () => {
    const store = make();
    const src = join(tempDir('svc-art-src-'), 'shot.jpg');
    writeFileSync(src, Buffer.from('0123456789abcdef'));
    await store.putFile('runs/run_a/steps/step-001.jpg', src);
    await store.put('runs/run_a/trace.zip', Buffer.from('PK-trace'));
    await store.put('runs/run_ab/other.txt', Buffer.from('not run_a'));
    expect(await store.stat('runs/run_a/steps/step-001.jpg')).toEqual({ key: 'runs/run_a/steps/step-001.jpg', size: 16 });
    expect(await store.stat('runs/run_a/missing.jpg')).toBeNull();
    const whole = (await store.get('runs/run_a/steps/step-001.jpg'))!;
    expect([whole.size, whole.length, whole.contentType]).toEqual([16, 16, 'image/jpeg']);
    expect(await text(whole.body)).toBe('0123456789abcdef');
    const part = (await store.get('runs/run_a/steps/step-001.jpg', { start: 10, end: 12 }))!;
    expect([part.size, part.length]).toEqual([16, 3]);
    expect(await text(part.body)).toBe('abc');
    expect(await store.get('runs/run_a/nothing')).toBeNull();
    expect(await store.list('runs/run_a')).toEqual([
      { key: 'runs/run_a/steps/step-001.jpg', size: 16 },
      { key: 'runs/run_a/trace.zip', size: 8 },
    ]);
    for (const bad of ['runs/../secret', 'runs//x', '/runs/x', 'runs/x/', 'runs/a\\b']) {
      expect(await store.stat(bad), bad).toBeNull();
      await expect(store.put(bad, Buffer.from('x')), bad).rejects.toThrow(/not an artifact key/);
    }
    expect(await store.deletePrefix('runs/run_a')).toBe(2);
    expect(await store.list('runs/run_a')).toEqual([]);
    expect(await store.list('runs/run_ab')).toEqual([{ key: 'runs/run_ab/other.txt', size: 9 }]);
    store.close();
  });
});

describe('a run on its way to the store', () => {
  const ctxFor = (store: ArtifactStore, root: string) => ({ store: { artifacts: store }, artifactsRoot: root, log: (m: string) => logs.push(m) }) as unknown as EngineContext;
  const logs: string[] = [];

  it('with a bucket: stages locally, puts a live screenshot before its record, uploads the rest and drops the local copy', async () => {
    const store = new S3ArtifactStore({ kind: 's3', bucket: s3.bucket, prefix: 'staged', endpoint: s3.endpoint, pathStyle: true });
    const root = join(tempDir('svc-art-stage-'), 'artifacts');
    const run = runArtifacts(ctxFor(store, root), 'run_live');
    expect(run.dir).toBe(join(root, 'runs', 'run_live'));
    mkdirSync(join(run.dir, 'steps'), { recursive: true });
    writeFileSync(join(run.dir, 'steps', 'step-001.jpg'), 'first');
    const seen: (string[] | null)[] = [];
    run.progress({ shot: { screenshot: 'steps/step-001.jpg' } }, async () => seen.push(await s3.keys('staged/runs/run_live/')));
    writeFileSync(join(run.dir, 'trace.zip'), 'PK');
    await run.publish();
    expect(seen).toEqual([['staged/runs/run_live/steps/step-001.jpg']]);
    expect(await s3.keys('staged/runs/run_live/')).toEqual(['staged/runs/run_live/steps/step-001.jpg', 'staged/runs/run_live/trace.zip']);
    expect(existsSync(run.dir)).toBe(false);
    store.close();
  });

  it('with a directory: writes in place and publishing has nothing to do', async () => {
    const root = join(tempDir('svc-art-inplace-'), 'shared');
    const run = runArtifacts(ctxFor(new DirArtifactStore(root), join(tempDir('svc-art-unused-'), 'artifacts')), 'run_dir');
    expect(run.dir).toBe(join(root, 'runs', 'run_dir'));
    mkdirSync(run.dir, { recursive: true });
    writeFileSync(join(run.dir, 'trace.zip'), 'PK');
    await run.publish();
    expect(readFileSync(join(run.dir, 'trace.zip'), 'utf8')).toBe('PK');
    expect(logs).toEqual([]);
  });
});

describe('svc-server with --artifacts-s3', () => {
  let server: TestServer;
  let app: WebApp;
  let ctx: CliEnv;
  let key: string;
  let testId: string;
  const runs: string[] = [];
  const prefix = 'svc-artifacts';
  const storeArgs = () => ['--artifacts-s3', `s3://${s3.bucket}/${prefix}`, '--s3-endpoint', s3.endpoint, '--s3-path-style'];

  beforeAll(async () => {
    [server, app] = await Promise.all([startServer({ args: storeArgs(), env: s3.env }), startWebApp()]);
    key = await server.mintKey({ name: 's3' });
    ctx = userCtx(server, key);
    const project = (await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Todos', '--url', app.url, '--username', DEMO_USER.username, '--password', DEMO_USER.password])).id;
    const planSteps = [['action', 'Sign in'], ['action', 'Go to /todos'], ['assertion', 'Verify "New item" is visible']].map(([type, description]) => ({ type, description }));
    writeFileSync(join(ctx.cwd, 'plan.json'), JSON.stringify({ projectId: project, type: 'frontend', name: 'Todos page', planSteps }));
    testId = (await json(ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId;
    for (let i = 0; i < 2; i++) {
      const r = await json(ctx, ['test', 'run', testId, '--wait', '--timeout', '300']);
      expect(r.status, JSON.stringify(r)).toBe('passed');
      runs.push(r.runId);
    }
  }, 600_000);
  afterAll(async () => {
    await Promise.all([server?.stop(), app?.close()]);
  });

  it('says where artifacts go, uploads each run and keeps no local copy', async () => {
    expect(server.output()).toContain(`artifacts: s3 s3://${s3.bucket}/${prefix} at ${s3.endpoint}`);
    for (const runId of runs) {
      expect(existsSync(join(server.dataDir, 'artifacts', 'runs', runId))).toBe(false);
      const keys = await s3.keys(`${prefix}/runs/${runId}/`);
      expect(keys).toContain(`${prefix}/runs/${runId}/steps/step-001.jpg`);
      expect(keys).toContain(`${prefix}/runs/${runId}/trace.zip`);
    }
  });

  it('serves the bundle of `svc test artifact get` from the bucket', async () => {
    const out = join(tempDir('svc-art-out-'), 'bundle');
    const r = await svc(['test', 'artifact', 'get', runs[0]!, '--out', out], { ctx });
    expect(r.exitCode, r.stderr).toBe(0);
    const local = readFileSync(join(out, 'artifacts', 'steps', 'step-001.jpg'));
    expect(local.equals(await object(`${prefix}/runs/${runs[0]}/steps/step-001.jpg`))).toBe(true);
    expect(readFileSync(join(out, 'artifacts', 'trace.zip')).equals(await object(`${prefix}/runs/${runs[0]}/trace.zip`))).toBe(true);
  });

  it('serves screenshots to the portal from the bucket, with byte ranges, and refuses paths out of the run', async () => {
    const signIn = await fetch(`${server.url}/portal/sign-in`, { method: 'POST', redirect: 'manual', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ key, next: '/portal/projects' }) });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers: { cookie, ...headers }, redirect: 'manual' });
    const shot = await object(`${prefix}/runs/${runs[0]}/steps/step-001.jpg`);
    const whole = await get(`/portal/runs/${runs[0]}/artifacts/steps/step-001.jpg`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await whole.arrayBuffer()).equals(shot)).toBe(true);
    const part = await get(`/portal/runs/${runs[0]}/artifacts/steps/step-001.jpg`, { range: 'bytes=2-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-11/${shot.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(shot.subarray(2, 12))).toBe(true);
    expect((await get(`/portal/runs/${runs[0]}/artifacts/steps/step-001.jpg`, { range: `bytes=${shot.length}-` })).status).toBe(416);
    for (const bad of ['..%2F..%2Fsvc.db', 'steps/..%2F..%2F' + runs[1] + '%2Ftrace.zip', 'nothing.jpg']) {
      expect((await get(`/portal/runs/${runs[0]}/artifacts/${bad}`)).status, bad).toBe(404);
    }
    const page = await (await get(`/portal/runs/${runs[0]}`)).text();
    expect(page).toContain(`/portal/runs/${runs[0]}/artifacts/steps/step-001.jpg`);
  });

  it('prunes artifacts from the bucket', async () => {
    const prune = (extra: string[]) => execa(process.execPath, [BIN.server, 'prune', '--data-dir', server.dataDir, ...storeArgs(), '--retention-batches-per-project', '1', '--output', 'json', ...extra], { env: { ...process.env, ...s3.env }, reject: false, timeout: 60_000 });
    const dry = await prune(['--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    const listed = JSON.parse(dry.stdout);
    expect(listed.batches).toHaveLength(1);
    expect(listed.totals.artifactFiles).toBe((await s3.keys(`${prefix}/runs/${runs[0]}/`)).length);
    expect(listed.totals.artifactFiles).toBeGreaterThan(1);
    const done = await prune([]);
    expect(done.exitCode, done.stderr).toBe(0);
    expect(await s3.keys(`${prefix}/runs/${runs[0]}/`)).toEqual([]);
    expect((await s3.keys(`${prefix}/runs/${runs[1]}/`)).length).toBeGreaterThan(1);
  });

  it('refuses a directory and a bucket at once, and a malformed bucket URL (exit 5)', async () => {
    const dir = join(tempDir('svc-art-both-'), 'data');
    mkdirSync(dir, { recursive: true });
    const both = await execa(process.execPath, [BIN.server, 'prune', '--data-dir', dir, '--retention-days', '1', '--artifacts-dir', dir, ...storeArgs()], { reject: false, timeout: 30_000 });
    expect(both.exitCode).toBe(5);
    expect(both.stderr).toMatch(/not both/);
    const bad = await execa(process.execPath, [BIN.server, 'prune', '--data-dir', dir, '--retention-days', '1', '--artifacts-s3', 'http://bucket'], { reject: false, timeout: 30_000 });
    expect(bad.exitCode).toBe(5);
    expect(bad.stderr).toMatch(/s3:\/\/BUCKET/);
  });
});
