import { createReadStream, realpathSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../store/schema.js';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.zip': 'application/zip',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
};

/**
 * Resolves a request for `<dataDir>/artifacts/runs/<runId>/<rel>` to a file, or null. Refused:
 * any `.`/`..`/empty segment (also when percent-encoded), backslashes, NUL, and anything whose
 * real path (after symlinks) leaves the run's directory.
 */
export function resolveArtifact(dataDir: string, runId: string, encodedRel: string): string | null {
  return resolveIn(dataDir, ['runs', runId], encodedRel);
}

/** The same for any directory `<dataDir>/artifacts/<dirs…>` (an exploration's recordings, say). */
export function resolveIn(dataDir: string, dirs: string[], encodedRel: string): string | null {
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
  if (!segs.length) return null;
  const base = join(dataDir, 'artifacts', ...dirs);
  try {
    const realBase = realpathSync(base);
    const real = realpathSync(join(base, ...segs));
    if (!real.startsWith(realBase + sep)) return null;
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

export async function ownsRun(db: Db, userId: string, runId: string): Promise<boolean> {
  const r = await db.selectFrom('runs').select('id').where('id', '=', runId).where('user_id', '=', userId).executeTakeFirst();
  return !!r;
}

/**
 * A file response; artifacts never change once written, so the browser may keep them a while.
 * Single byte ranges are honoured so that a <video> can seek.
 */
export function fileResponse(path: string, range: string | undefined): Response {
  const size = statSync(path).size;
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': 'private, max-age=3600',
    'Content-Disposition': /\.(png|jpe?g|webm|mp4)$/i.test(path) ? 'inline' : 'attachment',
    'Accept-Ranges': 'bytes',
  };
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : size - Number(m[2]);
    let end = m[1] && m[2] ? Number(m[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    const body = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream;
    return new Response(body, { status: 206, headers: { ...headers, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}` } });
  }
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream;
  return new Response(body, { headers: { ...headers, 'Content-Length': String(size) } });
}
