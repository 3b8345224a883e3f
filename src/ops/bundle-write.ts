import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { RunBundle } from '../contract/bundle.js';
import { SvcError } from '../contract/errors.js';

/** The marker of an unfinished bundle directory. */
export const PARTIAL_MARKER = 'PARTIAL';

export interface WriteHooks {
  /** Called before each file is written (tests inject a crash here). */
  beforeFile?(path: string, index: number): void;
}

/** A relative path that stays inside the bundle directory. */
function safeRel(p: string): string {
  const parts = p.split('/');
  if (!p || isAbsolute(p) || p.includes('\\') || parts.some((s) => s === '' || s === '.' || s === '..') || p === PARTIAL_MARKER) {
    throw new SvcError('VALIDATION_ERROR', `bundle: refusing the file path '${p}'`, { nextAction: 'The server sent an unexpected bundle; report it with --debug output.' });
  }
  return p;
}

/** An existing directory may be replaced only when it is empty or an earlier svc bundle. */
function replaceable(dir: string): boolean {
  if (!statSync(dir).isDirectory()) return false;
  if (readdirSync(dir).length === 0) return true;
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { bundleVersion?: unknown; snapshotId?: unknown };
    return typeof meta.bundleVersion === 'number' && typeof meta.snapshotId === 'string';
  } catch {
    return false;
  }
}

/**
 * Writes a bundle so that the final directory is always one whole bundle of one run, never a mix:
 * files go into a sibling `<dir>.partial-<random>` that holds a PARTIAL marker until the last file
 * (meta.json) is written; then the marker is removed and the directory renamed into place. A crash
 * mid-write leaves only the marked partial directory. An earlier bundle at the destination is moved
 * aside, replaced by the rename and then deleted (for that instant the path is absent, never mixed).
 */
export function writeBundle(dir: string, bundle: RunBundle, hooks: WriteHooks = {}): { path: string; files: string[]; replaced: boolean } {
  const final = resolve(dir);
  const existed = existsSync(final);
  if (existed && !replaceable(final)) {
    throw new SvcError('VALIDATION_ERROR', `--out: '${dir}' exists and is not an svc bundle directory; refusing to replace it`, { nextAction: 'Choose a new or empty directory for --out.' });
  }
  const files = bundle.files.map((f) => ({ ...f, path: safeRel(f.path) }));
  mkdirSync(dirname(final), { recursive: true });
  const tmp = `${final}.partial-${randomBytes(4).toString('hex')}`;
  mkdirSync(tmp);
  writeFileSync(join(tmp, PARTIAL_MARKER), `Incomplete svc bundle of run ${bundle.meta.runId}: writing stopped before it finished. Safe to delete.\n`);
  files.forEach((f, i) => {
    hooks.beforeFile?.(f.path, i);
    const p = join(tmp, ...f.path.split('/'));
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, f.encoding === 'base64' ? Buffer.from(f.content, 'base64') : f.content);
  });
  hooks.beforeFile?.('meta.json', files.length);
  writeFileSync(join(tmp, 'meta.json'), `${JSON.stringify(bundle.meta, null, 2)}\n`);
  unlinkSync(join(tmp, PARTIAL_MARKER));
  if (existed) {
    const old = `${final}.old-${randomBytes(4).toString('hex')}`;
    renameSync(final, old);
    try {
      renameSync(tmp, final);
    } catch (err) {
      renameSync(old, final);
      throw err;
    }
    rmSync(old, { recursive: true, force: true });
  } else renameSync(tmp, final);
  return { path: final, files: [...files.map((f) => f.path), 'meta.json'], replaced: existed };
}

export function defaultBundleDir(cwd: string, name: string): string {
  return join(cwd, 'svc-artifacts', basename(name));
}
