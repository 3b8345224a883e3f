import { html, type Html, type Part } from './html.js';
import type { PortalSession } from './sessions.js';

/** Every portal URL starts here (the sub-app is mounted at /portal in app.ts). */
export const BASE = '/portal';

export interface PageOptions {
  title: string;
  session?: PortalSession;
  crumbs?: { label: string; href?: string }[];
  /** While something is still running: the URL that answers once it has finished (live.js reloads then). */
  waitUrl?: string;
  /** Without scripts, reload every this many seconds (something is in progress that live.js follows otherwise). */
  noscriptRefresh?: number;
}

export function page(o: PageOptions, body: Part): string {
  const crumbs = o.crumbs?.length
    ? html`<nav class="crumbs">${o.crumbs.map((c, i) => html`${i ? html`<span class="sep">/</span>` : ''}${c.href ? html`<a href="${c.href}">${c.label}</a>` : html`<span>${c.label}</span>`}`)}</nav>`
    : '';
  const user = o.session
    ? html`<nav class="main"><a href="${BASE}/projects">Projects</a></nav>
      <div class="who"><span>${o.session.userName}</span>
      <form method="post" action="${BASE}/sign-out"><button type="submit" class="link">Sign out</button></form></div>`
    : '';
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} · svc</title>
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="stylesheet" href="${BASE}/static/portal.css">
<script src="${BASE}/static/live.js" defer></script>${o.waitUrl || o.noscriptRefresh ? html`<noscript><meta http-equiv="refresh" content="${o.noscriptRefresh ?? 2}"></noscript>` : ''}
</head><body>
<header class="top"><a class="brand" href="${BASE}">svc</a>${user}</header>
<main${o.waitUrl ? html` data-wait="${o.waitUrl}"` : ''}>${crumbs}${body}</main>
</body></html>`.text;
}

const ICONS: Record<string, [string, string]> = {
  passed: ['✓', 'Passed'],
  failed: ['✗', 'Failed'],
  blocked: ['⊘', 'Blocked'],
  queued: ['◌', 'Pending'],
  pending: ['◌', 'Pending'],
  running: ['◐', 'Running'],
  cancelled: ['–', 'Cancelled'],
  skipped: ['–', 'Skipped'],
  draft: ['○', 'Draft'],
  ready: ['○', 'Ready'],
  unknown: ['?', 'Unknown'],
  deleted: ['✓', 'deleted'],
  'already-gone': ['✓', 'already gone'],
  'deleted-by-test': ['✓', 'deleted by test'],
  orphaned: ['!', 'orphaned'],
  excluded: ['–', 'excluded'],
  dismissed: ['–', 'dismissed'],
};

/** A status with an icon; the class drives the colour, the word keeps it readable without colour. */
export function status(s: string | null | undefined): Html {
  const v = s ?? 'unknown';
  const [icon, label] = ICONS[v] ?? ['·', v];
  return html`<span class="st st-${v.replace(/[^a-z-]/g, '')}" title="${v}"><span class="ic" aria-hidden="true">${icon}</span> ${label}</span>`;
}

export function when(iso: string | null | undefined): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return html`${iso}`;
  return html`<time datetime="${iso}">${d.toISOString().replace('T', ' ').slice(0, 19)} UTC</time>`;
}

export function duration(from: string | null | undefined, to: string | null | undefined): string {
  if (!from || !to) return '—';
  const ms = Date.parse(to) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return '—';
  return ms < 1000 ? `${ms} ms` : ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`;
}

/** A definition list of label/value rows. */
export function fields(rows: [string, Part][], columns: 1 | 2 = 1): Html {
  return html`<dl class="fields${columns === 2 ? ' two' : ''}">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v === null || v === undefined || v === '' ? html`<span class="muted">—</span>` : v}</dd>`)}</dl>`;
}

export function badges(names: string[], kind: 'produced' | 'consumed' | 'plain' = 'plain'): Html {
  return html`${names.map((n) => html`<span class="badge b-${kind}" title="${kind}">${kind === 'produced' ? '↑ ' : kind === 'consumed' ? '↓ ' : ''}${n}</span>`)}`;
}

/** Long text in a scrollable block; empty shows a dash. */
export function pre(text: string | null | undefined, cls = ''): Html {
  return text ? html`<pre class="${cls}" tabindex="0">${text}</pre>` : html`<p class="muted">—</p>`;
}

export function empty(text: string): Html {
  return html`<p class="empty">${text}</p>`;
}
