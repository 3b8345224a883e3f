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
};

const world = usePages(PAGES);
const files = tempDir('svc-fe-files-');
mkdirSync(files, { recursive: true });
writeFileSync(join(files, 'guests.csv'), 'name,table\nAda,1\nGrace,2\n');
writeFileSync(join(files, 'Minutes.txt'), 'Opened at 7pm\nClosed at 9pm\n');

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
    expect(r.failure?.message).toMatch(/no file named "members\.vcf" among the project's files \(Minutes\.txt, guests\.csv\); add it with 'svc project files add/);
  });
});
