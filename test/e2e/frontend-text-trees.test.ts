import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { exportPlaywright } from '../../src/engine/frontend/export.js';
import { runExportedOn } from '../helpers/playwright-shim.js';
import { tempDir } from '../helpers/paths.js';
import { act, check, usePages } from '../helpers/pages.js';

/**
 * Text edited as a person edits it (the caret put at the end of a line, words selected by a drag, a
 * link in the text that is not followed), how text is set (italics, struck through), a tree whose
 * folders open by their toggle and whose boxes the app draws, labelled values in a settings form, and a
 * list of users where a row has some links and not others.
 */
const PAGES: Record<string, string> = {
  // A contenteditable editor: a list of events, a paragraph with a link, and what the selection is.
  '/editor': `<!doctype html><title>Newsletter</title>
    <div id="ed" contenteditable="true">
      <p>Dear neighbours, see the <a href="https://parish.example/spring" target="_blank">parish website</a>. Everyone is welcome.</p>
      <ul><li>Litter pick on the green</li><li>Plant sale at the vicarage</li><li>Choir concert in the church</li></ul>
    </div>
    <button type="button" id="it">Italic</button> <button type="button" id="st">Strike</button>
    <p>Selected: <span id="sel"></span></p>
    <script>
      document.addEventListener('selectionchange', () => { document.getElementById('sel').textContent = String(getSelection()).replace(/\\s+/g, ' ').trim(); });
      const wrap = (tag) => { const r = getSelection().getRangeAt(0); const el = document.createElement(tag); el.append(r.extractContents()); r.insertNode(el); };
      document.getElementById('it').addEventListener('mousedown', (e) => { e.preventDefault(); wrap('em'); });
      document.getElementById('st').addEventListener('mousedown', (e) => { e.preventDefault(); wrap('s'); });
    </script>`,
  // A tree of folders (each opened by its toggle, not by a click on its name) with check boxes it draws itself.
  '/docs': `<!doctype html><title>Documents</title>
    <style>.ocl { display: inline-block; width: 12px; height: 12px; background: #999; cursor: pointer; } .checkbox { display: inline-block; width: 10px; height: 10px; border: 1px solid #333; }</style>
    <div role="tree" class="tree">
      <ul>${['Policies', 'Trips'].map((f) => `<li class="node closed"><i class="ocl" role="presentation"></i><a role="treeitem" aria-expanded="false" aria-selected="false" href="#"><i class="checkbox"></i>${f}</a><ul hidden>${(f === 'Trips' ? ['Year 4 museum visit', 'Year 6 residential'] : ['Behaviour policy.pdf']).map((c) => `<li class="node leaf"><a role="treeitem" aria-selected="false" href="#"><i class="checkbox"></i>${c}</a></li>`).join('')}</ul></li>`).join('')}
      <li class="node leaf"><a role="treeitem" aria-selected="false" href="#"><i class="checkbox"></i>Staff rota.xlsx</a></li></ul>
    </div>
    <p id="details">Nothing selected</p>
    <script>
      for (const t of document.querySelectorAll('.ocl')) t.addEventListener('click', () => {
        const li = t.parentElement, open = li.classList.toggle('open');
        li.classList.toggle('closed', !open);
        li.querySelector('a').setAttribute('aria-expanded', String(open));
        li.querySelector('ul').hidden = !open;
      });
      for (const a of document.querySelectorAll('a[role=treeitem]')) a.addEventListener('click', (e) => {
        e.preventDefault();
        a.setAttribute('aria-selected', String(a.getAttribute('aria-selected') !== 'true'));
        document.getElementById('details').textContent = 'Selected: ' + a.textContent;
      });
    </script>`,
  // A settings form (label, then its box) and a users table whose own row lacks a Delete link.
  '/settings': `<!doctype html><title>Your Settings</title>
    <div class="section"><div class="label"><label for="rn">Realname:</label></div><input id="rn" value="Nadia Okafor"></div>
    <div class="section"><div class="label"><label for="qm">Quit Message:</label></div><input id="qm" value="Fair winds"></div>
    <table><thead><tr><td>[<a href="#">Add</a>]</td><th>Username</th></tr></thead><tbody>
      ${['ben', 'lucia', 'nadia'].map((u) => `<tr class="${u === 'lucia' ? 'evenrow' : 'oddrow'}"><td>[<a href="#">Edit</a>] [<a href="#">Clone</a>]${u === 'nadia' ? '' : ' [<a href="#">Delete</a>]'}</td><td>${u}</td></tr>`).join('')}
    </tbody></table>
    <nav><a href="#">Your Settings</a> <a href="#">Traffic Info</a></nav>`,
};

const world = usePages(PAGES);
const run = (steps: ReturnType<typeof act>[], script?: Parameters<typeof runPlan>[0]['script']) =>
  runPlan({ steps, script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-text-'), pool: world.pool, video: false, trace: false, stepTimeoutMs: 8000, assertTimeoutMs: 3000 });

async function runExported(script: Parameters<typeof exportPlaywright>[0]): Promise<void> {
  process.env.BASE_URL = world.url;
  await runExportedOn(world.pool, exportPlaywright(script, 'Exported').code);
}

describe('text edited and read as a person does, trees and settings', () => {
  it('puts the caret at the end of a line, selects words by dragging over them, and reads how text is set', async () => {
    const steps = [
      act('Open /editor'),
      act('Click at the end of "Choir concert in the church" and type " (7pm)"'),
      check('"Choir concert in the church (7pm)" is shown'),
      act('Select the words "Everyone is welcome."'),
      check('"Selected: Everyone is welcome." is shown'),
      act('Click Italic'),
      check('"Everyone is welcome." is now in italics and the rest of the paragraph is upright'),
      act('Select all three events, from "Litter" to "church"'),
      check('"Selected: Litter pick on the green Plant sale at the vicarage Choir concert in the church" is shown'),
      act('Click on the linked words "parish website"'),
      check('"parish website" is shown as a link'),
    ];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    await runExported(first.script);
    // Text that is not set so fails the step on the app.
    const plain = await run([act('Open /editor'), check('"Plant sale at the vicarage" is shown with a line through it')]);
    expect(plain.failure?.kind).toBe('assertion');
    expect(plain.failure?.message).toMatch(/to look struck through, but it is not struck through/);
  });

  it('opens a folder of a tree by its toggle, counts every item shown, and ticks boxes the tree draws', async () => {
    const steps = [
      act('Open /docs'),
      act('Open Trips, then Year 4 museum visit'),
      check('"Selected: Year 4 museum visit" is shown'),
      act('Click the small triangle to the left of Policies'),
      check('All 6 items of the tree are visible'),
      act('Tick the box next to Staff rota.xlsx'),
      check('Staff rota.xlsx is ticked and Policies is not'),
    ];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    // The exported script ticks the box the tree draws, and reads it, as the run does.
    await runExported(first.script);
  });

  it("reads a label's value in its box, a row's own links, and names the page does not show", async () => {
    const steps = [
      act('Open /settings'),
      check('Realname says Nadia Okafor and Quit Message says Fair winds'),
      check("nadia's own row has Edit and Clone links but no Delete link, while the other two rows have all three"),
      check('the users table lists exactly three users, in this order: ben, lucia, nadia'),
      check('the menu shows Your Settings and Traffic Info but neither Manage Users nor Global Settings'),
      act('Click [Add] at the top left of the users table'),
    ];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    const wrong = await run([act('Open /settings'), check('Quit Message says Calm seas')]);
    expect(wrong.failure?.kind).toBe('assertion');
  });
});
