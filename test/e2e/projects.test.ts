import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project, ProjectDeleted, ProjectPage } from '../../src/contract/projects.js';
import { cliEnv, svc, type CliEnv } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fails, json, userCtx } from '../helpers/user.js';

let server: TestServer;
let alice: CliEnv;
let bob: CliEnv;
let aliceKey: string;

beforeAll(async () => {
  server = await startServer();
  aliceKey = await server.mintKey({ name: 'alice', email: 'alice@example.com' });
  alice = userCtx(server, aliceKey);
  bob = userCtx(server, await server.mintKey({ name: 'bob', email: 'bob@example.com' }));
});
afterAll(async () => {
  await server?.stop();
});

const frontend = (name: string, extra: string[] = []) => ['project', 'create', '--type', 'frontend', '--name', name, '--url', 'https://app.example.com/', ...extra];

describe('project create, get, update', () => {
  it('creates a frontend project (text), recording createdFrom cli and masking the password', async () => {
    const r = await svc([...frontend('Shop', ['--username', 'qa@example.com', '--password', 'correct-horse-battery', '--instruction', 'focus on checkout'])], { ctx: alice });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^id:\s+prj_/m);
    expect(r.stdout).toMatch(/^type:\s+frontend$/m);
    expect(r.stdout).toMatch(/^createdFrom:\s+cli$/m);
    expect(r.stdout).toMatch(/^password:\s+\*\*\*\*tery$/m);
    expect(r.stdout).not.toContain('correct-horse-battery');
  });

  it('creates a backend project (json) with a base URL and reads the password from a file', async () => {
    const file = join(alice.cwd, 'pw.txt');
    writeFileSync(file, 'from-a-file-secret\n');
    const p = Project.parse(await json(alice, ['project', 'create', '--type', 'backend', '--name', 'API', '--url', 'https://api.example.com', '--password-file', file]));
    expect(p).toMatchObject({ type: 'backend', url: 'https://api.example.com/', password: '****cret', createdFrom: 'cli' });
    const got = Project.parse(await json(alice, ['project', 'get', p.id]));
    expect(got).toEqual(p);
    // Secrets are encrypted at rest: the plain text is nowhere in the database files.
    for (const f of readdirSync(server.dataDir).filter((n) => n.startsWith('svc.db'))) {
      expect(readFileSync(join(server.dataDir, f)).includes(Buffer.from('from-a-file-secret'))).toBe(false);
    }
  });

  it('project get prints id, name, type, createdFrom, createdAt, updatedAt in text', async () => {
    const p = await json(alice, frontend('Text get'));
    const r = await svc(['project', 'get', p.id], { ctx: alice });
    expect(r.exitCode).toBe(0);
    for (const f of ['id', 'name', 'type', 'createdFrom', 'createdAt', 'updatedAt']) expect(r.stdout).toMatch(new RegExp(`^${f}:`, 'm'));
  });

  it.each([
    [['project', 'create', '--type', 'frontend', '--name', 'No URL'], /needs --url/],
    [['project', 'create', '--type', 'mobile', '--name', 'x'], /--type/],
    [['project', 'create', '--type', 'backend'], /--name/],
    [['project', 'create', '--type', 'backend', '--name', 'x', '--password', 'a', '--password-file', 'b'], /not both/],
    [['project', 'create', '--type', 'backend', '--name', 'x', '--url', 'ftp://example.com'], /http or https/],
    [['project', 'create', '--type', 'backend', '--name', 'x', '--idempotency-key', 'k'.repeat(257)], /idempotency key/],
    [['project', 'create', '--type', 'backend', '--name', 'x'.repeat(201)], /at most 200/],
  ])('refuses %j with exit 5', async (args, why) => {
    const r = await fails(alice, args, 5);
    expect(r.error().message).toMatch(why);
  });

  it('update needs at least one mutable flag (exit 5), then changes what it is given', async () => {
    const p = await json(alice, frontend('Before'));
    const none = await fails(alice, ['project', 'update', p.id], 5);
    expect(none.error().message).toMatch(/at least one/);
    const u = Project.parse(await json(alice, ['project', 'update', p.id, '--name', 'After', '--url', 'https://new.example.com/x', '--password', 'a-new-password-1234']));
    expect(u).toMatchObject({ id: p.id, name: 'After', url: 'https://new.example.com/x', password: '****1234' });
    expect(u.updatedAt >= p.updatedAt).toBe(true);
    const t = await svc(['project', 'update', p.id, '--instruction', 'be thorough'], { ctx: alice });
    expect(t.stdout).toMatch(/^instruction:\s+be thorough$/m);
  });

  it('an unknown project is exit 4', async () => {
    const r = await fails(alice, ['project', 'get', 'prj_doesnotexist'], 4);
    expect(r.error()).toMatchObject({ code: 'NOT_FOUND' });
    await fails(alice, ['project', 'update', 'prj_doesnotexist', '--name', 'x'], 4);
  });
});

