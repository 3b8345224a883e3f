import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { py, runsWorldOn, type RunsWorld } from '../helpers/runs.js';

/**
 * Notes keyed by a name the client picks: PUT /notes/{key} creates or replaces (204 either way, no
 * body), GET reads, DELETE removes. Nothing in an answer says whether a PUT created.
 */
function startNotesApi(): Promise<{ url: string; notes: Map<string, unknown>; close(): Promise<void> }> {
  const notes = new Map<string, unknown>();
  const server: Server = createServer((req, res) => {
    const key = decodeURIComponent(/^\/notes\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '');
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (!key) return res.writeHead(404).end();
      if (req.method === 'PUT') {
        notes.set(key, JSON.parse(body || 'null'));
        return res.writeHead(204).end();
      }
      if (req.method === 'DELETE') return res.writeHead(notes.delete(key) ? 204 : 404).end();
      if (!notes.has(key)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(notes.get(key)));
    });
  });
  const idle = setTimeout(() => server.close(), 120_000);
  idle.unref();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, notes, close: () => new Promise<void>((r) => server.close(() => r())) });
    }),
  );
}

// On the embedded store and on PostgreSQL: the batch reads the records its runs reported with SQL both must run.
describe.each(['sqlite', 'postgres'] as const)('records a test made with a PUT (%s)', (store) => {
  let w: RunsWorld;
  let target: Awaited<ReturnType<typeof startNotesApi>>;

  beforeAll(async () => {
    [w, target] = await Promise.all([runsWorldOn(store, { SVC_TEST_TIMEOUT_MS: '4000' }), startNotesApi()]);
  });
  afterAll(async () => {
    await Promise.all([w?.close(), target?.close()]);
  });

  it('are deleted by the run\'s cleanup when the test was stopped before it could delete them', async () => {
    const project = (await w.api('POST', '/projects', { type: 'backend', name: 'notes', url: target.url })).id as string;
    const add = async (name: string, code: string) => (await w.api('POST', '/tests', { projectId: project, type: 'backend', name, code })).testId as string;
    const stopped = await add('Make a note and hang', py`
      import time
      from svc_checks import call, track_at
      r = call("PUT", "/notes/left%20by%20a", {"text": "a"})
      track_at(r, "/notes/left%20by%20a")
      time.sleep(60)
    `);
    await add('Make a note and delete it', py`
      from svc_checks import call, cleanup, track_at
      r = call("PUT", "/notes/b", {"text": "b"})
      assert r.status == 204
      track_at(r, "/notes/b")
      cleanup()
    `);
    const out = await w.svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '90', '--output', 'json'], 120_000);
    expect(out.exitCode, out.stderr).toBe(1);
    const res = out.json();
    const run = res.wait.results.find((r: any) => r.testId === stopped);
    expect((await w.result(run.runId)).failure).toMatchObject({ kind: 'timeout' });
    expect([...target.notes.keys()]).toEqual([]);
    expect(res.cleanup).toMatchObject({ status: 'done', deleted: 1, failed: 0, mightBeOrphaned: [] });
    const batch = await w.batch(res.batchId);
    expect(batch.cleanup.records.map((c: any) => [c.resourcePath, c.status, c.sourceEndpoint]).sort()).toEqual([
      ['/notes/b', 'deleted-by-test', 'PUT /notes/{id}'],
      ['/notes/left%20by%20a', 'deleted', 'PUT /notes/{id}'],
    ]);
  }, 120_000);
});
