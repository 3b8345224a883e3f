import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AskAnswer } from '../../src/contract/chat.js';
import { svc } from '../helpers/cli.js';
import { backendWorld, type BackendWorld } from '../helpers/backend-project.js';
import { ROOT, tempDir } from '../helpers/paths.js';
import { launchChromium, signedInPage, views } from '../helpers/portal-browser.js';
import { fails, json } from '../helpers/user.js';

/**
 * The report chat (SPEC.md 1.1 step 8, 1.2 step 9) end to end: a backend test that passed, then
 * failed against the sample target API; the three kinds of question asked through the built CLI
 * and answered from the run's evidence; a change request that adds a check to the test, which the
 * next run executes; then the same through the portal in real Chromium, with axe-core at 1280 and
 * 390 px, with and without scripts.
 */
let w: BackendWorld;
let testId: string;
let passedRun: string;
let failedRun: string;
const shots = tempDir('svc-test-ask-shots-');
// Run 1 reads user 1 and /flaky (200); run 2 gets the 500 /flaky gives every other call.
const CODE = "u = api.get('/users/1')\nassert u.status == 200, u.text\nr = api.get('/flaky')\nassert r.status == 200, r.text\n";

const ask = async (question: string, extra: string[] = []) => AskAnswer.parse(await json(w.ctx, ['test', 'ask', testId, question, ...extra]));

beforeAll(async () => {
  w = await backendWorld();
  await json(w.ctx, ['project', 'docs', 'put', w.projectId, '--file', join(ROOT, 'fixtures/target-api/openapi.yaml')]);
  await json(w.ctx, ['project', 'discover', w.projectId]);
  testId = await w.addTest('user and flaky endpoint', CODE);
  w.api.reset();
  passedRun = (await w.run(testId)).runId;
  failedRun = (await w.run(testId)).runId;
}, 240_000);
afterAll(async () => {
  await w?.stop();
});

