import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserPool } from '../../src/engine/frontend/browser.js';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { tempDir } from '../helpers/paths.js';

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
};

let server: Server;
let url: string;
const pool = new BrowserPool({ size: 1 });
beforeAll(async () => {
  server = createServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await pool.close();
  await new Promise((r) => server?.close(r));
});

const a = (description: string) => ({ type: 'action' as const, description });
const v = (description: string) => ({ type: 'assertion' as const, description });

describe('pages that move while the plan acts', () => {
  it('acts once the page has stopped animating, so a cleared filter shows every item again', async () => {
    const steps = [a('Open /filter'), a('Type "alp" into the "Filter" box'), a('Clear the Filter box'), a('Wait 1 second'), v('"beta" is shown'), v('"gamma" is shown')];
    const first = await runPlan({ steps, baseUrl: url, artifactsDir: tempDir('svc-fe-moving-'), pool, video: false, trace: false });
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    const replay = await runPlan({ steps, script: first.script, baseUrl: url, artifactsDir: tempDir('svc-fe-moving-'), pool, video: false, trace: false });
    expect(replay.verdict).toBe('passed');
  });

  it('leaves a page only after the work it scheduled on a change has run', async () => {
    const steps = [a('Open /save'), a('Click "Add a note"'), v('"note 1" is shown'), a('Reload the page'), v('"note 1" is still shown')];
    const r = await runPlan({ steps, baseUrl: url, artifactsDir: tempDir('svc-fe-moving-'), pool, video: false, trace: false });
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
  });

  it('never repeats a click the page received, even when the page shows nothing for a while', async () => {
    const steps = [a('Open /count'), a('Click "Count"'), v('The page shows "Count: 1"')];
    const r = await runPlan({ steps, baseUrl: url, artifactsDir: tempDir('svc-fe-moving-'), pool, video: false, trace: false });
    expect(r.verdict).toBe('passed');
    expect(r.steps.map((s) => s.screenshot)).toEqual(['steps/step-001.jpg', 'steps/step-002.jpg', 'steps/step-003.jpg']);
  });
});
