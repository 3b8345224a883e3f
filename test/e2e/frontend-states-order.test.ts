import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { exportPlaywright } from '../../src/engine/frontend/export.js';
import { runExportedOn } from '../helpers/playwright-shim.js';
import { tempDir } from '../helpers/paths.js';
import { act, check, usePages } from '../helpers/pages.js';

/**
 * States and order read as a person reads them: nothing selected yet, a box partly ticked, one name
 * between two others, the list that holds the names a check gives (not the menu beside it), an app's own
 * Yes / No question answered, text the app prints with CSS, a counter back to what it read.
 */
const PAGES: Record<string, string> = {
  // A document tree (nothing selected until a click) and a sharing tree with a partly ticked group.
  '/docs': `<!doctype html><title>Documents</title>
    <style>.checkbox { display: inline-block; width: 10px; height: 10px; border: 1px solid #333; } .checkbox.undetermined { background: #999; } [aria-selected=true] > .checkbox { background: #333; }</style>
    <ul role="tree" id="files">${['Policies', 'Term plans', 'Trips'].map((f) => `<li role="none"><a role="treeitem" aria-selected="false" href="#">${f}</a></li>`).join('')}</ul>
    <p id="details">Select a document or folder</p>
    <div role="tree" id="share"><ul>
      <li><a href="#" aria-selected="false"><i class="checkbox undetermined"></i>Everyone</a>
        <ul>${['Reception', 'Key stage 1', 'Office'].map((g) => `<li><a href="#" aria-selected="${g !== 'Office'}"><i class="checkbox"></i>${g}</a></li>`).join('')}</ul></li>
    </ul></div>
    <script>
      for (const a of document.querySelectorAll('#files a')) a.addEventListener('click', (e) => {
        e.preventDefault();
        for (const b of document.querySelectorAll('#files a')) { b.setAttribute('aria-selected', String(b === a)); b.classList.toggle('selected', b === a); }
        document.getElementById('details').textContent = a.textContent + ': folder, 3 items';
      });
      // The sharing tree's boxes: a group's box is ticked when all of its members are, partly when some are.
      const members = [...document.querySelectorAll('#share li li > a')];
      const all = document.querySelector('#share a');
      const sync = () => {
        const on = members.filter((m) => m.getAttribute('aria-selected') === 'true').length;
        all.setAttribute('aria-selected', String(on === members.length));
        all.querySelector('.checkbox').classList.toggle('undetermined', on > 0 && on < members.length);
      };
      for (const m of members) m.addEventListener('click', (e) => { e.preventDefault(); m.setAttribute('aria-selected', String(m.getAttribute('aria-selected') !== 'true')); sync(); });
    </script>`,
  // Users with a menu beside them, and the app's own confirmation page for a deletion.
  '/users': `<!doctype html><title>Manage Users</title>
    <div id="menu"><ul><li><a href="#">Home</a></li><li><a href="#">Global Settings</a></li><li><a href="#">Your Settings</a></li><li><a href="#">Traffic Info</a></li><li><a href="#">Manage Users</a></li></ul></div>
    <div id="content">
      <table id="users"><thead><tr><th></th><th>Username</th></tr></thead><tbody>
        ${['ben', 'carl', 'lucia', 'nadia'].map((u) => `<tr><td>[<a href="#" class="del">Delete</a>]</td><td>${u}</td></tr>`).join('')}
      </tbody></table>
      <form id="ask" hidden><h2>Confirm User Deletion</h2><p id="q"></p><button type="button" id="yes">Yes</button> <button type="button" id="no">No</button></form>
    </div>
    <script>
      let row;
      for (const d of document.querySelectorAll('.del')) d.addEventListener('click', (e) => {
        e.preventDefault();
        row = d.closest('tr');
        document.getElementById('users').hidden = true;
        document.getElementById('q').textContent = 'Are you sure you want to delete user ' + row.cells[1].textContent + '?';
        document.getElementById('ask').hidden = false;
      });
      const back = () => { document.getElementById('ask').hidden = true; document.getElementById('users').hidden = false; };
      document.getElementById('yes').addEventListener('click', () => { row.remove(); back(); });
      document.getElementById('no').addEventListener('click', back);
    </script>`,
  // A link whose bubble prints its lead-in with CSS, and a word counter.
  '/note': `<!doctype html><title>Note</title>
    <style>.bubble::before { content: "Visit URL:"; margin-right: 4px; } .bubble .remove::before { content: "Remove"; }</style>
    <p>Read the <a id="link" href="https://parish.example/spring">parish website</a> today.</p>
    <div class="bubble" hidden><a class="preview" href="https://parish.example/spring">https://parish.example/spring</a> <a class="remove" href="#"></a></div>
    <textarea id="t">one two three</textarea>
    <p id="count">Words: 3</p>
    <script>
      document.getElementById('link').addEventListener('click', (e) => { e.preventDefault(); document.querySelector('.bubble').hidden = false; });
      document.querySelector('.remove').addEventListener('click', (e) => { e.preventDefault(); document.querySelector('.bubble').hidden = true; });
      const t = document.getElementById('t');
      t.addEventListener('input', () => { document.getElementById('count').textContent = 'Words: ' + t.value.trim().split(/\\s+/).filter(Boolean).length; });
    </script>`,
};

