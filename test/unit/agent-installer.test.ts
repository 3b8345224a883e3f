import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/contract/errors.js';
import { installSkills } from '../../src/agent/install.js';
import { inspectAll } from '../../src/agent/state.js';
import { SKILLS, TARGETS, skillPath, type Skill, type Target } from '../../src/agent/targets.js';
import type { FileState } from '../../src/agent/report.js';
import { packageVersion } from '../../src/util/package-root.js';
import { tempDir } from '../helpers/paths.js';

const V = packageVersion();
const OLD = '0.0.1-old';
const root = () => realpathSync(tempDir('svc-agent-'));
const install = (dir: string, targets: Target[], o: { force?: boolean; version?: string; skills?: Skill[] } = {}) =>
  installSkills({ root: dir, targets, skills: o.skills ?? SKILLS, force: o.force ?? false, version: o.version ?? V });
const states = (dir: string, target: Target) => inspectAll(dir, [target], SKILLS, V).map((r) => r.state);
const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');
const write = (dir: string, rel: string, text: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
};

/** Every file under dir (relative paths), to prove what was and was not written. */
function tree(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tree(dir, join(prefix, e.name)) : [join(prefix, e.name)],
  ).sort();
}

function expectConflict(fn: () => unknown): SvcError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SvcError);
    expect((err as SvcError).exitCode).toBe(6);
    return err as SvcError;
  }
  throw new Error('expected a conflict');
}

/** Puts a target into a starting state; codex has no 'unmarked' (a foreign AGENTS.md is 'absent'). */
function arrange(dir: string, target: Target, state: FileState): void {
  const files = SKILLS.map((s) => skillPath(target, s));
  if (state === 'ok') install(dir, [target]);
  if (state === 'stale') install(dir, [target], { version: OLD });
  if (state === 'modified') {
    install(dir, [target]);
    if (target === 'codex') {
      const t = read(dir, 'AGENTS.md');
      write(dir, 'AGENTS.md', t.replace('## svc skills', '## svc skills\n\nlocal edit'));
    } else files.forEach((f) => appendFileSync(join(dir, f), '\nlocal edit\n'));
  }
  if (state === 'unmarked') files.forEach((f) => write(dir, f, `# my own ${f}\n`));
  if (state === 'corrupt') write(dir, 'AGENTS.md', '# Team notes\n<!-- BEGIN svc:skills target=codex skills=svc-verify version=0.0.1 sha256=x -->\nhalf a section\n');
}

const START: FileState[] = ['absent', 'ok', 'stale', 'modified', 'unmarked', 'corrupt'];
const cases = TARGETS.flatMap((t) =>
  START.filter((s) => (t === 'codex' ? s !== 'unmarked' : s !== 'corrupt')).flatMap((s) => [false, true].map((force) => [t, s, force] as const)),
);

