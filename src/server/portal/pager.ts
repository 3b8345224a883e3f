import { html, type Html } from './html.js';

/** The 1-based page number of a `?page=` value: anything else is page 1. */
export function pageNumber(v: string | undefined): number {
  return Math.max(1, Math.min(100_000, Number.parseInt(v ?? '1', 10) || 1));
}

/** `path?…` with the given query values (empty ones left out), for links that keep a list's filters. */
export function hrefWith(path: string, q: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Previous / next links of a paged list and where this page sits in it: "101–150 of 2,000".
 * `q` holds the list's other query values, kept on both links.
 */
export function pager(o: { path: string; q: Record<string, string | undefined>; page: number; size: number; shown: number; total: number; label: string }): Html {
  const pages = Math.max(1, Math.ceil(o.total / o.size));
  const first = o.total ? (o.page - 1) * o.size + 1 : 0;
  const at = o.shown ? html`${first.toLocaleString('en')}–${(first + o.shown - 1).toLocaleString('en')} of ${o.total.toLocaleString('en')}` : html`0 of ${o.total.toLocaleString('en')}`;
  if (pages <= 1) return html`<p class="pager muted small">${at}</p>`;
  return html`<nav class="pager" aria-label="${o.label}">
    ${o.page > 1 ? html`<a href="${hrefWith(o.path, { ...o.q, page: o.page - 1 })}" rel="prev">← Previous</a>` : html`<span class="muted" aria-hidden="true">← Previous</span>`}
    <span>${at} · page ${o.page} of ${pages}</span>
    ${o.page < pages ? html`<a href="${hrefWith(o.path, { ...o.q, page: o.page + 1 })}" rel="next">Next →</a>` : html`<span class="muted" aria-hidden="true">Next →</span>`}
  </nav>`;
}