const world = usePages(PAGES);
const run = (steps: ReturnType<typeof act>[], script?: Parameters<typeof runPlan>[0]['script']) =>
  runPlan({ steps, script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-states-'), pool: world.pool, video: false, trace: false, stepTimeoutMs: 8000, assertTimeoutMs: 3000 });

async function runExported(script: Parameters<typeof exportPlaywright>[0]): Promise<void> {
  process.env.BASE_URL = world.url;
  await runExportedOn(world.pool, exportPlaywright(script, 'Exported').code);
}

describe('states and order as a person reads them', () => {
  it('reads nothing selected, a partly ticked box, the boxes of a tree, and what the details say of the selection', async () => {
    const steps = [
      act('Open /docs'),
      check('nothing is selected yet: the details still ask you to select a document or folder'),
      check('Everyone shows a partly filled box, and Reception is ticked'),
      act('Click Term plans'),
      check('Term plans is still in the tree and the details say it has 3 items'),
      check('Policies sits between Term plans and Trips'),
      act('Tick the box next to Office'),
      check('every box in that tree is ticked'),
    ];
    const first = await run(steps.filter((s) => !/sits between/.test(s.description)));
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps.filter((s) => !/sits between/.test(s.description)), first.script)).verdict).toBe('passed');
    // Before Office is ticked, not every box of that tree is.
    const part = await run([act('Open /docs'), act('Tick the box next to Reception'), check('every box in that tree is ticked')]);
    expect(part.failure?.kind).toBe('assertion');
    await runExported(first.script);
    // A selection made is seen; an order that does not hold fails on the app.
    const chosen = await run([act('Open /docs'), act('Click Policies'), check('nothing is selected')]);
    expect(chosen.failure?.kind).toBe('assertion');
    expect(chosen.failure?.message).toMatch(/expected nothing on the page to be selected, but 1 item/);
    const order = await run(steps);
    expect(order.failure?.kind).toBe('assertion');
    expect(order.failure?.message).toMatch(/"Term plans", "Policies" in this order/);
    expect(await run([act('Open /docs'), check('Office is partly ticked')]).then((r) => r.failure?.kind)).toBe('assertion');
  });

  it("answers the app's own question, counts the list that holds the names, and reads a name between two others", async () => {
    const steps = [
      act('Open /users'),
      act("Click Delete in lucia's row"),
      check('a "Confirm User Deletion" page asks: Are you sure you want to delete user lucia?'),
      act('answer Yes'),
      check('the list of users now holds only ben, carl and nadia'),
      check('the users table has three users, with carl listed between ben and nadia'),
    ];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    await runExported(first.script);
    const kept = await run([act('Open /users'), act("Click Delete in ben's row"), act('reply "No" to the question'), check('the list of users holds only ben, carl, lucia and nadia')]);
    expect(kept.failure?.message).toBeUndefined();
    expect(kept.verdict).toBe('passed');
  });

  it('reads text the app prints with CSS, and a counter back to what it said', async () => {
    const steps = [
      act('Open /note'),
      act('Click on the linked words "parish website"'),
      check('a small bubble opens under the link reading "Visit URL:" followed by https://parish.example/spring, with a Remove link'),
      act('Click Remove in the bubble'),
      act('Type " four" at the end of the text box'),
      check('the counter shows "Words: 4"'),
      act('Clear the text box and type "one two three"'),
      check('the counter is back to "Words: 3"'),
    ];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    await runExported(first.script);
    const absent = await run([act('Open /note'), check('"Visit URL:" is shown')]);
    expect(absent.failure?.kind).toBe('assertion');
  });
});
