/**
 * Where run artifacts (screenshots, video, traces) live once a run has finished, readable by every
 * process (README "Self-hosting and scale-out"): a directory (the data dir's `artifacts/`, or a
 * shared path) or an S3-compatible bucket. Keys are `/`-separated paths such as
 * `runs/<runId>/steps/step-001.jpg`; a prefix names a run's (or an exploration's) files.
 */
import type { Readable } from 'node:stream';

export interface ArtifactInfo {
  key: string;
  size: number;
}

export interface ArtifactBody {
  body: Readable;
  /** Bytes in body (the range's length when a range was asked for). */
  length: number;
  /** The whole object's size. */
  size: number;
  contentType: string;
}

export interface ArtifactStore {
  readonly kind: 'dir' | 's3';
  /** For logs: the directory or `s3://bucket/prefix` (no credentials). */
  readonly location: string;
  /** The directory a prefix's files are written to in place, or null when they must be uploaded (s3). */
  localDir(prefix: string): string | null;
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** null when there is no such object. `range` is inclusive, already clamped to the size from stat(). */
  get(key: string, range?: { start: number; end: number }): Promise<ArtifactBody | null>;
  stat(key: string): Promise<ArtifactInfo | null>;
  /** Every object under `prefix/`, sorted by key. */
  list(prefix: string): Promise<ArtifactInfo[]>;
  /** Removes one object; false when there was none. */
  delete(key: string): Promise<boolean>;
  /** Removes every object under `prefix/`; returns how many there were. */
  deletePrefix(prefix: string): Promise<number>;
  close(): void;
}

/** How a process reaches its artifact store: plain data (it crosses to the engine's thread). */
export type ArtifactStoreConfig =
  | { kind: 'dir'; dir?: string }
  | { kind: 's3'; bucket: string; prefix?: string; endpoint?: string; region?: string; pathStyle?: boolean };

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webm: 'video/webm',
  mp4: 'video/mp4',
  zip: 'application/zip',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
};

export function contentTypeOf(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/** A key's segments when every one is a plain name (no `.`, `..`, empty, backslash or NUL); else null. */
export function keySegments(key: string): string[] | null {
  const segs = key.split('/');
  return segs.length && segs.every((s) => s && s !== '.' && s !== '..' && !/[\\\0]/.test(s)) ? segs : null;
}
