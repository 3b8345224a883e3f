import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project, ProjectPage } from '../../src/contract/projects.js';
import { svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

/** Target URL rules, static credentials and auto-auth of projects. */
let server: TestServer;
let alice: CliEnv;
let aliceKey: string;

beforeAll(async () => {
  server = await startServer();
  aliceKey = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
  alice = userCtx(server, aliceKey);
});
afterAll(async () => {
  await server?.stop();
});

const frontend = (name: string, extra: string[] = []) => ['project', 'create', '--type', 'frontend', '--name', name, '--url', 'https://app.example.com/', ...extra];

describe('target URLs', () => {
  it('the client refuses localhost and private addresses before sending when the server does not accept them (exit 5)', async () => {
    const strict = await startServer({ allowPrivateTargets: false });
    try {
      const ctx = userCtx(strict, await strict.mintKey({ name: 'strict-client' }));
      for (const url of ['http://localhost:3000', 'http://127.0.0.1:9/', 'http://10.0.0.8/', 'http://[::1]/', 'http://[fd00::1]/']) {
        const r = await fails(ctx, ['project', 'create', '--type', 'frontend', '--name', 'x', '--url', url], 5);
        expect(r.error().message).toMatch(/^--url: .*only public addresses/);
        expect(r.error().nextAction).toMatch(/SVC_ALLOW_PRIVATE_TARGETS=1/);
      }
      // Cloud metadata: no client switch opens it; only the operator naming it does.
      const meta = await fails(ctx, ['project', 'create', '--type', 'frontend', '--name', 'x', '--url', 'http://169.254.169.254/latest'], 5);
      expect(meta.error().nextAction).toMatch(/--allow-targets 169\.254\.169\.254/);
      const p = await json(ctx, ['project', 'create', '--type', 'frontend', '--name', 'u', '--url', 'http://93.184.216.34/']);
      await fails(ctx, ['project', 'update', p.id, '--url', 'http://192.168.0.10/'], 5);
    } finally {
      await strict.stop();
    }
  });

  it('the client follows a server that states it accepts private targets', async () => {
    const p = await json(alice, ['project', 'create', '--type', 'frontend', '--name', 'Loopback', '--url', 'http://localhost:3000']);
    expect(p.url).toBe('http://localhost:3000/');
  });

  it('SVC_ALLOW_PRIVATE_TARGETS=1 lets a self-hosted user target loopback when the server allows it', async () => {
    const p = await json(alice, ['project', 'create', '--type', 'frontend', '--name', 'Local', '--url', 'http://127.0.0.1:5173/'], { SVC_ALLOW_PRIVATE_TARGETS: '1' });
    expect(p.url).toBe('http://127.0.0.1:5173/');
  });

  it('a server without --allow-private-targets refuses private targets itself', async () => {
    const strict = await startServer({ allowPrivateTargets: false });
    try {
      const ctx = userCtx(strict, await strict.mintKey({ name: 'strict' }), { SVC_ALLOW_PRIVATE_TARGETS: '1' });
      for (const [url, why] of [
        ['http://127.0.0.1:8080/', /loopback/],
        ['http://[::1]:8080/', /loopback/],
        ['http://localhost/', /localhost/],
      ] as const) {
        const r = await fails(ctx, ['project', 'create', '--type', 'backend', '--name', 'x', '--url', url], 5);
        expect(r.error().message).toMatch(why);
        expect(r.error().nextAction).toMatch(/--allow-private-targets/);
        expect(r.error().requestId).toMatch(/^req_/);
      }
      // Cloud metadata is refused by the client already, whatever SVC_ALLOW_PRIVATE_TARGETS says.
      const meta = await fails(ctx, ['project', 'create', '--type', 'backend', '--name', 'x', '--url', 'http://169.254.169.254/'], 5);
      expect(meta.error().message).toMatch(/cloud metadata .*\[rule cloud-metadata\]/);
      // A public literal address needs no DNS and is accepted.
      const ok = await json(ctx, ['project', 'create', '--type', 'backend', '--name', 'Public', '--url', 'http://93.184.216.34/']);
      const aa = await fails(ctx, ['project', 'auto-auth', ok.id, '--method', 'password', '--inject', 'bearer', '--login-url', 'http://10.1.1.1/login', '--username', 'u', '--password', 'p'], 5);
      expect(aa.error().message).toMatch(/loginUrl: .*private/);
    } finally {
      await strict.stop();
    }
  });
});

describe('static credential', () => {
  let api: string;
  beforeAll(async () => {
    api = (await json(alice, ['project', 'create', '--type', 'backend', '--name', 'Cred API', '--url', 'https://api.example.com'])).id;
  });

  it.each([
    [['--type', 'Bearer token', '--credential', 'tok_abcdefghijklmnop'], { type: 'Bearer token', value: '****mnop' }],
    [['--type', 'api key', '--credential', 'key-123'], { type: 'API key', value: '****' }],
    [['--type', 'public'], { type: 'public', value: null }],
  ])('sets %j and shows it masked', async (args, credential) => {
    const p = Project.parse(await json(alice, ['project', 'credential', api, ...args]));
    expect(p.credential).toEqual(credential);
    const listed = ProjectPage.parse(await json(alice, ['project', 'list', '--page-size', '100'])).items.find((x) => x.id === api);
    expect(listed?.credential).toEqual(credential);
  });

  it('reads the value from --credential-file and never echoes it', async () => {
    const file = join(alice.cwd, 'cred.txt');
    writeFileSync(file, 'dXNlcjpwYXNzd29yZC1iYXNpYw==\n');
    const r = await svc(['project', 'credential', api, '--type', 'basic token', '--credential-file', file], { ctx: alice });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^credential:\s+basic token \*\*\*\*Yw==$/m);
    expect(r.stdout + r.stderr).not.toContain('dXNlcjpwYXNzd29yZC1iYXNpYw');
  });

  it.each([
    [['--type', 'Bearer token'], /needs a value/],
    [['--type', 'public', '--credential', 'x'], /takes no value/],
    [['--type', 'oauth', '--credential', 'x'], /must be one of/],
    [['--type', 'API key', '--credential', 'a', '--credential-file', 'b'], /not both/],
  ])('refuses %j with exit 5', async (args, why) => {
    expect((await fails(alice, ['project', 'credential', api, ...args], 5)).error().message).toMatch(why);
  });

  it('is for backend projects only', async () => {
    const fe = await json(alice, frontend('FE cred'));
    expect((await fails(alice, ['project', 'credential', fe.id, '--type', 'public'], 5)).error().message).toMatch(/backend project/);
  });
});

