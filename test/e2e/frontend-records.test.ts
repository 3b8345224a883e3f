import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { exportPlaywright } from '../../src/engine/frontend/export.js';
import { runExportedOn } from '../helpers/playwright-shim.js';
import { tempDir } from '../helpers/paths.js';
import { act, check, usePages } from '../helpers/pages.js';

/**
 * An issue tracker as a person finds their way round it: a project reached through the Projects page,
 * an issue opened by its number, an entry of a closed "+" menu, a number typed into the field named for
 * what it counts, an issue assigned to someone.
 */
const NAV = `<nav id="top"><a href="/">Home</a> <a href="/projects">Projects</a>
  <span class="drdn"><a href="#" class="new-object" onclick="this.nextElementSibling.hidden = !this.nextElementSibling.hidden; return false;"> + </a><ul class="menu-children" hidden><li><a href="/issues/new">New issue</a></li><li><a href="/versions/new">New version</a></li></ul></span></nav>`;
const PAGES: Record<string, string> = {
  '/': `<!doctype html><title>My page</title>${NAV}<h2>My page</h2><p>Welcome back.</p>`,
  '/projects': `<!doctype html><title>Projects</title>${NAV}<h2>Projects</h2><ul><li><a href="/projects/shop">Online Shop</a></li><li><a href="/projects/bakery">Bakery</a></li></ul>`,
  '/projects/shop': `<!doctype html><title>Online Shop</title>${NAV}<h1>Online Shop</h1>
    <table><thead><tr><th>#</th><th>Subject</th></tr></thead><tbody>
      <tr><td><a href="/issues/3">3</a></td><td>Basket total ignores the weekend discount</td></tr>
      <tr><td><a href="/issues/5">5</a></td><td>Search box ignores accents</td></tr>
    </tbody></table>`,
  '/issues/3': `<!doctype html><title>Bug #3: Basket total ignores the weekend discount - Online Shop</title>${NAV}<h2>Bug #3</h2><p>Basket total ignores the weekend discount</p>`,
  '/issues/new': `<!doctype html><title>New issue</title>${NAV}<h2>New issue</h2>
    <form onsubmit="return false">
      <p><label for="hours">Hours</label> <input id="hours"></p>
      <p><label for="who">Assignee</label> <select id="who"><option value=""></option><option>Omar Haddad</option><option>Priya Nair</option></select> <a href="#" id="me">Assign to me</a></p>
    </form>
    <p id="summary"></p>
    <script>
      const show = () => { document.getElementById('summary').textContent = 'Hours: ' + document.getElementById('hours').value + ', Assignee: ' + document.getElementById('who').value; };
      document.getElementById('hours').addEventListener('input', show);
      document.getElementById('who').addEventListener('change', show);
      document.getElementById('me').addEventListener('click', (e) => { e.preventDefault(); document.getElementById('who').value = 'Priya Nair'; show(); });
    </script>`,
};

const world = usePages(PAGES);
const run = (steps: ReturnType<typeof act>[], script?: Parameters<typeof runPlan>[0]['script']) =>
  runPlan({ steps, script, baseUrl: world.url, artifactsDir: tempDir('svc-fe-records-'), pool: world.pool, video: false, trace: false, stepTimeoutMs: 8000, assertTimeoutMs: 3000 });

describe('a tracker as a person finds their way round it', () => {
  it('reaches a project through its kind, an issue by its number, a closed menu entry, and fills a count and an assignee', async () => {
    const steps = [
      act('Open the app and go to the Online Shop project'),
      check('the heading reads "Online Shop"'),
      act('Open issue #3'),
      check('the page shows "Bug #3" and "Basket total ignores the weekend discount"'),
      act('Click "New issue"'),
      check('the URL contains /issues/new'),
      act('Enter 1.5 hours and assign it to Omar Haddad'),
      check('the summary reads "Hours: 1.5, Assignee: Omar Haddad"'),
    ];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    process.env.BASE_URL = world.url;
    await runExportedOn(world.pool, exportPlaywright(first.script!, 'Exported').code);
    // A number no link carries is not taken for another.
    const missing = await run([act('Open the app and go to the Online Shop project'), act('Open issue #9')]);
    expect(missing.failure?.kind).toBe('locator-not-found');
    expect(missing.failure?.message).toMatch(/issue #9/);
  });
});