describe('agent install: every target × every state transition', () => {
  it.each(cases)('%s from %s (force=%s)', (target, start, force) => {
    const dir = root();
    arrange(dir, target, start);
    expect(states(dir, target)).toEqual([start, start]);
    const before = tree(dir).map((f) => [f, read(dir, f)]);
    const blocked = start === 'modified' || start === 'unmarked' || start === 'corrupt';
    if (blocked && !force) {
      const e = expectConflict(() => install(dir, [target]));
      expect(e.nextAction).toMatch(/--force/);
      expect(tree(dir).map((f) => [f, read(dir, f)])).toEqual(before);
      return;
    }
    const r = install(dir, [target], { force });
    const action = { absent: 'created', ok: 'unchanged', stale: 'updated' }[start as string] ?? 'replaced';
    expect(r.files.map((f) => [f.target, f.before, f.action])).toEqual(SKILLS.map(() => [target, start, action]));
    expect(states(dir, target)).toEqual(['ok', 'ok']);
    if (action === 'replaced') {
      for (const f of new Set(r.files.map((x) => x.path))) {
        const bak = r.files.find((x) => x.path === f)!.backup!;
        expect(bak).toBe(`${f}.bak`);
        expect(read(dir, bak)).toBe(Object.fromEntries(before)[f]);
      }
    } else expect(r.files.every((f) => f.backup === null)).toBe(true);
    expect(tree(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });
});

describe('backups', () => {
  it('never overwrite an earlier backup', () => {
    const dir = root();
    const rel = skillPath('claude', 'svc-verify');
    write(dir, `${rel}.bak`, 'a backup the user made\n');
    write(dir, rel, 'first foreign version\n');
    expect(install(dir, ['claude'], { force: true, skills: ['svc-verify'] }).files[0]!.backup).toBe(`${rel}.bak.1`);
    appendFileSync(join(dir, rel), 'second edit\n');
    const second = read(dir, rel);
    expect(install(dir, ['claude'], { force: true, skills: ['svc-verify'] }).files[0]!.backup).toBe(`${rel}.bak.2`);
    expect(read(dir, `${rel}.bak`)).toBe('a backup the user made\n');
    expect(read(dir, `${rel}.bak.1`)).toBe('first foreign version\n');
    expect(read(dir, `${rel}.bak.2`)).toBe(second);
  });
});

describe('codex section in AGENTS.md', () => {
  const userHead = '# Agents\r\n\nüñïcödé and CRLF\r\nno trailing newline';
  it('keeps the text around the section byte for byte, on install and on update', () => {
    const dir = root();
    write(dir, 'AGENTS.md', userHead);
    install(dir, ['codex'], { version: OLD });
    const first = read(dir, 'AGENTS.md');
    expect(first.startsWith(userHead)).toBe(true);
    const tail = '\n## After\nuser text after the section\n\n\n';
    write(dir, 'AGENTS.md', first + tail.slice(1));
    const withTail = read(dir, 'AGENTS.md');
    const end = withTail.indexOf('<!-- END svc:skills -->') + '<!-- END svc:skills -->'.length;
    const prefix = withTail.slice(0, withTail.indexOf('<!-- BEGIN svc:skills'));
    const suffix = withTail.slice(end);
    expect(states(dir, 'codex')).toEqual(['stale', 'stale']);
    expect(install(dir, ['codex']).files.map((f) => f.action)).toEqual(['updated', 'updated']);
    const after = read(dir, 'AGENTS.md');
    expect(after.startsWith(prefix)).toBe(true);
    expect(after.endsWith(suffix)).toBe(true);
    expect(states(dir, 'codex')).toEqual(['ok', 'ok']);
  });

  it('holds the skills installed so far; adding one keeps the others', () => {
    const dir = root();
    install(dir, ['codex'], { skills: ['svc-verify'] });
    expect(states(dir, 'codex')).toEqual(['ok', 'absent']);
    const r = install(dir, ['codex'], { skills: ['svc-onboard'] });
    expect(r.files.map((f) => [f.skill, f.before, f.action])).toEqual([['svc-onboard', 'absent', 'created']]);
    expect(states(dir, 'codex')).toEqual(['ok', 'ok']);
    expect(read(dir, 'AGENTS.md').match(/BEGIN svc:skills/g)).toHaveLength(1);
  });

  it.each([
    ['BEGIN marker without END', (b: string, e: string) => `x\n${b}\ny\n`],
    ['END marker without BEGIN', (b: string, e: string) => `x\n${e}\ny\n`],
    ['duplicated svc markers', (b: string, e: string) => `${b}\n${e}\n${b}\n${e}\n`],
    ['END marker before BEGIN', (b: string, e: string) => `${e}\nmine\n${b}\n`],
  ])('reports %s as corrupt, blocks, and repairs with --force', (note, make) => {
    const dir = root();
    install(dir, ['codex']);
    const t = read(dir, 'AGENTS.md');
    const b = t.split('\n')[0]!;
    const e = '<!-- END svc:skills -->';
    const text = `# Mine\n${make(b, e)}`;
    write(dir, 'AGENTS.md', text);
    const row = inspectAll(dir, ['codex'], SKILLS, V)[0]!;
    expect([row.state, row.note]).toEqual(['corrupt', note]);
    expectConflict(() => install(dir, ['codex']));
    expect(read(dir, 'AGENTS.md')).toBe(text);
    const r = install(dir, ['codex'], { force: true });
    expect(read(dir, r.files[0]!.backup!)).toBe(text);
    expect(states(dir, 'codex')).toEqual(['ok', 'ok']);
    expect(read(dir, 'AGENTS.md').startsWith('# Mine\n')).toBe(true);
  });
});

describe('staying inside --dir', () => {
  it('refuses a symlink that leaves the project, even with --force, and writes nothing', () => {
    const outside = root();
    const dir = root();
    symlinkSync(outside, join(dir, '.claude'));
    writeFileSync(join(outside, 'AGENTS.md'), 'not yours\n');
    symlinkSync(join(outside, 'AGENTS.md'), join(dir, 'AGENTS.md'));
    expect(inspectAll(dir, ['claude', 'codex'], ['svc-verify'], V).map((r) => [r.state, r.note])).toEqual([
      ['unmarked', '.claude is a symlink that leaves the project dir; not followed'],
      ['unmarked', 'AGENTS.md is a symlink that leaves the project dir; not followed'],
    ]);
    for (const t of ['claude', 'codex'] as const) {
      const e = expectConflict(() => install(dir, [t], { force: true }));
      expect(e.message).toMatch(/symlink/);
    }
    expect(tree(outside)).toEqual(['AGENTS.md']);
    expect(readFileSync(join(outside, 'AGENTS.md'), 'utf8')).toBe('not yours\n');
  });

  it('follows a symlink that stays inside the project', () => {
    const dir = root();
    mkdirSync(join(dir, 'shared-skills'));
    mkdirSync(join(dir, '.claude'));
    symlinkSync(join(dir, 'shared-skills'), join(dir, '.claude', 'skills'));
    install(dir, ['claude']);
    expect(existsSync(join(dir, 'shared-skills', 'svc-verify', 'SKILL.md'))).toBe(true);
    expect(states(dir, 'claude')).toEqual(['ok', 'ok']);
  });

  it('writes only the documented paths under the project dir', () => {
    const parent = root();
    const dir = join(parent, 'project');
    mkdirSync(dir);
    install(dir, [...TARGETS]);
    expect(readdirSync(parent)).toEqual(['project']);
    // Copilot and Cline read claude's skill folder: no copies of their own.
    const skills = TARGETS.filter((t) => t !== 'copilot' && t !== 'cline').flatMap((t) => SKILLS.map((s) => skillPath(t, s)));
    const mcp = ['.mcp.json', '.cursor/mcp.json', '.vscode/mcp.json', '.kiro/settings/mcp.json', '.codex/config.toml'];
    expect(tree(dir)).toEqual([...new Set([...skills, ...mcp])].sort());
  });
});