describe('idempotency of project create', () => {
  it('the same key and body returns the same project; another body is a conflict (exit 6)', async () => {
    const args = frontend('Idem', ['--idempotency-key', 'create-idem-1']);
    const a = await json(alice, args);
    const b = await json(alice, args);
    expect(b.id).toBe(a.id);
    const c = await fails(alice, frontend('Idem changed', ['--idempotency-key', 'create-idem-1']), 6);
    expect(c.error()).toMatchObject({ code: 'CONFLICT' });
    const page = ProjectPage.parse(await json(alice, ['project', 'list', '--page-size', '100']));
    expect(page.items.filter((p) => p.name === 'Idem')).toHaveLength(1);
  });

  it('without a key each invocation is a new project (a fresh UUIDv4 per call)', async () => {
    const [a, b] = await Promise.all([json(alice, frontend('Twice')), json(alice, frontend('Twice'))]);
    expect(a.id).not.toBe(b.id);
  });
});

describe('project list paging', () => {
  let carol: CliEnv;
  const ids: string[] = [];
  beforeAll(async () => {
    carol = userCtx(server, await server.mintKey({ name: 'carol', email: 'carol@example.com' }));
    for (let i = 0; i < 7; i++) ids.push((await json(carol, ['project', 'create', '--type', 'backend', '--name', `P${i}`])).id);
  });

  it('walks several pages with --starting-token, oldest first, nextToken only when more exist', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page: ProjectPage = ProjectPage.parse(await json(carol, ['project', 'list', '--page-size', '3', ...(token ? ['--starting-token', token] : [])]));
      seen.push(...page.items.map((p) => p.id));
      token = page.nextToken;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  it('--max-items auto-pages and its nextToken resumes exactly after the last item', async () => {
    const first = ProjectPage.parse(await json(carol, ['project', 'list', '--page-size', '2', '--max-items', '5']));
    expect(first.items.map((p) => p.id)).toEqual(ids.slice(0, 5));
    expect(first.nextToken).toBeTruthy();
    const rest = ProjectPage.parse(await json(carol, ['project', 'list', '--starting-token', first.nextToken!]));
    expect(rest.items.map((p) => p.id)).toEqual(ids.slice(5));
    expect(rest.nextToken).toBeNull();
  });

  it('text mode shows the columns ID, NAME, TYPE, FROM, CREATED and the nextToken', async () => {
    const r = await svc(['project', 'list', '--page-size', '2'], { ctx: carol });
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+FROM\s+CREATED$/);
    expect(lines[1]).toMatch(new RegExp(`^${ids[0]}\\s+P0\\s+backend\\s+cli\\s+\\d{4}-`));
    expect(lines.at(-1)).toMatch(/^nextToken: \S+$/);
  });

  it.each([
    [['--page-size', '0'], /1 to 100/],
    [['--page-size', '101'], /1 to 100/],
    [['--starting-token', 'not-a-token'], /startingToken/],
  ])('refuses %j with exit 5', async (args, why) => {
    expect((await fails(carol, ['project', 'list', ...args], 5)).error().message).toMatch(why);
  });

  it('records the calling surface in createdFrom (cli, mcp, portal)', async () => {
    for (const [surface, expected] of [['mcp', 'mcp'], ['portal', 'portal'], [undefined, 'portal']] as const) {
      const res = await fetch(`${server.apiUrl}/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${aliceKey}`, 'content-type': 'application/json', ...(surface ? { 'x-svc-surface': surface } : {}) },
        body: JSON.stringify({ type: 'backend', name: `via ${surface}` }),
      });
      expect(res.status).toBe(201);
      expect((await res.json()).createdFrom).toBe(expected);
    }
  });
});

