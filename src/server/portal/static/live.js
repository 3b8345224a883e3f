// Small progressive scripts of the portal; every page works without them.
//
// A page showing something still running reloads the moment it has finished: it holds a request
// to the portal's wait URL (answered once the run is done, or after 25 s), and reloads every 5 s
// meanwhile to show progress. Without scripts, the page's <noscript> refresh does the same every 2 s.
const waitUrl = document.querySelector('[data-wait]')?.getAttribute('data-wait');
if (waitUrl) {
  const reload = () => location.reload();
  setTimeout(reload, 5000);
  fetch(waitUrl, { credentials: 'same-origin' }).then((r) => r.ok && reload(), () => undefined);
}

// A batch in progress ([data-events]) follows the server's event stream: counts and the progress
// bar move as runs finish, and when the batch is done the page's content is fetched and swapped
// in place (no reload, scroll position kept).
function progressText(p) {
  const parts = Object.entries(p.counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`);
  const phase = p.phase === 'cleanup' ? 'Running cleanup sweep… ' : p.phase === 'queued' ? 'Queued… ' : p.phase === 'tests' ? 'Running… ' : '';
  return `${phase}${p.finished} of ${p.total} finished${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

// Only the parts a run changes are swapped (#run, #results by default), so that text typed
// elsewhere on the page stays; a page without them has its whole content swapped.
async function refreshMain(ids = ['run', 'results']) {
  const res = await fetch(location.href, { credentials: 'same-origin' });
  if (!res.ok) return;
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const parts = ids.filter((id) => document.getElementById(id) && doc.getElementById(id));
  if (parts.length) for (const id of parts) document.getElementById(id).replaceWith(doc.getElementById(id));
  else {
    const next = doc.querySelector('main');
    const now = document.querySelector('main');
    if (!next || !now) return;
    now.replaceWith(next);
  }
  init();
}

function follow(el) {
  if (el.dataset.following || !('EventSource' in window)) return;
  el.dataset.following = '1';
  const es = new EventSource(el.getAttribute('data-events'));
  const bar = el.querySelector('progress');
  const text = el.querySelector('[data-progress-text]');
  es.addEventListener('progress', (e) => {
    const p = JSON.parse(e.data);
    if (bar) {
      bar.max = Math.max(p.total, 1);
      bar.value = p.finished;
      bar.textContent = `${p.finished} / ${p.total}`;
    }
    if (text) text.textContent = progressText(p);
  });
  es.addEventListener('done', () => {
    es.close();
    refreshMain().catch(() => location.reload());
  });
}

// Forms that take a while ([data-busy]) say so while the server works.
document.addEventListener('submit', (e) => {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.busy) return;
  const note = form.querySelector('.busy');
  if (note) note.innerHTML = `<span class="spinner"></span>${form.dataset.busy.replace(/[<&]/g, '')}`;
  // After the submission has started, so that the pressed button's name still goes with it.
  setTimeout(() => form.querySelectorAll('button').forEach((b) => (b.disabled = true)), 0);
});

// The project form shows only the settings of the chosen type.
function typeFields() {
  const checked = document.querySelector('input[name="type"]:checked, input[type="hidden"][name="type"]');
  document.querySelectorAll('[data-for-type]').forEach((el) => {
    el.hidden = !!checked && el.getAttribute('data-for-type') !== checked.value;
  });
}
document.addEventListener('change', (e) => {
  if (e.target instanceof HTMLInputElement && e.target.name === 'type') typeFields();
});

// A frontend run in flight ([data-run-events]) shows the step being run and the newest step
// screenshot as the server's event stream reports them; when the run is done its finished report
// is swapped in. The texts match run-live.ts (liveStepText, liveShotText).
function liveStepText(p) {
  if (p.status === 'queued') return 'Queued: waiting for a browser…';
  if (!p.step) return 'Starting the browser…';
  return `Step ${p.step.index + 1}${p.total ? ` of ${p.total}` : ''} (${p.step.status}): ${p.step.description}`;
}
const liveShotText = (s) => `Latest screenshot, after step ${s.index + 1} (${s.status}): ${s.description}`;

function followRun(el) {
  if (el.dataset.following || !('EventSource' in window)) return;
  el.dataset.following = '1';
  const es = new EventSource(el.getAttribute('data-run-events'));
  const q = (name) => el.querySelector(`[data-live-${name}]`);
  es.addEventListener('progress', (e) => {
    const p = JSON.parse(e.data);
    const step = q('step');
    if (step) step.textContent = liveStepText(p);
    if (!p.shot) return;
    const img = q('img');
    if (img && img.getAttribute('src') !== p.shot.src) img.setAttribute('src', p.shot.src);
    if (img) img.alt = liveShotText(p.shot);
    const caption = q('caption');
    if (caption) caption.textContent = liveShotText(p.shot);
    q('figure')?.removeAttribute('hidden');
    q('none')?.setAttribute('hidden', '');
  });
  es.addEventListener('done', () => {
    es.close();
    refreshMain().catch(() => location.reload());
  });
}

// An exploration in flight ([data-explore-events]) follows its event stream: when a feature appears
// or changes status (its `key` changes), the Site Exploration and feature map sections are fetched
// and swapped in; meanwhile each feature being explored shows its step and newest screenshot. When
// the exploration ends, the sections (and the plan, drafted from what was explored) are swapped in.
const exploreStreams = new Set();
function followExploration(el) {
  const url = el.getAttribute('data-explore-events');
  if (exploreStreams.has(url) || !('EventSource' in window)) return;
  exploreStreams.add(url);
  const es = new EventSource(url);
  const parts = ['exploration', 'features'];
  let queue = Promise.resolve();
  const apply = (p) => {
    for (const f of p.features) {
      const box = document.querySelector(`[data-feature-live="${CSS.escape(f.id)}"]`);
      if (!box) continue;
      const step = box.querySelector('[data-live-step]');
      if (step && step.textContent !== f.step) step.textContent = f.step;
      const img = box.querySelector('[data-live-img]');
      if (!f.shot || !img) continue;
      if (img.getAttribute('src') !== f.shot) img.setAttribute('src', f.shot);
      box.querySelector('[data-live-figure]')?.removeAttribute('hidden');
    }
  };
  es.addEventListener('progress', (e) => {
    const p = JSON.parse(e.data);
    queue = queue.then(async () => {
      if (document.getElementById('exploration')?.getAttribute('data-explore-key') !== p.key) await refreshMain(parts);
      apply(p);
    }).catch(() => undefined);
  });
  es.addEventListener('done', () => {
    es.close();
    queue = queue.then(() => refreshMain([...parts, 'plan'])).then(() => exploreStreams.delete(url), () => location.reload());
  });
}

// Step markers ([data-seek]) seek the run's video to the second their step started instead of
// opening the video file at that time; the marker of the step on screen is marked as it plays.
document.addEventListener('click', (e) => {
  const a = e.target instanceof Element ? e.target.closest('a[data-seek]') : null;
  const video = document.getElementById('run-video');
  if (!a || !(video instanceof HTMLVideoElement)) return;
  e.preventDefault();
  video.currentTime = Number(a.getAttribute('data-seek'));
  video.scrollIntoView({ block: 'nearest' });
});
function markCurrent() {
  const video = document.getElementById('run-video');
  if (!(video instanceof HTMLVideoElement) || video.dataset.marking) return;
  video.dataset.marking = '1';
  const marks = [...document.querySelectorAll('a[data-seek]')];
  const update = () => {
    const t = video.currentTime + 0.05;
    const on = marks.filter((m) => Number(m.getAttribute('data-seek')) <= t).pop();
    for (const m of marks) {
      if (m === on) m.setAttribute('aria-current', 'step');
      else m.removeAttribute('aria-current');
    }
  };
  video.addEventListener('timeupdate', update);
  video.addEventListener('seeked', update);
}

// The trace viewer runs a service worker, which browsers allow only over HTTPS or on localhost:
// elsewhere its link would open a blank page, so the page offers the download alone and says why.
function traceViewerLinks() {
  if (window.isSecureContext) return;
  document.querySelectorAll('[data-trace-viewer]').forEach((el) => {
    el.textContent = 'The trace viewer needs the portal over HTTPS (or on localhost); ';
  });
}

function init() {
  traceViewerLinks();
  document.querySelectorAll('[data-events]').forEach(follow);
  document.querySelectorAll('[data-run-events]').forEach(followRun);
  document.querySelectorAll('[data-explore-events]').forEach(followExploration);
  markCurrent();
  typeFields();
}
init();
// A refused form: keyboard and screen-reader users land on the list of problems, which links to each field.
document.getElementById('form-errors')?.focus();
