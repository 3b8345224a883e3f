import type { Command } from 'commander';
import type { Runtime } from './runtime.js';

/** Registers a noun; nouns with verbs register only the one named (all when none is). */
type Registrar = (program: Command, rt: Runtime, verb?: string) => void | Promise<void>;

/**
 * The command tree of SPEC.md 4.3, one noun per entry, in help order. A noun's module (its
 * subcommands, ops and renderers) is imported only when the command line names it, so `svc -V`,
 * `svc --help` and each command load what they use and nothing else. The summary here is the
 * noun's description in help.
 */
export interface Noun {
  name: string;
  alias?: string;
  summary: string;
  /** How a leaf noun's line in help reads when it is not loaded: `setup [options]`, `completion <shell>`. */
  term?: { options?: true; args?: string };
  load(): Promise<Registrar>;
}

export const NOUNS: Noun[] = [
  { name: 'setup', summary: 'validate an API key with GET /me, store it in the active profile, install the agent skill', term: { options: true }, load: async () => (await import('./commands/setup.js')).registerSetup },
  { name: 'doctor', summary: 'run the setup checklist (OK/WARN/FAIL); exits non-zero only when a check fails', load: async () => (await import('./commands/doctor.js')).registerDoctor },
  { name: 'auth', summary: 'identity and stored credentials', load: async () => (await import('./commands/auth.js')).registerAuth },
  {
    name: 'project',
    summary: 'frontend and backend projects: list, get, create, update, delete, credentials, PRD and feature map, API docs and discovery, exploration, schedules, file-chooser files',
    load: async () => (await import('./commands/project.js')).registerProject,
  },
  { name: 'test', summary: 'tests: create, lint, list, inspect, change, delete, run and triage', load: async () => (await import('./commands/test.js')).registerTest },
  { name: 'plan', summary: "a project's test plan: generate, list, edit, select/deselect, accept into tests", load: async () => (await import('./commands/plan.js')).registerPlan },
  { name: 'agent', summary: 'coding-agent skill files (local: no network, no credentials)', load: async () => (await import('./commands/agent.js')).registerAgent },
  { name: 'usage', alias: 'credits', summary: 'credit balance and plan info (GET /me)', load: async () => (await import('./commands/usage.js')).registerUsage },
  { name: 'completion', summary: 'print a shell completion script for bash, zsh or fish', term: { args: '<shell>' }, load: async () => (await import('./commands/completion.js')).registerCompletion },
];

/**
 * The noun and verb a command line names (after the global flags, which main moves to the front):
 * its first two words, skipping a leading `help`.
 */
export function commandOf(argv: string[], valueFlags: Set<string>): { noun?: Noun; verb?: string } {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 3; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith('-')) {
      if (valueFlags.has(a)) i++;
      continue;
    }
    words.push(a);
  }
  if (words[0] === 'help') words.shift();
  const noun = words[0] === undefined ? undefined : NOUNS.find((n) => n.name === words[0] || n.alias === words[0]);
  return { noun, verb: noun ? words[1] : undefined };
}
