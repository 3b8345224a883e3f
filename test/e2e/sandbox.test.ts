// Uploaded backend test code probes the machine as an attacker would, through the real server and
// CLI; each probe must find the door shut. The server runs with its default isolation (bubblewrap).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendRunner } from '../../src/engine/backend/runner.js';
import { detectIsolation } from '../../src/engine/sandbox/bwrap.js';
import { backendWorld, type BackendWorld } from '../helpers/backend-project.js';
import { json } from '../helpers/user.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { cliEnv, svc } from '../helpers/cli.js';
import { expectHostSealed, expectProcessesContained, hostProbe, processProbe, TRY } from '../helpers/sandbox-probes.js';
import { descendsFrom, forkServers, processes, processesRunning, running } from '../helpers/procs.js';

let w: BackendWorld;
let listener: Server;
let listenerPort = 0;
const hits: string[] = [];
const seen: string[] = [];

beforeAll(async () => {
  w = await backendWorld();
  // A loopback service that is not the project's target: reaching it must be the policy's choice.
  listener = createServer((q, r) => {
    hits.push(q.url ?? '');
    seen.push(`${q.method} ${q.url} ${q.headers.authorization ?? '-'}`);
    const to = new URL(q.url ?? '/', 'http://x').searchParams.get('to');
    if (to) {
      r.writeHead(302, { location: to });
      return r.end();
    }
    if (q.method === 'POST') {
      r.writeHead(201, { 'content-type': 'application/json' });
      return r.end(JSON.stringify({ id: 7 }));
    }
    r.end('reached');
  });
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


describe('the sandbox of uploaded backend tests', () => {
  it('shows the server start line with the isolation in force', () => {
    expect(w.server.output()).toMatch(/isolation: bubblewrap sandbox per test \(own uid/);
  });

  it('hides the server: no environ, cmdline, data dir, credentials, signals, files outside the run', async () => {
    const pid = w.server.proc.pid!;
    const { status, out } = await probe('probe host', hostProbe(pid, w.server.dataDir));
    expect(status).toBe('passed');
    expectHostSealed(out);
  });

  it('caps processes, and ends what a test left running when its run ends', async () => {
    const marker = `svc-grandchild-${process.pid}-${Date.now()}`;
    const { status, out, result } = await probe('probe processes', processProbe(marker));
    expect(status, JSON.stringify(result.failure)).toBe('passed');
    expectProcessesContained(out, marker);
  });

  it('ends a leftover that signals everything it can, and the tests after it run under the same parent', async () => {
    const marker = `svc-hostile-${process.pid}-${Date.now()}`;
    // The parent of a test's process is the sandbox's fork server: its start time says whether
    // it is still the same process.
    const parentStart = `out['parent_start'] = open('/proc/%d/stat' % os.getppid()).read().rsplit(') ', 1)[1].split()[19]\n`;
    const before = await probe('parent before', `${TRY}${parentStart}print(json.dumps(out))\n`);
    // A setsid grandchild that sends SIGKILL to every process it may signal, again and again, for
    // two seconds: the test's own process first (its run ends as a crash), then whatever would
    // end the leftover.
    const hostile = await probe('hostile leftover', `${TRY}
import subprocess, sys, time
script = 'import os, time\\nif os.fork() == 0:\\n    os.setsid()\\n    end = time.time() + 2\\n    while time.time() < end:\\n        try:\\n            os.kill(-1, 9)\\n        except OSError:\\n            pass\\n'
subprocess.Popen([sys.executable, '-c', script, '${marker}'], start_new_session=True)
time.sleep(5)
`);
    expect(hostile.status).toBe('failed');
    expect(hostile.result.failure?.kind ?? hostile.result.failure?.type ?? JSON.stringify(hostile.result.failure)).toMatch(/crash/);
    const after = await probe('parent after', `${TRY}${parentStart}print(json.dumps(out))\n`);
    expect(after.status).toBe('passed');
    expect(after.out.parent_start).toBe(before.out.parent_start);
    const left = processesRunning(marker).map((p) => String(p.pid));
    expect(left).toEqual([]);
  });

  it('runs the API thread (as root) above the engine thread and the tests, which keep the server priority', async () => {
    const pid = w.server.proc.pid!;
    const niceOf = (path: string) => Number(readFileSync(path, 'utf8').split(') ').pop()!.split(' ')[16]);
    const threads = readdirSync(`/proc/${pid}/task`).map((t) => ({ tid: Number(t), nice: niceOf(`/proc/${pid}/task/${t}/stat`) }));
    const main = threads.find((t) => t.tid === pid)!;
    const others = threads.filter((t) => t.tid !== pid);
    expect(others.length).toBeGreaterThan(1);
    const base = others[0]!.nice;
    expect(others.every((t) => t.nice === base)).toBe(true);
    expect(main.nice).toBe(process.getuid!() === 0 ? Math.max(-20, base - 5) : base);
    // The fork server (started by the engine thread for the probes above) keeps the server's own.
    const carriers = processesRunning('fork_server.py').map((p) => String(p.pid));
    expect(carriers.length).toBeGreaterThan(0);
    for (const p of carriers) expect(niceOf(`/proc/${p}/stat`)).toBe(base);
    // The tests yield the CPU to the server: the idle policy, and where Linux groups processes by
    // session, the sandbox's own session group at the lowest weight; the server's group unchanged.
    const pythons = carriers.filter((p) => /python/.test(readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0]!));
    expect(pythons.length).toBeGreaterThan(0);
    for (const p of pythons) expect(readFileSync(`/proc/${p}/sched`, 'utf8')).toMatch(/^policy\s*:\s*5$/m);
    if (existsSync(`/proc/${pid}/autogroup`) && readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1') {
      // An empty file is the root group: a session that never left the machine's first one (as in
      // many containers), which svc-server then shares with everything else started that way.
      const group = (p: number | string) => /^(\S+) nice (-?\d+)/.exec(readFileSync(`/proc/${p}/autogroup`, 'utf8'))?.slice(1) ?? null;
      const server = group(pid);
      expect(server?.[1]).toBe(group(process.pid)?.[1]);
      for (const p of pythons) {
        const sandbox = group(p);
        expect(sandbox).not.toBeNull();
        expect(sandbox![0]).not.toBe(server?.[0]);
        expect(sandbox![1]).toBe('19');
      }
    }
  });

  it('lets requests, urllib and http.client reach the target through svc, and refuses svc-server itself on every hop', async () => {
    const port = w.server.port;
    const { status, out, result } = await probe('probe egress', `${TRY}
import urllib.request, urllib.parse, http.client, socket
import requests
out['requests'] = requests.get(TARGET_URL + '/users', headers=__AUTH_HEADERS__).status_code
out['urllib'] = urllib.request.urlopen(urllib.request.Request(TARGET_URL + '/users', headers=__AUTH_HEADERS__)).status
c = http.client.HTTPConnection(${JSON.stringify(new URL(w.api.url).hostname)}, ${new URL(w.api.url).port})
c.request('GET', '/users', headers=__AUTH_HEADERS__)
out['http_client'] = c.getresponse().status
attempt('svc_api', lambda: urllib.request.urlopen('http://127.0.0.1:${port}/api/v1/me').status)
attempt('svc_api_decimal', lambda: urllib.request.urlopen('http://2130706433:${port}/api/v1/me').status)
attempt('raw_socket', lambda: socket.socket().connect(('127.0.0.1', ${port})))
attempt('redirect_hop', lambda: urllib.request.urlopen('http://127.0.0.1:${listenerPort}/hop?to=' + urllib.parse.quote('http://127.0.0.1:${port}/api/v1/me')).status)
print(json.dumps(out))
`);
    expect(status).toBe('passed');
    expect(out).toMatchObject({ requests: 200, urllib: 200, http_client: 200 });
    for (const k of ['svc_api', 'svc_api_decimal', 'raw_socket', 'redirect_hop']) expect(out[k], k).toMatch(/^blocked/);
    expect(hits.some((h) => h.startsWith('/hop'))).toBe(true); // the first hop was allowed, the second refused
    // Every call that went out is still recorded, as before the sandbox.
    const run = await json(w.ctx, ['test', 'steps', result.testId ?? '', '--run-id', result.runId]).catch(() => null);
    if (run) expect(JSON.stringify(run)).toContain('GET /users');
  });
});

describe('a sandbox per test (where the fork server cannot run: without root, or forking off)', () => {
  it('runs the test at the idle policy and its session group at the lowest weight, apart from the server\'s', async () => {
    const isolation = detectIsolation();
    expect(isolation.kind).toBe('bubblewrap');
    const runner = new BackendRunner({ isolation: { mode: 'sandbox', isolation, policy: { allowPrivate: true, ownPorts: [] } }, fork: false });
    try {
      // A group's weight may change once per 0.1 s machine-wide: the sandbox keeps trying from a
      // thread while the test goes on, so the test waits for it a little.
      const r = await runner.run({
        code: [
          'import os, time',
          'end = time.time() + 5',
          "while time.time() < end and not open('/proc/self/autogroup').read().strip().endswith(' 19'):",
          '    time.sleep(0.05)',
          "produce('group', open('/proc/self/autogroup').read().strip())",
          "produce('policy', os.sched_getscheduler(0))",
        ].join('\n'),
        targetUrl: 'http://127.0.0.1:9', auth: { headers: {}, type: 'none', credential: null }, vars: {},
      });
      expect(r.failure).toBeUndefined();
      expect(r.produced.policy).toBe(5); // SCHED_IDLE
      if (readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1') {
        const own = readFileSync('/proc/self/autogroup', 'utf8').trim();
        expect(r.produced.group).toMatch(/^\/autogroup-\d+ nice 19$/);
        expect(String(r.produced.group).split(' ')[0]).not.toBe(own.split(' ')[0] || undefined);
      }
    } finally {
      await runner.close();
    }
  });
});

describe('HTTPS through the egress proxy', () => {
  it('tunnels TLS end to end (CONNECT) for requests and urllib', async () => {
    const { execFileSync } = await import('node:child_process');
    const { readFileSync } = await import('node:fs');
    const { createServer: createHttps } = await import('node:https');
    const { tempDir } = await import('../helpers/paths.js');
    const dir = tempDir('svc-tls-');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const tls = createHttps({ key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) }, (_q, r) => r.end('secure'));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    try {
      const port = (tls.address() as { port: number }).port;
      const { status, out } = await probe('probe tls', `${TRY}
import ssl, urllib.request, requests
out['requests'] = requests.get('https://127.0.0.1:${port}/', verify=False).text
out['urllib'] = urllib.request.urlopen('https://127.0.0.1:${port}/', context=ssl._create_unverified_context()).read().decode()
print(json.dumps(out))
`);
      expect(status).toBe('passed');
      expect(out).toMatchObject({ requests: 'secure', urllib: 'secure' });
    } finally {
      tls.close();
    }
  });
});

describe('the engine\'s own requests', () => {
  it('cleanup sends the project\'s credential to the run\'s target only: a record made elsewhere is left, with the reason', async () => {
    await w.addTest('elsewhere create', `
import urllib.request, json
req = urllib.request.Request('http://127.0.0.1:${listenerPort}/things', data=b'{}', method='POST', headers={'Content-Type': 'application/json', **__AUTH_HEADERS__})
assert urllib.request.urlopen(req).status == 201
`);
    const r = await svc(['--output', 'json', 'test', 'run', '--all', '--project', w.projectId, '--filter', 'elsewhere', '--wait', '--timeout', '120'], { ctx: w.ctx, timeout: 150_000 });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json().cleanup).toMatchObject({ status: 'done', deleted: 0, failed: 1 });
    expect(seen.filter((x) => x.startsWith('POST /things'))).toHaveLength(1);
    expect(seen.filter((x) => x.startsWith('DELETE') || x.startsWith('GET /things'))).toEqual([]);
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
    for (const k of ['loopback', 'localhost', 'mapped']) expect(out[k], k).toMatch(/svc refused .*only public addresses can be tested \[rule (loopback|localhost)\]/);
    expect(hits).not.toContain('/strict');
  });
});

