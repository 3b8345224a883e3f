/**
 * A pool of browser contexts over one Chromium: launched locally (Debian's Chromium via
 * playwright-core) or reached with `chromium.connect(SVC_BROWSER_WS_ENDPOINT)`. Every test gets a
 * fresh context; `size` bounds how many run at once. Video needs ffmpeg: it is probed once and, when
 * unusable, contexts run without it and say why.
 */
import './playwright-env.js';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TargetPolicy } from '../../contract/target-policy.js';
import { decideDestination } from '../target-guard.js';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface BrowserPoolOptions {
  /** Concurrent contexts (default SVC_BROWSER_POOL_SIZE or 2). */
  size?: number;
  executablePath?: string;
  /** Remote browser; defaults to SVC_BROWSER_WS_ENDPOINT. */
  wsEndpoint?: string;
  headless?: boolean;
  /** Target policy for every request the browser makes (default: the process-wide one). */
  policy?: TargetPolicy;
}

let processPolicy: TargetPolicy | undefined;
/** svc-server sets the target policy once; every page of every pool obeys it. */
export function setBrowserPolicy(policy: TargetPolicy | undefined): void {
  processPolicy = policy;
}

/**
 * Every http(s) request of a page (navigation, sub-resources, fetch/XHR, redirects) is checked
 * against the target policy before Chromium sends it; a refused one fails as blocked by client.
 */
async function enforce(context: BrowserContext, policy: TargetPolicy): Promise<void> {
  const verdicts = new Map<string, Promise<boolean>>();
  await context.route(
    (url) => url.protocol === 'http:' || url.protocol === 'https:',
    async (route) => {
      const u = new URL(route.request().url());
      const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
      const key = `${u.hostname}:${port}`;
      let ok = verdicts.get(key);
      if (!ok) verdicts.set(key, (ok = decideDestination(policy, u.hostname, port).then((d) => d.allowed)));
      if (await ok) await route.continue().catch(() => {});
      else await route.abort('blockedbyclient').catch(() => {});
    },
  );
}

export interface LeaseOptions {
  /** Record the page's video into this file (saved by `saveVideo`); omit for no video. */
  videoPath?: string;
  viewport?: { width: number; height: number };
}

export interface Lease {
  context: BrowserContext;
  page: Page;
  /** Set when video was requested but cannot be recorded. */
  videoNote?: string;
  /** With a video recording: stop it and write the file; true, or why it could not be written. */
  saveVideo?(): Promise<true | Error>;
  /** The run is over (its recordings are still being written): make the next lease's page ready now. */
  prepareNext(): void;
  /**
   * Close the context and free the slot. A caller with nothing left to read from the context need
   * not wait for it: the pool keeps track (`settled`, `close`).
   */
  release(): Promise<void>;
}

function videoSize(v: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, 800 / v.width, 800 / v.height);
  // VP8 wants even dimensions.
  return { width: Math.floor((v.width * scale) / 2) * 2, height: Math.floor((v.height * scale) / 2) * 2 };
}

/**
 * Stops a page's video (started with `page.screencast.start({ path })`), which writes it to that
 * path: true, or why not. Playwright records into the browser's own directory and copies from there;
 * its copy is deleted too, or it would stay until the browser closes (the handle is Playwright's
 * own, of the pinned version; where it is missing the copy stays).
 */
function videoStopper(page: Page): () => Promise<true | Error> {
  const recorded = (page.screencast as unknown as { _artifact?: { delete(): Promise<void> } })._artifact;
  return async () => {
    const saved = await page.screencast.stop().then(() => true as const, (err: Error) => err);
    await recorded?.delete().catch(() => {});
    return saved;
  };
}

