/**
 * Per-run recording: a fresh pooled context with video (when ffmpeg is usable) and a Playwright
 * trace, finished into `video.webm` and `trace.zip` inside the run's artifacts directory.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserPool, Lease } from './browser.js';
import { watchPages } from './page-still.js';

export interface Recording {
  lease: Lease;
  dir: string;
  videoTmp?: string;
  tracing: boolean;
  videoNote?: string;
}

export async function startRecording(pool: BrowserPool, dir: string, o: { video: boolean; trace: boolean }): Promise<Recording> {
  const videoTmp = o.video ? join(dir, '.video-tmp') : undefined;
  const lease = await pool.acquire({ videoDir: videoTmp });
  await watchPages(lease.context);
  let tracing = false;
  if (o.trace) {
    tracing = await lease.context.tracing.start({ screenshots: true, snapshots: true }).then(() => true, () => false);
  }
  const videoNote = o.video ? lease.videoNote : 'video recording was not requested';
  return { lease, dir, videoTmp, tracing, ...(videoNote ? { videoNote } : {}) };
}

/** Stop tracing, close the context and move the video into place. Never throws. */
export async function finishRecording(r: Recording): Promise<{ video?: string; videoNote?: string; trace?: string }> {
  const out: { video?: string; videoNote?: string; trace?: string } = {};
  if (r.tracing) {
    const ok = await r.lease.context.tracing.stop({ path: join(r.dir, 'trace.zip') }).then(() => true, () => false);
    if (ok) out.trace = 'trace.zip';
  }
  const video = r.videoTmp && !r.videoNote ? r.lease.page.video() : null;
  await r.lease.release().catch(() => {});
  if (video) {
    // saveAs works for local and remote (connected) browsers alike once the page is closed.
    const saved: true | Error = await video.saveAs(join(r.dir, 'video.webm')).then(() => true as const, (err: Error) => err);
    if (saved === true) out.video = 'video.webm';
    else out.videoNote = `video could not be saved: ${String(saved.message).split('\n')[0]}`;
    await video.delete().catch(() => {});
  } else if (r.videoNote) out.videoNote = r.videoNote;
  if (r.videoTmp) rmSync(r.videoTmp, { recursive: true, force: true });
  return out;
}
