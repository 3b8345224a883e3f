import type { CallRecord } from '../../contract/batches.js';
import { maskHeaders, maskUrl } from '../../ai/curl.js';
import { html, type Html } from './html.js';
import { badges, BASE } from './layout.js';

/** Bodies are shown pretty-printed when JSON, and cut at a size a browser tab handles comfortably. */
const MAX_BODY = 64 * 1024;

export function prettyBody(body: string | null): string {
  if (!body) return '';
  let text = body;
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    /* not JSON: show as recorded */
  }
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}\n… (${text.length - MAX_BODY} more characters)` : text;
}

function headerLines(h: Record<string, string>): string {
  return Object.entries(maskHeaders(h)).map(([k, v]) => `${k}: ${v}`).join('\n');
}

export function httpStatus(code: number | null, error: string | null): Html {
  if (code === null) return html`<span class="st st-failed" title="${error ?? ''}">no response</span>`;
  const cls = code >= 500 ? 'failed' : code >= 400 ? 'blocked' : 'passed';
  return html`<span class="st st-${cls}">${code}</span>`;
}

/** Request and response of one recorded call; secrets in headers and query strings stay masked. */
export function callDetail(c: CallRecord, open = false): Html {
  return html`<details${open ? html` open` : ''}><summary>request / response</summary>
    <div class="grid2">
      <div><h3>Request</h3><pre tabindex="0">${c.method} ${maskUrl(c.url)}\n${headerLines(c.requestHeaders)}${c.requestBody ? `\n\n${prettyBody(c.requestBody)}` : ''}</pre></div>
      <div><h3>Response</h3><pre tabindex="0">${c.status === null ? `no response${c.error ? `: ${c.error}` : ''}` : `HTTP ${c.status}`}\n${headerLines(c.responseHeaders)}${c.responseBody ? `\n\n${prettyBody(c.responseBody)}` : ''}</pre></div>
    </div></details>`;
}

export function producer(c: CallRecord): Html {
  if (!c.runId) return html`<span class="muted">${c.origin}</span>`;
  return html`<a href="${BASE}/runs/${c.runId}">${c.testName ?? c.runId}</a>`;
}

/** One table row per call; `withEndpoint` adds the METHOD /template column (the Calls view). */
export function callRows(calls: CallRecord[], o: { withEndpoint?: boolean; withOrigin?: boolean } = {}): Html {
  return html`<table class="calls"><thead><tr>${o.withEndpoint ? html`<th class="c-ep">ENDPOINT</th>` : ''}${o.withOrigin ? html`<th class="c-origin">ORIGIN</th>` : ''}<th class="c-path">PATH</th><th class="num">STATUS</th><th class="num">LATENCY</th><th>TEST</th><th>VARIABLES</th></tr></thead><tbody>
    ${calls.map((c) => html`<tr>
      ${o.withEndpoint ? html`<td class="mono">${c.endpoint}</td>` : ''}${o.withOrigin ? html`<td>${c.origin}</td>` : ''}
      <td class="mono">${c.method} ${c.path}${callDetail(c)}</td>
      <td class="num">${httpStatus(c.status, c.error)}</td><td class="num">${Math.round(c.latencyMs)} ms</td>
      <td>${producer(c)}</td><td>${badges(c.produced, 'produced')}${badges(c.consumed, 'consumed')}</td></tr>`)}
    </tbody></table>`;
}

