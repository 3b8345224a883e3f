import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../cli/main.js';
import type { Io } from '../../cli/io.js';
import { ROOT } from '../helpers/paths.js';

const io = (): Io => ({ out: () => undefined, err: () => undefined, env: {}, cwd: ROOT, stdinIsTTY: false, stderrIsTTY: false, readSecret: async () => '' });

/** The CLI loads only the noun and verb a command line names; what the user sees stays the same. */
describe('lazy command tree', () => {
  it('prints the same top-level help as the fully loaded tree', async () => {
    const full = (await buildProgram(io())).program.helpInformation();
    const lazy = await buildProgram(io(), ['--help']);
    expect(lazy.program.helpInformation()).toBe(full);
    expect(lazy.program.commands.every((c) => c.commands.length === 0)).toBe(true);
  });

  it('loads only the named verb, and every verb of a noun for its help or an unknown verb', async () => {
    const one = (await buildProgram(io(), ['--output', 'json', 'test', 'get', 'tst_1'])).program;
    expect(one.commands.find((c) => c.name() === 'test')!.commands.map((c) => c.name())).toEqual(['get']);
    expect(one.commands.find((c) => c.name() === 'project')!.commands).toHaveLength(0);
    const full = (await buildProgram(io())).program.commands.find((c) => c.name() === 'test')!;
    for (const argv of [['test', '--help'], ['help', 'test'], ['test', 'gett']]) {
      const t = (await buildProgram(io(), argv)).program.commands.find((c) => c.name() === 'test')!;
      expect(t.commands.map((c) => c.name()), argv.join(' ')).toEqual(full.commands.map((c) => c.name()));
      expect(t.helpInformation()).toBe(full.helpInformation());
    }
    const alias = (await buildProgram(io(), ['credits'])).program.commands.find((c) => c.name() === 'usage')!;
    expect(alias.aliases()).toEqual(['credits']);
  });
});
