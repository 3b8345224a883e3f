// Uploaded backend test code probes the machine as an attacker would, through the real server and
// CLI; each probe must find the door shut. The server runs with its default isolation (bubblewrap).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendWorld, type BackendWorld } from '../helpers/backend-project.js';
import { json } from '../helpers/user.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { cliEnv, svc } from '../helpers/cli.js';

let w: BackendWorld;
let listener: Server;
let listenerPort = 0;
const hits: string[] = [];

beforeAll(async () => {
  w = await backendWorld();
  // A loopback service that is not the project's target: reaching it must be the policy's choice.
  listener = createServer((q, r) => (hits.push(q.url ?? ''), r.end('reached')));
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  listenerPort = (listener.address() as { port: number }).port;
});
afterAll(async () => {
  await w?.stop();
  listener?.close();
});

async function probe(name: string, code: string): Promise<{ status: string; out: Record<string, unknown>; result: any }> {
  const id = await w.addTest(name, code);
  const { runId } = await w.run(id);
  const result = await json(w.ctx, ['test', 'result', id]);
  expect(result.runId).toBe(runId);
  const line = String(result.apiOutput ?? '').split('\n').find((l: string) => l.startsWith('{')) ?? '{}';
  return { status: result.status, out: JSON.parse(line), result };
}

const TRY = `
import json, os
out = {}
def attempt(name, fn):
    try:
        out[name] = 'OPEN: %r' % (fn(),)
    except BaseException as e:
        out[name] = 'blocked: %s' % type(e).__name__
`;

describe('the sandbox of uploaded backend tests', () => {
  it('shows the server start line with the isolation in force', () => {
    expect(w.server.output()).toMatch(/isolation: bubblewrap sandbox per test \(own uid/);
  });

  it('hides the server: no environ, cmdline, data dir, credentials, signals, files outside the run', async () => {
    const pid = w.server.proc.pid!;
    const { status, out } = await probe('probe host', `${TRY}
attempt('environ', lambda: open('/proc/${pid}/environ').read())
attempt('cmdline', lambda: open('/proc/${pid}/cmdline').read())
attempt('signal', lambda: os.kill(${pid}, 0))
attempt('db', lambda: open(${JSON.stringify(`${w.server.dataDir}/svc.db`)}, 'rb').read(16))
attempt('credentials', lambda: open(os.path.expanduser('~root/.svc/credentials')).read())
attempt('write_etc', lambda: open('/etc/svc-probe', 'w').write('x'))
attempt('write_usr', lambda: open('/usr/svc-probe', 'w').write('x'))
out['uid'] = os.getuid()
out['processes'] = sorted(int(p) for p in os.listdir('/proc') if p.isdigit())
out['secret_env'] = [k for k in os.environ if k.startswith('SVC_')]
print(json.dumps(out))
`);
    expect(status).toBe('passed');
    for (const k of ['environ', 'cmdline', 'signal', 'db', 'credentials', 'write_etc', 'write_usr']) expect(out[k], k).toMatch(/^blocked/);
    expect(out.uid).toBeGreaterThanOrEqual(2_000_000);
    expect((out.processes as number[]).length).toBeLessThanOrEqual(3);
    expect(out.secret_env).toEqual([]);
  });

  it('caps processes, and ends what a test left running when its run ends', async () => {
    const marker = `svc-grandchild-${process.pid}-${Date.now()}`;
    const { status, out, result } = await probe('probe processes', `${TRY}
import time, subprocess, sys
# A double-forked, setsid grandchild that calls home later: it must not outlive the run.
subprocess.Popen([sys.executable, '-c', 'import os, time\\nif os.fork() == 0:\\n    os.setsid()\\n    time.sleep(60)', '${marker}'], start_new_session=True)
time.sleep(0.5)
out['grandchild_started'] = any('${marker}' in open('/proc/%s/cmdline' % p).read() for p in os.listdir('/proc') if p.isdigit())
kids = 0
for i in range(200):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(20)
        os._exit(0)
    kids += 1
out['forks'] = kids
print(json.dumps(out))
`);
    expect(status, JSON.stringify(result.failure)).toBe('passed');
    expect(out.forks as number).toBeLessThan(200);
    expect(out.forks as number).toBeLessThanOrEqual(64);
    expect(out.grandchild_started).toBe(true);
    // Seen from the host, nothing of that test is left once its run is over.
    const { readdirSync, readFileSync } = await import('node:fs');
    const left = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    });
    expect(left).toEqual([]);
  });

  it('lets requests, urllib and http.client reach the target through svc, and refuses svc-server itself on every hop', async () => {
    const port = w.server.port;
    const { status, out, result } = await probe('probe egress', `${TRY}
import urllib.request, http.client, socket
import requests
out['requests'] = requests.get(TARGET_URL + '/users', headers=__AUTH_HEADERS__).status_code
out['urllib'] = urllib.request.urlopen(urllib.request.Request(TARGET_URL + '/users', headers=__AUTH_HEADERS__)).status
c = http.client.HTTPConnection(${JSON.stringify(new URL(w.api.url).hostname)}, ${new URL(w.api.url).port})
c.request('GET', '/users', headers=__AUTH_HEADERS__)
out['http_client'] = c.getresponse().status
attempt('svc_api', lambda: urllib.request.urlopen('http://127.0.0.1:${port}/api/v1/me').status)
attempt('svc_api_decimal', lambda: urllib.request.urlopen('http://2130706433:${port}/api/v1/me').status)
attempt('raw_socket', lambda: socket.socket().connect(('127.0.0.1', ${port})))
print(json.dumps(out))
`);
    expect(status).toBe('passed');
    expect(out).toMatchObject({ requests: 200, urllib: 200, http_client: 200 });
    for (const k of ['svc_api', 'svc_api_decimal', 'raw_socket']) expect(out[k], k).toMatch(/^blocked/);
    // Every call that went out is still recorded, as before the sandbox.
    const run = await json(w.ctx, ['test', 'steps', result.testId ?? '', '--run-id', result.runId]).catch(() => null);
    if (run) expect(JSON.stringify(run)).toContain('GET /users');
  });
});

describe('a server that allows public targets only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ allowPrivateTargets: false });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a test\'s own loopback requests after DNS, and says why', async () => {
    const key = await server.mintKey({ name: 'strict' });
    const ctx = cliEnv({ SVC_API_KEY: key, SVC_API_URL: server.apiUrl });
    const projectId = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'strict'])).id as string;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${ctx.cwd}/probe.py`, `
import json, urllib.request
out = {}
for name, url in (('loopback', 'http://127.0.0.1:${listenerPort}/strict'), ('localhost', 'http://localhost:${listenerPort}/strict'), ('mapped', 'http://[::ffff:127.0.0.1]:${listenerPort}/strict')):
    try:
        urllib.request.urlopen(url, timeout=5)
        out[name] = 'OPEN'
    except Exception as e:
        out[name] = str(e)
print(json.dumps(out))
`);
    const testId = (await json(ctx, ['test', 'create', '--project', projectId, '--type', 'backend', '--name', 'strict probe', '--code-file', 'probe.py'])).testId as string;
    const r = await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '120'], { ctx, timeout: 150_000 });
    expect([0, 1]).toContain(r.exitCode);
    const result = await json(ctx, ['test', 'result', testId]);
    const out = JSON.parse(String(result.apiOutput).trim().split('\n').pop()!);
    for (const k of ['loopback', 'localhost', 'mapped']) expect(out[k], k).toMatch(/svc refused .*public targets only/);
    expect(hits).not.toContain('/strict');
  });
});
