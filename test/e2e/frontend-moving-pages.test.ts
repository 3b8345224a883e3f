import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { tempDir } from '../helpers/paths.js';
import { act, check, usePages } from '../helpers/pages.js';

/**
 * Pages that move while a plan acts on them. The filter page behaves like Node-RED's palette: a
 * filter slides non-matching items shut with a script-driven animation and hides them when it ends,
 * whatever was asked in between, so a box cleared mid-animation ends with the old filter applied.
 */
const PAGES: Record<string, string> = {
  '/filter': `<!doctype html><title>Filter</title>
    <label>Filter <input id="f"></label>
    <ul>${['alpha', 'beta', 'gamma'].map((x) => `<li style="overflow:hidden;height:24px">${x}</li>`).join('')}</ul>
    <script>
      const items = [...document.querySelectorAll('li')];
      function apply(value) {
        const hide = items.filter((li) => value && !li.textContent.includes(value));
        items.filter((li) => !hide.includes(li)).forEach((li) => { li.style.display = ''; li.style.height = '24px'; });
        let h = 24;
        const timer = setInterval(() => {
          h -= 1;
          hide.forEach((li) => (li.style.height = h + 'px'));
          if (h <= 0) { clearInterval(timer); hide.forEach((li) => (li.style.display = 'none')); }
        }, 16);
      }
      document.getElementById('f').addEventListener('keyup', (e) => apply(e.target.value));
    </script>`,
  '/count': `<!doctype html><title>Count</title>
    <button id="b">Count</button><p id="out">Count: 0</p>
    <script>
      let n = 0;
      document.getElementById('b').addEventListener('click', () => { n++; setTimeout(() => (document.getElementById('out').textContent = 'Count: ' + n), 300); });
    </script>`,
  // Saves a moment after a change (TodoMVC's ampersand app: 100 ms).
  '/save': `<!doctype html><title>Notes</title>
    <button id="b">Add a note</button><ul id="l"></ul>
    <script>
      const notes = JSON.parse(localStorage.notes || '[]');
      const show = () => (document.getElementById('l').innerHTML = notes.map((x) => '<li>' + x + '</li>').join(''));
      let timer;
      document.getElementById('b').addEventListener('click', () => {
        notes.push('note ' + (notes.length + 1));
        show();
        clearTimeout(timer);
        timer = setTimeout(() => (localStorage.notes = JSON.stringify(notes)), 400);
      });
      show();
    </script>`,
  // Opens its editor a moment after the double-click, like TodoMVC's vue app; its only item's list
  // shows the item's text too, and the field for new items is a few levels above it.
  '/edit': `<!doctype html><title>Todos</title>
    <section><header><h1>todos</h1><input id="new" placeholder="What needs to be done?" autofocus></header>
    <section><ul id="list"><li><div class="view"><label>Pay rnet</label></div><input class="edit" style="display:none"></li></ul></section></section>
    <script>
      const li = document.querySelector('li'), label = li.querySelector('label'), edit = li.querySelector('.edit');
      label.addEventListener('dblclick', () => setTimeout(() => { edit.value = label.textContent; edit.style.display = ''; label.style.display = 'none'; edit.focus(); }, 150));
      edit.addEventListener('keyup', (e) => { if (e.key === 'Enter') { label.textContent = edit.value; edit.style.display = 'none'; label.style.display = ''; } });
    </script>`,
  // Renders its list only once it has an item; a side bar and a footer hold lists of links; the
  // framework numbers every checkbox's id anew on each load (ember478…).
  '/later': `<!doctype html><title>Todos</title>
    <aside><ul><li><a href="#a">Docs</a></li><li><a href="#b">Source</a></li><li><a href="#c">Chat</a></li></ul></aside>
    <section id="app"><input id="new" placeholder="What needs to be done?"></section>
    <footer><ul><li><a href="#/">All</a></li><li><a href="#/active">Active</a></li></ul></footer>
    <script>
      let n = 100 + Math.floor(Math.random() * 800);
      document.getElementById('new').addEventListener('keyup', (e) => {
        if (e.key !== 'Enter' || !e.target.value.trim()) return;
        let ul = document.getElementById('list');
        if (!ul) { ul = document.createElement('ul'); ul.id = 'list'; document.getElementById('app').append(ul); }
        const li = document.createElement('li');
        li.innerHTML = '<input type="checkbox" id="ember' + n++ + '"><label></label>';
        li.querySelector('label').textContent = e.target.value.trim();
        ul.append(li);
        e.target.value = '';
      });
    </script>`,
  // Deletes on mousedown, as Closure's TodoMVC does: the button is gone before any click event.
  '/mousedown': `<!doctype html><title>Todos</title>
    <ul id="list">${['Milk', 'Eggs', 'Bread'].map((x) => `<li><label>${x}</label> <button class="destroy">x</button></li>`).join('')}</ul>
    <script>
      for (const b of document.querySelectorAll('.destroy')) b.addEventListener('mousedown', () => b.parentElement.remove());
    </script>`,
  // A web component, as Lit or Stencil build them: the whole app inside an open shadow root.
  '/wc': `<!doctype html><title>Todos</title><todo-app></todo-app>
    <script>
      customElements.define('todo-app', class extends HTMLElement {
        connectedCallback() {
          const root = this.attachShadow({ mode: 'open' });
          root.innerHTML = '<h1>todos</h1><input class="new" placeholder="What needs to be done?"><ul class="todo-list"></ul><span class="count"></span><button data-testid="clear-completed">✕ done</button>';
          const list = root.querySelector('ul'), count = root.querySelector('.count');
          root.querySelector('[data-testid]').addEventListener('click', () => { for (const c of list.querySelectorAll('input:checked')) c.parentElement.remove(); left(); });
          const left = () => (count.textContent = list.querySelectorAll('input:not(:checked)').length + ' left');
          root.querySelector('.new').addEventListener('keyup', (e) => {
            if (e.key !== 'Enter' || !e.target.value.trim()) return;
            const li = document.createElement('li');
            li.innerHTML = '<input type="checkbox"><label></label><button class="destroy">x</button>';
            li.querySelector('label').textContent = e.target.value.trim();
            li.querySelector('input').addEventListener('change', left);
            li.querySelector('button').addEventListener('click', () => { li.remove(); left(); });
            list.append(li);
            e.target.value = '';
            left();
          });
        }
      });
    </script>`,
  // Drag and drop drawn in SVG, with an empty group (it exists, nothing of it is drawn).
  '/board': `<!doctype html><title>Board</title>
    <svg id="board" width="600" height="200">
      <g class="spare"></g>
      <g id="box"><rect x="20" y="20" width="80" height="40" fill="#ccc"></rect><text x="30" y="45">Box</text></g>
      <g id="bin"><rect x="300" y="20" width="120" height="80" fill="#eee"></rect><text x="320" y="60">Bin</text></g>
    </svg><p id="out"></p>
    <script>
      let dragging = false;
      document.getElementById('box').addEventListener('mousedown', () => (dragging = true));
      document.addEventListener('mouseup', (e) => {
        if (!dragging) return;
        dragging = false;
        const r = document.querySelector('#bin rect').getBoundingClientRect();
        if (e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom) document.getElementById('out').textContent = 'Dropped Box';
      });
    </script>`,
  // Shows a line a moment after the click, with no action of the plan in between.
  '/later-line': `<!doctype html><title>Later</title>
    <h1>Ready</h1><button id="b">Later</button><p id="out"></p>
    <script>document.getElementById('b').onclick = () => setTimeout(() => (document.getElementById('out').textContent = 'Done'), 300);</script>`,
  // Its frame changes all the time; the page around it never does.
  '/framed': `<!doctype html><title>Framed</title>
    <h1>Framed</h1>
    <iframe srcdoc="<p id='t'>tick 0</p><script>let n = 0; setInterval(() => (document.getElementById('t').textContent = 'tick ' + ++n), 100);</script>"></iframe>`,
  // Draws on a canvas all the time: its picture changes with no change to the DOM.
  '/canvas': `<!doctype html><title>Canvas</title>
    <h1>Canvas</h1><canvas id="c" width="300" height="80"></canvas>
    <script>
      let n = 0;
      const g = document.getElementById('c').getContext('2d');
      setInterval(() => { g.clearRect(0, 0, 300, 80); g.font = '30px sans-serif'; g.fillText('tick ' + ++n, 10, 50); }, 100);
    </script>`,
};

