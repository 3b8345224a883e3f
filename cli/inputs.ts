import { renameSync, writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { SvcError } from '../src/contract/errors.js';
import type { Loaded } from '../src/ops/plan-files.js';
import { readSecretFile } from './flags.js';
import type { Runtime } from './runtime.js';

/** `--idempotency-key <token>` as SPEC.md words it. */
export function idempotencyOption(cmd: Command, what = 'same key + same input returns the first result; another input is a conflict (exit 6)'): Command {
  return cmd.addOption(new Option('--idempotency-key <token>', `1-256 ASCII characters: ${what}`));
}

/** A secret from a flag or a file flag, never both; under --dry-run files are not read. */
export function secretFrom(rt: Runtime, value: string | undefined, file: string | undefined, flag: string, fileFlag: string): string | undefined {
  if (value !== undefined && file !== undefined) throw new SvcError('VALIDATION_ERROR', `give ${flag} or ${fileFlag}, not both`);
  if (file === undefined) return value;
  return rt.globals().dryRun ? 'dry-run-secret' : readSecretFile(file, fileFlag);
}

/** Loaded files with problems become one validation error naming each problem (exit 5). */
export function requireClean<T>(loaded: Loaded<T>): T[] {
  if (loaded.issues.length === 0) return loaded.values;
  const shown = loaded.issues.slice(0, 5).map((i) => `${i.file}: ${i.field}: ${i.reason}`);
  const more = loaded.issues.length > 5 ? ` (and ${loaded.issues.length - 5} more)` : '';
  throw new SvcError('VALIDATION_ERROR', `${shown.join('; ')}${more}`, {
    nextAction: "Fix the file; 'svc test lint' lists every problem.",
    details: { issues: loaded.issues },
  });
}

export function requireConfirm(rt: Runtime, confirm: boolean | undefined, what: string): void {
  if (!confirm && !rt.globals().dryRun) {
    throw new SvcError('VALIDATION_ERROR', `${what} needs --confirm (it never prompts)`, { nextAction: `Re-run with --confirm to ${what}.` });
  }
}

/** Written beside the target and renamed, so an interrupted write never leaves half a file. */
export function writeAtomically(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}
