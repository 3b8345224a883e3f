/**
 * Playwright's trace viewer, served from the files playwright-core ships (lib/vite/traceViewer):
 * the same version that wrote the traces, nothing downloaded, nothing fetched from elsewhere. It
 * is a small single-page app with a service worker (scope `/portal/trace/`) that reads a trace zip
 * from a URL with range requests: a run's `trace.zip` under `/portal/runs/<id>/artifacts/`, which
 * the portal session authorises like every other artifact.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import type { Hono } from 'hono';
import type { PortalContext, PortalEnv } from './guard.js';
import { BASE } from './layout.js';

export const TRACE_BASE = `${BASE}/trace`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

interface Viewer {
  files: Map<string, string>;
  csp: string;
}

let viewer: Viewer | null | undefined;

/** Every file of the viewer by its path inside the directory (uiMode is the test runner's, not served). */
function load(): Viewer | null {
  if (viewer !== undefined) return viewer;
  try {
    const dir = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'lib', 'vite', 'traceViewer');
    const files = new Map<string, string>();
    const walk = (rel: string) => {
      for (const name of readdirSync(join(dir, rel))) {
        const path = rel ? `${rel}/${name}` : name;
        if (statSync(join(dir, path)).isDirectory()) walk(path);
        else if (TYPES[extname(name)] && !name.startsWith('uiMode')) files.set(path, join(dir, path));
      }
    };
    walk('');
    if (!files.has('index.html') || !files.has('sw.bundle.js')) return (viewer = null);
    // index.html's one inline script (a check that the page came over http) is allowed by its hash.
    const inline = [...readFileSync(files.get('index.html')!, 'utf8').matchAll(/<script>([^]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    // Same origin only: no request leaves svc-server. Styles inline (the viewer sets them on
    // elements); frames are its own DOM snapshots, served by its service worker (an empty one is a data: page).
    const csp = [
      "default-src 'self'",
      `script-src 'self' ${inline.join(' ')}`.trim(),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self'",
      "frame-src 'self' blob: data:",
      "frame-ancestors 'self'",
      "form-action 'none'",
      "base-uri 'self'",
    ].join('; ');
    return (viewer = { files, csp });
  } catch {
    return (viewer = null);
  }
}

/** Whether this installation can show traces (playwright-core ships the viewer). */
export function traceViewerAvailable(): boolean {
  return load() !== null;
}

/** The viewer's address for one trace, given the trace's own (portal) URL. */
export function traceViewerHref(traceUrl: string): string {
  return `${TRACE_BASE}/index.html?trace=${encodeURIComponent(traceUrl)}`;
}

/** Headers of a viewer response; guard.ts leaves a response's own CSP alone. */
export function traceViewerHeaders(type: string): Record<string, string> {
  return { 'Content-Type': type, 'Content-Security-Policy': load()?.csp ?? "default-src 'none'", 'X-Frame-Options': 'SAMEORIGIN', 'Cache-Control': 'private, max-age=300' };
}

/** The files, read once each: they are part of the installed package and never change under it. */
const bodies = new Map<string, Uint8Array<ArrayBuffer>>();

export function registerTraceViewer(app: Hono<PortalEnv>, notFound: (c: PortalContext) => Response): void {
  app.get('/trace', (c) => c.redirect(`${TRACE_BASE}/index.html`, 301));
  app.get('/trace/*', (c) => {
    const v = load();
    const rel = c.req.path.slice(TRACE_BASE.length + 1);
    const file = v?.files.get(rel);
    if (!file) return notFound(c);
    let body = bodies.get(file);
    if (!body) bodies.set(file, (body = new Uint8Array(readFileSync(file))));
    return c.body(body, 200, traceViewerHeaders(TYPES[extname(file)]!));
  });
}