describe('svc test ask (CLI, --output json)', () => {
  it('why did it fail: the cause and fix from the analysis, citing the failing assertion and call', async () => {
    const a = await ask('why did it fail?');
    expect(a).toMatchObject({ testId, runId: failedRun, intent: 'why-failed', change: null, provider: 'builtin', source: 'cli' });
    expect(a.answer).toContain(`Run ${failedRun} failed`);
    expect(a.answer).toMatch(/Cause: .*GET \/flaky/);
    expect(a.answer).toMatch(/Suggested fix \(app\)/);
    expect(a.answer).toContain('line 4: assert r.status == 200, r.text');
    expect(a.answer).toMatch(/The failing call, #\d+: GET \/flaky → 500 Internal Server Error; the response body: .*transient failure/);
    expect(a.citations).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'assertion', ref: 'line 4' }), expect.objectContaining({ kind: 'call', text: 'GET /flaky → 500 Internal Server Error' })]));
  });

  it('what was sent and what came back: the failing call, credentials masked', async () => {
    const a = await ask('what was sent and what came back?');
    expect(a.intent).toBe('what-sent');
    expect(a.answer).toMatch(/GET \/users\/1 → 200 OK; #\d+ GET \/flaky → 500 Internal Server Error/);
    expect(a.answer).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/flaky\n/);
    expect(a.answer).toMatch(/^ {2}Authorization: \*+/m);
    expect(a.answer).toContain('← 500 Internal Server Error');
    expect(a.answer).toContain('"error":"transient failure"');
    expect(a.answer).not.toContain('demo-token');
  });

  it('what changed since it last passed: against the passing run, field by field', async () => {
    const a = await ask('what changed since it last passed?');
    expect(a.intent).toBe('what-changed');
    expect(a.answer).toContain(`Compared with run ${passedRun}, the last run that passed`);
    expect(a.answer).toContain('- verdict: passed → failed');
    expect(a.answer).toContain('- code: unchanged (version 1)');
    expect(a.answer).toMatch(/call #\d+ GET \/flaky: 200 OK → 500 Internal Server Error; fields removed: status; fields added: error="transient failure"; fields changed: call 1 → 2/);
    expect(a.citations.map((c) => c.ref)).toContain(passedRun);
    // Asked about the passing run itself: no earlier passing run to compare with.
    const first = await ask('what changed since it last passed?', ['--run-id', passedRun]);
    expect(first.runId).toBe(passedRun);
    expect(first.answer).toContain('no earlier run of this test passed');
  });

  it('lists what it can answer when it does not understand; text mode prints the answer and its evidence', async () => {
    const a = await ask('hello?');
    expect(a.intent).toBe('help');
    expect(a.answer).toContain('why did it fail?');
    expect(a.suggestions).toEqual(expect.arrayContaining(['what changed since it last passed?', 'also test GET /users/{id} with an unknown id and expect 404']));
    const text = await svc(['test', 'ask', testId, 'why', 'did', 'it', 'fail?'], { ctx: w.ctx });
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Run run_\S+ failed/);
    expect(text.stdout).toMatch(/^evidence:\n {2}\[run run_/m);
    expect(text.stdout).toMatch(/^answered by builtin from run run_/m);
  });

  it('questions change nothing; bad input gets the documented exit codes', async () => {
    expect(await json(w.ctx, ['test', 'get', testId])).toMatchObject({ codeVersion: 1 });
    const empty = await fails(w.ctx, ['test', 'ask', testId, '  '], 5);
    expect(empty.stderr).toContain('ask a question or request a change');
    await fails(w.ctx, ['test', 'ask', 'tst_missing', 'why did it fail?'], 4);
    await fails(w.ctx, ['test', 'ask', testId, 'why?', '--run-id', 'run_missing'], 4);
    const odd = await fails(w.ctx, ['test', 'ask', testId, 'test GET /users/{id} with a purple elephant and expect 404'], 5);
    expect(odd.stderr).toContain('Supported forms');
  });

  it('a change request adds the check to the test, shows the diff, and the next run runs it', async () => {
    const a = await ask('Please also test GET /users/{id} with an unknown id and expect 404');
    expect(a.intent).toBe('change');
    expect(a.change).toMatchObject({ testId, kind: 'code', codeVersion: 2 });
    expect(a.change!.diff).toContain('+def test_get_users_id_unknown_id():');
    expect(a.answer).toContain('went from version 1 to 2');
    expect(a.answer).toContain(`svc test get ${testId}`);
    expect(await json(w.ctx, ['test', 'get', testId])).toMatchObject({ codeVersion: 2 });
    const code = await json(w.ctx, ['test', 'code', 'get', testId]);
    expect(code.code.startsWith(CODE)).toBe(true);
    expect(code.code).toContain('def test_get_users_id_unknown_id():');
    // Run 3: /flaky answers 200 again, and the added check reads an unknown user: 404.
    const { runId } = await w.run(testId);
    const result = await json(w.ctx, ['test', 'result', '--run-id', runId]);
    expect(result.status).toBe('passed');
    expect(result.codeVersion).toBe(2);
    expect(result.assertions.length).toBeGreaterThan(2);
    const calls = (await json(w.ctx, ['test', 'steps', testId, '--run-id', runId])).items.filter((s: { kind: string }) => s.kind === 'http');
    expect(calls.map((s: { description: string }) => s.description)).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/users\/\S+ -> 404$/)]));
  });
});

describe('svc test ask on a frontend test', () => {
  it('edits its plan steps with the version guard; a question before any run says so', async () => {
    const pid = (await json(w.ctx, ['project', 'create', '--type', 'frontend', '--name', 'site', '--url', 'http://127.0.0.1:9/'])).id as string;
    writeFileSync(join(w.ctx.cwd, 'home.json'), JSON.stringify({ projectId: pid, type: 'frontend', name: 'Home page', planSteps: [{ type: 'action', description: 'Open the home page' }, { type: 'assertion', description: 'The heading reads "Welcome"' }] }));
    const fe = (await json(w.ctx, ['test', 'create', '--plan-from', 'home.json'])).testId as string;
    const q = AskAnswer.parse(await json(w.ctx, ['test', 'ask', fe, 'why did it fail?']));
    expect(q).toMatchObject({ runId: null, change: null });
    expect(q.answer).toContain('has not run yet');
    const a = AskAnswer.parse(await json(w.ctx, ['test', 'ask', fe, 'also check that the footer reads "© 2025"']));
    expect(a.change).toMatchObject({ testId: fe, kind: 'plan', codeVersion: 2 });
    expect(a.change!.planSteps!.at(-1)).toEqual({ type: 'assertion', description: 'Verify the footer reads "© 2025"' });
    expect(a.change!.diff).toContain('+3. [assertion] Verify the footer reads "© 2025"');
    const t = await json(w.ctx, ['test', 'get', fe]);
    expect(t).toMatchObject({ codeVersion: 2, planStepCount: 3 });
    expect(t.details.planSteps.at(-1).description).toBe('Verify the footer reads "© 2025"');
    const removed = AskAnswer.parse(await json(w.ctx, ['test', 'ask', fe, 'remove step 2']));
    expect(removed.change!.planSteps).toHaveLength(2);
    await fails(w.ctx, ['test', 'ask', fe, 'remove step 9'], 5);
  });
});

