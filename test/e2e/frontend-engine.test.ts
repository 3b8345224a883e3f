import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebApp, DEMO_USER, type WebApp } from '../../fixtures/web-app/server.mjs';
import { BrowserPool } from '../../src/engine/frontend/browser.js';
import { runPlan } from '../../src/engine/frontend/runner.js';
import { exportPlaywright } from '../../src/engine/frontend/export.js';
import type { PlanStep, StepRecord } from '../../src/engine/frontend/types.js';
import { runExportedOn } from '../helpers/playwright-shim.js';
import { tempDir } from '../helpers/paths.js';
import { zipEntry } from '../helpers/zip.js';

const act = (description: string): PlanStep => ({ type: 'action', description });
const check = (description: string): PlanStep => ({ type: 'assertion', description });
/** Run an exported Playwright test's body on a page of the pool. */
const runExported = (code: string) => runExportedOn(pool, code);
const magic = (file: string, bytes: number[]) => [...readFileSync(file).subarray(0, bytes.length)].every((b, i) => b === bytes[i]);

let pool: BrowserPool;
let app: WebApp;
beforeAll(async () => {
  pool = new BrowserPool({ size: 2 });
  app = await startWebApp();
});
afterAll(async () => {
  await pool?.close();
  await app?.close();
});
const reset = (url = app.url) => fetch(`${url}/__reset`, { method: 'POST' });
// Video and trace are checked in the artifact tests; elsewhere they only cost CPU.
const run = (steps: PlanStep[], extra: Partial<Parameters<typeof runPlan>[0]> = {}) =>
  runPlan({ video: false, trace: false, steps: steps.length ? steps : undefined, baseUrl: app.url, account: DEMO_USER, artifactsDir: tempDir('svc-fe-run-'), pool, stepTimeoutMs: 10_000, assertTimeoutMs: 4000, ...extra });

const TODO_PLAN: PlanStep[] = [
  act('Sign in'),
  check('Verify "Welcome, demo" is visible'),
  check('Expect URL contains /dashboard'),
  act('Go to /todos'),
  act('Type "milk" into the "New item" field'),
  act('Click "Add"'),
  act('Type "eggs" into the "New item" field'),
  act('Press Enter'),
  check('Assert the page shows "2 items"'),
  check('Verify the list has 2 items'),
  act('Click "Delete" next to "milk"'),
  check('Verify "milk" is not visible'),
  check('Verify the list has 1 item'),
  act('Go to /profile'),
  act('Fill in "Full name" with "Ada"'),
  act('Type "not-an-email" into the "Email" field'),
  act('Click "Save profile"'),
  check('Verify "Enter a valid email address" is visible'),
  act('Fill in "Email" with "ada@example.com"'),
  act('Select "Phone" from the "Preferred contact" dropdown'),
  act('Click "Save profile"'),
  check('Verify "Profile saved. Thanks, Ada!" is visible'),
  act('Go to /settings'),
  act('Uncheck "Email notifications"'),
  check('Verify the "Delete account" button is disabled'),
  check('Check that the title contains "Settings"'),
  check('The page shows no error'),
];

