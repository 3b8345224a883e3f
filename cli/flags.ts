import { InvalidArgumentError } from 'commander';
import { readFileSync, statSync } from 'node:fs';
import { fileProblem } from '../src/util/file-problem.js';
import { SvcError } from '../src/contract/errors.js';

export function intFlag(min: number, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!/^-?\d+$/.test(v.trim()) || n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    return n;
  };
}

export function numberFlag(min: number, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new InvalidArgumentError(`must be a number from ${min} to ${max}`);
    return n;
  };
}

/** For repeatable flags: --needs a --needs b. */
export function collect(v: string, prev: string[] = []): string[] {
  return [...prev, v];
}

/** Reads a user-named file with a size cap; errors name the flag and the limit. */
export function readUserFile(path: string, flag: string, maxBytes?: number): string {
  const problem = fileProblem(path);
  if (problem) throw new SvcError('VALIDATION_ERROR', `${flag}: cannot read '${path}': ${problem}`, { nextAction: `Check the path given to ${flag}.` });
  const size = statSync(path).size;
  if (maxBytes !== undefined && size > maxBytes) {
    throw new SvcError('VALIDATION_ERROR', `${flag}: '${path}' is ${size} bytes; the limit is ${maxBytes} bytes (${Math.round(maxBytes / 1024)} KB)`, {
      nextAction: 'Split or shrink the file.',
    });
  }
  return readFileSync(path, 'utf8');
}

/** Secrets from files: a single trailing newline is not part of the secret. */
export function readSecretFile(path: string, flag: string): string {
  return readUserFile(path, flag, 64 * 1024).replace(/\r?\n$/, '');
}
