import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ArtifactStore, ArtifactStoreConfig } from './artifact-store.js';
import { DirArtifactStore } from './dir-store.js';
import { S3ArtifactStore } from './s3-store.js';

/** The store a config names; without one, `<dataDir>/artifacts` (the embedded default). */
export function openArtifactStore(dataDir: string, cfg?: ArtifactStoreConfig): ArtifactStore {
  if (cfg?.kind === 's3') return new S3ArtifactStore(cfg);
  return new DirArtifactStore(cfg?.dir ?? join(dataDir, 'artifacts'));
}

/** `s3://bucket[/prefix]` → bucket and prefix; throws on anything else. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!m) throw new Error(`expected s3://BUCKET[/PREFIX], got ${JSON.stringify(url)}`);
  return { bucket: m[1]!, prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

/**
 * Hands a directory the engine wrote (a run's recordings) to the store under `prefix` and removes
 * the local copy. A directory store that the files were written into in place has nothing to do.
 * A failed upload keeps the local files.
 */
export async function publishDir(store: ArtifactStore, prefix: string, dir: string): Promise<number> {
  const inPlace = store.localDir(prefix);
  if (inPlace && resolve(inPlace) === resolve(dir)) return 0;
  const files: string[] = [];
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const e of await readdir(abs, { withFileTypes: true }).catch(() => [])) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(join(abs, e.name), r);
      else if (e.isFile()) files.push(r);
    }
  };
  await walk(dir, '');
  if (!files.length) return 0;
  // A few uploads at once: a run has tens of screenshots, a video and a trace.
  for (let i = 0; i < files.length; i += 8) await Promise.all(files.slice(i, i + 8).map((f) => store.putFile(`${prefix}/${f}`, join(dir, ...f.split('/')))));
  await rm(dir, { recursive: true, force: true });
  return files.length;
}
