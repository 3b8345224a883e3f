import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/contract/errors.js';
import { installSkills } from '../../src/agent/install.js';
import { fileMarkerLine, sha256 } from '../../src/agent/marker.js';
import { renderSection } from '../../src/agent/render.js';
import { inspectAll } from '../../src/agent/state.js';
import { SKILLS, type Skill, type Target } from '../../src/agent/targets.js';
import { scan } from '../../src/ops/agent-list.js';
import type { OpContext } from '../../src/ops/op.js';
import { packageVersion } from '../../src/util/package-root.js';
import { tempDir } from '../helpers/paths.js';

const V = packageVersion();
const root = () => realpathSync(tempDir('svc-agent-mcp-'));
const install = (dir: string, targets: Target[], o: { force?: boolean; mcp?: boolean; skills?: Skill[] } = {}) =>
  installSkills({ root: dir, targets, skills: o.skills ?? SKILLS, force: o.force ?? false, version: V, mcp: o.mcp });
const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');
const write = (dir: string, rel: string, text: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
};
const status = (dir: string, targets: Target[]) => scan({ cwd: dir } as OpContext, { dir, targets, skills: [...SKILLS], diff: false });
const conflict = (fn: () => unknown): SvcError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SvcError);
    expect((e as SvcError).exitCode).toBe(6);
    return e as SvcError;
  }
  throw new Error('expected a conflict');
};

