import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { py, runsWorldOn, type RunsWorld } from '../helpers/runs.js';

/**
 * A target that dies in the middle of a run, as an API does when one request crashes its process:
 * GET /ok answers, GET /hold is never answered, GET /crash drops every connection unanswered and
 * stops listening.
 */
function startFragileApi(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  const die = () => {
    server.close();
    for (const s of sockets) s.destroy();
  };
  server = createServer((req, res) => {
    if (req.url === '/crash') return die();
    if (req.url === '/hold') return; // answered never: in flight when the app dies
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const idle = setTimeout(die, 120_000);
  idle.unref();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: async () => die() });
    }),
  );
}

// On the embedded store and on PostgreSQL: the last answer is looked up with SQL both must run.
describe.each(['sqlite', 'postgres'] as const)('a target that goes down during a run (%s)', (store) => {
  let w: RunsWorld;
  let target: Awaited<ReturnType<typeof startFragileApi>>;

  beforeAll(async () => {
    [w, target] = await Promise.all([runsWorldOn(store), startFragileApi()]);
  });
  afterAll(async () => {
    await Promise.all([w?.close(), target?.close()]);
  });

  it('blames the app for the request it dropped, names the requests dropped with it, and points the tests refused afterwards at that moment', async () => {
    const project = (await w.api('POST', '/projects', { type: 'backend', name: 'fragile', url: target.url })).id as string;
    const add = async (name: string, code: string) => (await w.api('POST', '/tests', { projectId: project, type: 'backend', name, code })).testId as string;
    const crash = await add('Crash it', py`
      import time
      r = http.get('/ok')
      assert r.status == 200
      time.sleep(0.5)
      http.get('/crash')
    `);
    const held = await add('Hold a request', py`
      r = http.get('/ok')
      assert r.status == 200
      http.get('/hold')
    `);
    const after = await add('Call it afterwards', py`
      import time
      time.sleep(2)
      r = http.get('/ok')
      assert r.status == 200
    `);
    const out = await w.svc(['test', 'run', '--all', '--project', project, '--wait', '--timeout', '60', '--output', 'json']);
    expect(out.exitCode, out.stderr).toBe(1);
    const analysis = async (testId: string) => (await w.api('GET', `/tests/${testId}/result?includeAnalysis=true`)).analysis;

    const dropped = await analysis(crash);
    expect(dropped).toMatchObject({ failureKind: 'connection_refused', recommendedFixTarget: 'app' });
    expect(dropped.rootCauseHypothesis).toMatch(/GET \/crash: the app at http:\/\/127\.0\.0\.1:\d+ closed the connection without answering .*last: GET \/ok → 200/);

    // Another test's request was in flight, unanswered, when the app went down: either may have done it.
    expect(dropped.rootCauseHypothesis).toMatch(/a request of another test in flight at the same moment went unanswered too \(GET \/hold \('Hold a request'\)\): the app went down while handling one of them/);
    const holding = await analysis(held);
    expect(holding).toMatchObject({ failureKind: 'connection_refused', recommendedFixTarget: 'app' });
    expect(holding.rootCauseHypothesis).toMatch(/GET \/hold: .* went unanswered too \(GET \/crash \('Crash it'\)\)/);

    const refused = await analysis(after);
    expect(refused).toMatchObject({ failureKind: 'connection_refused', recommendedFixTarget: 'environment' });
    expect(refused.rootCauseHypothesis).toMatch(/It was answering earlier in this run \(last answer: GET \/ok → 200 to '(Crash it|Hold a request)' at .+\) and stopped: the app went down during the run/);
  }, 120_000);
});
