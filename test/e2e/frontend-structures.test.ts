import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { tempDir } from '../helpers/paths.js';
import { act, check, usePages } from '../helpers/pages.js';

/**
 * Structures a plan names the way a person sees them: a tree item by its path (folders that load
 * their children only when opened, as key stores and file browsers do), a table by the heading above
 * it, a row by one of its values, and a search's results panel filled a moment after typing.
 */
const PAGES: Record<string, string> = {
  // A key tree: folders "orders:* (1)" and "product:* (2)" whose keys are added when the folder opens.
  '/keys': `<!doctype html><title>Keys</title>
    <div id="tree" role="tree"><ul>
      ${['orders', 'product'].map((f) => `<li class="closed" data-folder="${f}"><i class="toggle" role="presentation" style="display:inline-block;width:12px;height:12px;background:#999"></i><a role="treeitem" aria-expanded="false" href="#">${f}:* (${f === 'orders' ? 1 : 2})</a></li>`).join('')}
    </ul></div>
    <main><p id="shown">Nothing open</p></main>
    <script>
      const keys = { orders: ['queue'], product: ['101', '102'] };
      for (const li of document.querySelectorAll('li[data-folder]')) {
        li.querySelector('.toggle').addEventListener('click', () => {
          const a = li.querySelector('a');
          if (a.getAttribute('aria-expanded') === 'true') { li.querySelector('ul')?.remove(); a.setAttribute('aria-expanded', 'false'); return; }
          a.setAttribute('aria-expanded', 'true');
          setTimeout(() => {
            const ul = document.createElement('ul');
            ul.setAttribute('role', 'group');
            for (const k of keys[li.dataset.folder]) {
              const item = document.createElement('li');
              item.innerHTML = '<a role="treeitem" href="#">' + k + '</a>';
              item.querySelector('a').addEventListener('click', (e) => { e.preventDefault(); document.getElementById('shown').textContent = 'Key ' + li.dataset.folder + ':' + k; });
              ul.append(item);
            }
            li.append(ul);
          }, 250);
        });
      }
    </script>`,
  // A queue page whose actions hide behind a "⋮" button drawn as an SVG (no text, no label).
  '/queue': `<!doctype html><title>Queue</title>
    <nav><a href="#">nightly-backup [ Paused ]</a></nav>
    <header><h1>send-email</h1><p id="state">Running</p>
      <button class="trigger-x1" type="button"><svg width="16" height="16"><circle cx="8" cy="3" r="1.5"/><circle cx="8" cy="8" r="1.5"/><circle cx="8" cy="13" r="1.5"/></svg></button>
      <div role="menu" hidden><div role="menuitem">Add job</div><div role="menuitem">Pause</div><div role="menuitem">Empty</div></div></header>
    <script>
      const menu = document.querySelector('[role=menu]');
      document.querySelector('.trigger-x1').addEventListener('click', () => (menu.hidden = !menu.hidden));
      document.addEventListener('keydown', (e) => { if (e.key === 'Escape') menu.hidden = true; });
      for (const item of menu.children) item.addEventListener('click', () => { menu.hidden = true; if (item.textContent === 'Pause') document.getElementById('state').textContent = 'Paused'; });
    </script>`,
  '/handbook': `<!doctype html><title>Handbook</title>
    <aside><ul><li><a href="#specs">Specifications</a></li><li><a href="#wind">Wind</a></li></ul></aside>
    <main>
      <h2 id="specs">Specifications</h2>
      <table><thead><tr><th>Item</th><th>Value</th></tr></thead>
        <tbody><tr><td>Range</td><td>18 nautical miles</td></tr><tr><td>Character</td><td>Fl(2) W 20s</td></tr></tbody></table>
      <h2 id="wind">Beaufort scale</h2>
      <table><thead><tr><th>Force</th><th>Description</th></tr></thead>
        <tbody>${[['0', 'Calm'], ['4', 'Moderate breeze'], ['8', 'Gale'], ['10', 'Storm']].map(([f, d]) => `<tr><td>${f}</td><td>${d}</td></tr>`).join('')}</tbody></table>
      <div class="search"><input type="search" placeholder="Search"><div class="results-panel"></div></div>
    </main>
    <script>
      const pages = ['Cleaning the lens', 'Changing the bulb', 'Lens covers'];
      let timer;
      document.querySelector('.search input').addEventListener('input', (e) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          const q = e.target.value.toLowerCase();
          document.querySelector('.results-panel').innerHTML = q ? pages.filter((p) => p.toLowerCase().includes(q)).map((p) => '<div class="matching-post"><a href="#">' + p + '</a></div>').join('') : '';
        }, 300);
      });
    </script>`,
};