export function findChromium(): string {
  const candidates = [process.env.SVC_CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  throw new Error('Chromium not found: set SVC_CHROMIUM_PATH or install Debian\'s chromium package');
}

export class BrowserPool {
  readonly size: number;
  private browser?: Promise<Browser>;
  /**
   * Where a local browser writes trace data (each trace's raw files, and the page snapshots and
   * screencast frames traces share): emptied whenever no lease is out, so a long-lived server's
   * browser does not keep every run's trace until it closes.
   */
  private tracesDir?: string;
  private active = 0;
  private waiters: Array<() => void> = [];
  private videoProbe?: Promise<string | undefined>;
  private closed = false;
  /** Contexts being closed: a context with video takes Chromium about 0.1 s to close. */
  private closing = new Set<Promise<void>>();

  constructor(private readonly opts: BrowserPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? (Number(process.env.SVC_BROWSER_POOL_SIZE) || 2));
  }

  get remote(): boolean {
    return Boolean(this.opts.wsEndpoint ?? process.env.SVC_BROWSER_WS_ENDPOINT);
  }

  private getBrowser(): Promise<Browser> {
    if (!this.browser) {
      const ws = this.opts.wsEndpoint ?? process.env.SVC_BROWSER_WS_ENDPOINT;
      // Playwright is loaded when a browser is first needed (about a second of CPU and tens of
      // megabytes of heap that a server running only backend tests would carry on both threads).
      const p = import('playwright-core').then(({ chromium }) =>
        ws
          ? chromium.connect(ws, { timeout: 30_000 })
          : chromium.launch({ executablePath: this.opts.executablePath ?? findChromium(), headless: this.opts.headless ?? true, args: CHROMIUM_ARGS, tracesDir: (this.tracesDir ??= mkdtempSync(join(tmpdir(), 'svc-traces-'))) }),
      );
      this.browser = p.then((b) => {
        // A crashed or dropped browser is replaced on the next acquire.
        b.on('disconnected', () => {
          if (this.browser === p) this.browser = undefined;
        });
        return b;
      });
      this.browser.catch(() => {
        if (this.browser === p) this.browser = undefined;
      });
    }
    return this.browser;
  }

  /** Why video cannot be recorded here, or undefined when it can (probed once per pool). */
  videoUnavailableReason(): Promise<string | undefined> {
    this.videoProbe ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-video-probe-'));
      let ctx: BrowserContext | undefined;
      try {
        ctx = await (await this.getBrowser()).newContext({ viewport: { width: 320, height: 240 } });
        const page = await ctx.newPage();
        await page.screencast.start({ path: join(dir, 'probe.webm'), size: { width: 320, height: 240 } });
        const saved = await videoStopper(page)();
        if (saved !== true) throw saved;
        return undefined;
      } catch (err) {
        const msg = String((err as Error).message ?? err).split('\n')[0];
        return `video disabled: ffmpeg is not usable for Playwright (${msg}); step screenshots only`;
      } finally {
        await ctx?.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      }
    })();
    return this.videoProbe;
  }

  private async slot(): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private free(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.active--;
  }

  /** A context and page made ready ahead for the next lease (see acquire). */
  private spare?: { key: string; ready: Promise<{ context: BrowserContext; page: Page } | null> };

  private async open(viewport: { width: number; height: number }) {
    const browser = await this.getBrowser();
    const context = await browser.newContext({ viewport, ignoreHTTPSErrors: false });
    try {
      const policy = this.opts.policy ?? processPolicy;
      if (policy) await enforce(context, policy);
      return { context, page: await context.newPage() };
    } catch (err) {
      await context.close().catch(() => {});
      throw err;
    }
  }

  /**
   * The spare, when it fits and is still alive. A new page costs Chromium a renderer process
   * (about 100 ms here), so a lease takes one made ready once the last run's steps ended, while its
   * trace and video are written (not during the steps, where it would take CPU from them). A video
   * starts on the leased page, so it shows the run from its first step, never the time the page
   * waited.
   */
  private async takeSpare(key: string) {
    const s = this.spare;
    if (!s || s.key !== key) return undefined;
    this.spare = undefined;
    const got = await s.ready;
    return got && !got.page.isClosed() && got.context.browser()?.isConnected() !== false ? got : undefined;
  }

  private prepareSpare(key: string, viewport: { width: number; height: number }): void {
    if (this.closed || this.spare) return;
    const ready = this.open(viewport).catch(() => null);
    this.spare = { key, ready };
  }

  async acquire(opts: LeaseOptions = {}): Promise<Lease> {
    if (this.closed) throw new Error('browser pool is closed');
    await this.slot();
    try {
      const viewport = opts.viewport ?? { width: 1280, height: 720 };
      let videoNote = opts.videoPath ? await this.videoUnavailableReason() : undefined;
      const key = `${viewport.width}x${viewport.height}`;
      const { context, page } = (await this.takeSpare(key)) || (await this.open(viewport));
      // Video at most 800 px wide (Playwright's own default size): ffmpeg encodes it on the same
      // cores the run uses, and at the full 1280×720 it costs a 20-step run about 0.3 s instead of
      // 0.15 s. Step screenshots keep the full viewport.
      let recording = false;
      if (opts.videoPath && !videoNote) {
        recording = await page.screencast.start({ path: opts.videoPath, size: videoSize(viewport) }).then(
          () => true,
          (err: Error) => ((videoNote = `video could not be started: ${String(err.message).split('\n')[0]}`), false),
        );
      }
      const saveVideo = recording ? videoStopper(page) : undefined;
      let released = false;
      return {
        context,
        page,
        ...(videoNote ? { videoNote } : {}),
        ...(saveVideo ? { saveVideo } : {}),
        prepareNext: () => this.prepareSpare(key, viewport),
        release: () => {
          if (released) return Promise.resolve();
          released = true;
          const closed = context.close().finally(() => {
            this.closing.delete(closed);
            this.free();
            if (this.active === 0) this.clearTraces();
            this.prepareSpare(key, viewport);
          });
          this.closing.add(closed);
          return closed;
        },
      };
    } catch (err) {
      this.free();
      throw err;
    }
  }

  /** Trace data of finished runs (their trace.zip is written): no lease is out, so none is being traced. */
  private clearTraces(): void {
    if (!this.tracesDir) return;
    for (const entry of readdirSync(this.tracesDir)) {
      try {
        rmSync(join(this.tracesDir, entry), { recursive: true, force: true });
      } catch {
        /* cleared next time */
      }
    }
  }

  /** Every released context is closed (and its slot free). */
  async settled(): Promise<void> {
    while (this.closing.size) await Promise.allSettled([...this.closing]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
    const spare = this.spare;
    this.spare = undefined;
    await (await spare?.ready)?.context.close().catch(() => {});
    const b = this.browser;
    this.browser = undefined;
    if (b) await (await b.catch(() => undefined))?.close().catch(() => {});
    if (this.tracesDir) rmSync(this.tracesDir, { recursive: true, force: true });
    this.tracesDir = undefined;
  }
}

let defaultPool: BrowserPool | undefined;

/** The process-wide pool used when a caller passes none. */
export function getDefaultPool(): BrowserPool {
  defaultPool ??= new BrowserPool();
  return defaultPool;
}

export async function closeDefaultPool(): Promise<void> {
  const p = defaultPool;
  defaultPool = undefined;
  await p?.close();
}