describe('auto-auth (Pro)', () => {
  let api: string;
  const refresh = ['--method', 'refresh_token', '--inject', 'bearer', '--token-endpoint', 'https://auth.example.com/oauth/token', '--client-id', 'svc-client', '--client-secret', 'client-secret-value-9876', '--refresh-token', 'refresh-token-value-5432', '--scope', 'api'];
  beforeAll(async () => {
    api = (await json(alice, ['project', 'create', '--type', 'backend', '--name', 'Auto API'])).id;
  });

  it('stores a refresh_token configuration with secrets masked in get and list', async () => {
    const p = Project.parse(await json(alice, ['project', 'auto-auth', api, ...refresh]));
    expect(p.autoAuth).toMatchObject({ enabled: true, method: 'refresh_token', inject: 'bearer', clientId: 'svc-client', clientSecret: '****9876', refreshToken: '****5432', scope: 'api', tokenPath: '$.access_token' });
    const text = await svc(['project', 'get', api], { ctx: alice });
    expect(text.stdout).toMatch(/^autoAuth:\s+enabled: refresh_token, inject bearer$/m);
    expect(text.stdout).not.toContain('refresh-token-value');
  });

  it('--disable keeps the stored configuration; --method and --inject alone enable it again', async () => {
    const text = await svc(['project', 'auto-auth', api, '--disable'], { ctx: alice });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^autoAuth:\s+disabled: refresh_token, inject bearer$/m);
    const off = Project.parse(await json(alice, ['project', 'get', api]));
    expect(off.autoAuth).toMatchObject({ enabled: false, method: 'refresh_token', refreshToken: '****5432' });
    const on = Project.parse(await json(alice, ['project', 'auto-auth', api, '--method', 'refresh_token', '--inject', 'header', '--inject-key', 'X-Access-Token']));
    expect(on.autoAuth).toMatchObject({ enabled: true, inject: 'header', injectKey: 'X-Access-Token', refreshToken: '****5432', clientSecret: '****9876' });
  });

  it('password and aws_cognito_refresh methods take their flags, secrets from files', async () => {
    const pw = join(alice.cwd, 'login.txt');
    writeFileSync(pw, 'login-password-value\n');
    const p = Project.parse(await json(alice, [
      'project', 'auto-auth', api, '--method', 'password', '--inject', 'cookie', '--inject-key', 'session',
      '--login-url', 'https://api.example.com/login', '--login-method', 'PUT', '--login-content-type', 'application/x-www-form-urlencoded',
      '--login-body-template', 'user={{username}}&pass={{password}}', '--username', 'qa', '--password-file', pw, '--token-path', '$.data.token',
    ]));
    expect(p.autoAuth).toMatchObject({ method: 'password', inject: 'cookie', injectKey: 'session', loginMethod: 'PUT', loginBodyTemplate: 'user={{username}}&pass={{password}}', username: 'qa', password: '****alue', tokenPath: '$.data.token' });
    const tokenFile = join(alice.cwd, 'rt.txt');
    writeFileSync(tokenFile, 'cognito-refresh-token-0000\n');
    const c = Project.parse(await json(alice, ['project', 'auto-auth', api, '--method', 'aws_cognito_refresh', '--inject', 'bearer', '--region', 'eu-west-1', '--client-id', 'abc', '--refresh-token-file', tokenFile]));
    expect(c.autoAuth).toMatchObject({ method: 'aws_cognito_refresh', region: 'eu-west-1', refreshToken: '****0000' });
  });

  it.each([
    [['--inject', 'bearer'], /--method/],
    [['--method', 'password', '--inject', 'bearer'], /--login-url.*--username.*--password/],
    [['--method', 'refresh_token', '--inject', 'header', '--token-endpoint', 'https://a.example.com', '--client-id', 'c', '--refresh-token', 'r'], /--inject-key/],
    [['--method', 'aws_cognito_refresh', '--inject', 'bearer', '--client-id', 'c', '--refresh-token', 'r'], /--region/],
    [['--method', 'magic', '--inject', 'bearer'], /--method/],
  ])('refuses incomplete %j with exit 5', async (args, why) => {
    const fresh = (await json(alice, ['project', 'create', '--type', 'backend', '--name', 'AA fresh'])).id;
    expect((await fails(alice, ['project', 'auto-auth', fresh, ...args], 5)).error().message).toMatch(why);
  });

  it('a free-plan key gets FEATURE_GATED (exit 13); it may still disable', async () => {
    const free = userCtx(server, await server.mintKey({ name: 'freebie', email: 'free@example.com', plan: 'free' }));
    const p = await json(free, ['project', 'create', '--type', 'backend', '--name', 'Free API']);
    const r = await fails(free, ['project', 'auto-auth', p.id, ...refresh], 13);
    expect(r.error()).toMatchObject({ code: 'FEATURE_GATED' });
    expect(r.error().nextAction).toMatch(/credential/);
    expect(Project.parse(await json(free, ['project', 'auto-auth', p.id, '--disable'])).autoAuth).toBeNull();
  });
});