const world = usePages(PAGES);

const a = act;
const v = check;
const run = (steps: ReturnType<typeof a>[], script?: Parameters<typeof runPlan>[0]['script']) =>
  runPlan({ steps, script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-structures-'), pool: world.pool, video: false, trace: false, stepTimeoutMs: 8000, assertTimeoutMs: 3000 });

describe('structures named as a person sees them', () => {
  it('opens a tree item by its path, folder by folder, on the first run and on replay', async () => {
    const steps = [a('Open /keys'), a('Open orders:queue'), v('"Key orders:queue" is shown'), a('Open product:102'), v('"Key product:102" is shown')];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    // The folder's toggle, then its key: what runs again on replay, where the folder starts closed.
    expect(JSON.stringify(first.script.steps[1]!.action)).toMatch(/"text":"open \\"orders\\"".*"text":"click \\"queue\\""/);
    const replay = await run(steps, first.script);
    expect(replay.failure?.message).toBeUndefined();
    expect(replay.verdict).toBe('passed');
  });

  it('picks an entry from a menu behind a "⋮" button, not a link elsewhere that merely contains the word', async () => {
    const first = await run([a('Open /queue'), a('Pick Pause from the ⋮ menu'), v('"Running" is no longer shown')]);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect(JSON.stringify(first.script.steps[1]!.action)).toContain('"role":"menuitem","name":"Pause"');
    const replay = await run([a('Open /queue'), a('Pick Pause from the ⋮ menu'), v('"Running" is no longer shown')], first.script);
    expect(replay.verdict).toBe('passed');
  });

  it('a path the tree does not hold fails the step, naming what was looked for', async () => {
    const r = await run([a('Open /keys'), a('Open orders:archive')]);
    expect(r.verdict).toBe('failed');
    expect(r.steps[1]!.status).toBe('failed');
    expect(r.failure?.message).toMatch(/"archive" under "orders"/);
  });

  it('counts a table named by the heading above it and reads a row by one of its values', async () => {
    const steps = [
      a('Open /handbook'),
      v('The Beaufort table has 4 rows, force 8 is called Gale and force 10 Storm'),
      v('The specifications table gives the range as 18 nautical miles and the character as Fl(2) W 20s'),
    ];
    const r = await run(steps);
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
    // The rows counted are the Beaufort table's body rows, not the first table's or the header.
    expect(JSON.stringify(r.script.steps[1]!.action)).toContain('table:nth-of-type(2)');
  });

  it('fails when a row says something else', async () => {
    const wrong = await run([a('Open /handbook'), v('Force 8 is called Storm')]);
    expect(wrong.verdict).toBe('failed');
    const rows = await run([a('Open /handbook'), v('The Beaufort table has 5 rows')]);
    expect(rows.verdict).toBe('failed');
  });

  it('counts the results a debounced search shows, not the page\'s tables', async () => {
    const steps = [a('Open /handbook'), a('Type "lens" into the search box'), v('Exactly two results appear'), a('Type "bulb" into the search box'), v('One result shows up (Changing the bulb)')];
    const r = await run(steps);
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
    expect(JSON.stringify(r.script.steps[2]!.action)).toContain('matching-post');
  });
});
