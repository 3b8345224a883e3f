import { closeSync, constants, copyFileSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { SvcError } from '../contract/errors.js';

/** The real path of the project dir; it must exist and be a directory. */
export function projectRoot(dir: string, cwd: string): string {
  const abs = resolve(cwd, dir);
  let real: string;
  try {
    real = realpathSync(abs);
    if (!statSync(real).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new SvcError('VALIDATION_ERROR', `--dir '${dir}' is not an existing directory`, { nextAction: 'Pass the project root with --dir <path> (default: the current directory).' });
  }
  return real;
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface Located {
  /** Absolute path to read and write, symlinks inside the root resolved. */
  abs: string;
  exists: boolean;
  /** Set when a path component is a symlink that leaves the root (or dangles): never followed. */
  escape?: string;
}

/**
 * Resolves `rel` under `root` one component at a time so that a symlink pointing out of the project
 * (say `.claude -> /etc`) is detected before anything is read or written through it.
 */
export function locate(root: string, rel: string): Located {
  const parts = rel.split('/').filter(Boolean);
  let cur = root;
  for (let i = 0; i < parts.length; i++) {
    const next = join(cur, parts[i]!);
    let st;
    try {
      st = lstatSync(next);
    } catch {
      return { abs: join(next, ...parts.slice(i + 1)), exists: false };
    }
    if (st.isSymbolicLink()) {
      let real: string;
      try {
        real = realpathSync(next);
      } catch {
        return { abs: next, exists: false, escape: parts.slice(0, i + 1).join('/') };
      }
      if (!inside(root, real)) return { abs: next, exists: true, escape: parts.slice(0, i + 1).join('/') };
      cur = real;
    } else cur = next;
  }
  return { abs: cur, exists: true };
}

export function readText(abs: string): string {
  return readFileSync(abs, 'utf8');
}

/** Write to a temp file beside the target, fsync, rename: readers never see half a file. */
export function atomicWrite(abs: string, content: string): void {
  mkdirSync(dirname(abs), { recursive: true });
  let mode = 0o644;
  try {
    mode = statSync(abs).mode & 0o777;
  } catch {
    /* new file */
  }
  const tmp = join(dirname(abs), `.${basename(abs)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, abs);
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
    try {
      unlinkSync(tmp);
    } catch {
      /* never created or already renamed */
    }
    throw err;
  }
}

/** Copies the file to `<file>.bak`, or `.bak.1`, `.bak.2`… so an earlier backup is never overwritten. */
export function backup(abs: string): string {
  for (let n = 0; n < 1000; n++) {
    const bak = n === 0 ? `${abs}.bak` : `${abs}.bak.${n}`;
    try {
      lstatSync(bak);
      continue;
    } catch {
      /* free name */
    }
    copyFileSync(abs, bak, constants.COPYFILE_EXCL);
    return bak;
  }
  throw new SvcError('CONFLICT', `too many backups of ${abs}`, { nextAction: 'Remove old .bak files and try again.' });
}