describe('the chat panel of the portal', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await signedInPage(browser, w.server.url, w.key);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the conversation so far on the report and answers from the page, through the same op', async () => {
    await page.goto(`/portal/runs/${failedRun}`);
    const panel = page.getByRole('region', { name: 'Ask about this report' });
    // What was asked from the CLI is in the test's conversation.
    await expect.poll(() => panel.locator('.chat-log li.q').count()).toBeGreaterThan(3);
    await panel.getByLabel('Your question or change request').fill('why did it fail?');
    await panel.getByRole('button', { name: 'Ask' }).click();
    await expect.poll(() => panel.locator('.chat-log li.a').last().textContent()).toContain('GET /flaky');
    const last = panel.locator('.chat-log li.a').last();
    expect(await last.textContent()).toContain('Suggested fix (app)');
    expect(await panel.getByLabel('Your question or change request').inputValue()).toBe('');
    const convo = await json(w.ctx, ['test', 'ask', testId, 'how did the last runs go?']);
    expect(convo.intent).toBe('summary');
    await views(page, shots, 'chat-answer');
  });

  it('works without scripts: a plain form post, then the report again with the answer, kept across reloads', async () => {
    const ctx = await browser.newContext({ baseURL: w.server.url, javaScriptEnabled: false });
    const plain = await ctx.newPage();
    await plain.goto('/portal');
    await plain.getByLabel('API key').fill(w.key);
    await plain.getByRole('button', { name: 'Sign in' }).click();
    await plain.waitForURL(/\/portal\/projects$/);
    await plain.goto(`/portal/runs/${failedRun}`);
    await plain.getByLabel('Your question or change request').fill('what changed since it last passed?');
    await plain.getByRole('button', { name: 'Ask' }).click();
    await plain.waitForURL(new RegExp(`/portal/runs/${failedRun}.*#chat`));
    expect(await plain.locator('.chat-log li.a').last().textContent()).toContain(`Compared with run ${passedRun}`);
    await plain.reload();
    expect(await plain.locator('.chat-log li.q').last().textContent()).toContain('what changed since it last passed?');
    await ctx.close();
  });

  it('a change request from the portal updates the test (createdFrom portal in the conversation), a refusal keeps the text', async () => {
    await page.goto(`/portal/tests/${testId}`);
    const panel = page.getByRole('region', { name: 'Ask about this report' });
    await panel.getByLabel('Your question or change request').fill('test GET /users/{id} with a purple elephant');
    await panel.getByRole('button', { name: 'Ask' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('not understood');
    expect(await panel.getByLabel('Your question or change request').inputValue()).toBe('test GET /users/{id} with a purple elephant');
    const before = (await json(w.ctx, ['test', 'get', testId])).codeVersion;
    await panel.getByLabel('Your question or change request').fill('also test GET /posts/{id} with an unknown id and expect 404');
    await panel.getByRole('button', { name: 'Ask' }).click();
    await expect.poll(() => panel.locator('.chat-log li.a').last().textContent()).toContain('def test_get_posts_id_unknown_id');
    expect(await json(w.ctx, ['test', 'get', testId])).toMatchObject({ codeVersion: before + 1 });
    expect(await panel.locator('.chat-log li.q').last().locator('.src').textContent()).toContain('portal');
    // The page's own code view shows the new version after a reload.
    await page.reload();
    expect(await page.locator('pre.code').textContent()).toContain('def test_get_posts_id_unknown_id():');
    await views(page, shots, 'chat-change');
  });
});
