/**
 * A project's files (frontend file choosers) in the artifact store, so the server and every worker
 * process read the same ones: the bytes under `projects/<projectId>/files/<name>` and, beside them,
 * a small record per file under `projects/<projectId>/file-meta/<name>.json` (its SHA-256 and upload
 * time), so listing never re-reads up to 100 MB. Retention prunes `runs/` only; a project's files go
 * with the project (deleteProjectFiles).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ProjectFile } from '../contract/project-files.js';
import { nowIso } from '../util/ids.js';
import type { ArtifactStore } from './artifacts/artifact-store.js';

export const projectFilesPrefix = (projectId: string) => `projects/${projectId}/files`;
const fileKey = (projectId: string, name: string) => `${projectFilesPrefix(projectId)}/${name}`;
const metaKey = (projectId: string, name: string) => `projects/${projectId}/file-meta/${name}.json`;

export async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** The names and sizes of the stored files, straight from the store's listing (no records read). */
export async function storedFiles(store: ArtifactStore, projectId: string): Promise<{ name: string; size: number }[]> {
  const prefix = `${projectFilesPrefix(projectId)}/`;
  return (await store.list(projectFilesPrefix(projectId)))
    .map((o) => ({ name: o.key.slice(prefix.length), size: o.size }))
    .filter((f) => f.name && !f.name.includes('/'));
}

/** The file's bytes, or null when it is gone. */
export async function readProjectFile(store: ArtifactStore, projectId: string, name: string): Promise<Buffer | null> {
  const got = await store.get(fileKey(projectId, name));
  return got ? readAll(got.body) : null;
}

function recordOf(name: string, content: Buffer, uploadedAt: string): ProjectFile {
  return { name, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex'), uploadedAt };
}

/** Adds or replaces a file; the bytes first, so a record never describes bytes that are not there. */
export async function putProjectFile(store: ArtifactStore, projectId: string, name: string, content: Buffer): Promise<ProjectFile> {
  const record = recordOf(name, content, nowIso());
  await store.put(fileKey(projectId, name), content, 'application/octet-stream');
  await store.put(metaKey(projectId, name), Buffer.from(JSON.stringify(record)), 'application/json');
  return record;
}

async function readMeta(store: ArtifactStore, projectId: string, name: string): Promise<ProjectFile | null> {
  const got = await store.get(metaKey(projectId, name));
  if (!got) return null;
  try {
    return JSON.parse((await readAll(got.body)).toString('utf8')) as ProjectFile;
  } catch {
    return null;
  }
}

/**
 * The project's files by name. A file whose record is missing or does not match its size (a write
 * cut short) is hashed from its bytes once and its record rewritten.
 */
export async function listProjectFiles(store: ArtifactStore, projectId: string): Promise<ProjectFile[]> {
  const records = await Promise.all(
    (await storedFiles(store, projectId)).map(async ({ name, size }): Promise<ProjectFile | null> => {
      const meta = await readMeta(store, projectId, name);
      if (meta && meta.bytes === size && meta.name === name) return meta;
      const content = await readProjectFile(store, projectId, name);
      if (!content) return null;
      const record = recordOf(name, content, meta?.uploadedAt ?? nowIso());
      await store.put(metaKey(projectId, name), Buffer.from(JSON.stringify(record)), 'application/json');
      return record;
    }),
  );
  return records.filter((r): r is ProjectFile => r !== null).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** false when the project has no such file. */
export async function removeProjectFile(store: ArtifactStore, projectId: string, name: string): Promise<boolean> {
  const existed = await store.delete(fileKey(projectId, name));
  await store.delete(metaKey(projectId, name));
  return existed;
}

/** Everything of a project in the store (its files and their records), when the project is deleted. */
export async function deleteProjectFiles(store: ArtifactStore, projectId: string): Promise<number> {
  return store.deletePrefix(`projects/${projectId}`);
}
