import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { exportPlaywright } from '../../src/engine/frontend/export.js';
import { runExportedOn } from '../helpers/playwright-shim.js';
import { tempDir } from '../helpers/paths.js';
import { act, check, usePages } from '../helpers/pages.js';

/**
 * Structures a plan names the way a person sees them: a tree item by its path (folders that load
 * their children only when opened, as key stores and file browsers do), a table by the heading above
 * it, a row by one of its values, a search's results panel filled a moment after typing, a form
 * filled from its values alone, and a grid's cell by its column and row.
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
  // A form whose drop-down is drawn by the app: a box over a read-only input that opens a list of options.
  '/join': `<!doctype html><title>Library</title>
    <h2 class="form-title">Membership application</h2>
    <form id="page1">
      <div class="q"><h5 class="q-title">1. First name *</h5><input id="first" required></div>
      <div class="q"><h5 class="q-title">2. Last name *</h5><input id="last" required></div>
      <div class="q"><h5 class="q-title">3. E-mail address *</h5><input id="mail" type="email" required></div>
      <div class="q"><h5 class="q-title">4. Year of birth</h5><input id="year" type="number"></div>
      <div class="q"><h5 class="q-title" id="branch-title">5. Home branch *</h5>
        <div class="dropdown" id="branch" style="position:relative;border:1px solid #999;width:240px;height:24px">
          <div class="dropdown-value" style="position:absolute;inset:0"></div>
          <input role="combobox" aria-labelledby="branch-title" readonly placeholder="Choose a branch…" style="width:200px">
          <ul role="listbox" hidden>${['Central', 'Northgate', 'Old Town'].map((b) => `<li role="option">${b}</li>`).join('')}</ul>
        </div></div>
      <button type="button" id="next">Next</button>
    </form>
    <p id="summary"></p>
    <script>
      const box = document.getElementById('branch');
      const list = box.querySelector('ul');
      box.querySelector('.dropdown-value').addEventListener('click', () => (list.hidden = !list.hidden));
      for (const o of list.children) o.addEventListener('click', () => { box.querySelector('input').value = o.textContent; list.hidden = true; });
      document.getElementById('next').addEventListener('click', () => {
        const v = (id) => document.getElementById(id).value;
        document.getElementById('summary').textContent = [v('first') + ' ' + v('last'), v('mail'), box.querySelector('input').value, v('year') || 'no year'].join(' · ');
      });
    </script>`,
  '/plots': `<!doctype html><title>Plots</title>
    <table><thead><tr><th>Plot</th><th>Holder</th><th>Rent paid</th><th>Notes</th></tr></thead>
      <tbody>${[['3', 'Hannah Osei', '✗', ''], ['6', 'Rajesh Patel', '✗', 'Reminder sent']].map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>
    <p id="clicked">nothing</p>
    <script>
      for (const td of document.querySelectorAll('td')) td.addEventListener('click', () => {
        const tr = td.parentElement;
        document.getElementById('clicked').textContent = document.querySelectorAll('th')[td.cellIndex].textContent + ' of ' + tr.children[1].textContent;
      });
    </script>`,
  // A question of check boxes under its title, with a "None of these" apart from the six interests.
  '/interests': `<!doctype html><title>Membership</title>
    <div class="question"><h5>Newsletter</h5><label><input type="checkbox"> Send me the newsletter</label></div>
    <div class="question"><h5>Your interests</h5>
      ${['Crime fiction', 'History', 'Poetry', 'Science', 'Travel', 'Cookery'].map((x) => `<label><input type="checkbox" checked> ${x}</label>`).join('')}
      <label><input type="checkbox"> None of these</label>
    </div>`,
  // A folder deleted after the browser's own question.
  '/folders': `<!doctype html><title>Folders</title>
    <ul id="tree"><li>Term plans</li><li>Trips</li></ul>
    <button type="button" id="del">Delete</button>
    <script>document.getElementById('del').addEventListener('click', () => { if (confirm('Delete "Term plans" and everything in it?')) document.querySelector('#tree li').remove(); });</script>`,
  // A three-page application: Next on the first two pages, Send on the last.
  '/apply': `<!doctype html><title>Application</title>
    <form onsubmit="event.preventDefault(); document.getElementById('sent').textContent = 'Sent: ' + new FormData(this).get('first') + ' · ' + new FormData(this).get('fee')">
      <p id="where">Page 1 of 3</p>
      <section data-page="1"><label>First name <input name="first"></label></section>
      <section data-page="2" hidden><label><input type="radio" name="fee" value="Adult (free)"> Adult (free)</label> <label><input type="radio" name="fee" value="Child"> Child</label></section>
      <section data-page="3" hidden><p>Check your answers</p><button>Send</button></section>
      <button type="button" id="next">Next</button>
    </form>
    <p id="sent"></p>
    <script>
      let page = 1;
      document.getElementById('next').addEventListener('click', () => setTimeout(() => {
        page++;
        for (const s of document.querySelectorAll('section')) s.hidden = Number(s.dataset.page) !== page;
        document.getElementById('where').textContent = 'Page ' + page + ' of 3';
        document.getElementById('next').hidden = page === 3;
      }, 150));
    </script>`,
  // A month's days, each a grid cell named by its date; an entry list of cards whose title line heads the card.
  '/month': `<!doctype html><title>Bookings</title>
    <table role="grid"><tbody><tr>${[['2027-03-02', '2 March 2027', ''], ['2027-03-03', '3 March 2027', '18:30 Chess club']].map(([d, l, ev]) => `<td role="gridcell" data-date="${d}" aria-label="${l}"><a>${d.slice(-1)}</a><div>${ev}</div></td>`).join('')}</tr></tbody></table>
    <article><h2><span>█ </span><span>Weekend rides</span> <small>[calendar]</small></h2><ul><li>URL: <a href="#">http://127.0.0.1/marta/weekend-rides/</a></li></ul></article>
    <article><h2><span>Sponsors</span> <small>[addressbook]</small></h2><ul><li>URL: <a href="#">http://127.0.0.1/marta/sponsors/</a></li></ul></article>
    <form><input placeholder="Username"><input type="password" placeholder="Password"></form>`,
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

  it('fills a form from its values alone, in its fields\' order, choosing in a drop-down the app draws itself', async () => {
    const steps = [a('Open /join'), a('Fill in page 1 with Nadia Haddad, nadia.haddad@example.org and Northgate, and click Next'), v('"Nadia Haddad · nadia.haddad@example.org · Northgate · no year" is shown'), v('The title reads "Membership application"')];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    const replay = await run(steps, first.script);
    expect(replay.verdict).toBe('passed');
    // A labelled value goes to the field captioned so, whatever its place in the list.
    const labelled = await run([a('Open /join'), a('Fill in Nadia, Haddad, Year of birth 1990, nadia@example.org and home branch Old Town'), a('Click Next'), v('"Nadia Haddad · nadia@example.org · Old Town · 1990" is shown')]);
    expect(labelled.failure?.message).toBeUndefined();
    expect(labelled.verdict).toBe('passed');
  });

  it('a value no field can take fails the step, listing the fields', async () => {
    const r = await run([a('Open /join'), a('Fill in page 1 with Nadia, Haddad, a@example.org, 1990, Central and Northgate')]);
    expect(r.verdict).toBe('failed');
    expect(r.failure?.message).toMatch(/no field left for "Northgate"/);
  });

  it('clicks a grid\'s cell by its column and the row that shows a name', async () => {
    const r = await run([a('Open /plots'), a("Click the cross in the Rent paid column of Rajesh Patel's row"), v('"Rent paid of Rajesh Patel" is shown'), a('Click the empty Notes cell of plot 3, Hannah Osei'), v('"Notes of Hannah Osei" is shown')]);
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
  });

  it('reads a calendar\'s day by its date, a card by its title line, and a box by the word written in it', async () => {
    const r = await run([a('Open /month'), v('Tuesday 2 March is empty'), v('The URL shown for Weekend rides ends in /marta/weekend-rides/'), v('"Username" is shown')]);
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
    // The exported script decides "empty" with the same in-page function.
    process.env.BASE_URL = world.url;
    await runExportedOn(world.pool, exportPlaywright(r.script, 'Month').code);
    const booked = await run([a('Open /month'), v('3 March is empty')]);
    expect(booked.verdict).toBe('failed');
    const other = await run([a('Open /month'), v('The URL shown for Sponsors ends in /marta/weekend-rides/')]);
    expect(other.verdict).toBe('failed');
  });

  it('checks the boxes of a group its title names, as many as the step says', async () => {
    const r = await run([a('Open /interests'), v('All six interests are ticked and "None of these" is not')]);
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
    const wrong = await run([a('Open /interests'), v('All seven interests are ticked')]);
    expect(wrong.verdict).toBe('failed');
    expect(wrong.failure?.kind).toBe('assertion');
    expect(wrong.failure?.message).toMatch(/expected 7 items to be checked, but 6 of 7 are checked/);
  });

  it("answers the browser's own question as the step after the click says, on the first run, on replay and in the exported script", async () => {
    const steps = [a('Open /folders'), a('Click Delete'), a(`When the browser asks 'Delete "Term plans" and everything in it?', choose Cancel`), v('"Term plans" is still listed')];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    process.env.BASE_URL = world.url;
    await runExportedOn(world.pool, exportPlaywright(first.script, 'Cancel').code);
    // Unless a step says otherwise, OK; a question that was never asked fails the step on the app.
    expect((await run([a('Open /folders'), a('Click Delete'), v('"Term plans" is not shown')])).verdict).toBe('passed');
    const none = await run([a('Open /folders'), a("Click OK in the browser's confirmation")]);
    expect(none.failure?.kind).toBe('assertion');
    expect(none.failure?.message).toMatch(/expected the browser to ask its own question, but it asked nothing/);
  });

  it('chooses on a later page of a form by its Next button, and goes on to its last page', async () => {
    const steps = [a('Open /apply, type Nadia as the first name, choose "Adult (free)" on page 2 and go on to the last page'), v('"Page 3 of 3" is shown'), a('Click Send'), v('"Sent: Nadia · Adult (free)" is shown')];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    // On the last page already, there is nothing to page through.
    const again = await run([a('Open /apply'), a('Click Next until the last page'), a('Go on to the last page'), v('"Page 3 of 3" is shown')]);
    expect(again.verdict).toBe('passed');
    expect(again.steps[2]!.resolved).toMatchObject({ kind: 'skip' });
  });

  it('counts the results a debounced search shows, not the page\'s tables', async () => {
    const steps = [a('Open /handbook'), a('Type "lens" into the search box'), v('Exactly two results appear'), a('Type "bulb" into the search box'), v('One result shows up (Changing the bulb)')];
    const r = await run(steps);
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
    expect(JSON.stringify(r.script.steps[2]!.action)).toContain('matching-post');
  });
});
