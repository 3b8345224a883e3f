import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The manifest of a `svc-server backup` directory (README "Backups"): which svc and schema made
 * it, when, whether the secret key and the artifacts are in it, and the size and SHA-256 of every
 * file, so `restore` can refuse a backup that is incomplete, altered or newer than its build.
 */
export const BACKUP_FORMAT = 'svc-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const DB_FILE = 'svc.db';
export const KEY_FILE = 'secret.key';
export const ARTIFACTS_DIR = 'artifacts';

export interface BackupFile {
  /** Relative to the backup directory, '/'-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  svcVersion: string;
  createdAt: string;
  /** Applied migrations of the copied database, in order; `level` is the last one. */
  schema: { level: string; migrations: string[] };
  secretKey: {
    included: boolean;
    /** Where the server took it from when the backup was made. */
    source: 'file' | 'env' | 'none';
    /** A one-way fingerprint of the key (never the key), to tell whether a restore target has the same key. */
    fingerprint: string | null;
  };
  artifacts: { included: boolean; files: number; bytes: number };
  totalBytes: number;
  files: BackupFile[];
}

export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('svc-secret-key-fingerprint\0').update(key).digest('hex').slice(0, 16);
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (d) => h.update(d))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

/** Every regular file under `root` as '/'-separated relative paths, sorted; anything else is reported. */
export async function listFiles(root: string): Promise<{ files: string[]; others: string[] }> {
  const files: string[] = [];
  const others: string[] = [];
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const e of await readdir(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(join(abs, e.name), r);
      else if (e.isFile()) files.push(r);
      else others.push(r);
    }
  };
  await walk(root, '');
  files.sort();
  return { files, others: others.sort() };
}

export async function describeFile(root: string, path: string): Promise<BackupFile> {
  const abs = join(root, ...path.split('/'));
  const [s, sha256] = await Promise.all([stat(abs), sha256File(abs)]);
  return { path, size: s.size, sha256 };
}

/** A manifest path must stay inside the backup: relative, no empty, '.' or '..' segments. */
export function safeRelativePath(p: string): boolean {
  if (typeof p !== 'string' || !p || p.startsWith('/') || p.includes('\\') || p.includes('\0')) return false;
  return p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Parses and checks the shape of a manifest; returns the problems found (empty when usable). */
export function parseManifest(text: string): { manifest?: BackupManifest; problems: string[] } {
  let m: BackupManifest;
  try {
    m = JSON.parse(text) as BackupManifest;
  } catch {
    return { problems: ['manifest.json is not valid JSON'] };
  }
  const problems: string[] = [];
  if (!m || typeof m !== 'object') return { problems: ['manifest.json is not an object'] };
  if (m.format !== BACKUP_FORMAT) problems.push(`manifest.json is not an svc backup manifest (format ${JSON.stringify(m.format)})`);
  else if (m.formatVersion !== BACKUP_FORMAT_VERSION) problems.push(`backup format version ${m.formatVersion} is not known to this build (it reads ${BACKUP_FORMAT_VERSION})`);
  if (!m.schema || typeof m.schema.level !== 'string' || !Array.isArray(m.schema.migrations)) problems.push('manifest.json has no schema level');
  if (!m.secretKey || typeof m.secretKey.included !== 'boolean') problems.push('manifest.json does not say whether the secret key is included');
  if (!m.artifacts || typeof m.artifacts.included !== 'boolean') problems.push('manifest.json does not say whether artifacts are included');
  if (!Array.isArray(m.files)) problems.push('manifest.json lists no files');
  else {
    for (const f of m.files) {
      if (!f || !safeRelativePath(f.path) || f.path === MANIFEST_FILE) problems.push(`manifest.json lists an unsafe path ${JSON.stringify(f?.path)}`);
      else if (!Number.isInteger(f.size) || f.size < 0 || typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256)) problems.push(`manifest.json has no size or checksum for ${f.path}`);
    }
    const paths = m.files.map((f) => f?.path);
    if (!paths.includes(DB_FILE)) problems.push(`manifest.json lists no ${DB_FILE}`);
    if (m.secretKey?.included && !paths.includes(KEY_FILE)) problems.push(`manifest.json says the secret key is included but lists no ${KEY_FILE}`);
    if (new Set(paths).size !== paths.length) problems.push('manifest.json lists a file twice');
  }
  return problems.length ? { problems } : { manifest: m, problems };
}

/**
 * Compares the files of a backup directory with its manifest: every listed file present with its
 * size and checksum, nothing else there. Returns the problems (empty when intact).
 */
export async function verifyFiles(root: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  const { files, others } = await listFiles(root);
  const present = new Set(files);
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const o of others) problems.push(`${o} is not a regular file`);
  for (const f of files) if (f !== MANIFEST_FILE && !listed.has(f)) problems.push(`${f} is not in the manifest`);
  for (const f of manifest.files) {
    if (!present.has(f.path)) {
      problems.push(`${f.path} is missing`);
      continue;
    }
    const d = await describeFile(root, f.path);
    if (d.size !== f.size) problems.push(`${f.path} has ${d.size} bytes, the manifest says ${f.size}`);
    else if (d.sha256 !== f.sha256) problems.push(`${f.path} does not match its checksum`);
  }
  return problems;
}

/**
 * Where a backup's schema stands against the migrations this build knows: `newer` when it holds a
 * migration this build lacks (it cannot be restored here), `older` when this build has more (the
 * server applies them at start), `same` otherwise.
 */
export function compareSchema(backup: readonly string[], known: readonly string[]): { relation: 'same' | 'older' | 'newer'; unknown: string[] } {
  const k = new Set(known);
  const unknown = backup.filter((m) => !k.has(m));
  if (unknown.length) return { relation: 'newer', unknown };
  return { relation: backup.length < known.length ? 'older' : 'same', unknown: [] };
}
