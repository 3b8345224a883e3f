import type { Exploration, ExploredFeatureView, FeatureMapView, PlanView } from '../../contract/generation.js';
import { exploreKey, featureLiveBlock, recordingUrl } from './explore-live.js';
import { uploadForm } from './forms.js';
import { graphSvg, type GraphEdge, type GraphNode } from './graph.js';
import { html, type Html } from './html.js';
import { BASE, badges, empty, when } from './layout.js';

/**
 * The PRD's feature map as a flow graph (SPEC.md 1.1 and 1.2 steps 1–2) and the frontend project's
 * Site Exploration (SPEC.md 1.1 steps 4 and 7): every explored feature with its status, reason,
 * recordings (the step in flight and its newest screenshot while it is explored) and a Retry, read
 * through project.features and project.exploration.
 */
export interface ExploreState {
  error?: string;
}

const FEATURE_STATUS: Record<string, string> = { exploring: 'running', done: 'passed', failed: 'failed', blocked: 'blocked' };
/** Exploration statuses drawn with the run icons: Exploring ◐, Done ✓, Failed ✗, Blocked ⊘. */
function featureStatus(s: string): Html {
  const label = s.charAt(0).toUpperCase() + s.slice(1);
  return html`<span class="st st-${FEATURE_STATUS[s] ?? 'unknown'}"><span class="ic" aria-hidden="true">${{ exploring: '◐', done: '✓', failed: '✗', blocked: '⊘' }[s] ?? '·'}</span> ${label}</span>`;
}

/** The best state of the features explored for one PRD feature: done if any was, else exploring, failed, blocked. */
function prdStatus(explored: ExploredFeatureView[]): string | undefined {
  for (const s of ['done', 'exploring', 'failed', 'blocked']) if (explored.some((f) => f.status === s)) return s;
  return undefined;
}

/** The PRD upload form (SPEC.md 1.1 step 1): a file (Markdown, text or PDF) or pasted text, through the op of `svc project prd put`. */
function prdForm(fm: FeatureMapView | undefined, pid: string, s: PrdFormState): Html {
  const form = uploadForm({
    action: `${BASE}/projects/${pid}/prd`, busy: 'Reading the PRD…', button: fm?.prd ? 'Replace the PRD' : 'Upload the PRD', secondary: !!fm?.prd,
    before: s.error ? html`<div class="banner bad" role="alert" id="prd-error">${s.error}</div>` : '',
    file: { name: 'prdFile', label: 'PRD file', accept: '.md,.markdown,.txt,.pdf,text/markdown,text/plain,application/pdf', hint: 'Markdown, text or PDF, at most 4 MB. A file wins over pasted text.' },
    text: { name: 'prdText', label: '…or paste it', value: s.text, placeholder: '# Product requirements …' },
  });
  return fm?.prd ? html`<details class="fold"${s.error ? html` open` : ''}><summary>Upload another PRD</summary>${form}</details>` : form;
}

/** What a refused PRD upload shows again: the reason and the pasted text. */
export interface PrdFormState { error?: string; text?: string }

/**
 * Where the feature map is used: a frontend project's exploration (each feature with the status of
 * its exploration), or a backend project's plan (each feature and use case with the cases that test
 * it, SPEC.md 1.2 step 2: tests scoped by intent).
 */
