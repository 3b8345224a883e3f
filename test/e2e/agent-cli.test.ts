import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, svc } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';

// agent commands are local: point the endpoint at a closed port to prove no request is made.
const offline = ['--endpoint-url', 'http://127.0.0.1:9/api/v1'];

describe('svc agent install|list|status', () => {
  it('installs claude by default (skills and .mcp.json), lists 16 rows, and reports ok with exit 0', async () => {
    const ctx = cliEnv();
    const r = await svc([...offline, 'agent', 'install'], { ctx });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^TARGET\s+SKILL\s+ACTION\s+PATH\s+BACKUP$/m);
    expect(r.stdout).toMatch(/claude\s+svc-verify\s+created\s+\.claude\/skills\/svc-verify\/SKILL\.md/);
    expect(readFileSync(join(ctx.cwd, '.claude/skills/svc-onboard/SKILL.md'), 'utf8')).toMatch(/^---\nname: svc-onboard\n/);
    expect(r.stdout).toMatch(/^claude\s+svc\s+created\s+\.mcp\.json/m);
    expect(JSON.parse(readFileSync(join(ctx.cwd, '.mcp.json'), 'utf8'))).toEqual({ mcpServers: { svc: { command: 'svc-mcp', args: [] } } });

    const list = await svc([...offline, 'agent', 'list'], { ctx });
    expect(list.exitCode).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^TARGET\s+SKILL\s+STATUS\s+MODE\s+PATH$/);
    const rows = (await svc([...offline, '--output', 'json', 'agent', 'list'], { ctx })).json().files;
    expect(rows).toHaveLength(16);
    // Cline and Copilot read claude's skill folder, so their rows show those files.
    expect(rows.filter((f: { state: string }) => f.state === 'ok').map((f: { target: string; path: string }) => `${f.target} ${f.path}`)).toEqual([
      'claude .claude/skills/svc-verify/SKILL.md', 'claude .claude/skills/svc-onboard/SKILL.md',
      'cline .claude/skills/svc-verify/SKILL.md', 'cline .claude/skills/svc-onboard/SKILL.md',
      'copilot .claude/skills/svc-verify/SKILL.md', 'copilot .claude/skills/svc-onboard/SKILL.md',
    ]);
    expect(rows.find((f: { target: string }) => f.target === 'codex')).toMatchObject({ mode: 'section', path: 'AGENTS.md', state: 'absent' });

    const st = await svc([...offline, 'agent', 'status'], { ctx });
    expect(st.exitCode).toBe(0);
    expect(st.stdout).toMatch(/all installed skill files are current/);
  });

  it('status exits 1 on a modified file; install is then blocked (exit 6) until --force keeps a .bak', async () => {
    const ctx = cliEnv();
    expect((await svc(['agent', 'install', '--target', 'cursor,codex', '--target', 'windsurf'], { ctx })).exitCode).toBe(0);
    appendFileSync(join(ctx.cwd, '.windsurf/rules/svc-verify.md'), 'my tweak\n');
    const st = await svc(['--output', 'json', 'agent', 'status'], { ctx });
    expect(st.exitCode).toBe(1);
    expect(st.json().attention).toBe(1);
    const text = await svc(['agent', 'status'], { ctx });
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toMatch(/windsurf\s+svc-verify\s+modified/);
    expect(text.stdout).toMatch(/1 file\(s\) need attention/);
    // --diff shows what an install would change: the local edit goes.
    const diff = await svc(['agent', 'status', '--diff'], { ctx });
    expect(diff.exitCode).toBe(1);
    expect(diff.stdout).toMatch(/^--- \.windsurf\/rules\/svc-verify\.md\tinstalled$/m);
    expect(diff.stdout).toMatch(/^\+\+\+ \.windsurf\/rules\/svc-verify\.md\tsvc \d/m);
    expect(diff.stdout).toMatch(/^-my tweak$/m);
    expect((await svc(['--output', 'json', 'agent', 'status', '--diff'], { ctx })).json().files.find((f: { diff?: string }) => f.diff).path).toBe('.windsurf/rules/svc-verify.md');

    const blocked = await svc(['--output', 'json', 'agent', 'install', '--target', 'windsurf'], { ctx });
    expect(blocked.exitCode).toBe(6);
    expect(blocked.error()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('.windsurf/rules/svc-verify.md (modified)') });
    expect(blocked.error().nextAction).toMatch(/--force/);
    expect(blocked.stdout).toBe('');

    const forced = await svc(['agent', 'install', '--target', 'windsurf', '--force'], { ctx });
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout).toMatch(/windsurf\s+svc-verify\s+replaced\s+\.windsurf\/rules\/svc-verify\.md\s+\.windsurf\/rules\/svc-verify\.md\.bak/);
    expect(readFileSync(join(ctx.cwd, '.windsurf/rules/svc-verify.md.bak'), 'utf8')).toMatch(/my tweak\n$/);
    expect((await svc(['agent', 'status'], { ctx })).exitCode).toBe(0);
  });

  it('flags an unmarked file and a corrupt AGENTS.md section', async () => {
    const ctx = cliEnv();
    mkdirSync(join(ctx.cwd, '.cline/skills/svc-verify'), { recursive: true });
    appendFileSync(join(ctx.cwd, '.cline/skills/svc-verify/SKILL.md'), '# our own skill\n');
    appendFileSync(join(ctx.cwd, 'AGENTS.md'), '# team\n<!-- END svc:skills -->\n');
    const st = await svc(['--output', 'json', 'agent', 'status', '--target', 'cline,codex', '--skill', 'svc-verify'], { ctx });
    expect(st.exitCode).toBe(1);
    expect(st.json().files.map((f: { state: string }) => f.state)).toEqual(['unmarked', 'corrupt']);
    expect((await svc(['agent', 'install', '--target', 'codex'], { ctx })).exitCode).toBe(6);
    expect(readFileSync(join(ctx.cwd, 'AGENTS.md'), 'utf8')).toBe('# team\n<!-- END svc:skills -->\n');
  });

  it('validates names and --dir with exit 5, and writes nothing under --dry-run', async () => {
    const ctx = cliEnv();
    const bad = await svc(['agent', 'install', '--target', 'vim'], { ctx });
    expect(bad.exitCode).toBe(5);
    expect(bad.stderr).toMatch(/'vim' is not one of claude, cursor/);
    expect((await svc(['agent', 'install', '--skill', 'svc-nope'], { ctx })).exitCode).toBe(5);
    expect((await svc(['agent', 'list', '--dir', join(ctx.cwd, 'missing')], { ctx })).exitCode).toBe(5);
    const dry = await svc(['--dry-run', 'agent', 'install', '--target', 'all'], { ctx });
    expect(dry.exitCode).toBe(0);
    expect(dry.stderr).toMatch(/dry run/);
    expect(readdirSync(ctx.cwd)).toEqual([]);
  });

  it('installs into --dir with a skill subset', async () => {
    const ctx = cliEnv();
    mkdirSync(join(ctx.cwd, 'app'));
    const r = await svc(['--output', 'json', 'agent', 'install', '--dir', 'app', '--target', 'copilot', '--skill', 'svc-verify'], { ctx });
    expect(r.exitCode).toBe(0);
    expect(r.json().files).toEqual([{ target: 'copilot', skill: 'svc-verify', path: '.github/skills/svc-verify/SKILL.md', before: 'absent', action: 'created', backup: null }]);
    expect(r.json().mcp).toEqual([{ target: 'copilot', path: '.vscode/mcp.json', before: 'absent', action: 'created', backup: null }]);
    expect(existsSync(join(ctx.cwd, 'app/.github/skills/svc-verify/SKILL.md'))).toBe(true);
    expect(existsSync(join(ctx.cwd, 'app/.github/skills/svc-onboard/SKILL.md'))).toBe(false);
    expect(existsSync(join(ctx.cwd, 'app/.vscode/mcp.json'))).toBe(true);
    const none = await svc(['--output', 'json', 'agent', 'install', '--dir', 'app', '--target', 'kiro', '--no-mcp'], { ctx });
    expect(none.json().mcp).toEqual([]);
    expect(existsSync(join(ctx.cwd, 'app/.kiro/settings/mcp.json'))).toBe(false);
  });
});

