/**
 * Per-run recording: a fresh pooled context with video (when ffmpeg is usable) and a Playwright
 * trace, finished into `video.webm` and `trace.zip` inside the run's artifacts directory.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserPool, Lease } from './browser.js';
import { watchPages } from './page-still.js';

export interface Recording {
  lease: Lease;
  dir: string;
  tracing: boolean;
  videoNote?: string;
  /** When the video began (its second 0), so that a step's start can be found in it. */
  videoStartedAt: string;
}

export async function startRecording(pool: BrowserPool, dir: string, o: { video: boolean; trace: boolean }): Promise<Recording> {
  mkdirSync(dir, { recursive: true });
  const lease = await pool.acquire(o.video ? { videoPath: join(dir, 'video.webm') } : {});
  // acquire() returns as the screencast starts: close enough to the video's first frame to seek steps.
  const videoStartedAt = new Date().toISOString();
  await watchPages(lease.context);
  let tracing = false;
  if (o.trace) {
    // The trace's own film strip (a second screencast, written into the trace) only when no video
    // records the run: beside a video it repeats the same frames and cost a 20-step run about
    // 0.2 s of the two cores its steps run on. Its DOM snapshots stay.
    tracing = await lease.context.tracing.start({ screenshots: !lease.saveVideo, snapshots: true }).then(() => true, () => false);
  }
  const videoNote = o.video ? lease.videoNote : 'video recording was not requested';
  return { lease, dir, tracing, videoStartedAt, ...(videoNote ? { videoNote } : {}) };
}

/**
 * Stop tracing and the video (side by side) and write both; the context is closed after, without
 * waiting (with a video that takes Chromium about 0.1 s, which would otherwise delay the verdict).
 * Never throws.
 */
export async function finishRecording(r: Recording): Promise<{ video?: string; videoStartedAt?: string; videoNote?: string; trace?: string }> {
  const out: { video?: string; videoStartedAt?: string; videoNote?: string; trace?: string } = {};
  r.lease.prepareNext();
  const [traced, saved] = await Promise.all([
    r.tracing ? r.lease.context.tracing.stop({ path: join(r.dir, 'trace.zip') }).then(() => true, () => false) : false,
    r.lease.saveVideo?.(),
  ]);
  if (traced) out.trace = 'trace.zip';
  if (saved === true) Object.assign(out, { video: 'video.webm', videoStartedAt: r.videoStartedAt });
  else if (saved) out.videoNote = `video could not be saved: ${String(saved.message).split('\n')[0]}`;
  else if (r.videoNote) out.videoNote = r.videoNote;
  r.lease.release().catch(() => {});
  return out;
}
