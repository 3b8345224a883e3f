import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { exportPlaywright } from '../../src/engine/frontend/export.js';
import { runExportedOn } from '../helpers/playwright-shim.js';
import { tempDir } from '../helpers/paths.js';
import { act, check, usePages } from '../helpers/pages.js';

/**
 * Files a plan gives the page through the browser's file chooser, from the run's files (the project's
 * files): a link that opens the chooser in one step and the file picked in the next, as Radicale's
 * "Upload addressbook or calendar" does; a form's own file field; a file not among the files.
 */
const shown = `<p id="got">nothing yet</p>
  <script>
    function show(input) {
      const f = [...input.files];
      Promise.all(f.map((x) => x.text())).then((texts) => {
        document.getElementById('got').textContent = f.map((x, k) => x.name + ' (' + texts[k].split('\\n').filter(Boolean).length + ' lines)').join(', ');
      });
    }
  </script>`;
const PAGES: Record<string, string> = {
  // A link that opens the chooser of a hidden file field (no form on screen).
  '/collections': `<!doctype html><title>Collections</title>
    <a href="#" id="up">Upload addressbook or calendar</a>
    <input type="file" id="file" style="display:none" accept=".ics,.vcf,.csv" onchange="show(this)">
    <script>document.getElementById('up').addEventListener('click', (e) => { e.preventDefault(); document.getElementById('file').click(); });</script>
    ${shown}`,
  // A message form with a labelled file field, and a styled "Browse" button over a hidden one.
  '/message': `<!doctype html><title>New message</title>
    <form onsubmit="event.preventDefault()">
      <label>Subject <input name="subject"></label>
      <label for="att">Attachment</label> <input type="file" id="att" multiple onchange="show(this)">
    </form>
    <div class="avatar"><button type="button" id="browse">Browse…</button><input type="file" id="pic" hidden onchange="document.getElementById('pictured').textContent = this.files[0].name"></div>
    <p id="pictured">no picture</p>
    <script>document.getElementById('browse').addEventListener('click', () => document.getElementById('pic').click());</script>
    ${shown}`,
  // A drop area (Dropzone's shape): a click opens the chooser of a file field it keeps in the body; each
  // file gets a preview, marked with a tick when it is taken and a cross when it is too big.
  '/drop': `<!doctype html><title>Entries</title>
    <style>.preview { display: inline-block; margin: 4px; padding: 4px; border: 1px solid #ccc; } .mark { display: none; } .dz-success .ok, .dz-error .bad { display: inline; }</style>
    <div id="area" class="dropzone">Drop photos here or click to choose<div id="previews"></div></div>
    <p id="count">Uploaded: 0</p>
    <script>
      const input = document.createElement('input');
      input.type = 'file'; input.multiple = true; input.style.display = 'none';
      document.body.append(input);
      document.getElementById('area').addEventListener('click', () => input.click());
      let taken = 0;
      input.addEventListener('change', () => {
        for (const f of input.files) {
          const p = document.createElement('div');
          const ok = f.size < 40;
          p.className = 'preview ' + (ok ? 'dz-success' : 'dz-error');
          p.innerHTML = '<span class="name"></span> <span class="mark ok">✓</span><span class="mark bad">✗</span>';
          p.querySelector('.name').textContent = f.name;
          document.getElementById('previews').append(p);
          if (ok) taken++;
        }
        document.getElementById('count').textContent = 'Uploaded: ' + taken;
        input.value = '';
      });
    </script>`,
};

const world = usePages(PAGES);
const files = tempDir('svc-fe-files-');
mkdirSync(files, { recursive: true });
writeFileSync(join(files, 'guests.csv'), 'name,table\nAda,1\nGrace,2\n');
writeFileSync(join(files, 'Minutes.txt'), 'Opened at 7pm\nClosed at 9pm\n');
writeFileSync(join(files, 'dawn.jpg'), 'a small photo');
writeFileSync(join(files, 'pier.png'), 'a photo far too big for the forty bytes this page takes');

const run = (steps: ReturnType<typeof act>[], script?: Parameters<typeof runPlan>[0]['script']) =>
  runPlan({ steps, script, files, baseUrl: world.url, artifactsDir: tempDir('svc-fe-files-run-'), pool: world.pool, video: false, trace: false, stepTimeoutMs: 8000, assertTimeoutMs: 3000 });

describe('files given to the page through its file chooser', () => {
  it('picks a file in the chooser a click opened, one step after the click, on the first run, on replay and in the exported script', async () => {
    const steps = [act('Open /collections'), act('Click "Upload addressbook or calendar"'), act('Choose the file guests.csv in the file picker'), check('"guests.csv (3 lines)" is shown')];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect(first.script.steps[2]!.action).toEqual({ kind: 'upload', files: ['guests.csv'] });
    const replay = await run(steps, first.script);
    expect(replay.verdict).toBe('passed');
    // The exported script listens for the chooser and takes the file from SVC_FILES_DIR.
    Object.assign(process.env, { BASE_URL: world.url, SVC_FILES_DIR: files });
    const code = exportPlaywright(first.script, 'Upload').code;
    expect(code).toContain("page.on('filechooser'");
    await runExportedOn(world.pool, code);
  });

  it("gives a form's file field its files, and opens a styled button's chooser for a file named without its ending", async () => {
    const r = await run([act('Open /message'), act('Attach guests.csv and Minutes.txt to the message'), check('"guests.csv (3 lines), Minutes.txt (2 lines)" is shown'), act('Upload the file "Minutes" with the Browse button'), check('"Minutes.txt" is shown')]);
    expect(r.failure?.message).toBeUndefined();
    expect(r.verdict).toBe('passed');
    expect(r.script.steps[3]!.action).toMatchObject({ kind: 'upload', chooser: true });
  });

  it('a file that is not among the files fails the step on the test, naming the files there are', async () => {
    const r = await run([act('Open /collections'), act('Click "Upload addressbook or calendar"'), act('Pick the file members.vcf')]);
    expect(r.verdict).toBe('failed');
    expect(r.failedStepIndex).toBe(2);
    expect(r.failure?.kind).toBe('step-not-understood');
    expect(r.failure?.message).toMatch(/no file named "members\.vcf" among the project's files \(Minutes\.txt, dawn\.jpg, guests\.csv, pier\.png\); add it with 'svc project files add/);
  });

  it('gives a drop area its files: one chosen after a click, several one after the other, the same one again, each marked as the page marks it', async () => {
    const steps = [
      act('Open /drop'),
      act('Click the drop area and choose dawn.jpg'),
      check('dawn.jpg gets a green tick and the counter reads "Uploaded: 1"'),
      act('Upload dawn.jpg again'),
      act('Upload pier.png and dawn.jpg one after the other'),
      check('the pier.png preview is marked with a cross, and the counter says "Uploaded: 3"'),
    ];
    const first = await run(steps);
    expect(first.failure?.message).toBeUndefined();
    expect(first.verdict).toBe('passed');
    expect((await run(steps, first.script)).verdict).toBe('passed');
    process.env.BASE_URL = world.url;
    process.env.SVC_FILES_DIR = files;
    await runExportedOn(world.pool, exportPlaywright(first.script, 'Exported').code);
    // A file the page refuses is not taken for one it took.
    const wrong = await run([act('Open /drop'), act('Upload pier.png'), check('pier.png gets a green tick')]);
    expect(wrong.failure?.kind).toBe('assertion');
  });
});
