// The operator's target policy through the real svc-server and CLI: cloud metadata stays refused
// with --allow-private-targets, and --allow-targets opens one range without opening the others,
// for project URLs (client and server) and for what a sandboxed test may reach (egress proxy).
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

let target: Server;
let targetPort = 0;
const hits: string[] = [];

beforeAll(async () => {
  target = createServer((q, r) => {
    hits.push(q.url ?? '');
    r.writeHead(200, { 'content-type': 'application/json' });
    r.end('{"ok":true}');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetPort = (target.address() as { port: number }).port;
});
afterAll(() => {
  target?.close();
});

const api = (server: TestServer, key: string) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.apiUrl}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

describe('svc-server --allow-private-targets', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('still refuses a project on the cloud metadata address, saying which rule and which flag', async () => {
    const key = await server.mintKey({ name: 'meta' });
    const ctx = userCtx(server, key);
    const me = await json(ctx, ['auth', 'status']);
    expect(me.targetPolicy).toEqual({ allowPrivate: true, allowTargets: [] });
    // The client follows the server's stated policy: loopback passes, metadata does not.
    await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'Loopback', '--url', `http://127.0.0.1:${targetPort}/`]);
    const cli = await fails(ctx, ['project', 'create', '--type', 'backend', '--name', 'Meta', '--url', 'http://169.254.169.254/latest/meta-data/'], 5);
    expect(cli.error().message).toMatch(/^--url: 'http:\/\/169\.254\.169\.254\/latest\/meta-data\/' points at a cloud metadata address \(169\.254\.169\.254\); cloud metadata endpoints stay refused even with --allow-private-targets \[rule cloud-metadata\]$/);
    expect(cli.error().nextAction).toContain('svc-server start --allow-targets 169.254.169.254');
    // The server refuses it itself, however the address is spelled.
    const post = api(server, key);
    for (const url of ['http://169.254.169.254/', 'http://2852039166/', 'http://[::ffff:169.254.169.254]/', 'http://[fd00:ec2::254]/', 'http://100.100.100.200/', 'http://metadata.google.internal/']) {
      const r = await post('POST', '/projects', { type: 'backend', name: 'Meta', url });
      expect(r.status, url).toBe(400);
      expect(r.body.error.message, url).toMatch(/^url: .*cloud metadata.*\[rule cloud-metadata\]$/);
      expect(r.body.error.nextAction, url).toMatch(/--allow-targets /);
    }
    const p = await post('POST', '/projects', { type: 'backend', name: 'Lab', url: 'http://10.20.30.40/' });
    expect(p.status).toBe(201);
    const upd = await post('PATCH', `/projects/${p.body.id}`, { url: 'http://169.254.169.254/' });
    expect(upd.status).toBe(400);
    expect(upd.body.error.message).toMatch(/rule cloud-metadata/);
  });
});

describe('svc-server --allow-targets 127.0.0.0/8', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ allowPrivateTargets: false, args: ['--allow-targets', '127.0.0.0/8'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('runs a loopback target and refuses a 10.x one, in the project and inside the test', async () => {
    expect(server.output()).toMatch(/targets: public only plus 127\.0\.0\.0\/8; cloud metadata refused unless named/);
    const ctx = userCtx(server, await server.mintKey({ name: 'subnet' }));
    expect((await json(ctx, ['auth', 'status'])).targetPolicy).toEqual({ allowPrivate: false, allowTargets: ['127.0.0.0/8'] });
    const refused = await fails(ctx, ['project', 'create', '--type', 'backend', '--name', 'Ten', '--url', 'http://10.1.2.3/'], 5);
    expect(refused.error().message).toMatch(/^--url: 'http:\/\/10\.1\.2\.3\/' points at a private address \(10\.1\.2\.3\); only public addresses can be tested \[rule private\]$/);
    expect(refused.error().nextAction).toMatch(/--allow-targets 10\.1\.2\.3 .*--allow-private-targets/);
    const metadata = await fails(ctx, ['project', 'create', '--type', 'backend', '--name', 'Meta', '--url', 'http://169.254.169.254/'], 5);
    expect(metadata.error().message).toMatch(/rule cloud-metadata/);

    const project = await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Loopback', '--url', `http://127.0.0.1:${targetPort}`]);
    writeFileSync(join(ctx.cwd, 'policy.py'), `
import json, urllib.request
assert urllib.request.urlopen(TARGET_URL + '/allowed', timeout=10).status == 200
def outcome(url):
    try:
        return 'OPEN %d' % urllib.request.urlopen(url, timeout=5).status
    except Exception as e:
        return str(e)
print(json.dumps({'ten': outcome('http://10.1.2.3/'), 'metadata': outcome('http://169.254.169.254/latest/meta-data/')}))
`);
    const testId = (await json(ctx, ['test', 'create', '--project', project.id, '--type', 'backend', '--name', 'policy', '--code-file', 'policy.py'])).testId as string;
    const run = await svc(['--output', 'json', 'test', 'run', testId, '--wait', '--timeout', '120'], { ctx, timeout: 150_000 });
    expect(run.exitCode, run.stderr + run.stdout).toBe(0);
    expect(hits).toContain('/allowed');
    const result = await json(ctx, ['test', 'result', testId]);
    const out = JSON.parse(String(result.apiOutput).trim().split('\n').pop()!);
    expect(out.ten).toMatch(/svc refused .*10\.1\.2\.3 is a private address.*\[rule private\]/);
    expect(out.metadata).toMatch(/svc refused .*cloud metadata.*\[rule cloud-metadata\]/);
    // A --target-url override obeys the same policy on the server.
    const override = await fails(ctx, ['test', 'run', testId, '--target-url', 'http://10.9.9.9/'], 5);
    expect(override.error().message).toMatch(/rule private/);
  });

  it('refuses a malformed --allow-targets or SVC_ALLOW_TARGETS at start (exit 5)', async () => {
    const { execa } = await import('execa');
    const { BIN } = await import('../helpers/paths.js');
    const r = await execa(process.execPath, [BIN.server, 'start', '--port', '0', '--allow-targets', '10.0.0.0/33'], { reject: false, timeout: 20_000 });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/neither a CIDR range/);
    const env = await execa(process.execPath, [BIN.server, 'start', '--port', '0'], { reject: false, timeout: 20_000, env: { SVC_ALLOW_TARGETS: '10.0.0.0/8,nope/3' } });
    expect(env.exitCode).toBe(5);
    expect(env.stderr).toMatch(/SVC_ALLOW_TARGETS: 'nope\/3' is neither a CIDR range/);
  });
});