describe('project delete and isolation between users', () => {
  it('delete needs --confirm (exit 5); afterwards the project and its tests are 404 (exit 4)', async () => {
    const p = await json(alice, ['project', 'create', '--type', 'backend', '--name', 'Doomed']);
    const code = join(alice.cwd, 't.py');
    writeFileSync(code, 'def test_x():\n    assert True\n');
    const t = await json(alice, ['test', 'create', '--project', p.id, '--type', 'backend', '--name', 'child', '--code-file', code]);
    expect((await fails(alice, ['project', 'delete', p.id], 5)).error().message).toMatch(/--confirm/);
    const text = await svc(['project', 'delete', p.id, '--confirm'], { ctx: alice });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toBe(`deleted project ${p.id} and 1 test(s)`);
    await fails(alice, ['project', 'get', p.id], 4);
    await fails(alice, ['test', 'get', t.testId], 4);
    await fails(alice, ['project', 'delete', p.id, '--confirm'], 4);
  });

  it('json delete output matches the contract', async () => {
    const p = await json(alice, ['project', 'create', '--type', 'backend', '--name', 'Doomed 2']);
    expect(ProjectDeleted.parse(await json(alice, ['project', 'delete', p.id, '--confirm']))).toEqual({ id: p.id, deleted: true, testsDeleted: 0 });
  });

  it("two keys of different users cannot see each other's projects (404)", async () => {
    const mine = await json(alice, frontend('Private to alice'));
    for (const args of [
      ['project', 'get', mine.id],
      ['project', 'update', mine.id, '--name', 'hijack'],
      ['project', 'delete', mine.id, '--confirm'],
      ['project', 'credential', mine.id, '--type', 'public'],
      ['project', 'auto-auth', mine.id, '--disable'],
      ['test', 'list', '--project', mine.id],
    ]) {
      expect((await fails(bob, args, 4)).error().code).toBe('NOT_FOUND');
    }
    const bobs = ProjectPage.parse(await json(bob, ['project', 'list', '--page-size', '100']));
    expect(bobs.items.some((p) => p.id === mine.id)).toBe(false);
    expect((await json(alice, ['project', 'get', mine.id])).name).toBe('Private to alice');
  });
});

describe('authentication and transport exit codes', () => {
  it('no key is exit 3; a key without write:projects is exit 3; an unreachable server is exit 10', async () => {
    const none = cliEnv({ SVC_API_URL: server.apiUrl });
    expect((await fails(none, ['project', 'list'], 3)).error().code).toBe('UNAUTHENTICATED');
    const mine = await json(alice, frontend('Readable'));
    // Same email, same user: a read-only key of alice sees her projects but cannot write.
    const reader = userCtx(server, await server.mintKey({ name: 'reader', email: 'alice@example.com', scopes: 'read:me,read:projects' }));
    expect((await json(reader, ['project', 'get', mine.id])).name).toBe('Readable');
    expect((await fails(reader, frontend('nope'), 3)).error().code).toBe('FORBIDDEN');
    const down = cliEnv({ SVC_API_KEY: aliceKey, SVC_API_URL: 'http://127.0.0.1:9/api/v1' });
    expect((await fails(down, ['project', 'get', 'prj_x'], 10)).error().code).toBe('TRANSPORT');
  });
});

describe('--dry-run', () => {
  const offline = () => cliEnv({ SVC_API_URL: 'http://127.0.0.1:9/api/v1' });
  it.each([
    [['project', 'list'], ProjectPage],
    [['project', 'get', 'prj_x'], Project],
    [frontend('Dry'), Project],
    [['project', 'update', 'prj_x', '--name', 'n'], Project],
    [['project', 'delete', 'prj_x'], ProjectDeleted],
    [['project', 'credential', 'prj_x', '--type', 'API key', '--credential-file', '/nonexistent/never-read'], Project],
    [['project', 'auto-auth', 'prj_x', '--method', 'refresh_token', '--inject', 'bearer'], Project],
  ] as const)('%j prints a sample that validates against the contract, without network or key', async (args, schema) => {
    const r = await svc(['--dry-run', '--output', 'json', ...args], { ctx: offline() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(() => schema.parse(r.json())).not.toThrow();
    expect(r.stderr).toMatch(/\[advisory\] dry run/);
  });
});
