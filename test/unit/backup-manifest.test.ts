import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  compareSchema,
  describeFile,
  keyFingerprint,
  parseManifest,
  safeRelativePath,
  verifyFiles,
  type BackupManifest,
} from '../../src/store/backup-manifest.js';
import { tempDir } from '../helpers/paths.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function manifest(files: BackupManifest['files'], extra: Partial<BackupManifest> = {}): BackupManifest {
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    svcVersion: '0.1.0',
    createdAt: '2026-01-01T00:00:00.000Z',
    schema: { level: '0002-b', migrations: ['0001-a', '0002-b'] },
    secretKey: { included: false, source: 'file', fingerprint: 'abcd' },
    artifacts: { included: false, files: 0, bytes: 0 },
    totalBytes: files.reduce((n, f) => n + f.size, 0),
    files,
    ...extra,
  };
}

/** A backup dir with svc.db and one artifact, and its manifest. */
function backupDir(): { dir: string; m: BackupManifest } {
  const dir = tempDir('svc-bk-unit-');
  writeFileSync(join(dir, 'svc.db'), 'database bytes');
  mkdirSync(join(dir, 'artifacts', 'runs', 'r1'), { recursive: true });
  writeFileSync(join(dir, 'artifacts', 'runs', 'r1', 'shot.png'), 'png');
  const m = manifest([
    { path: 'svc.db', size: 14, sha256: sha('database bytes') },
    { path: 'artifacts/runs/r1/shot.png', size: 3, sha256: sha('png') },
  ]);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
  return { dir, m };
}

describe('backup manifest', () => {
  it('describes a file by size and SHA-256', async () => {
    const { dir } = backupDir();
    expect(await describeFile(dir, 'artifacts/runs/r1/shot.png')).toEqual({ path: 'artifacts/runs/r1/shot.png', size: 3, sha256: sha('png') });
  });

  it('accepts an intact backup and names each damage', async () => {
    const { dir, m } = backupDir();
    expect(await verifyFiles(dir, m)).toEqual([]);

    writeFileSync(join(dir, 'svc.db'), 'database byteZ'); // same size, other bytes
    expect(await verifyFiles(dir, m)).toEqual(['svc.db does not match its checksum']);
    writeFileSync(join(dir, 'svc.db'), 'database bytes!');
    expect(await verifyFiles(dir, m)).toEqual(['svc.db has 15 bytes, the manifest says 14']);
    writeFileSync(join(dir, 'svc.db'), 'database bytes');

    writeFileSync(join(dir, 'artifacts', 'extra.txt'), 'x');
    expect(await verifyFiles(dir, m)).toEqual(['artifacts/extra.txt is not in the manifest']);

    const missing = { ...m, files: [...m.files, { path: 'secret.key', size: 45, sha256: sha('k') }] };
    expect(await verifyFiles(dir, missing)).toContain('secret.key is missing');
  });

  it('parses a manifest and refuses a wrong or unsafe one', () => {
    const ok = manifest([{ path: 'svc.db', size: 1, sha256: sha('x') }]);
    expect(parseManifest(JSON.stringify(ok))).toEqual({ manifest: ok, problems: [] });
    expect(parseManifest('{not json').problems).toEqual(['manifest.json is not valid JSON']);
    expect(parseManifest(JSON.stringify({ ...ok, format: 'other' })).problems[0]).toMatch(/not an svc backup manifest/);
    expect(parseManifest(JSON.stringify({ ...ok, formatVersion: 99 })).problems[0]).toMatch(/format version 99/);
    expect(parseManifest(JSON.stringify({ ...ok, files: [] })).problems).toContain('manifest.json lists no svc.db');
    expect(parseManifest(JSON.stringify({ ...ok, files: [...ok.files, { path: '../etc/passwd', size: 1, sha256: sha('x') }] })).problems[0]).toMatch(/unsafe path/);
    expect(parseManifest(JSON.stringify({ ...ok, files: [{ path: 'svc.db', size: 1, sha256: 'nope' }] })).problems[0]).toMatch(/no size or checksum/);
    expect(parseManifest(JSON.stringify({ ...ok, secretKey: { included: true, source: 'file', fingerprint: 'a' } })).problems).toContain(
      'manifest.json says the secret key is included but lists no secret.key',
    );
  });

  it('keeps paths inside the backup', () => {
    expect(safeRelativePath('artifacts/runs/r1/a.png')).toBe(true);
    for (const p of ['', '/abs', 'a/../b', './a', 'a//b', 'a\\b', '..']) expect(safeRelativePath(p), p).toBe(false);
  });

  it('compares schema levels by migration name', () => {
    const known = ['0001-a', '0002-b', '0003-c'];
    expect(compareSchema(known, known)).toEqual({ relation: 'same', unknown: [] });
    expect(compareSchema(['0001-a'], known)).toEqual({ relation: 'older', unknown: [] });
    expect(compareSchema([...known, '0004-d'], known)).toEqual({ relation: 'newer', unknown: ['0004-d'] });
  });

  it('fingerprints a key without revealing it', () => {
    const key = Buffer.alloc(32, 7);
    const fp = keyFingerprint(key);
    expect(fp).toMatch(/^[0-9a-f]{16}$/);
    expect(fp).toBe(keyFingerprint(Buffer.alloc(32, 7)));
    expect(fp).not.toBe(keyFingerprint(Buffer.alloc(32, 8)));
    expect(fp).not.toContain(key.toString('hex').slice(0, 16));
  });
});
