import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, svc, type CliEnv } from '../helpers/cli.js';
import { BIN, ROOT } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { Identity } from '../../src/contract/me.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startServer();
  key = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
});
afterAll(async () => {
  await server?.stop();
});

const ep = () => ['--endpoint-url', server.apiUrl];

describe('svc-server', () => {
  it('prints a new key alone on stdout and never lists it', async () => {
    expect(key).toMatch(/^svc_[A-Za-z0-9_-]{20,}$/);
    const list = await execa(process.execPath, [BIN.server, 'keys', 'list', '--data-dir', server.dataDir, '--json']);
    const keys = JSON.parse(list.stdout);
    expect(keys.some((k: { name: string }) => k.name === 'alice')).toBe(true);
    expect(list.stdout).not.toContain(key);
    const db = readFileSync(join(server.dataDir, 'svc.db'));
    expect(db.includes(Buffer.from(key))).toBe(false);
  });

  it('answers GET /me with the identity and a request id', async () => {
    const res = await fetch(`${server.apiUrl}/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const me = Identity.parse(await res.json());
    expect(me).toMatchObject({ name: 'alice', email: 'alice@example.com', env: 'self-hosted' });
    expect(me.scopes).toContain('run:tests');
  });

  it('uses one error envelope for 401 and 404', async () => {
    for (const [path, headers, status, code] of [
      ['/me', {}, 401, 'UNAUTHENTICATED'],
      ['/me', { authorization: 'Bearer svc_not_a_real_key_000000000' }, 401, 'UNAUTHENTICATED'],
      ['/nope', { authorization: `Bearer ${key}` }, 404, 'NOT_FOUND'],
    ] as const) {
      const res = await fetch(`${server.apiUrl}${path}`, { headers });
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(body.error).toMatchObject({ code, requestId: res.headers.get('x-request-id') });
      expect(body.error.message).toBeTruthy();
      expect(body.error.nextAction).toBeTruthy();
    }
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/me'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Identity');
    expect(doc.components.schemas.Identity.required).toEqual(expect.arrayContaining(['userId', 'keyId', 'scopes']));
  });

  it('revokes a key: requests with it fail with 401 / exit 3', async () => {
    const k = await server.mintKey({ name: 'temp' });
    const list = JSON.parse((await execa(process.execPath, [BIN.server, 'keys', 'list', '--data-dir', server.dataDir, '--json'])).stdout);
    const keyId = list.find((x: { name: string }) => x.name === 'temp').keyId;
    await execa(process.execPath, [BIN.server, 'keys', 'revoke', keyId, '--data-dir', server.dataDir]);
    const ctx = cliEnv({ SVC_API_KEY: k });
    const r = await svc([...ep(), 'auth', 'status'], { ctx });
    expect(r.exitCode).toBe(3);
  });

  it('migrate reports an up-to-date store', async () => {
    const r = await execa(process.execPath, [BIN.server, 'migrate', '--data-dir', server.dataDir]);
    expect(r.stdout).toMatch(/up to date/);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const s = await startServer();
    expect(await s.stop('SIGTERM')).toBe(0);
    expect(s.output()).toMatch(/SIGTERM received, shutting down/);
  });
});

describe('svc setup', () => {
  it('refuses a bad key with exit 3 and writes nothing', async () => {
    const ctx = cliEnv();
    const r = await svc([...ep(), 'setup', '--api-key', 'svc_wrong_wrong_wrong_wrong_wrong', '--no-agent'], { ctx });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/nothing was written/);
    expect(existsSync(join(ctx.home, '.svc'))).toBe(false);
  });

  it('stores a good key in a 0600 file in a 0700 dir and prints the summary', async () => {
    const ctx = cliEnv();
    const r = await svc([...ep(), 'setup', '--api-key', key, '--no-agent'], { ctx });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('initialized.');
    expect(r.stdout).toMatch(/profile:\s+default/);
    expect(r.stdout).toMatch(/scopes:\s+read:me/);
    expect(r.stdout).toMatch(/next steps:/);
    const file = join(ctx.home, '.svc', 'credentials');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(ctx.home, '.svc')).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, 'utf8')).toContain(`api_key = ${key}`);
  });

  it('never lets a rejected key overwrite a working profile', async () => {
    const ctx = cliEnv();
    expect((await svc([...ep(), 'setup', '--api-key', key, '--no-agent'], { ctx })).exitCode).toBe(0);
    const before = readFileSync(join(ctx.home, '.svc', 'credentials'), 'utf8');
    const bad = await svc([...ep(), 'setup', '--api-key', 'svc_bad_bad_bad_bad_bad_bad_bad', '--no-agent'], { ctx });
    expect(bad.exitCode).toBe(3);
    expect(readFileSync(join(ctx.home, '.svc', 'credentials'), 'utf8')).toBe(before);
    expect((await svc(['auth', 'status'], { ctx })).exitCode).toBe(0);
  });

  it('reads the key from the environment with --from-env and keeps other profiles', async () => {
    const ctx = cliEnv();
    expect((await svc([...ep(), 'setup', '--api-key', key, '--no-agent'], { ctx })).exitCode).toBe(0);
    const r = await svc([...ep(), '--profile', 'ci', '--output', 'json', 'setup', '--from-env', '--no-agent'], { ctx, env: { SVC_API_KEY: key } });
    expect(r.exitCode).toBe(0);
    expect(r.json()).toMatchObject({ initialized: true, profile: 'ci', identity: { name: 'alice' } });
    const text = readFileSync(join(ctx.home, '.svc', 'credentials'), 'utf8');
    expect(text).toContain('[default]');
    expect(text).toContain('[ci]');
  });

  it('exits 5 without a TTY and without a key source', async () => {
    const ctx = cliEnv();
    const r = await svc([...ep(), 'setup', '--no-agent'], { ctx });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/--api-key/);
  });
});

describe('identity, doctor, usage', () => {
  let ctx: CliEnv;
  beforeAll(async () => {
    ctx = cliEnv();
    expect((await svc([...ep(), 'setup', '--api-key', key, '--no-agent'], { ctx })).exitCode).toBe(0);
  });

  it('auth status prints the identity in text and json', async () => {
    const t = await svc(['auth', 'status'], { ctx });
    expect(t.exitCode).toBe(0);
    for (const f of ['userId:', 'name:', 'email:', 'keyId:', 'env:', 'scopes:']) expect(t.stdout).toContain(f);
    expect(t.stdout).not.toContain('note:');
    const j = await svc(['--output', 'json', 'auth', 'status'], { ctx });
    expect(Identity.parse(j.json()).email).toBe('alice@example.com');
  });

  it('auth status adds a note when write or run scopes are missing', async () => {
    const ro = await server.mintKey({ name: 'reader', scopes: 'read:me,read:projects,read:tests' });
    const r = await svc([...ep(), 'auth', 'status'], { ctx: cliEnv({ SVC_API_KEY: ro }) });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^note: .*write:tests.*run:tests/m);
  });

  it('doctor passes every check but the skill one (a warning) and exits 0', async () => {
    const r = await svc(['--output', 'json', 'doctor'], { ctx });
    expect(r.exitCode).toBe(0);
    const rep = r.json();
    expect(rep.failures).toBe(0);
    const byName = Object.fromEntries(rep.checks.map((c: { name: string; status: string }) => [c.name, c.status]));
    expect(byName).toMatchObject({ 'cli version': 'OK', 'node runtime': 'OK', 'active profile': 'OK', 'api endpoint': 'OK', credentials: 'OK', connectivity: 'OK', 'verify skill': 'WARN' });
    const t = await svc(['doctor'], { ctx });
    expect(t.stdout).toMatch(/0 failure\(s\), 1 warning\(s\)/);
  });

  it('doctor fails (non-zero) when the server is unreachable', async () => {
    const r = await svc(['--endpoint-url', 'http://127.0.0.1:9/api/v1', 'doctor'], { ctx });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/\[FAIL\] connectivity/);
  });

  it('usage shows credits and plan only when the operator set them', async () => {
    const plain = await svc(['--output', 'json', 'usage'], { ctx });
    expect(plain.json()).toEqual({
      userId: expect.any(String), keyId: expect.any(String), env: 'self-hosted', metered: false,
      periodStart: expect.any(String), runsThisMonth: 0, replaysThisMonth: 0, creditsUsedThisMonth: 0,
    });
    const metered = await server.mintKey({ name: 'metered', credits: 40, creditsPerRun: 2, plan: 'pro' });
    const m = await svc([...ep(), '--output', 'json', 'credits'], { ctx: cliEnv({ SVC_API_KEY: metered }) });
    expect(m.json()).toMatchObject({ metered: true, credits: 40, creditsPerRun: 2, subPlan: 'pro' });
  });

  it('auth remove deletes only the active profile', async () => {
    const c2 = cliEnv();
    await svc([...ep(), 'setup', '--api-key', key, '--no-agent'], { ctx: c2 });
    await svc([...ep(), '--profile', 'other', 'setup', '--api-key', key, '--no-agent'], { ctx: c2 });
    const r = await svc(['--profile', 'other', 'auth', 'remove'], { ctx: c2 });
    expect(r.exitCode).toBe(0);
    const text = readFileSync(join(c2.home, '.svc', 'credentials'), 'utf8');
    expect(text).toContain('[default]');
    expect(text).not.toContain('[other]');
    expect((await svc(['--profile', 'other', 'auth', 'remove'], { ctx: c2 })).exitCode).toBe(5);
  });

  it('--debug prints method, path, request id and latency on stderr', async () => {
    const r = await svc(['--debug', 'auth', 'status'], { ctx });
    expect(r.stderr).toMatch(/\[debug\] GET \/api\/v1\/me -> 200 req_\S+ \d+ms/);
  });
});

describe('global flags and exit codes', () => {
  it('prints the version with -V, and the same top-level help whichever way it is asked for', async () => {
    const r = await svc(['-V'], { ctx: cliEnv() });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect((await svc(['--version'], { ctx: cliEnv() })).stdout).toBe(r.stdout);
    // `--help` off a terminal prints the text rendered at build time; `help` renders it live.
    const fast = await svc(['--help'], { ctx: cliEnv() });
    const live = await svc(['help'], { ctx: cliEnv() });
    expect(fast.exitCode).toBe(0);
    expect(fast.stdout).toBe(live.stdout);
    expect((await svc(['-h'], { ctx: cliEnv() })).stdout).toBe(live.stdout);
    expect(fast.stdout).toMatch(/^Usage: svc \[options\] \[command\]\n/);
    for (const noun of ['setup', 'doctor', 'auth', 'project', 'test', 'plan', 'agent', 'usage|credits', 'completion <shell>']) expect(fast.stdout).toContain(`\n  ${noun} `);
  });

  it('rejects an invalid --output with exit 5', async () => {
    const r = await svc(['--output', 'xml', 'auth', 'status'], { ctx: cliEnv() });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/json, text/);
  });

  it('global flags work anywhere on the line; an unknown flag is a usage error (exit 5) with a hint', async () => {
    const before = await svc(['--output', 'json', 'auth', 'status'], { ctx: cliEnv() });
    const after = await svc(['auth', 'status', '--output', 'json'], { ctx: cliEnv() });
    const equals = await svc(['auth', '--output=json', 'status'], { ctx: cliEnv() });
    expect(after.exitCode).toBe(before.exitCode);
    expect(after.stderr).toBe(before.stderr);
    expect(equals.stderr).toBe(before.stderr);
    expect(after.error().code).toBeDefined();
    const unknown = await svc(['auth', 'status', '--outptu', 'json'], { ctx: cliEnv() });
    expect(unknown.exitCode).toBe(5);
    expect(unknown.stderr).toMatch(/unknown option '--outptu'[\s\S]*--help/);
  });

  it('prints completion scripts that complete commands, subcommands and flags', async () => {
    const script = await svc(['completion', 'bash'], { ctx: cliEnv() });
    expect(script.exitCode).toBe(0);
    const file = join(cliEnv().cwd, 'svc.bash');
    writeFileSync(file, script.stdout);
    const complete = async (words: string[]) => (await execa('bash', ['-c', `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _svc_complete; echo "\${COMPREPLY[*]}"`])).stdout;
    expect(await complete(['svc', 'pro'])).toBe('project');
    expect(await complete(['svc', '--output', 'json', 'project', 'l'])).toBe('list');
    expect((await complete(['svc', 'test', 'result', '--'])).split(' ')).toEqual(expect.arrayContaining(['--run-id', '--include-analysis', '--history']));
    const fish = await svc(['completion', 'fish'], { ctx: cliEnv() });
    expect(fish.stdout).toContain("complete -c svc -f -n '__fish_seen_subcommand_from project' -a 'list");
    expect((await svc(['completion', 'zsh'], { ctx: cliEnv() })).stdout).toMatch(/^#compdef svc\n/);
    const other = await svc(['completion', 'tcsh'], { ctx: cliEnv() });
    expect(other.exitCode).toBe(5);
    expect(other.stderr).toContain('svc completion bash');
  });

  it('a missing named profile exits 5, in json mode with the error envelope on stderr', async () => {
    const r = await svc(['--output', 'json', '--profile', 'ghost', 'auth', 'status'], { ctx: cliEnv() });
    expect(r.exitCode).toBe(5);
    expect(r.error()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining("'ghost'") });
    expect(r.stdout).toBe('');
    const viaEnv = await svc(['auth', 'status'], { ctx: cliEnv({ SVC_PROFILE: 'ghost' }) });
    expect(viaEnv.exitCode).toBe(5);
  });

  it('no key at all is an auth error (exit 3)', async () => {
    const r = await svc([...ep(), 'auth', 'status'], { ctx: cliEnv() });
    expect(r.exitCode).toBe(3);
  });

  it('an unreachable server is a transport error (exit 10)', async () => {
    const r = await svc(['--output', 'json', '--endpoint-url', 'http://127.0.0.1:9/api/v1', 'usage'], { ctx: cliEnv({ SVC_API_KEY: key }) });
    expect(r.exitCode).toBe(10);
    expect(r.error().code).toBe('TRANSPORT');
  });

  describe('request timeout', () => {
    let slow: Server;
    let slowUrl: string;
    beforeAll(async () => {
      slow = createServer(() => undefined); // accepts and never answers
      await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
      slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/api/v1`;
    });
    afterAll(() => {
      slow.closeAllConnections();
      slow.close();
    });

    it('--request-timeout gives exit 7', async () => {
      const started = Date.now();
      const r = await svc(['--request-timeout', '1', '--endpoint-url', slowUrl, 'usage'], { ctx: cliEnv({ SVC_API_KEY: key }) });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toMatch(/timed out after 1s/);
      expect(Date.now() - started).toBeLessThan(15_000);
    });

    it('SVC_REQUEST_TIMEOUT_MS is honoured and validated', async () => {
      const r = await svc(['--endpoint-url', slowUrl, 'usage'], { ctx: cliEnv({ SVC_API_KEY: key, SVC_REQUEST_TIMEOUT_MS: '1000' }) });
      expect(r.exitCode).toBe(7);
      const bad = await svc(['--endpoint-url', slowUrl, 'usage'], { ctx: cliEnv({ SVC_API_KEY: key, SVC_REQUEST_TIMEOUT_MS: 'soon' }) });
      expect(bad.exitCode).toBe(5);
    });

    it('--request-timeout outside 1-600 is exit 5', async () => {
      expect((await svc(['--request-timeout', '0', 'usage'], { ctx: cliEnv() })).exitCode).toBe(5);
      expect((await svc(['--request-timeout', '601', 'usage'], { ctx: cliEnv() })).exitCode).toBe(5);
    });
  });

  it('--dry-run uses no network, credentials or files', async () => {
    const ctx = cliEnv();
    for (const args of [['auth', 'status'], ['usage'], ['setup', '--api-key', 'svc_x_x_x_x_x_x_x_x_x_x_x_x'], ['setup']]) {
      const r = await svc(['--dry-run', '--output', 'json', '--endpoint-url', 'http://127.0.0.1:9/api/v1', ...args], { ctx });
      expect(r.exitCode, args.join(' ')).toBe(0);
      expect(r.stderr).toMatch(/dry run/);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
    expect(existsSync(join(ctx.home, '.svc'))).toBe(false);
  });

  it('SVC_API_KEY overrides the file; SVC_API_URL sets the endpoint', async () => {
    const ctx = cliEnv();
    mkdirSync(join(ctx.home, '.svc'), { mode: 0o700 });
    writeFileSync(join(ctx.home, '.svc', 'credentials'), `[default]\napi_key = svc_stale_stale_stale_stale_stale\n`, { mode: 0o600 });
    const r = await svc(['auth', 'status'], { ctx, env: { SVC_API_KEY: key, SVC_API_URL: server.apiUrl } });
    expect(r.exitCode).toBe(0);
  });
});
