import { Readable } from 'node:stream';
import { contentTypeOf, type ArtifactStore } from '../../store/artifacts/artifact-store.js';
import type { Db } from '../../store/schema.js';

/**
 * The store key of a request for `<dirs…>/<rel>` (a run's `runs/<runId>/…`, an exploration's
 * `explorations/<id>/…`), or null. Refused: any `.`/`..`/empty segment (also when
 * percent-encoded), backslashes and NUL; a directory store also refuses a real path (after
 * symlinks) that leaves its root.
 */
export function artifactKey(dirs: string[], encodedRel: string): string | null {
  if (!dirs.every((d) => /^[A-Za-z0-9_-]{1,100}$/.test(d))) return null;
  const segs: string[] = [];
  for (const raw of encodedRel.split('/')) {
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!s || s === '.' || s === '..' || /[\\/\0]/.test(s)) return null;
    segs.push(s);
  }
  return segs.length ? [...dirs, ...segs].join('/') : null;
}

export async function ownsRun(db: Db, userId: string, runId: string): Promise<boolean> {
  const r = await db.selectFrom('runs').select('id').where('id', '=', runId).where('user_id', '=', userId).executeTakeFirst();
  return !!r;
}

/**
 * An artifact from the store as a response, or null when there is none; artifacts never change
 * once written, so the browser may keep them a while. Single byte ranges are honoured so that a
 * <video> can seek.
 */
export async function artifactResponse(store: ArtifactStore, key: string, range: string | undefined): Promise<Response | null> {
  const info = await store.stat(key);
  if (!info) return null;
  const size = info.size;
  const obj = (r?: { start: number; end: number }) => store.get(key, r);
  const headers = (type: string): Record<string, string> => ({
    'Content-Type': type,
    'Cache-Control': 'private, max-age=3600',
    'Content-Disposition': /\.(png|jpe?g|webm|mp4)$/i.test(key) ? 'inline' : 'attachment',
    'Accept-Ranges': 'bytes',
  });
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : size - Number(m[2]);
    let end = m[1] && m[2] ? Number(m[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) return new Response(null, { status: 416, headers: { ...headers(contentTypeOf(key)), 'Content-Range': `bytes */${size}` } });
    const o = await obj({ start, end });
    if (!o) return null;
    return new Response(Readable.toWeb(o.body) as ReadableStream, { status: 206, headers: { ...headers(o.contentType), 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}` } });
  }
  const o = await obj();
  if (!o) return null;
  return new Response(Readable.toWeb(o.body) as ReadableStream, { headers: { ...headers(o.contentType), 'Content-Length': String(o.length) } });
}