describe('svc-mcp in each agent MCP file', () => {
  it('creates the project MCP file of each agent that has one, and says where the others keep theirs', () => {
    const dir = root();
    const r = install(dir, ['claude', 'cursor', 'copilot', 'kiro', 'codex', 'windsurf', 'cline', 'antigravity']);
    expect(JSON.parse(read(dir, '.mcp.json'))).toEqual({ mcpServers: { svc: { command: 'svc-mcp', args: [] } } });
    expect(JSON.parse(read(dir, '.cursor/mcp.json'))).toEqual({ mcpServers: { svc: { command: 'svc-mcp', args: [] } } });
    expect(JSON.parse(read(dir, '.vscode/mcp.json'))).toEqual({ servers: { svc: { type: 'stdio', command: 'svc-mcp', args: [] } } });
    expect(JSON.parse(read(dir, '.kiro/settings/mcp.json'))).toEqual({ mcpServers: { svc: { command: 'svc-mcp', args: [] } } });
    expect(parseToml(read(dir, '.codex/config.toml'))).toEqual({ mcp_servers: { svc: { command: 'svc-mcp', args: [] } } });
    expect(r.mcp.map((m) => [m.target, m.action])).toEqual([
      ['claude', 'created'], ['cursor', 'created'], ['copilot', 'created'], ['kiro', 'created'], ['codex', 'created'], ['windsurf', 'skipped'], ['cline', 'skipped'], ['antigravity', 'skipped'],
    ]);
    expect(r.mcp.find((m) => m.target === 'windsurf')!.note).toMatch(/~\/\.codeium\/windsurf\/mcp_config\.json: add "svc": \{"command":"svc-mcp","args":\[\]\}/);
    expect(install(dir, ['claude', 'codex']).mcp.map((m) => m.action)).toEqual(['unchanged', 'unchanged']);
    expect(status(dir, ['claude', 'codex', 'windsurf']).mcp.map((m) => [m.target, m.path, m.state])).toEqual([
      ['claude', '.mcp.json', 'ok'], ['codex', '.codex/config.toml', 'ok'], ['windsurf', null, 'absent'],
    ]);
  });

  it('merges into a file with other servers and comments, keeping them as written', () => {
    const dir = root();
    const before = '{\n  // the team\'s servers\n  "servers": {\n    "github": { "type": "http", "url": "https://api.example.com/mcp" }, // keep\n  },\n  "inputs": []\n}\n';
    write(dir, '.vscode/mcp.json', before);
    install(dir, ['copilot']);
    const after = read(dir, '.vscode/mcp.json');
    expect(after).toContain('// the team\'s servers');
    expect(after).toContain('    "github": { "type": "http", "url": "https://api.example.com/mcp" },\n    "svc": {');
    expect(after).toContain('// keep');
    expect(after).toMatch(/"svc": \{\s+"type": "stdio",\s+"command": "svc-mcp",\s+"args": \[\]\s+\}/);
    expect(status(dir, ['copilot']).mcp[0]).toMatchObject({ state: 'ok' });

    const toml = '# mine\nmodel = "o4"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n';
    write(dir, '.codex/config.toml', toml);
    install(dir, ['codex']);
    const merged = read(dir, '.codex/config.toml');
    expect(merged.startsWith(toml)).toBe(true);
    expect(parseToml(merged)).toEqual({ model: 'o4', mcp_servers: { docs: { command: 'docs-mcp' }, svc: { command: 'svc-mcp', args: [] } } });
  });

  it('blocks a changed entry or an unreadable file, and --force replaces it after a backup', () => {
    const dir = root();
    write(dir, '.mcp.json', JSON.stringify({ mcpServers: { other: { command: 'x' }, svc: { command: 'npx', args: ['svc-mcp', '--toolsets', 'all'] } } }, null, 2));
    const before = read(dir, '.mcp.json');
    expect(status(dir, ['claude']).mcp[0]).toMatchObject({ state: 'modified', note: expect.stringContaining('differs') });
    expect(status(dir, ['claude']).attention).toBe(1);
    const withDiff = scan({ cwd: dir } as OpContext, { dir, targets: ['claude'], skills: [...SKILLS], diff: true });
    expect(withDiff.mcp[0]!.diff).toMatch(/^-\s+"command": "npx",$/m);
    expect(withDiff.mcp[0]!.diff).toMatch(/^\+\s+"command": "svc-mcp",$/m);
    const e = conflict(() => install(dir, ['claude']));
    expect(e.message).toContain('.mcp.json (modified)');
    expect(read(dir, '.mcp.json')).toBe(before);
    const r = install(dir, ['claude'], { force: true });
    expect(r.mcp[0]).toMatchObject({ before: 'modified', action: 'replaced', backup: '.mcp.json.bak' });
    expect(read(dir, '.mcp.json.bak')).toBe(before);
    expect(JSON.parse(read(dir, '.mcp.json')).mcpServers).toEqual({ other: { command: 'x' }, svc: { command: 'svc-mcp', args: [] } });

    write(dir, '.cursor/mcp.json', '{ "mcpServers": { "a": ');
    expect(status(dir, ['cursor']).mcp[0]).toMatchObject({ state: 'corrupt', note: expect.stringContaining('unreadable JSON') });
    conflict(() => install(dir, ['cursor']));
    install(dir, ['cursor'], { force: true });
    expect(JSON.parse(read(dir, '.cursor/mcp.json'))).toEqual({ mcpServers: { svc: { command: 'svc-mcp', args: [] } } });
    expect(read(dir, '.cursor/mcp.json.bak')).toBe('{ "mcpServers": { "a": ');

    write(dir, '.codex/config.toml', '[mcp_servers.svc]\ncommand = "old"\n\n[other]\nx = 1\n');
    conflict(() => install(dir, ['codex']));
    install(dir, ['codex'], { force: true });
    expect(parseToml(read(dir, '.codex/config.toml'))).toEqual({ mcp_servers: { svc: { command: 'svc-mcp', args: [] } }, other: { x: 1 } });
  });

  it('leaves MCP files alone with mcp: false', () => {
    const dir = root();
    expect(install(dir, ['claude'], { mcp: false }).mcp).toEqual([]);
    expect(existsSync(join(dir, '.mcp.json'))).toBe(false);
  });
});