describe('running a plan', () => {
  it('passes a hand-written plan with a screenshot per step, a playable video and a trace', async () => {
    await reset();
    const progress: Array<[StepRecord, string | null]> = [];
    const r = await run(TODO_PLAN, { video: true, trace: true, onProgress: (s, shot) => progress.push([s, shot && existsSync(shot) ? shot : null]) });
    expect(r.failure).toBeUndefined();
    expect(r.verdict).toBe('passed');
    expect(r.steps.map((s) => s.status)).toEqual(TODO_PLAN.map(() => 'passed'));
    // Live progress: a "running" record before each step and a finished one with its screenshot.
    expect(progress.filter(([s]) => s.status === 'running')).toHaveLength(TODO_PLAN.length);
    expect(progress.filter(([s, shot]) => s.status === 'passed' && shot)).toHaveLength(TODO_PLAN.length);
    expect(r.steps[5]).toMatchObject({ action: 'click', locator: "getByTestId('add-button')" });
    expect(r.script.steps).toHaveLength(TODO_PLAN.length);
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it('stores screenshots, a real webm video and a trace zip in the artifacts directory', async () => {
    await reset();
    const artifactsDir = tempDir('svc-fe-art-');
    const r = await run(TODO_PLAN.slice(0, 6), { artifactsDir, video: true, trace: true });
    expect(r.verdict).toBe('passed');
    for (const s of r.steps) expect(magic(join(artifactsDir, s.screenshot!), [0xff, 0xd8, 0xff])).toBe(true);
    expect(r.video).toBe('video.webm');
    expect(r.videoNote).toBeUndefined();
    expect(statSync(join(artifactsDir, r.video!)).size).toBeGreaterThan(1000);
    expect(magic(join(artifactsDir, r.video!), [0x1a, 0x45, 0xdf, 0xa3])).toBe(true);
    expect(magic(join(artifactsDir, r.trace!), [0x50, 0x4b])).toBe(true);
    // The trace holds what the run did (its actions, with page snapshots), not the engine's
    // search for each target: fewer calls than steps times a handful.
    const events = zipEntry(join(artifactsDir, r.trace!), 'trace.trace')!.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const calls = events.filter((e) => e.type === 'before').map((e) => String(e.method));
    expect(calls.filter((m) => m === 'fill')).toHaveLength(3); // user name, password, "milk"
    expect(calls.filter((m) => m === 'click')).toHaveLength(2); // sign in, Add
    expect(calls.filter((m) => m === 'goto')).toHaveLength(2); // the sign-in page, /todos
    expect(calls.length).toBeLessThan(6 * 5);
    // The engine's own looks around a click (is it there, did the page get it) are not the test's.
    expect(calls.filter((m) => ['waitForSelector', 'evaluateExpression', 'newCDPSession'].includes(m))).toEqual([]);
    // Each step's calls are grouped under the step, named as the plan names it.
    const groups = events.filter((e) => e.type === 'before' && e.method === 'tracingGroup');
    expect(groups.map((g) => g.title)).toEqual(TODO_PLAN.slice(0, 6).map((s, i) => `${i + 1}. ${s.description}`));
    const fills = events.filter((e) => e.type === 'before' && e.method === 'fill');
    expect(fills.every((f) => groups.some((g) => g.callId === f.parentId))).toBe(true);
  });

  it('fails an assertion that does not hold with the step index and what the page showed', async () => {
    await reset();
    const steps = [act('Sign in'), act('Go to /todos'), act('Type "milk" into the "New item" field'), act('Click "Add"'), check('Assert the page shows "5 items"'), act('Click "Add"')];
    const r = await run(steps);
    expect(r.verdict).toBe('failed');
    expect(r.failedStepIndex).toBe(4);
    expect(r.failure?.kind).toBe('assertion');
    expect(r.failure?.message).toMatch(/^Step 5 "Assert the page shows "5 items"" failed: expected the page to show "5 items"/);
    expect(r.failure?.message).toContain('"1 item"');
    expect(r.failure?.details).toMatchObject({ expected: '"5 items" visible', url: `${app.url}/todos` });
    expect(r.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'failed', 'skipped']);
    expect(r.steps[4]!.screenshot).toBeTruthy();
  });

  it('fails an unresolvable step naming the step and what was looked for', async () => {
    const r = await run([act('Sign in'), act('Click the "Launch rocket" button')], { stepTimeoutMs: 1000 });
    expect(r.failure?.kind).toBe('locator-not-found');
    expect(r.failure?.message).toMatch(/^Step 2 "Click the "Launch rocket" button" failed: no element matches /);
    // What was looked for, and the closest candidates with what each lacks.
    expect(r.failure?.message).toMatch(/no element matches button "Launch rocket"; closest candidates: link "\w+" \(lacks "launch", "rocket"\)/);
    expect(r.failure?.details?.lookedFor).toContain('role button named "Launch rocket"');
    expect(r.failure?.details?.lookedFor?.length).toBeGreaterThan(2);
    const unclear = await run([act('Do a barrel roll')], { stepTimeoutMs: 1000 });
    expect(unclear.failure?.kind).toBe('step-not-understood');
    expect(unclear.failure?.message).toMatch(/Step 1 "Do a barrel roll" failed: the words "Do a barrel roll" were not understood\. Rephrase the step, e\.g\. /);
  });

  it('reports the deliberately broken page under "page shows no error"', async () => {
    const r = await run([act('Sign in'), act('Go to /reports'), check('The page shows no error')]);
    expect(r.failure?.kind).toBe('page-error');
    expect(r.failure?.message).toContain('HTTP 500');
    expect(r.failure?.message).toContain('Reports widget failed to load');
    expect(r.consoleErrors.some((e) => e.includes('Reports widget failed to load'))).toBe(true);
  });

  it('fails sign-in with a wrong password, and without an account', async () => {
    const wrong = await run([act('Sign in')], { account: { username: 'demo', password: 'nope' } });
    expect(wrong.failure?.message).toContain('Invalid username or password');
    const none = await run([act('Sign in')], { account: undefined });
    expect(none.failure?.message).toContain('no test account is configured');
  });

  it('asks a configured model for a step the built-in rules cannot place, and checks its answer', async () => {
    await reset();
    const asked: string[] = [];
    const model = {
      name: 'test-double', available: true,
      complete: async (req: { messages: Array<{ content: string }> }) => {
        asked.push(req.messages.at(-1)!.content);
        return JSON.stringify({ action: { kind: 'click', target: { strategy: 'role', role: 'button', name: 'Add' } } });
      },
    };
    // The reader reads the step (a click); nothing on the page is called anything like it, so the model places it.
    const steps = [act('Sign in'), act('Go to /todos'), act('Type "milk" into the "New item" field'), act('Hit the thingamajig to save it'), check('Verify "1 item" is visible')];
    const r = await run(steps, { model });
    expect(r.verdict).toBe('passed');
    expect(r.steps[3]).toMatchObject({ action: 'click', locator: "getByRole('button', { name: 'Add' })" });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('Hit the thingamajig to save it');
    expect(asked[0]).toContain('button "Add"');
  });

  it('stops a cancelled run', async () => {
    const ac = new AbortController();
    const r = await run([act('Sign in'), act('Wait 5 seconds'), act('Go to /todos')], {
      signal: ac.signal,
      onProgress: (s) => s.index === 1 && s.status === 'running' && ac.abort(),
    });
    expect(r.failure?.kind).toBe('cancelled');
    expect(r.failedStepIndex).toBe(1);
    expect(r.steps[2]!.status).toBe('skipped');
  });
});

describe('replay, auto-heal and export', () => {
  const plan = [
    act('Sign in'), act('Go to /todos'), act('Type "milk" into the "New item" field'), act('Click "Add"'),
    check('Verify "milk" is visible'), check('Verify the list has 1 item'), act('Go to /settings'), check('Verify "Email notifications" is checked'),
  ];

  it('heals a renamed test id on replay, records old → new, and keeps real assertion failures failed', async () => {
    await reset();
    const first = await run(plan);
    expect(first.verdict).toBe('passed');
    expect(first.steps[3]!.locator).toBe("getByTestId('add-button')");

    const renamed = await startWebApp({ renameTestIds: { 'add-button': 'add-item-button' } });
    try {
      const healed = await run([], { script: first.script, baseUrl: renamed.url, heal: true });
      expect(healed.verdict).toBe('passed');
      expect(healed.steps[3]!.healed).toEqual({ from: "getByTestId('add-button')", to: "getByTestId('add-item-button')" });
      expect(healed.heals).toEqual([{ index: 3, from: "getByTestId('add-button')", to: "getByTestId('add-item-button')" }]);
      expect(JSON.stringify(healed.script.steps[3]!.action)).toContain('add-item-button');

      await reset(renamed.url);
      const strict = await run([], { script: first.script, baseUrl: renamed.url, heal: false });
      expect(strict.failure?.kind).toBe('locator-not-found');
      expect(strict.failure?.message).toContain("saved locator getByTestId('add-button') matches nothing (auto-heal is off)");

      // The checkbox is there but unchecked now: the assertion fails even with heal on.
      await reset(renamed.url);
      await fetch(`${renamed.url}/login`, { method: 'POST' });
      const healedScript = healed.script;
      const form = new URLSearchParams({ username: 'demo', password: 'demo-pass' });
      const login = await fetch(`${renamed.url}/login`, { method: 'POST', body: form, redirect: 'manual' });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      await fetch(`${renamed.url}/settings`, { method: 'POST', body: new URLSearchParams({ language: 'en' }), headers: { cookie } });
      const real = await run([], { script: healedScript, baseUrl: renamed.url, heal: true });
      expect(real.verdict).toBe('failed');
      expect(real.failure?.kind).toBe('assertion');
      expect(real.failedStepIndex).toBe(7);
      expect(real.heals).toEqual([]);
    } finally {
      await renamed.close();
    }
  });

  it('replays the saved script the same way each time (the flaky-report primitive)', async () => {
    await reset();
    const first = await run(plan);
    const verdicts: string[] = [];
    for (let i = 0; i < 3; i++) {
      await reset();
      const r = await run([], { script: first.script, heal: false });
      verdicts.push(r.verdict);
      expect(r.steps.every((s) => !s.healed)).toBe(true);
    }
    expect(verdicts).toEqual(['passed', 'passed', 'passed']);
  });

  it('waits for the page\'s own requests before acting: a slow back end loses no typed item, in a run, its replay or the exported script', async () => {
    // The todo form empties its field when the POST of the last item comes back: an item typed
    // before that answer and sent after it is lost (the pause makes that order certain).
    const slow = await startWebApp({ apiDelayMs: 400 });
    try {
      const plan = [
        act('Sign in'), act('Go to /todos'),
        act('Type "milk" into the "New item" field'), act('Click "Add"'),
        act('Type "eggs" into the "New item" field'), act('Wait 1 second'), act('Press Enter'),
        act('Type "jam" into the "New item" field'), act('Click "Add"'),
        check('Verify the list has 3 items'), check('Assert the page shows "3 items"'),
      ];
      const first = await run(plan, { baseUrl: slow.url });
      expect(first.failure?.message).toBeUndefined();
      expect(first.verdict).toBe('passed');
      await reset(slow.url);
      const again = await run([], { baseUrl: slow.url, script: first.script });
      expect(again.verdict).toBe('passed');
      await reset(slow.url);
      Object.assign(process.env, { BASE_URL: slow.url, SVC_TEST_USERNAME: DEMO_USER.username, SVC_TEST_PASSWORD: DEMO_USER.password });
      await runExported(exportPlaywright(first.script, 'Slow back end').code);
    } finally {
      await slow.close();
    }
  });

  it('exports the resolved script as a Playwright test that runs green', async () => {
    await reset();
    const first = await run(TODO_PLAN);
    expect(first.verdict).toBe('passed');
    const exported = exportPlaywright(first.script, 'Todos, profile and settings');
    expect(exported).toMatchObject({ language: 'typescript', framework: 'playwright' });
    await reset();
    Object.assign(process.env, { BASE_URL: app.url, SVC_TEST_USERNAME: DEMO_USER.username, SVC_TEST_PASSWORD: DEMO_USER.password });
    await runExported(exported.code);
  });
});

describe('pages as people describe them', () => {
  const LIBRARY_PLAN: PlanStep[] = [
    act('Go to /library/book/emma'),
    act('Open the Dune page'),
    check('The details show Author "Frank Herbert" and Pages "412"'),
    check('Pages is 412'),
    act('Go to /library'),
    check('The Shelves section lists exactly three books, Dune first and then Emma'),
    check('Under Borrowed there is one book, Beloved'),
    act('Pick "Export" from the Actions menu'),
    check('A message says "Export ready"'),
    act('Click "Rename shelf", change the name to Classics and confirm'),
    check('The Classics section lists Dune, Emma and Ulysses'),
    act('Click Help'),
    check('The URL ends in /library/help'),
  ];

  it('opens a page by its name through the site search, reads sections, rows, menus and dialogs, and replays the same way', async () => {
    await reset();
    const first = await run(LIBRARY_PLAN);
    expect(first.steps.filter((s) => s.status !== 'passed').map((s) => `${s.index + 1}: ${s.error}`)).toEqual([]);
    expect(first.verdict).toBe('passed');
    // The search is recorded as where it led: the replay goes there directly.
    expect(JSON.stringify(first.script)).toContain('/library/book/dune');
    await reset();
    const again = await run(LIBRARY_PLAN, { script: first.script });
    expect(again.verdict).toBe('passed');
  });

  // An admin tool's pages: a sign-in form that also asks for a system and a database, tables read by
  // row and column, a table's data opened by its "select" link, and a Delete the browser confirms.
  const ADMIN_PLAN: PlanStep[] = [
    act('Go to /admin'),
    act('Log in with the test account (system SQLite 3, database shop.db)'),
    check('The page heading reads "Database: shop.db"'),
    check('The Rows column says 3 for items and 2 for people'),
    act('Open the data of the items table'),
    check('The Lamp row shows a price of 24.5'),
    check('Pen is the first row and Lamp the last one'),
    act('Click the edit link at the start of the Cup row'),
    check('The edit form shows Cup as the name and 4 as the price'),
    act('Change the price to 5 and click Save'),
    check('Cup costs 5'),
    act('Open the Pen row for editing, press Delete and confirm the "Are you sure?" question'),
    check('The table lists 2 items including Cup'),
  ];

  it('signs in with a system and a database beside the account, reads table cells, and answers the browser\'s own confirmation', async () => {
    await reset();
    const first = await run(ADMIN_PLAN);
    expect(first.steps.filter((s) => s.status !== 'passed').map((s) => `${s.index + 1}: ${s.error}`)).toEqual([]);
    // The choice and the database typed are part of the sign-in the script replays.
    expect(JSON.stringify(first.script)).toContain('SQLite 3');
    await reset();
    const again = await run(ADMIN_PLAN, { script: first.script });
    expect(again.verdict).toBe('passed');
  });

  it('blames the app when a cell holds another value than the step says', async () => {
    await reset();
    const r = await run([act('Go to /admin'), act('Sign in as the test account on SQLite 3 with the database shop.db'), check('The Rows column says 5 for items')]);
    expect(r.verdict).toBe('failed');
    expect(r.failure?.kind).toBe('assertion');
    expect(r.steps[2]!.status).toBe('failed');
    // A row the page does not show at all is the app's failure too, not a target described badly.
    await reset();
    const gone = await run([act('Go to /admin'), act('Sign in as the test account on SQLite 3 with the database shop.db'), check('The orders row is shown')]);
    expect(gone.failure?.kind).toBe('assertion');
    expect(gone.steps[2]!.status).toBe('failed');
  });

  // An issue tracker: a gear at the bottom of the side bar known only by its tooltip, a submenu that
  // opens on hover, suggestions over the list, "Label: value" facts, a toggle whose looks and tooltip
  // say it is on (a hidden shortcut list names it too), and a comment sent with its form's button.
  const TRACKER_PLAN: PlanStep[] = [
    act('Go to /tracker'),
    act('Open the settings (the gear icon at the bottom of the sidebar)'),
    act('In the menu that opens go to "Sort by" and choose Title'),
    check('Crash on save is at the top and Slow search at the bottom'),
    act('Open the same menu again'),
    act('In the menu go to "Sort by" and choose Number'),
    check('Login fails is the first row'),
    act('Type slow into the search box'),
    check('One suggestion drops down: Slow search'),
    act('Change the search text to zzz'),
    check('The drop-down says "No results found" and offers no issue'),
    act('Open the issue "Login fails"'),
    check('Status: New, Priority: High'),
    check('The Assignee is Alice Martin and the issue shows the priority High'),
    act('Watch the issue'),
    check('The watch button looks pressed and its tooltip says stop watching this issue'),
    act('Post the comment "Seen on Firefox too"'),
    check('The comments list Seen on Firefox'),
  ];

  it('reads a tracker as people describe it: a menu opened again, suggestions, label and value, tooltips, a comment sent', async () => {
    await reset();
    const first = await run(TRACKER_PLAN);
    expect(first.steps.filter((s) => s.status !== 'passed').map((s) => `${s.index + 1}: ${s.error}`)).toEqual([]);
    await reset();
    const again = await run(TRACKER_PLAN, { script: first.script });
    expect(again.verdict).toBe('passed');
    // A fact the page contradicts fails on the app, in the label's row.
    await reset();
    const wrong = await run([act('Go to /tracker'), act('Open the issue "Login fails"'), check('Status: Closed')]);
    expect(wrong.failure?.kind).toBe('assertion');
    expect(wrong.failure?.message).toMatch(/Status: New/);
    // Suggestions that are there are not "no issue".
    await reset();
    const offered = await run([act('Go to /tracker'), act('Type s into the search box'), check('The drop-down offers no issue')]);
    expect(offered.failure?.kind).toBe('assertion');
  });

  const LOOKS_PLAN: PlanStep[] = [
    act('Go to /tracker/help'),
    act('Open the issue "Slow search" from the All Issues report'),
    check('The issue shows Status New and Priority Low, and its Resolution is empty'),
    act('Go to /tracker'),
    check('The list reports 3 issues'),
    act('Look at "Login fails" in the list'),
    check('It is marked with a red flag'),
    check('"Crash on save" has a paper clip'),
    check('"Crash on save" has no flag'),
    check('"Slow search" is shown in bold'),
    act('Click the number in the # column of the row "Crash on save"'),
    check('The issue shows Status Closed and Resolution Fixed'),
    act('Go to /tracker/all'),
    act('In the "All statuses" drop-down above the list choose Closed and click Filter'),
    check('"Crash on save" is shown and "Login fails" is not'),
    act('Click the title "Crash on save"'),
    check('The issue shows Assignee Bruno Keller'),
  ];

  it('reads what a page shows by its looks, the counts it states, pages one link away and controls told by what they show', async () => {
    await reset();
    const first = await run(LOOKS_PLAN);
    expect(first.steps.filter((s) => s.status !== 'passed').map((s) => `${s.index + 1}: ${s.error}`)).toEqual([]);
    await reset();
    const again = await run(LOOKS_PLAN, { script: first.script });
    expect(again.verdict).toBe('passed');
    // Looks and stated counts the page contradicts fail on the app.
    await reset();
    const plain = await run([act('Go to /tracker'), check('"Login fails" is shown in bold')]);
    expect(plain.failure?.kind).toBe('assertion');
    expect(plain.failure?.message).toMatch(/to look bold, but it is not bold/);
    await reset();
    const unflagged = await run([act('Go to /tracker'), check('"Slow search" is marked with a flag')]);
    expect(unflagged.failure?.kind).toBe('assertion');
    await reset();
    const miscounted = await run([act('Go to /tracker'), check('The list reports 4 issues')]);
    expect(miscounted.failure?.kind).toBe('assertion');
    expect(miscounted.failure?.message).toMatch(/4 issues/);
  });

  it("reads a check in the step's own words as a person does, says so, and still blames the app when the words are not shown", async () => {
    const plan: PlanStep[] = [
      act('Go to /tracker'),
      check('The table lists the issue Login fails'),
      act('Go to /tracker/all'),
      act('In the "All statuses" drop-down above the list choose New and click Filter'),
      check('The report holds 3 issues'),
      check('The Filter button is active'),
    ];
    await reset();
    const first = await run(plan);
    expect(first.steps.filter((s) => s.status !== 'passed').map((s) => `${s.index + 1}: ${s.error}`)).toEqual([]);
    // Each check that held only as read loosely says what it found.
    expect(first.steps[1]!.notes).toEqual([expect.stringMatching(/^read loosely: "issue Login fails" as "Login" \+ "fails", shown in "Login fails"/)]);
    expect(first.steps[4]!.notes).toEqual([expect.stringMatching(/^counted as the page states it: "2 of 3 issues" for 3 issues/)]);
    expect(first.steps[5]!.notes).toBeUndefined();
    await reset();
    expect((await run(plan, { script: first.script })).verdict).toBe('passed');
    // The exported script reads them the same way.
    await reset();
    Object.assign(process.env, { BASE_URL: app.url, SVC_TEST_USERNAME: DEMO_USER.username, SVC_TEST_PASSWORD: DEMO_USER.password });
    await runExported(exportPlaywright(first.script, 'Loose checks').code);
    // Words the page does not show fail on the app; words that only describe fail on the step.
    await reset();
    const absent = await run([act('Go to /tracker'), check('The table lists the issue Broken export')]);
    expect(absent.failure?.kind).toBe('assertion');
    expect(absent.failure?.message).toMatch(/expected the page to show "issue Broken export"/);
    await reset();
    const described = await run([act('Go to /tracker'), check('The list shows nothing else')]);
    expect(described.failure?.kind).toBe('step-not-understood');
    expect(described.failure?.message).toMatch(/names nothing the page could show/);
    await reset();
    const miscounted = await run([act('Go to /tracker/all'), check('The report holds 4 issues')]);
    expect(miscounted.failure?.kind).toBe('assertion');
  });

  it('fails a count that holds only for the whole page, in the section the step names', async () => {
    await reset();
    const r = await run([act('Go to /library'), check('The Borrowed section lists exactly 4 books')]);
    expect(r.verdict).toBe('failed');
    expect(r.failure?.kind).toBe('assertion');
    expect(r.failure?.message).toMatch(/expected 4 visible matches/);
  });
});
