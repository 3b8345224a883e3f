import type { Selectable } from 'kysely';
import { parseJson } from '../../store/db.js';
import type { RunRow } from '../../store/repos/runs.js';
import type { RunStepsTable } from '../../store/schema-runs.js';
import { html, type Html } from './html.js';
import { BASE, empty, fields, status } from './layout.js';
import { analysisBlock } from './run-report.js';

interface Step {
  index: number;
  type: string;
  description: string;
  status: string;
  durationMs: number;
  locator: string | null;
  error: string | null;
  screenshot: string | null;
  healed: { from: string; to: string } | null;
  subSteps: Array<{ text: string; action: string | null; locator: string | null; status: string; error?: string }>;
}

interface FrontendExtra {
  steps?: Partial<Step & { locator: unknown }>[];
  video?: string;
  videoNote?: string;
  trace?: string;
  heals?: { index: number; from: string; to: string }[];
  failedStepIndex?: number;
  consoleErrors?: string[];
}

/** Link to a file of the run's artifacts directory; null unless the stored path is a plain relative one. */
export function artifactHref(runId: string, rel: unknown): string | null {
  if (typeof rel !== 'string' || !rel || rel.startsWith('/') || rel.split(/[\\/]/).some((s) => s === '..' || s === '')) return null;
  return `${BASE}/runs/${runId}/artifacts/${rel.split('/').map(encodeURIComponent).join('/')}`;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : v === undefined || v === null ? null : JSON.stringify(v));

/** The runner's own step list (richer: screenshots, heals) wins; the step table is the fallback. */
function stepsOf(extra: FrontendExtra, rows: Selectable<RunStepsTable>[]): Step[] {
  if (extra.steps?.length) {
    return extra.steps.map((s, i) => ({
      index: s.index ?? i,
      type: s.type ?? 'action',
      description: s.description ?? '',
      status: s.status ?? 'unknown',
      durationMs: s.durationMs ?? 0,
      locator: str(s.locator),
      error: s.error ?? null,
      screenshot: s.screenshot ?? null,
      healed: s.healed ?? null,
      subSteps: Array.isArray(s.subSteps) ? s.subSteps : [],
    }));
  }
  return rows.map((r) => {
    const d = parseJson<Record<string, unknown>>(r.detail, {});
    const heal = (d.healed ?? d.heal) as Step['healed'] | undefined;
    return { index: r.idx, type: r.kind, description: r.description, status: r.status, durationMs: r.duration_ms, locator: str(d.locator), error: r.error, screenshot: typeof d.screenshot === 'string' ? d.screenshot : null, healed: heal ?? null, subSteps: Array.isArray(d.subSteps) ? (d.subSteps as Step['subSteps']) : [] };
  });
}

export function frontendTab(r: RunRow, stepRows: Selectable<RunStepsTable>[]): Html {
  const extra = parseJson<FrontendExtra>(r.extra, {});
  const steps = stepsOf(extra, stepRows);
  const heals = extra.heals?.length ? extra.heals : steps.filter((s) => s.healed).map((s) => ({ index: s.index, ...s.healed! }));
  const video = artifactHref(r.id, extra.video);
  const trace = artifactHref(r.id, extra.trace);
  const stepTable = steps.length
    ? html`<table><thead><tr><th>#</th><th>STATUS</th><th>STEP</th><th class="num">TIME</th></tr></thead><tbody>
      ${steps.map((s) => {
        const shot = artifactHref(r.id, s.screenshot);
        return html`<tr><td class="num">${s.index + 1}</td><td>${status(s.status)}</td>
          <td><span class="badge">${s.type}</span> ${s.description}
            ${s.subSteps.length
              ? html`<ol class="substeps">${s.subSteps.map((c) => html`<li>${status(c.status)} ${c.text}${c.action ? html` <span class="muted">→ ${c.action}</span>` : ''}${c.locator ? html` <span class="muted mono">${c.locator}</span>` : ''}${c.error ? html`<div class="st-failed">${c.error}</div>` : ''}</li>`)}</ol>`
              : s.locator ? html`<div class="muted mono">${s.locator}</div>` : ''}
            ${s.error ? html`<div class="st-failed">${s.error}</div>` : ''}
            ${s.healed ? html`<div class="banner info">Auto-healed: <span class="mono">${s.healed.from}</span> → <span class="mono">${s.healed.to}</span></div>` : ''}
            ${shot ? html`<a href="${shot}"><img class="step" src="${shot}" alt="Screenshot after step ${s.index + 1}" loading="lazy"></a>` : ''}</td>
          <td class="num">${s.durationMs} ms</td></tr>`;
      })}</tbody></table>`
    : empty('No steps were recorded.');
  return html`<div class="card"><p class="verdict">${status(r.verdict ?? r.status)} ${r.reason ?? ''}</p>
      ${fields([['Replay', r.replay ? 'yes (saved script)' : 'no'], ['Trace', trace ? html`<a href="${trace}">download trace</a>` : null]])}</div>
    ${analysisBlock(r.analysis)}
    <h2>Video</h2>
    ${video ? html`<video controls preload="metadata" src="${video}"></video>` : empty(extra.videoNote ?? 'No video was recorded for this run.')}
    <h2>Steps</h2>${stepTable}
    <h2>Heal records</h2>
    ${heals.length ? html`<table><thead><tr><th>STEP</th><th>FROM</th><th>TO</th></tr></thead><tbody>${heals.map((h) => html`<tr><td class="num">${h.index + 1}</td><td class="mono">${h.from}</td><td class="mono">${h.to}</td></tr>`)}</tbody></table>` : empty('No locator needed healing.')}
    ${extra.consoleErrors?.length ? html`<h2>Console errors</h2><pre tabindex="0">${extra.consoleErrors.join('\n')}</pre>` : ''}`;
}