describe('a target stored under a looser policy', () => {
  it('is refused when a run starts after a restart that forbids private targets', async () => {
    const first = await startServer();
    const key = await first.mintKey({ name: 'policy' });
    const ctx = cliEnv({ SVC_API_KEY: key, SVC_API_URL: first.apiUrl, SVC_ALLOW_PRIVATE_TARGETS: '1' });
    const projectId = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'loopback', '--url', `http://127.0.0.1:${listenerPort}`])).id as string;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${ctx.cwd}/t.py`, "import urllib.request\nassert urllib.request.urlopen(TARGET_URL + '/policy').status == 200\n");
    const testId = (await json(ctx, ['test', 'create', '--project', projectId, '--type', 'backend', '--name', 'policy', '--code-file', 't.py'])).testId as string;
    await first.stop();
    const strict = await startServer({ dataDir: first.dataDir, allowPrivateTargets: false });
    try {
      const r = await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '120'], { ctx: { ...ctx, env: { ...ctx.env, SVC_API_URL: strict.apiUrl } }, timeout: 150_000 });
      expect(r.exitCode).toBe(1);
      const result = await json({ ...ctx, env: { ...ctx.env, SVC_API_URL: strict.apiUrl } }, ['test', 'result', testId]);
      expect(result.status).toBe('failed');
      expect(result.reason).toMatch(/loopback address \(127\.0\.0\.1\); only public addresses can be tested/);
      expect(hits).not.toContain('/policy');
    } finally {
      await strict.stop();
    }
  });
});

describe('the browser of frontend tests', () => {
  it('obeys the target policy: a page cannot make Chromium call svc-server itself', async () => {
    const apiPort = w.server.port;
    const page = createServer((_q, r) => {
      r.writeHead(200, { 'content-type': 'text/html' });
      r.end(`<!doctype html><title>Probe</title><h1>Probe</h1><p id="out">waiting</p>
<script>fetch('http://127.0.0.1:${apiPort}/openapi.json', { mode: 'no-cors' }).then(() => { document.getElementById('out').textContent = 'svc reached'; }, () => { document.getElementById('out').textContent = 'svc blocked'; });</script>`);
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(page.address() as { port: number }).port}/`;
      const project = (await json(w.ctx, ['project', 'create', '--type', 'frontend', '--name', 'probe page', '--url', url])).id as string;
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${w.ctx.cwd}/plan.json`, JSON.stringify({ projectId: project, type: 'frontend', name: 'probe', planSteps: [{ type: 'action', description: 'Go to /' }, { type: 'assertion', description: 'Verify "svc blocked" is visible' }] }));
      const testId = (await json(w.ctx, ['test', 'create', '--plan-from', 'plan.json'])).testId as string;
      const r = await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '300'], { ctx: w.ctx, timeout: 330_000 });
      expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    } finally {
      page.close();
    }
  });
});

describe('a server where the sandbox cannot start', () => {
  async function runProbe(server: TestServer): Promise<any> {
    const key = await server.mintKey({ name: 'nosandbox' });
    const ctx = cliEnv({ SVC_API_KEY: key, SVC_API_URL: server.apiUrl, SVC_ALLOW_PRIVATE_TARGETS: '1' });
    const projectId = (await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'nosandbox', '--url', w.api.url])).id as string;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${ctx.cwd}/t.py`, "print('ran')\n");
    const testId = (await json(ctx, ['test', 'create', '--project', projectId, '--type', 'backend', '--name', 'plain', '--code-file', 't.py'])).testId as string;
    await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '120'], { ctx, timeout: 150_000 });
    return json(ctx, ['test', 'result', testId]);
  }

  it('refuses to run uploaded code and says why and what to do', async () => {
    const server = await startServer({ env: { SVC_BWRAP: '/bin/false' } });
    try {
      expect(server.output()).toMatch(/isolation: unavailable \(bubblewrap cannot create namespaces here.*\); backend tests are refused/);
      const result = await runProbe(server);
      expect(result.status).toBe('failed');
      expect(result.reason).toMatch(/runs no uploaded test code without a sandbox.*--unsafe-no-sandbox/);
      expect(result.apiOutput ?? '').not.toContain('ran');
    } finally {
      await server.stop();
    }
  });

  it('runs it unsandboxed only when the operator says --unsafe-no-sandbox, and every run says so', async () => {
    const server = await startServer({ env: { SVC_BWRAP: '/bin/false' }, args: ['--unsafe-no-sandbox'] });
    try {
      expect(server.output()).toMatch(/isolation: NONE \(--unsafe-no-sandbox\)/);
      const result = await runProbe(server);
      expect(result.status).toBe('passed');
      expect(result.apiOutput).toBe('[svc] this test ran without a sandbox: svc-server was started with --unsafe-no-sandbox\nran\n');
    } finally {
      await server.stop();
    }
  });
});

