import type { Selectable } from 'kysely';
import { parseJson } from '../../store/db.js';
import type { RunRow } from '../../store/repos/runs.js';
import type { RunStepsTable } from '../../store/schema-runs.js';
import { html, type Html } from './html.js';
import { BASE, empty, fields, status } from './layout.js';
import { analysisBlock } from './run-report.js';
import { traceViewerAvailable, traceViewerHref } from './trace-viewer.js';

export interface Step {
  index: number;
  type: string;
  description: string;
  status: string;
  durationMs: number;
  startedAt: string | null;
  locator: string | null;
  error: string | null;
  screenshot: string | null;
  healed: { from: string; to: string } | null;
  /** How checks held when not word for word ("read loosely: …"). */
  notes: string[];
  subSteps: Array<{ text: string; action: string | null; locator: string | null; status: string; error?: string }>;
}

export interface FrontendExtra {
  steps?: Partial<Step & { locator: unknown }>[];
  video?: string;
  /** When the video's second 0 was (runs before it was recorded fall back to the first step's start). */
  videoStartedAt?: string;
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
export function stepsOf(extra: FrontendExtra, rows: Selectable<RunStepsTable>[]): Step[] {
  if (extra.steps?.length) {
    return extra.steps.map((s, i) => ({
      index: s.index ?? i,
      type: s.type ?? 'action',
      description: s.description ?? '',
      status: s.status ?? 'unknown',
      durationMs: s.durationMs ?? 0,
      startedAt: s.startedAt ?? null,
      locator: str(s.locator),
      error: s.error ?? null,
      screenshot: s.screenshot ?? null,
      healed: s.healed ?? null,
      notes: Array.isArray(s.notes) ? s.notes : [],
      subSteps: Array.isArray(s.subSteps) ? s.subSteps : [],
    }));
  }
  return rows.map((r) => {
    const d = parseJson<Record<string, unknown>>(r.detail, {});
    const heal = (d.healed ?? d.heal) as Step['healed'] | undefined;
    return { index: r.idx, type: r.kind, description: r.description, status: r.status, durationMs: r.duration_ms, startedAt: r.started_at, locator: str(d.locator), error: r.error, screenshot: typeof d.screenshot === 'string' ? d.screenshot : null, healed: heal ?? null, notes: Array.isArray(d.notes) ? (d.notes as string[]) : [], subSteps: Array.isArray(d.subSteps) ? (d.subSteps as Step['subSteps']) : [] };
  });
}

/** 83.4 → "1:23.4" */
function clock(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
}

/** Each started step's second in the video: its start minus the video's. */
function markers(extra: FrontendExtra, steps: Step[]): { step: Step; at: number }[] {
  const origin = Date.parse(extra.videoStartedAt ?? steps.find((s) => s.startedAt)?.startedAt ?? '');
  if (!Number.isFinite(origin)) return [];
  return steps.flatMap((step) => {
    const t = Date.parse(step.startedAt ?? '');
    return Number.isFinite(t) ? [{ step, at: Math.max(0, (t - origin) / 1000) }] : [];
  });
}

function videoBlock(r: RunRow, extra: FrontendExtra, steps: Step[]): Html {
  const video = artifactHref(r.id, extra.video);
  if (!video) {
    const shots = steps.filter((s) => s.screenshot).length;
    return html`<p class="empty">${extra.videoNote ?? 'No video was recorded for this run.'}</p>
      ${shots ? html`<p>The run is shown by its <a href="#steps">step screenshots</a> (${shots}) instead.</p>` : ''}`;
  }
  const last = [...steps].reverse().find((s) => s.screenshot);
  const poster = last ? artifactHref(r.id, last.screenshot) : null;
  const marks = markers(extra, steps);
  return html`<video id="run-video" controls preload="metadata" src="${video}"${poster ? html` poster="${poster}"` : ''}${marks.length ? html` aria-describedby="video-markers-h"` : ''}></video>
    ${marks.length
      ? html`<h3 id="video-markers-h">Step markers <span class="muted small">(each seeks the video to the moment its step started)</span></h3>
      <ol class="markers">${marks.map(({ step, at }) => html`<li><a href="${video}#t=${at.toFixed(2)}" data-seek="${at.toFixed(2)}">${status(step.status)} <span class="m-text">${step.index + 1}. ${step.description}</span> <span class="muted mono small">${clock(at)}</span></a></li>`)}</ol>`
      : ''}`;
}

function stepItem(r: RunRow, s: Step): Html {
  const shot = artifactHref(r.id, s.screenshot);
  return html`<li class="fe-step" id="step-${s.index + 1}">
    <div class="fe-text">
      <p class="fe-head"><span class="fe-num">${s.index + 1}</span> ${status(s.status)} <span class="badge">${s.type}</span> <span class="muted small">${s.durationMs} ms</span></p>
      <p class="fe-desc">${s.description}</p>
      ${s.subSteps.length
        ? html`<ol class="substeps">${s.subSteps.map((c) => html`<li>${status(c.status)} ${c.text}${c.action ? html` <span class="muted">→ ${c.action}</span>` : ''}${c.locator ? html` <span class="muted mono">${c.locator}</span>` : ''}${c.error ? html`<div class="st-failed">${c.error}</div>` : ''}</li>`)}</ol>`
        : s.locator ? html`<div class="muted mono">${s.locator}</div>` : ''}
      ${s.error ? html`<div class="st-failed">${s.error}</div>` : ''}
      ${s.notes.map((n) => html`<div class="banner info">Checked loosely: ${n.replace(/^(?:read loosely|counted as the page states it): /, '')}</div>`)}
      ${s.healed ? html`<div class="banner info">Auto-healed: <span class="mono">${s.healed.from}</span> → <span class="mono">${s.healed.to}</span></div>` : ''}
    </div>
    ${shot
      ? html`<a class="fe-shot" href="${shot}"><img class="step" src="${shot}" alt="Screenshot after step ${s.index + 1}: ${s.description} (${s.status})" loading="lazy" width="640" height="360"></a>`
      : html`<p class="fe-shot empty small">${s.status === 'skipped' ? 'Not reached.' : 'No screenshot.'}</p>`}
  </li>`;
}

export function frontendTab(r: RunRow, stepRows: Selectable<RunStepsTable>[]): Html {
  const extra = parseJson<FrontendExtra>(r.extra, {});
  const steps = stepsOf(extra, stepRows);
  const heals = extra.heals?.length ? extra.heals : steps.filter((s) => s.healed).map((s) => ({ index: s.index, ...s.healed! }));
  const trace = artifactHref(r.id, extra.trace);
  const traceLinks = trace
    ? html`${traceViewerAvailable() ? html`<span data-trace-viewer><a href="${traceViewerHref(trace)}">Open in trace viewer</a> · </span>` : ''}<a href="${trace}" download="trace-${r.id}.zip">download trace.zip</a>`
    : null;
  return html`<div class="card"><p class="verdict">${status(r.verdict ?? r.status)} ${r.reason ?? ''}</p>
      ${fields([['Replay', r.replay ? 'yes (saved script)' : 'no'], ['Trace', traceLinks]])}</div>
    ${analysisBlock(r.analysis)}
    <h2>Video</h2>
    ${videoBlock(r, extra, steps)}
    <h2 id="steps">Steps</h2>
    ${steps.length ? html`<ol class="fe-steps">${steps.map((s) => stepItem(r, s))}</ol>` : empty('No steps were recorded.')}
    <h2>Heal records</h2>
    ${heals.length ? html`<table><thead><tr><th>STEP</th><th>FROM</th><th>TO</th></tr></thead><tbody>${heals.map((h) => html`<tr><td class="num">${h.index + 1}</td><td class="mono">${h.from}</td><td class="mono">${h.to}</td></tr>`)}</tbody></table>` : empty('No locator needed healing.')}
    ${extra.consoleErrors?.length ? html`<h2>Console errors</h2><pre tabindex="0">${extra.consoleErrors.join('\n')}</pre>` : ''}`;
}
