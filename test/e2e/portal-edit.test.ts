import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, svc, type CliEnv } from '../helpers/cli.js';
import { ROOT, tempDir } from '../helpers/paths.js';
import { launchChromium, signedInPage, signIn, views } from '../helpers/portal-browser.js';
import { startServer, type TestServer } from '../helpers/server.js';

/**
 * Lifecycle actions of SPEC.md 1.1 and 2.2 in the portal, in real Chromium, each through the op the
 * CLI and MCP server run: upload a PRD and see its feature map; create a frontend test and edit its
 * plan steps (add, edit, reorder, delete); create a backend test and edit its code with the
 * ETag guard (a concurrent edit is refused, the user's text stays in the form, then saved over on
 * request). Every view is checked by axe-core at 1280 and 390 px.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let key: string;
let ctx: CliEnv;
const shots = tempDir('svc-portal-edit-shots-');
const work = tempDir('svc-portal-edit-');

const apiGet = async (path: string) => (await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${key}` } })).json() as Promise<any>;
const stepTexts = () => page.locator('textarea[name="stepText"]');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  key = await server.mintKey({ name: 'Robin', email: 'robin@example.com' });
  ctx = cliEnv({ SVC_API_KEY: key, SVC_API_URL: server.apiUrl });
  page = await signedInPage(browser, server.url, key);
}, 120_000);
afterAll(async () => {
  await Promise.all([browser?.close(), server?.stop()]);
});

describe('a frontend project: PRD and plan steps', () => {
  let pid: string;
  let testId: string;

  beforeAll(async () => {
    const created = await svc(['--output', 'json', 'project', 'create', '--type', 'frontend', '--name', 'Tasks', '--url', 'http://127.0.0.1:9/'], { ctx });
    expect(created.exitCode, created.stderr).toBe(0);
    pid = created.json().id;
  }, 60_000);

  it('refuses an empty PRD upload with the reason, then uploads a PRD and shows its feature map', async () => {
    await page.goto(`/portal/projects/${pid}`);
    const section = page.locator('#features');
    expect(await section.textContent()).toContain('No PRD uploaded');
    await views(page, shots, 'prd-none');
    await page.getByRole('button', { name: 'Upload the PRD' }).click();
    await expect.poll(() => page.locator('#prd-error').textContent()).toContain('choose a file or paste the PRD');
    await page.getByLabel('PRD file').setInputFiles(join(ROOT, 'fixtures/prd/web-app-prd.md'));
    await page.getByRole('button', { name: 'Upload the PRD' }).click();
    await page.waitForURL(/saved=prd/);
    expect(await page.getByRole('status').filter({ hasText: 'PRD uploaded' }).count()).toBe(1);
    const fm = await apiGet(`/projects/${pid}/features`);
    expect(fm.prd.filename).toBe('web-app-prd.md');
    expect(fm.featureMap.features.length).toBeGreaterThan(2);
    expect(await section.locator('svg rect.g-node').count()).toBe(fm.featureMap.features.length);
    expect(await section.locator('ol.feature-map > li > strong').allTextContents()).toEqual(fm.featureMap.features.map((f: { name: string }) => f.name));
    await views(page, shots, 'prd-feature-map');
  });

  it('replaces the PRD with pasted text through the same op', async () => {
    await page.getByText('Upload another PRD', { exact: true }).click();
    await page.getByLabel('…or paste it').fill('# Notes app\n\n## Features\n\n### Write a note\n\nA user writes a note and saves it.\n\n### Search notes\n\nA user searches notes by word.\n');
    await page.getByRole('button', { name: 'Replace the PRD' }).click();
    await page.waitForURL(/saved=prd/);
    const fm = await apiGet(`/projects/${pid}/features`);
    expect(fm.prd.filename).toBe('prd.md');
    expect(fm.featureMap.features.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['Write a note', 'Search notes']));
  });

  it('creates a frontend test from the portal: add, edit, reorder and delete steps', async () => {
    await page.goto(`/portal/projects/${pid}`);
    await page.getByRole('link', { name: 'New test' }).click();
    await page.waitForURL(/\/tests\/new$/);
    await page.getByLabel('Name').fill('Add a task');
    await page.getByLabel('Step 1', { exact: true }).fill('Open the task list');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByLabel('Step 2', { exact: true }).fill('The task "Buy milk" is listed');
    await page.getByLabel('Type of step 2').selectOption('assertion');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByLabel('Step 3', { exact: true }).fill('Add a task "Buy milk"');
    await views(page, shots, 'test-new');
    // What was typed survives each move (the server re-renders the form; nothing is stored yet).
    await page.getByRole('button', { name: 'Move step 3 up' }).click();
    await expect.poll(() => stepTexts().evaluateAll((xs) => xs.map((x) => (x as HTMLTextAreaElement).value))).toEqual(['Open the task list', 'Add a task "Buy milk"', 'The task "Buy milk" is listed']);
    expect(await page.getByLabel('Name').inputValue()).toBe('Add a task');
    expect(await page.getByLabel('Type of step 3').inputValue()).toBe('assertion');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByRole('button', { name: 'Create test' }).click();
    // An empty step is refused next to it, and nothing typed is lost.
    await expect.poll(() => page.locator('#step-4-err').textContent()).toContain('step description must not be empty');
    expect(await stepTexts().count()).toBe(4);
    await views(page, shots, 'test-new-refused');
    await page.getByRole('button', { name: 'Delete step 4' }).click();
    await expect.poll(() => stepTexts().count()).toBe(3);
    await page.getByRole('button', { name: 'Create test' }).click();
    await page.waitForURL(/\/portal\/tests\/[^/]+\?saved=created$/);
    testId = new URL(page.url()).pathname.split('/').pop()!;
    const t = await apiGet(`/tests/${testId}`);
    expect(t).toMatchObject({ name: 'Add a task', type: 'frontend', createdFrom: 'portal', planStepCount: 3 });
    expect(t.details.planSteps).toEqual([
      { type: 'action', description: 'Open the task list' },
      { type: 'action', description: 'Add a task "Buy milk"' },
      { type: 'assertion', description: 'The task "Buy milk" is listed' },
    ]);
    await views(page, shots, 'test-created');
  });

  it('edits the steps of that test through the op of svc test plan put', async () => {
    const before = await apiGet(`/tests/${testId}`);
    await page.getByRole('link', { name: 'Edit steps' }).click();
    await page.waitForURL(/\/edit$/);
    await page.getByLabel('Step 2', { exact: true }).fill('Add a task "Buy bread"');
    await page.getByLabel('Step 3', { exact: true }).fill('The task "Buy bread" is listed');
    await page.getByRole('button', { name: 'Move step 1 down' }).click();
    await page.getByRole('button', { name: 'Move step 2 up' }).click();
    await page.getByRole('button', { name: 'Delete step 1' }).click();
    await views(page, shots, 'test-edit-steps');
    await page.getByRole('button', { name: 'Save steps' }).click();
    await page.waitForURL(/saved=steps/);
    const t = await apiGet(`/tests/${testId}`);
    expect(t.details.planSteps).toEqual([
      { type: 'action', description: 'Add a task "Buy bread"' },
      { type: 'assertion', description: 'The task "Buy bread" is listed' },
    ]);
    expect(t.codeVersion).toBe(before.codeVersion + 1);
    expect(await page.locator('ol.flow, .use-case-flow').first().textContent()).toContain('Buy bread');
  });
});

describe('a backend test: code with the ETag guard', () => {
  let pid: string;
  let testId: string;
  const CODE_A = 'import urllib.request\n\nassert 1 + 1 == 2\n';

  beforeAll(async () => {
    const created = await svc(['--output', 'json', 'project', 'create', '--type', 'backend', '--name', 'Orders API'], { ctx });
    expect(created.exitCode, created.stderr).toBe(0);
    pid = created.json().id;
  }, 60_000);

  it('creates a backend test with its Python code, refusing empty code without losing the name', async () => {
    await page.goto(`/portal/projects/${pid}/tests/new`);
    expect(await page.getByLabel('Python code').inputValue()).toContain('TARGET_URL');
    await views(page, shots, 'test-new-backend');
    await page.getByLabel('Name').fill('Orders list');
    await page.getByLabel('Python code').fill('   ');
    await page.getByRole('button', { name: 'Create test' }).click();
    await expect.poll(() => page.locator('#f-code-err').textContent()).toContain('code must not be empty');
    expect(await page.getByLabel('Name').inputValue()).toBe('Orders list');
    await page.getByLabel('Python code').fill(CODE_A);
    await page.getByRole('button', { name: 'Create test' }).click();
    await page.waitForURL(/\/portal\/tests\/[^/]+\?saved=created$/);
    testId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await apiGet(`/tests/${testId}`)).toMatchObject({ type: 'backend', createdFrom: 'portal', codeVersion: 1 });
  });

  it('refuses an edit made over a concurrent change, keeps the text, and saves over it on request', async () => {
    await page.getByRole('link', { name: 'Edit code' }).click();
    await page.waitForURL(/\/edit$/);
    // Meanwhile someone else replaces the code from the CLI (version 2).
    const theirs = join(work, 'theirs.py');
    writeFileSync(theirs, 'assert "theirs"\n');
    const put = await svc(['--output', 'json', 'test', 'code', 'put', testId, '--code-file', theirs, '--expected-version', '1'], { ctx });
    expect(put.exitCode, put.stderr).toBe(0);
    const mine = `${CODE_A}assert "mine"\n`;
    await page.getByLabel('Python code').fill(mine);
    await page.getByRole('button', { name: 'Save code' }).click();
    await expect.poll(() => page.locator('#conflict').textContent()).toContain('someone changed this test\'s code since you opened it (it is version 2 now)');
    expect(await page.getByLabel('Python code').inputValue()).toBe(mine);
    expect((await apiGet(`/tests/${testId}/code`)).code).toBe('assert "theirs"\n');
    await page.locator('#conflict summary').click();
    expect(await page.locator('#conflict pre').textContent()).toContain('+assert "mine"');
    await views(page, shots, 'test-edit-conflict');
    // Saving again without choosing to overwrite is refused again; choosing does it.
    await page.getByRole('button', { name: 'Save code' }).click();
    await expect.poll(() => page.locator('#conflict').count()).toBe(1);
    await page.getByRole('button', { name: 'Save over version 2' }).click();
    await page.waitForURL(/saved=code/);
    const code = await apiGet(`/tests/${testId}/code`);
    expect(code).toMatchObject({ code: mine, codeVersion: 3 });
    // The CLI with the stale version now gets the documented conflict (exit 6).
    const stale = await svc(['test', 'code', 'put', testId, '--code-file', theirs, '--expected-version', '2'], { ctx });
    expect(stale.exitCode).toBe(6);
  });

  it('refuses editing another user\'s test as not found', async () => {
    const other = await server.mintKey({ name: 'Eve', email: 'eve@example.com' });
    const ctx2 = await (await browser.newContext({ baseURL: server.url })).newPage();
    await signIn(ctx2, other);
    const res = await ctx2.goto(`/portal/tests/${testId}/edit`);
    expect(res?.status()).toBe(404);
    await ctx2.context().close();
  });
});

describe('plan review: a natural-language change to a backend plan', () => {
  let pid: string;

  beforeAll(async () => {
    const created = await svc(['--output', 'json', 'project', 'create', '--type', 'backend', '--name', 'Blog API'], { ctx });
    expect(created.exitCode, created.stderr).toBe(0);
    pid = created.json().id;
    const docs = await svc(['--output', 'json', 'project', 'docs', 'put', pid, '--file', join(ROOT, 'fixtures/target-api/openapi.yaml')], { ctx });
    expect(docs.exitCode, docs.stderr).toBe(0);
    const plan = await svc(['--output', 'json', 'plan', 'generate', '--project', pid, '--instructions', 'only users endpoints'], { ctx });
    expect(plan.exitCode, plan.stderr).toBe(0);
  }, 60_000);

  it('refuses wording it cannot apply with the supported forms, keeping the text, then adds a case', async () => {
    const before = await apiGet(`/projects/${pid}/plan`);
    await page.goto(`/portal/projects/${pid}#plan`);
    const box = page.getByLabel('Change the plan in your words');
    await box.fill('make it better');
    await page.getByRole('button', { name: 'Apply change' }).click();
    await expect.poll(() => page.locator('#plan-error').textContent()).toContain('Supported forms');
    expect(await page.getByLabel('Change the plan in your words').inputValue()).toBe('make it better');
    await views(page, shots, 'plan-edit-refused');
    await page.getByLabel('Change the plan in your words').fill('test GET /posts/{id} with an unknown id and expect 404');
    await page.getByRole('button', { name: 'Apply change' }).click();
    await page.waitForURL(/saved=edited/);
    const after = await apiGet(`/projects/${pid}/plan`);
    expect(after.counts.total).toBe(before.counts.total + 1);
    const added = after.cases.find((c: any) => c.backend?.endpointId === 'GET /posts/{id}' && c.backend.kind === 'unknown-id');
    expect(added.backend).toMatchObject({ expect: { status: [404] }, origin: 'instruction', selected: true });
    expect(await page.getByRole('status').filter({ hasText: `Plan changed: added ${added.id}` }).count()).toBe(1);
    expect(await page.locator('#plan').getByText(added.title, { exact: true }).count()).toBe(1);
    await views(page, shots, 'plan-edited');
  });
});