export type FeatureMapUse = { type: 'frontend'; exploration?: Exploration } | { type: 'backend'; plan?: PlanView };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function featureMapSection(fm: FeatureMapView | undefined, pid: string, s: PrdFormState, use: FeatureMapUse): Html {
  const map = fm?.featureMap;
  const head = html`<h2 id="features-h">Feature map</h2>`;
  const without = use.type === 'frontend'
    ? "No PRD uploaded, so there is no feature map: exploration finds the app's features on its own. Upload one (optional, recommended) to plan from its features."
    : 'No PRD uploaded, so there is no feature map: the plan follows the API documentation alone. Upload one (optional, recommended) so that planning follows the intent of each endpoint.';
  if (!map || !map.features.length)
    return html`<section class="card" id="features" aria-labelledby="features-h">${head}${empty(fm?.prd ? 'The PRD named no features.' : without)}${prdForm(fm, pid, s)}</section>`;
  const explored = use.type === 'frontend' ? use.exploration?.features ?? [] : [];
  const cases = use.type === 'backend' ? (use.plan?.cases ?? []).filter((c) => c.backend) : [];
  const byPrd = new Map(map.features.map((f) => [f.id, explored.filter((x) => x.prdFeature === f.name)]));
  const owner = new Map<string, string>();
  for (const f of map.features) {
    owner.set(f.id, f.id);
    for (const u of f.useCases) owner.set(u.id, f.id);
  }
  const names = new Map(map.features.map((f) => [f.id, f.name]));
  const flows = new Map<string, GraphEdge>();
  for (const fl of map.flows) {
    const a = owner.get(fl.from);
    const b = owner.get(fl.to);
    if (!a || !b || a === b) continue;
    const key = `${a} ${b}`;
    if (!flows.has(key)) flows.set(key, { from: a, to: b, label: fl.label });
  }
  const nodes: GraphNode[] = map.features.map((f) => {
    const xs = byPrd.get(f.id) ?? [];
    const st = prdStatus(xs);
    return { id: f.id, label: f.name, status: st ? FEATURE_STATUS[st] : undefined, href: xs[0] ? `#feature-${xs[0].id}` : undefined };
  });
  const edges = [...flows.values()];
  /** A frontend feature's exploration; a backend feature's plan cases. */
  const scope = (id: string): Html => {
    if (use.type === 'backend') {
      const n = cases.filter((c) => c.backend!.featureId === id).length;
      return n ? html`<span class="small">${plural(n, 'plan case')}</span>` : html`<span class="muted small">${use.plan?.cases.length ? 'no plan case' : 'not planned yet'}</span>`;
    }
    const xs = byPrd.get(id) ?? [];
    const st = prdStatus(xs);
    return html`${st ? featureStatus(st) : html`<span class="muted small">not explored</span>`}${xs.length ? html` <span class="small">(${xs.map((x, i) => html`${i ? ', ' : ''}<a href="#feature-${x.id}">${x.name}</a>`)})</span>` : ''}`;
  };
  const useCaseCases = (id: string) => {
    const n = cases.filter((c) => c.backend!.useCaseId === id).length;
    return n ? html` <span class="muted">· ${plural(n, 'case')}</span>` : '';
  };
  const list = html`<ol class="feature-map">${map.features.map((f) => {
    const next = edges.filter((x) => x.from === f.id).map((x) => names.get(x.to)!);
    return html`<li><strong>${f.name}</strong> ${scope(f.id)}
      ${f.description ? html`<div class="muted small">${f.description}</div>` : ''}
      ${f.useCases.length ? html`<ul class="small">${f.useCases.map((u) => html`<li>${u.name}${useCaseCases(u.id)}</li>`)}</ul>` : ''}
      ${next.length ? html`<div class="small">leads to ${next.join(', ')}</div>` : ''}</li>`;
  })}</ol>`;
  const each = use.type === 'frontend' ? 'each with the status of its exploration' : 'each with the plan cases that test it';
  return html`<section class="card" id="features" aria-labelledby="features-h">${head}
    <p class="sub">From the PRD${fm?.prd ? html` <span class="mono">${fm.prd.filename}</span>` : ''}${fm?.extractedAt ? html`, extracted ${when(fm.extractedAt)}` : ''}${map.source ? ` (${map.source === 'model' ? 'by the configured model' : 'by the built-in rules'})` : ''}: ${plural(map.features.length, 'feature')}, ${plural(edges.length, 'flow')} between them; ${each}.</p>
    ${graphSvg(nodes, edges, { id: 'feature-map', caption: 'Arrows follow the flows the PRD describes between features. The same map is listed below.', rankdir: 'LR' })}${list}${prdForm(fm, pid, s)}</section>`;
}

function recordings(pid: string, f: ExploredFeatureView): Html {
  const urls = f.recordings.map((r) => ({ r, url: recordingUrl(pid, f, r) })).filter((x): x is { r: string; url: string } => !!x.url);
  const shots = urls.filter((x) => /\.(png|jpe?g)$/i.test(x.r));
  const video = urls.find((x) => /\.(webm|mp4)$/i.test(x.r));
  if (!shots.length && !video) return html`<p class="muted small">${f.videoNote ?? 'Nothing was recorded.'}</p>`;
  const last = shots[shots.length - 1];
  return html`<div class="fe-recording">
    ${video ? html`<video controls preload="none" src="${video.url}"${last ? html` poster="${last.url}"` : ''} aria-label="Recording of ${f.name}"></video>` : last ? html`<a href="${last.url}"><img class="step" loading="lazy" src="${last.url}" alt="Screenshot of ${f.name}"></a>` : ''}
    ${f.videoNote ? html`<p class="muted small">${f.videoNote}</p>` : ''}
    ${shots.length ? html`<p class="small">Screenshots: ${shots.map((s, i) => html`${i ? ' · ' : ''}<a href="${s.url}">${i + 1}</a>`)}${video ? html` · <a href="${video.url}">video</a>` : ''}</p>` : ''}</div>`;
}

