// A frontend run gets its project's files in a directory of its own (ExecuteInput.filesDir), read
// from the artifact store — a directory, or an S3 bucket (s3rver on loopback) as separate worker
// processes reach it — and removed when the run ends, however it ends. Retention leaves them alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeBatch } from '../../src/engine/batch.js';
import { createBatch } from '../../src/engine/trigger.js';
import type { ExecuteInput } from '../../src/engine/types.js';
import { prune } from '../../src/server/retention.js';
import type { ArtifactStore } from '../../src/store/artifacts/artifact-store.js';
import { S3ArtifactStore } from '../../src/store/artifacts/s3-store.js';
import { deleteProjectFiles, listProjectFiles, putProjectFile, removeProjectFile } from '../../src/store/project-files.js';
import { newId, nowIso } from '../../src/util/ids.js';
import { engineFixture, type FakeScript } from '../helpers/engine-fixture.js';
import { startS3, type TestS3 } from '../helpers/s3.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
  Object.assign(process.env, s3.env);
});
afterAll(async () => {
  await s3?.stop();
});

type Fixture = Awaited<ReturnType<typeof engineFixture>>;

/** An engine fixture whose project is a frontend project, on the given artifact store. */
async function frontendFixture(store: (() => ArtifactStore) | undefined): Promise<Fixture & { addFrontend(name: string, script?: FakeScript): Promise<string> }> {
  const f = await engineFixture();
  if (store) f.store.artifacts = store();
  f.ctx.executors = { frontend: f.exec };
  await f.store.db.updateTable('projects').set({ type: 'frontend' }).where('id', '=', f.projectId).execute();
  return {
    ...f,
    async addFrontend(name, script = {}) {
      const id = newId('tst');
      const now = nowIso();
      await f.store.db
        .insertInto('tests')
        .values({ id, project_id: f.projectId, user_id: f.userId, name, type: 'frontend', created_from: 'cli', status: 'ready', description: null, priority: null, plan_steps: JSON.stringify([{ type: 'action', description: 'Upload report.csv' }]), code: JSON.stringify(script), code_version: 1, produces: '[]', consumes: '[]', category: null, resolved_script: null, last_run_id: null, created_at: now, updated_at: now })
        .execute();
      return id;
    },
  };
}

/** Runs the project's tests; records what each run's filesDir held while it ran. */
async function runProject(f: Fixture, signal = new AbortController().signal) {
  const held = new Map<string, { dir: string | undefined; files: Record<string, string> }>();
  const execute = f.exec.execute.bind(f.exec);
  f.exec.execute = async (input: ExecuteInput) => {
    const dir = input.filesDir;
    held.set(input.testName, { dir, files: dir ? Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n)).toString('base64')])) : {} });
    if (JSON.parse(input.code ?? '{}').crash) throw new Error('executor crashed');
    return execute(input);
  };
  const t = await createBatch(f.store.db, { userId: f.userId, keyId: f.keyId, source: 'cli', projectId: f.projectId, kind: 'project', rerun: false, skipDependencies: false, frontendAvailable: true });
  await executeBatch(f.ctx, t.batchId, signal);
  const runs = await f.store.db.selectFrom('runs').selectAll().where('batch_id', '=', t.batchId).execute();
  return { held, runs, batchId: t.batchId };
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255]);

const bucket = () => new S3ArtifactStore({ kind: 's3', bucket: s3.bucket, prefix: `files-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, endpoint: s3.endpoint, pathStyle: true });

describe.each([
  ['the data dir (embedded)', undefined],
  ['an S3 bucket (scale-out workers)', bucket],
] as const)('project files in runs, from %s', (_label, store) => {
  const fixture = () => frontendFixture(store);

  it('each frontend run gets exactly the project files, in its own directory, gone after the run', async () => {
    const f = await fixture();
    await putProjectFile(f.store.artifacts, f.projectId, 'report.csv', Buffer.from('a,b\n1,2\n'));
    await putProjectFile(f.store.artifacts, f.projectId, 'photo (1).png', png);
    await putProjectFile(f.store.artifacts, f.projectId, 'gone.txt', Buffer.from('x'));
    await removeProjectFile(f.store.artifacts, f.projectId, 'gone.txt');
    await f.addFrontend('upload one');
    await f.addFrontend('upload two', { fail: 'no such button' });
    const { held, runs } = await runProject(f);
    expect(runs.map((r) => r.status).sort()).toEqual(['failed', 'passed']);
    const one = held.get('upload one')!;
    const two = held.get('upload two')!;
    expect(one.files).toEqual({ 'report.csv': Buffer.from('a,b\n1,2\n').toString('base64'), 'photo (1).png': png.toString('base64') });
    expect(two.files).toEqual(one.files);
    expect(one.dir).not.toBe(two.dir);
    expect(existsSync(one.dir!)).toBe(false);
    expect(existsSync(two.dir!)).toBe(false);
    // The store still holds them for the next run.
    expect((await listProjectFiles(f.store.artifacts, f.projectId)).map((x) => x.name)).toEqual(['photo (1).png', 'report.csv']);
  });

  it('removes the directory when the executor crashes or the batch is stopped', async () => {
    const f = await fixture();
    await putProjectFile(f.store.artifacts, f.projectId, 'report.csv', Buffer.from('x'));
    await f.addFrontend('crashes', { crash: true } as FakeScript);
    const crashed = await runProject(f);
    expect(crashed.runs[0]!.status).toBe('failed');
    expect(crashed.runs[0]!.reason).toContain('executor crashed');
    expect(existsSync(crashed.held.get('crashes')!.dir!)).toBe(false);

    const g = await fixture();
    await putProjectFile(g.store.artifacts, g.projectId, 'report.csv', Buffer.from('x'));
    await g.addFrontend('slow', { delayMs: 10_000 });
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('shutting down')), 300);
    const stopped = await runProject(g, stop.signal);
    const dir = stopped.held.get('slow')!.dir!;
    expect(dir).toBeTruthy();
    expect(existsSync(dir)).toBe(false);
  });

  it('no files: no filesDir; a deleted project takes its files along; retention never touches them', async () => {
    const f = await fixture();
    await f.addFrontend('plain');
    expect((await runProject(f)).held.get('plain')!.dir).toBeUndefined();

    await putProjectFile(f.store.artifacts, f.projectId, 'report.csv', Buffer.from('x'));
    await runProject(f);
    // Prunes the older batch (the newest run of each test is kept) and its run artifacts.
    const report = await prune(f.store, { days: 1 }, { now: new Date(Date.now() + 3 * 86_400_000) });
    expect(report.totals.batches).toBeGreaterThan(0);
    expect((await listProjectFiles(f.store.artifacts, f.projectId)).map((x) => x.name)).toEqual(['report.csv']);

    await deleteProjectFiles(f.store.artifacts, f.projectId);
    expect(await f.store.artifacts.list(`projects/${f.projectId}`)).toEqual([]);
  });
});
