import { Command, CommanderError, Option } from 'commander';
import { EXIT, SvcError } from '../src/contract/errors.js';
import { packageVersion } from '../src/util/package-root.js';
import { NOUNS, commandOf } from './commands.js';
import { intFlag } from './flags.js';
import type { Io } from './io.js';
import { Runtime } from './runtime.js';

/**
 * The program for a command line: the noun it names is loaded in full, the others stand as
 * placeholders that only give help its list. Without a command line (or for `completion`, which
 * prints the whole tree) every noun is loaded.
 */
export async function buildProgram(io: Io, argv?: string[]): Promise<{ program: Command; rt: Runtime; errText: () => string }> {
  const program = new Command('svc');
  let errBuf = '';
  const writeErr = (s: string) => {
    errBuf += s;
  };
  const rt = new Runtime(program, io);
  program
    .description('svc: generate, run and triage automated frontend and backend tests')
    .version(packageVersion(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addOption(new Option('--output <mode>', 'output mode: json (stable contract) or text').choices(['json', 'text']).default('text'))
    .option('--profile <name>', 'credentials profile (default: $SVC_PROFILE, else default)')
    .option('--verbose', 'retry, backoff and polling transitions on stderr', false)
    .option('--debug', 'HTTP method, path, request id, latency and retry decisions on stderr', false)
    .option('--dry-run', 'no network, credentials or files: print a sample response', false)
    .option('--request-timeout <seconds>', 'per-request timeout, 1-600 s (default 120; env SVC_REQUEST_TIMEOUT_MS)', intFlag(1, 600))
    .option('--endpoint-url <url>', 'API base URL (env SVC_API_URL, profile api_url; default http://127.0.0.1:7788/api/v1)')
    .enablePositionalOptions()
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr });
  const named = argv ? commandOf(argv, GLOBAL_VALUE) : {};
  const loadAll = !argv || named.noun?.name === 'completion';
  for (const noun of NOUNS) {
    if (loadAll) await (await noun.load())(program, rt);
    else if (noun === named.noun) await (await noun.load())(program, rt, named.verb);
    else {
      const stub = program.command(noun.name);
      if (noun.term?.options) stub.addOption(new Option('--options').hideHelp());
      if (noun.term?.args) stub.argument(noun.term.args);
    }
    const cmd = program.commands.at(-1)!;
    cmd.description(noun.summary);
    if (noun.alias && !cmd.aliases().includes(noun.alias)) cmd.alias(noun.alias);
  }
  // Every (sub)command reports parse errors through main instead of exiting itself.
  const walk = (c: Command) => {
    c.exitOverride();
    c.configureOutput({ writeOut: (s) => io.out(s), writeErr });
    c.commands.forEach(walk);
  };
  program.commands.forEach(walk);
  return { program, rt, errText: () => errBuf };
}

/** The only place that turns results and errors into exit codes. */
export async function main(rawArgv: string[], io: Io): Promise<number> {
  const argv = hoistGlobals(rawArgv);
  const { program, rt, errText } = await buildProgram(io, argv);
  const jsonMode = wantsJson(argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return rt.exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return 0;
      // A command group called without a subcommand: commander printed its help to the error stream.
      if (err.code === 'commander.help' || err.code === 'commander.executeSubCommandAsync') {
        io.err(errText());
        return EXIT.VALIDATION;
      }
      const message = err.message.replace(/^error:\s*/, '');
      const e = new SvcError('VALIDATION_ERROR', message, { nextAction: usageHint(err) });
      printError(io, e, jsonMode);
      return EXIT.VALIDATION;
    }
    const e = err instanceof SvcError ? err : internal(err);
    printError(io, e, jsonMode);
    return e.exitCode;
  }
}

function internal(err: unknown): SvcError {
  const e = new SvcError('INTERNAL', err instanceof Error ? err.message : String(err), { nextAction: 'Run again with --debug; report the output if it persists.' });
  if (process.env.SVC_TRACE && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  return e;
}

function usageHint(err: CommanderError): string {
  if (err.code === 'commander.unknownOption') return "Check the flag's spelling; 'svc <command> --help' lists the command's flags, 'svc --help' the global ones.";
  return 'See --help for the usage.';
}

const GLOBAL_VALUE = new Set(['--output', '--profile', '--request-timeout', '--endpoint-url']);
const GLOBAL_SWITCH = new Set(['--verbose', '--debug', '--dry-run']);

/**
 * Global flags may be written anywhere on the line (`svc project list --output json`): they are moved
 * in front of the command, in their order, before parsing. Nothing after `--` is touched.
 */
export function hoistGlobals(argv: string[]): string[] {
  const globals: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const name = a.split('=')[0]!;
    if (GLOBAL_SWITCH.has(a)) globals.push(a);
    else if (GLOBAL_VALUE.has(name) && a.includes('=')) globals.push(a);
    else if (GLOBAL_VALUE.has(a) && i + 1 < argv.length) globals.push(a, argv[++i]!);
    else rest.push(a);
  }
  return [...globals, ...rest];
}

function wantsJson(argv: string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--output=json' || (a === '--output' && argv[i + 1] === 'json')) return true;
    if (!a.startsWith('-') && argv[i - 1] !== '--output' && argv[i - 1] !== '--profile' && argv[i - 1] !== '--request-timeout' && argv[i - 1] !== '--endpoint-url') return false;
  }
  return false;
}

export function printError(io: Io, e: SvcError, json: boolean): void {
  if (json) {
    io.err(`${JSON.stringify(e.toEnvelope())}\n`);
    return;
  }
  let s = `error: ${e.message}\n`;
  if (e.nextAction) s += `  next: ${e.nextAction}\n`;
  if (e.requestId) s += `  request id: ${e.requestId}\n`;
  const diff = (e.details as { diff?: unknown } | undefined)?.diff;
  if (typeof diff === 'string') s += diff;
  io.err(s);
}