const world = usePages(PAGES);

const a = act;
const v = check;

describe('pages that move while the plan acts', () => {
  it('acts once the page has stopped animating, so a cleared filter shows every item again', async () => {
    const steps = [a('Open /filter'), a('Type "alp" into the "Filter" box'), a('Clear the Filter box'), a('Wait 1 second'), v('"beta" is shown'), v('"gamma" is shown')];
    const first = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    const replay = await runPlan({ steps, script: first.script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(replay.verdict).toBe('passed');
  });

  it('leaves a page only after the work it scheduled on a change has run', async () => {
    const steps = [a('Open /save'), a('Click "Add a note"'), v('"note 1" is shown'), a('Reload the page'), v('"note 1" is still shown')];
    const r = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
  });

  it('fills the editor a double-click opens a moment later, in the item\'s own row, not the field for new items', async () => {
    const steps = [a('Open /edit'), a('Double-click "Pay rnet" to edit it, replace it with "Pay rent" and press Enter'), v('"Pay rent" is shown'), v('"Pay rnet" is not shown')];
    const r = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
    expect(JSON.stringify(r.script.steps[1]!.action)).toContain('"selector":"#list > li > input"');
  });

  it('counts no items where the list is not rendered yet, and keeps no locator on ids numbered anew on each load', async () => {
    const steps = [a('Open /later'), v('No todos are shown'), a('Type "Milk" into "What needs to be done?" and press Enter'), a('Tick the checkbox of "Milk"'), v('The list shows 1 todo'), v('The checkbox of "Milk" is checked')];
    const first = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect(JSON.stringify(first.script)).not.toMatch(/ember\d/);
    // A later run loads the page again: every id has changed, the saved script still fits.
    const replay = await runPlan({ steps, script: first.script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(replay.verdict).toBe('passed');
    expect(replay.heals).toEqual([]);
  });

  it('does not click again when the page acted on the press before any click event (a delete on mousedown)', async () => {
    const steps = [a('Open /mousedown'), a('Click the remove button of "Eggs"'), v('"Eggs" is gone'), v('The list shows 2 items: "Milk" and "Bread"')];
    const r = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
  });

  it('acts inside a web component\'s shadow root, and the saved script replays', async () => {
    const steps = [
      a('Open /wc'),
      a('Add "Milk" and "Eggs"'),
      v('The list shows 2 todos'),
      a('Tick the checkbox of "Milk"'),
      v('"Milk" is checked'),
      v('The page shows "1 left"'),
      a('Click the remove button of "Eggs"'),
      v('"Eggs" is gone'),
      v('The list shows 1 todo'),
      // Named only by its test id, inside the shadow root: the button reads "✕ done".
      a('Click "Clear completed"'),
      v('"Milk" is gone'),
    ];
    const first = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect(first.script.steps.find((x) => x.index === 9)?.action).toMatchObject({ target: { strategy: 'testid', value: 'clear-completed' } });
    const replay = await runPlan({ steps, script: first.script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(replay.failure?.message).toBeUndefined();
    expect(replay.heals).toEqual([]);
  });

  it('heals a saved drag whose element is still there but no longer drawn (a structural path after an upgrade)', async () => {
    const steps = [a('Open /board'), a('Drag "Box" onto "Bin"'), v('The page shows "Dropped Box"')];
    const first = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(first.failure?.message).toBeUndefined();
    // As a path saved on an earlier release can end now: on an element that exists and draws nothing.
    const script = structuredClone(first.script);
    const drag = script.steps[1]!.action as { kind: string; source: unknown };
    expect(drag.kind).toBe('drag');
    drag.source = { strategy: 'css', selector: '#board > g.spare' };
    const replay = await runPlan({ steps, script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false, healProbeMs: 300 });
    expect(replay.failure?.message).toBeUndefined();
    expect(replay.heals).toMatchObject([{ index: 1, from: "locator('#board > g.spare')" }]);
  });

  it('never repeats a click the page received, even when the page shows nothing for a while', async () => {
    const steps = [a('Open /count'), a('Click "Count"'), v('The page shows "Count: 1"')];
    const r = await runPlan({ steps, baseUrl: world.url, artifactsDir: tempDir('svc-fe-moving-'), pool: world.pool, video: false, trace: false });
    expect(r.verdict).toBe('passed');
    expect(r.steps.map((s) => s.screenshot)).toEqual(['steps/step-001.jpg', 'steps/step-002.jpg', 'steps/step-003.jpg']);
  });

  it('shows each step the page as the step left it, including what changed while a check waited', async () => {
    const artifactsDir = tempDir('svc-fe-moving-');
    const steps = [a('Open /later-line'), v('The page shows "Ready"'), a('Click "Later"'), v('The page shows "Done"'), v('"Done" is shown')];
    const r = await runPlan({ steps, baseUrl: world.url, artifactsDir, pool: world.pool, video: false, trace: false });
    expect(r.verdict).toBe('passed');
    const shot = (i: number) => readFileSync(join(artifactsDir, r.steps[i]!.screenshot!));
    // Nothing changed between opening the page and the first check, nor between the last two checks.
    expect(shot(1).equals(shot(0))).toBe(true);
    expect(shot(4).equals(shot(3))).toBe(true);
    // "Done" appeared while the check waited for it: that step's picture is not the click's.
    expect(shot(3).equals(shot(2))).toBe(false);
  });

  it.each([
    ['draws on a canvas, where the DOM does not change', '/canvas', 'Canvas'],
    ['changes only inside a frame', '/framed', 'Framed'],
  ])('takes a new picture after a wait on a page that %s', async (_, path, heading) => {
    const artifactsDir = tempDir('svc-fe-moving-');
    const steps = [a(`Open ${path}`), v(`The page shows "${heading}"`), a('Wait 1 second')];
    const r = await runPlan({ steps, baseUrl: world.url, artifactsDir, pool: world.pool, video: false, trace: false });
    expect(r.verdict).toBe('passed');
    const shot = (i: number) => readFileSync(join(artifactsDir, r.steps[i]!.screenshot!));
    expect(shot(2).equals(shot(1))).toBe(false);
  });
});
