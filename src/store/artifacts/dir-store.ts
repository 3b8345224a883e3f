import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { contentTypeOf, keySegments, type ArtifactBody, type ArtifactInfo, type ArtifactStore } from './artifact-store.js';

/**
 * Artifacts as files under one directory (`<data dir>/artifacts` by default, or a volume every
 * process mounts at the same path). The engine writes a run's files here in place.
 */
export class DirArtifactStore implements ArtifactStore {
  readonly kind = 'dir' as const;
  readonly location: string;

  constructor(readonly root: string) {
    this.location = resolve(root);
  }

  private path(key: string): string | null {
    const segs = keySegments(key);
    return segs ? join(this.location, ...segs) : null;
  }

  localDir(prefix: string): string | null {
    return this.path(prefix);
  }

  async putFile(key: string, file: string): Promise<void> {
    const to = this.mustPath(key);
    if (resolve(file) === to) return;
    await mkdir(dirname(to), { recursive: true });
    await copyFile(file, to);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const to = this.mustPath(key);
    await mkdir(dirname(to), { recursive: true });
    await writeFile(to, body);
  }

  /** The file behind a key, or null; a real path (after symlinks) outside the root is refused. */
  private async file(key: string): Promise<{ path: string; size: number } | null> {
    const p = this.path(key);
    if (!p) return null;
    try {
      const [realRoot, real] = await Promise.all([realpath(this.location), realpath(p)]);
      if (!real.startsWith(realRoot + sep)) return null;
      const s = await stat(real);
      return s.isFile() ? { path: real, size: s.size } : null;
    } catch {
      return null;
    }
  }

  async stat(key: string): Promise<ArtifactInfo | null> {
    const f = await this.file(key);
    return f ? { key, size: f.size } : null;
  }

  async get(key: string, range?: { start: number; end: number }): Promise<ArtifactBody | null> {
    const f = await this.file(key);
    if (!f) return null;
    const body = createReadStream(f.path, range ? { start: range.start, end: range.end } : {});
    return { body, size: f.size, length: range ? range.end - range.start + 1 : f.size, contentType: contentTypeOf(key) };
  }

  async list(prefix: string): Promise<ArtifactInfo[]> {
    const dir = this.path(prefix);
    if (!dir) return [];
    const out: ArtifactInfo[] = [];
    const walk = async (abs: string, rel: string): Promise<void> => {
      for (const e of await readdir(abs, { withFileTypes: true }).catch(() => [])) {
        const key = `${rel}/${e.name}`;
        if (e.isDirectory()) await walk(join(abs, e.name), key);
        else if (e.isFile()) out.push({ key, size: (await stat(join(abs, e.name)).catch(() => ({ size: 0 }))).size });
      }
    };
    await walk(dir, prefix);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string): Promise<boolean> {
    const f = await this.file(key);
    if (!f) return false;
    await rm(f.path, { force: true });
    return true;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.path(prefix);
    if (!dir) return 0;
    const n = (await this.list(prefix)).length;
    await rm(dir, { recursive: true, force: true });
    return n;
  }

  close(): void {}

  private mustPath(key: string): string {
    const p = this.path(key);
    if (!p) throw new Error(`not an artifact key: ${JSON.stringify(key)}`);
    return p;
  }
}