/**
 * While an exploration runs, the section follows its event stream (live.js); without scripts a
 * Refresh link (a new address each time, so that following it always loads the page again) does.
 */
export function explorationSection(e: Exploration | undefined, pid: string, s: ExploreState): Html {
  const running = e?.status === 'running';
  const err = s.error ? html`<div class="banner bad" role="alert" id="explore-error">${s.error}</div>` : '';
  const start = html`<form method="post" action="${BASE}/projects/${pid}/explore" data-busy="Starting the exploration…">
    <button class="btn${e ? ' secondary' : ''}" type="submit"${running ? html` disabled aria-describedby="explore-busy"` : ''}>${e ? 'Explore the app again' : 'Explore the app'}</button>${running ? html` <span class="hint" id="explore-busy">An exploration is running.</span>` : ''} <span class="busy" role="status" aria-live="polite"></span></form>`;
  if (!e)
    return html`<section class="card step" id="exploration" aria-labelledby="exploration-h"><h2 id="exploration-h">Site Exploration</h2>${err}
      <p class="sub">The service visits the live app from its starting URL (signing in with the test account when one is set), finds its features and records each one.</p>${start}${empty('Not explored yet.')}</section>`;
  const c = e.counts;
  const summary = html`<p>${running ? html`<span class="spinner"></span> <span role="status">Exploring…</span> ` : e.status === 'failed' ? html`<strong class="bad">The exploration failed</strong>${e.error ? `: ${e.error}` : ''}. ` : 'Explored '}${when(e.finishedAt ?? e.createdAt)}${e.only.length ? html` (retry of ${e.only.join(', ')})` : ''} ·
    ${c.done} done · ${c.failed} failed · ${c.blocked} blocked${c.exploring ? ` · ${c.exploring} exploring` : ''} ·
    ${e.withAccount ? (e.signedIn ? 'signed in with the test account' : e.signedIn === false ? html`<strong class="bad">sign-in failed</strong>${e.signInError ? `: ${e.signInError}` : ''}` : 'with the test account') : 'no test account: only pages visible without sign-in'}</p>
    ${running ? html`<noscript><p><a href="${BASE}/projects/${pid}?at=${Date.now()}#exploration">Refresh</a> to see how far it got.</p></noscript>` : ''}`;
  const cards = e.features.length
    ? html`<ul class="features">${e.features.map((f) => html`<li class="feature" id="feature-${f.id}"><div class="feature-head">${featureStatus(f.status)} <strong>${f.name}</strong> <span class="badge">${f.kind}</span>${f.url ? html` <span class="mono small">${f.url}</span>` : ''}${f.prdFeature ? html` <span class="muted small">PRD: ${f.prdFeature}</span>` : ''}</div>
        ${f.reason ? html`<p class="small${f.status === 'failed' ? ' bad' : ''}">${f.reason}</p>` : ''}
        ${f.status === 'exploring' ? featureLiveBlock(f, pid) : recordings(pid, f)}
        ${f.observedSteps.length ? html`<details><summary>${f.observedSteps.length} observed step${f.observedSteps.length === 1 ? '' : 's'}</summary><ol class="small">${f.observedSteps.map((st) => html`<li>${badges([st.type])} ${st.description}</li>`)}</ol></details>` : ''}
        ${f.status !== 'exploring' ? html`<form class="inline" method="post" action="${BASE}/projects/${pid}/explore/retry"><input type="hidden" name="feature" value="${f.id}">
          <button class="btn secondary small" type="submit"${running ? html` disabled` : ''} aria-label="Retry ${f.name}">Retry</button></form>` : ''}</li>`)}</ul>`
    : empty(running ? 'No feature found yet.' : 'No features were found.');
  const live = running ? html` data-explore-events="${BASE}/projects/${pid}/explorations/${e.id}/events" data-explore-key="${exploreKey(e)}"` : '';
  return html`<section class="card step" id="exploration" aria-labelledby="exploration-h"${live}><h2 id="exploration-h">Site Exploration</h2>${err}${summary}${start}${cards}</section>`;
}