describe('start-up errors', () => {
  it('a malformed SVC_SECRET_KEY stops svc-server with a clear message and a next step, no stack trace', async () => {
    const { execa } = await import('execa');
    const { BIN, tempDir } = await import('../helpers/paths.js');
    const r = await execa(process.execPath, [BIN.server, 'start', '--port', '0', '--data-dir', `${tempDir('svc-key-')}/data`], { env: { ...process.env, SVC_SECRET_KEY: 'not-a-key' }, reject: false, timeout: 30_000 });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/SVC_SECRET_KEY is malformed/);
    expect(r.stderr).toMatch(/openssl rand -base64 32/);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('a freshly started server', () => {
  it('has its sandboxed fork server up before any test is triggered, and ends it when stopped', async () => {
    const server = await startServer();
    /** Python processes running the fork server below svc-server (inside bubblewrap, as it starts them). */
    const ours = () => {
      const all = processes();
      return forkServers().filter((p) => descendsFrom(p, server.proc.pid!, all)).map((p) => p.pid);
    };
    let found: number[] = [];
    try {
      for (let i = 0; i < 200 && !found.length; i++) {
        found = ours();
        if (!found.length) await new Promise((r) => setTimeout(r, 100));
      }
      expect(found.length).toBe(1);
    } finally {
      await server.stop();
    }
    for (let i = 0; i < 50 && found.some(running); i++) await new Promise((r) => setTimeout(r, 100));
    expect(found.filter(running)).toEqual([]);
  });
});
