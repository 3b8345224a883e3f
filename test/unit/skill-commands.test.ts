import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CommanderError, type Command } from 'commander';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../cli/main.js';
import type { Io } from '../../cli/io.js';
import { ROOT } from '../helpers/paths.js';

/**
 * Every command line, flag and JSON field a skill mentions must exist: an agent following the skill
 * must never hit "unknown command". Command lines are parsed against the real commander tree with
 * every action replaced by a no-op, so nothing runs, but unknown commands, unknown flags, bad
 * choices and excess arguments still fail.
 */
const SKILL_DIR = join(ROOT, 'skills');
const skills = readdirSync(SKILL_DIR).filter((f) => f.endsWith('.md'));

/**
 * `svc …` lines inside shell code blocks (sh, bash, shell, console) and inline `svc …` code spans in
 * the prose. Other blocks (text report templates, JSON, Python) are not commands.
 */
export function commandLines(md: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    const f = /^\s*(?:```|~~~)(\w*)/.exec(line);
    if (f) {
      fence = fence === null ? f[1]! : null;
      continue;
    }
    if (fence !== null) {
      if (['sh', 'bash', 'shell', 'console'].includes(fence) && /^\s*svc\s/.test(line)) out.push(line.trim());
    } else for (const m of line.matchAll(/`(svc\s[^`]+)`/g)) out.push(m[1]!);
  }
  return out;
}

/** A `<placeholder>` becomes a value of the kind its name suggests, so numeric flags still parse. */
export function fillPlaceholder(word: string): string {
  const m = /^<([\w-]+)>$/.exec(word);
  if (!m) return word;
  if (/version|^n$|count|runs|seconds|size/i.test(m[1]!)) return '1';
  if (/url/i.test(m[1]!)) return 'https://example.com';
  return `${m[1]}-1`;
}

/** A small shell word splitter: quotes group words; a comment, pipe or redirect ends the command. */
export function words(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let started = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) out.push(cur);
      cur = '';
      started = false;
    } else if ('#|>;&'.includes(ch) && !started) break;
    else {
      cur += ch;
      started = true;
    }
  }
  if (started) out.push(cur);
  return out;
}

const silentIo = (): Io => ({ out: () => undefined, err: () => undefined, env: {}, cwd: ROOT, stdinIsTTY: false, stderrIsTTY: false, readSecret: async () => '' });

/** Parses argv (without the leading `svc`) with no-op actions; returns the error text or null. */
async function parseOnly(argv: string[]): Promise<string | null> {
  const { program } = await buildProgram(silentIo());
  const neuter = (c: Command) => {
    if ((c as unknown as { _actionHandler: unknown })._actionHandler) c.action(() => undefined);
    c.commands.forEach(neuter);
  };
  neuter(program);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return null;
  } catch (err) {
    if (err instanceof CommanderError && (err.code === 'commander.version' || err.code === 'commander.helpDisplayed')) return null;
    if (err instanceof CommanderError && err.code === 'commander.help') return 'incomplete command (a group without its subcommand)';
    return err instanceof Error ? err.message : String(err);
  }
}

describe('skill command lines', () => {
  it('finds command lines to check', () => {
    const all = skills.flatMap((f) => commandLines(readFileSync(join(SKILL_DIR, f), 'utf8')));
    expect(all.length).toBeGreaterThan(30);
    expect(all).not.toContain('svc onboarding');
    expect(['<test-id>', '<codeVersion>', '<url>'].map(fillPlaceholder)).toEqual(['test-id-1', '1', 'https://example.com']);
    expect(words(`svc --output json test create --name "orders: create" --code-file x.py # note`)).toEqual(['svc', '--output', 'json', 'test', 'create', '--name', 'orders: create', '--code-file', 'x.py']);
  });

  it('rejects what the real CLI rejects (the check has teeth)', async () => {
    expect(await parseOnly(['agent', 'install', '--target', 'claude'])).toBeNull();
    expect(await parseOnly(['-V'])).toBeNull();
    expect(await parseOnly(['agent', 'install', '--nope'])).toMatch(/unknown option/);
    expect(await parseOnly(['agent', 'frobnicate'])).toMatch(/unknown command/);
    expect(await parseOnly(['auth', 'status', 'extra'])).toMatch(/too many arguments/);
    expect(await parseOnly(['--output', 'xml', 'doctor'])).toMatch(/json, text/);
    expect(await parseOnly(['agent'])).toMatch(/incomplete/);
  });

  it.each(skills)('every svc command in skills/%s parses against the CLI', async (file) => {
    const failures: string[] = [];
    for (const line of commandLines(readFileSync(join(SKILL_DIR, file), 'utf8'))) {
      const argv = words(line).slice(1).map(fillPlaceholder);
      const err = await parseOnly(argv);
      if (err) failures.push(`${line}  →  ${err}`);
    }
    expect(failures).toEqual([]);
  });
});

/** Every property name any contract schema declares (as emitted to JSON Schema). */
async function contractFields(): Promise<Set<string>> {
  const keys = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties' && v && typeof v === 'object') Object.keys(v).forEach((p) => keys.add(p));
        collect(v);
      }
    }
  };
  const dir = join(ROOT, 'src/contract');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as Record<string, unknown>;
    for (const v of Object.values(mod)) {
      if (v instanceof z.ZodType) {
        try {
          collect(z.toJSONSchema(v, { io: 'output', unrepresentable: 'any' }));
        } catch {
          /* not representable as JSON Schema: carries no wire fields */
        }
      }
    }
  }
  return keys;
}

describe('skill JSON fields', () => {
  it.each(skills)('every camelCase field named in skills/%s exists in the contract', async (file) => {
    const known = await contractFields();
    const md = readFileSync(join(SKILL_DIR, file), 'utf8');
    const named = [...md.matchAll(/`([a-z]+[A-Z][A-Za-z]*)(\[\])?`/g)].map((m) => m[1]!);
    expect([...new Set(named)].filter((n) => !known.has(n))).toEqual([]);
  });
});