describe('one copy per agent', () => {
  it('Copilot and Cline read the skills of claude instead of copies of their own', () => {
    const dir = root();
    const r = install(dir, ['claude', 'copilot', 'cline'], { mcp: false });
    expect(r.files.filter((f) => f.target !== 'claude').map((f) => [f.target, f.action, f.path])).toEqual([
      ['copilot', 'shared', '.claude/skills/svc-verify/SKILL.md'], ['copilot', 'shared', '.claude/skills/svc-onboard/SKILL.md'],
      ['cline', 'shared', '.claude/skills/svc-verify/SKILL.md'], ['cline', 'shared', '.claude/skills/svc-onboard/SKILL.md'],
    ]);
    expect(r.written).toBe(2);
    expect(existsSync(join(dir, '.github/skills'))).toBe(false);
    expect(inspectAll(dir, ['copilot'], SKILLS, V).map((f) => [f.state, f.path, f.note])).toEqual([
      ['ok', '.claude/skills/svc-verify/SKILL.md', "read from claude's skill folder"], ['ok', '.claude/skills/svc-onboard/SKILL.md', "read from claude's skill folder"],
    ]);
    // Installed later on its own, Copilot still reads claude's copy.
    expect(install(dir, ['copilot'], { mcp: false }).files.map((f) => f.action)).toEqual(['shared', 'shared']);
  });

  it('removes an unedited copy of its own once it is shared, and the files of an earlier layout', () => {
    const dir = root();
    install(dir, ['copilot'], { mcp: false });
    expect(existsSync(join(dir, '.github/skills/svc-verify/SKILL.md'))).toBe(true);
    const body = '---\ndescription: old\napplyTo: "**"\n---\n\nold rules\n';
    const legacy = body.replace('---\n\n', `---\n${fileMarkerLine('svc-verify', 'copilot', '0.0.1', sha256(body))}\n\n`);
    write(dir, '.github/instructions/svc-verify.instructions.md', legacy);
    write(dir, '.github/instructions/svc-onboard.instructions.md', 'edited by the team\n');
    const r = install(dir, ['claude', 'copilot'], { mcp: false });
    expect(r.removed.sort()).toEqual(['.github/instructions/svc-verify.instructions.md', '.github/skills/svc-onboard/SKILL.md', '.github/skills/svc-verify/SKILL.md']);
    expect(existsSync(join(dir, '.github/skills/svc-verify/SKILL.md'))).toBe(false);
    expect(read(dir, '.github/instructions/svc-onboard.instructions.md')).toBe('edited by the team\n');
  });
});

describe('AGENTS.md with broken markers', () => {
  const section = renderSection([...SKILLS], V);
  const [begin, ...rest] = section.split('\n');
  const body = rest.slice(0, -1).join('\n');
  const end = '<!-- END svc:skills -->';
  it.each([
    ['a BEGIN without END', `# Mine\n\n${begin}\n${body}\n\n## Theirs\nkept\n`],
    ['an END without BEGIN', `# Mine\n\n${body}\n${end}\n\n## Theirs\nkept\n`],
    ['duplicated markers', `# Mine\n\n${section}\n${section}\n\n## Theirs\nkept\n`],
  ])('--force replaces the section of %s in place, once', (_what, text) => {
    const dir = root();
    write(dir, 'AGENTS.md', text);
    expect(status(dir, ['codex']).attention).toBe(1); // one file, whatever the number of skills in it
    install(dir, ['codex'], { force: true, mcp: false });
    const after = read(dir, 'AGENTS.md');
    expect(after.match(/## svc skills/g)).toHaveLength(1);
    expect(after.match(/### Skill: svc-verify/g)).toHaveLength(1);
    expect(after.startsWith('# Mine\n\n<!-- BEGIN svc:skills')).toBe(true);
    expect(after.endsWith(`${end}\n\n## Theirs\nkept\n`)).toBe(true);
    expect(inspectAll(dir, ['codex'], SKILLS, V).map((f) => f.state)).toEqual(['ok', 'ok']);
  });
});
