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

// Only the parts a run changes are swapped (#run, #results), so that text typed elsewhere on the
// page stays; a page without them has its whole content swapped.
async function refreshMain() {
  const res = await fetch(location.href, { credentials: 'same-origin' });
  if (!res.ok) return;
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const parts = ['run', 'results'].filter((id) => document.getElementById(id) && doc.getElementById(id));
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

function init() {
  document.querySelectorAll('[data-events]').forEach(follow);
  typeFields();
}
init();
// A refused form: keyboard and screen-reader users land on the list of problems, which links to each field.
document.getElementById('form-errors')?.focus();