describe('setup and doctor use the same installer', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startServer();
    key = await server.mintKey({ name: 'agent-user' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('setup installs the skills (default claude) and doctor then reports the verify skill OK', async () => {
    const ctx = cliEnv();
    const ep = ['--endpoint-url', server.apiUrl];
    const before = await svc([...ep, '--output', 'json', 'doctor'], { ctx, env: { SVC_API_KEY: key } });
    expect(before.json().checks.find((c: { name: string }) => c.name === 'verify skill').status).toBe('WARN');

    const r = await svc([...ep, 'setup', '--api-key', key], { ctx });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^agent:\s+installed \(claude\): 3 created$/m);
    expect(r.stdout).toContain('.mcp.json');
    expect(r.stdout).toContain('.claude/skills/svc-verify/SKILL.md');
    expect(existsSync(join(ctx.cwd, '.claude/skills/svc-verify/SKILL.md'))).toBe(true);

    const doc = await svc(['--output', 'json', 'doctor'], { ctx });
    expect(doc.exitCode).toBe(0);
    expect(doc.json().checks.find((c: { name: string }) => c.name === 'verify skill')).toEqual({ name: 'verify skill', status: 'OK', detail: 'installed for claude' });

    expect((await svc([...ep, 'setup', '--api-key', key], { ctx })).stdout).toMatch(/^agent:\s+up-to-date \(claude\)/m);

    // Text output is plain off a terminal and with NO_COLOR; FORCE_COLOR colours the states.
    expect((await svc(['doctor'], { ctx })).stdout).toMatch(/^\[OK {2}\] verify skill/m);
    const coloured = await svc(['doctor'], { ctx, env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(coloured.stdout).toMatch(/^\[\x1b\[32mOK\x1b\[39m {2}\] verify skill/m);
    expect((await svc(['--output', 'json', 'doctor'], { ctx, env: { NO_COLOR: '', FORCE_COLOR: '1' } })).stdout).not.toContain('\x1b[');
  });

  it('setup reports a blocked skill file without failing, and --force keeps a .bak', async () => {
    const ctx = cliEnv();
    const ep = ['--endpoint-url', server.apiUrl];
    mkdirSync(join(ctx.cwd, '.cursor/rules'), { recursive: true });
    appendFileSync(join(ctx.cwd, '.cursor/rules/svc-verify.mdc'), 'ours\n');
    const r = await svc([...ep, 'setup', '--api-key', key, '--agent', 'cursor'], { ctx });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^agent:\s+blocked \(cursor\): .*svc-verify\.mdc \(unmarked\).*--force/m);
    const doc = await svc(['--output', 'json', 'doctor'], { ctx });
    expect(doc.json().checks.find((c: { name: string }) => c.name === 'verify skill')).toMatchObject({ status: 'WARN', detail: expect.stringContaining('cursor (unmarked)') });
    const f = await svc([...ep, 'setup', '--api-key', key, '--agent', 'cursor', '--force'], { ctx });
    expect(f.stdout).toMatch(/^agent:\s+installed \(cursor\): 2 created, 1 replaced; backups: \.cursor\/rules\/svc-verify\.mdc\.bak$/m);
    expect(readFileSync(join(ctx.cwd, '.cursor/rules/svc-verify.mdc.bak'), 'utf8')).toBe('ours\n');
  });
});
