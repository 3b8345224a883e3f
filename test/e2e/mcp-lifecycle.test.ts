import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv } from '../helpers/cli.js';
import { BIN } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';
import { startWebApp, DEMO_USER, type WebApp } from '../../fixtures/web-app/server.mjs';
import { ROOT } from '../helpers/paths.js';

let server: TestServer;
let target: Awaited<ReturnType<typeof startTargetApi>>;
let web: WebApp;
let client: Client;
let key: string;
let httpProc: ChildProcess | undefined;

type ToolResult = { isError?: boolean; structuredContent?: Record<string, any>; content?: unknown };
const errorOf = (r: ToolResult) => JSON.parse((r.content as { text: string }[])[0]!.text).error as { code: string; message: string; nextAction: string };

async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 })) as ToolResult;
}

beforeAll(async () => {
  server = await startServer();
  target = await startTargetApi({ port: 0 });
  web = await startWebApp();
  key = await server.mintKey({ name: 'agent' });
});
afterAll(async () => {
  await client?.close();
  if (httpProc?.exitCode === null) httpProc.kill('SIGTERM');
  await target?.close();
  await web?.close();
  await server?.stop();
});

/**
 * The same tools over both transports: stdio, and streamable HTTP from `svc-mcp --http 0`. The SDK
 * client validates structured content against each tool's output schema once it has listed the
 * tools, as strict clients do, so every call below is checked against its declared schema.
 */
async function connect(transport: 'stdio' | 'http'): Promise<Client> {
  const c = await open(transport);
  await c.listTools();
  return c;
}

async function open(transport: 'stdio' | 'http'): Promise<Client> {
  const ctx = cliEnv();
  const env = { PATH: process.env.PATH ?? '', HOME: ctx.home, SVC_API_KEY: key, SVC_ALLOW_PRIVATE_TARGETS: '1' };
  const c = new Client({ name: 'lifecycle', version: '1.0.0' });
  if (transport === 'stdio') {
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.mcp, '--endpoint-url', server.apiUrl, '--toolsets', 'all'], env, cwd: ctx.cwd, stderr: 'pipe' }));
    return c;
  }
  httpProc = spawn(process.execPath, [BIN.mcp, '--http', '0', '--endpoint-url', server.apiUrl, '--toolsets', 'all'], { env, cwd: ctx.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc-mcp --http did not start:\n${err}`)), 15_000);
    httpProc!.stderr!.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
  });
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}

describe.each(['stdio', 'http'] as const)('an agent drives the whole loop over MCP (%s)', (transport) => {
  beforeAll(async () => {
    await client?.close();
    client = await connect(transport);
  });

  it('creates a project and a backend test, runs it against the target, reads the result and the failure summary', async () => {
    const project = await call('svc_project_create', { type: 'backend', name: 'agent api', url: target.url });
    expect(project.isError).toBeFalsy();
    const projectId = project.structuredContent!.id as string;
    expect(project.structuredContent).toMatchObject({ createdFrom: 'mcp', type: 'backend' });
    expect((await call('svc_project_credential', { projectId, type: 'Bearer token', credential: 'demo-token' })).isError).toBeFalsy();

    const ok = await call('svc_test_create', { projectId, type: 'backend', name: 'list users', code: "r = api.get('/users')\nassert r.status == 200\n" });
    const run = await call('svc_test_run', { testId: ok.structuredContent!.testId, wait: true, timeout: 120 });
    expect(run.isError).toBeFalsy();
    expect(run.structuredContent).toMatchObject({ status: 'passed', run: { status: 'passed', source: 'mcp' } });
    // After the wait the trigger's run list carries final statuses, not the `queued` it was sent with.
    expect(run.structuredContent!.runs.map((r: { status: string }) => r.status)).toEqual(['passed']);
    const text = (run.content as { text: string }[])[0]!.text;
    expect(text).toMatch(/^Run tests?\.\n.*status: passed/);
    expect(text.length).toBeLessThan(600);
    const passed = await call('svc_test_result', { testId: ok.structuredContent!.testId, includeAnalysis: true });
    expect(passed.isError).toBeFalsy();
    expect(passed.structuredContent!.assertions).toEqual([expect.objectContaining({ ok: true, source: 'assert r.status == 200', line: 2, at: expect.any(String) })]);

    const bad = await call('svc_test_create', { projectId, type: 'backend', name: 'broken endpoint', code: "r = api.get('/broken')\nassert r.status == 200, f'GET /broken answered {r.status}'\n" });
    const badId = bad.structuredContent!.testId as string;
    const failed = await call('svc_test_run', { testId: badId, wait: true, timeout: 120 });
    expect(failed.structuredContent).toMatchObject({ status: 'failed' });

    const result = await call('svc_test_result', { testId: badId, includeAnalysis: true });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'failed', analysis: { failureKind: 'server_error', recommendedFixTarget: 'app' } });
    expect(result.structuredContent!.analysis.rootCauseHypothesis).toContain('/broken');

    const summary = await call('svc_test_failure_summary', { testId: badId });
    expect(summary.isError).toBeFalsy();
    expect(summary.structuredContent).toMatchObject({ testId: badId, status: 'failed', failureKind: 'server_error', recommendedFixTarget: 'app' });
    expect(summary.structuredContent!.snapshotId).toBe(failed.structuredContent!.runId);
  });

  it('answers a missing project with isError and the not-found envelope', async () => {
    const r = await call('svc_project_get', { projectId: 'prj_doesnotexist' });
    expect(r.isError).toBe(true);
    expect(errorOf(r)).toMatchObject({ code: 'NOT_FOUND', nextAction: expect.any(String) });
  });
});

/**
 * Realistic results through every toolset, over stdio: a chain with cleanup, a blocked consumer and
 * a batch triage; a frontend plan in real Chromium with its step log; the generation surface from
 * uploaded docs to accepted tests. The server checks each result against its full contract schema
 * and the SDK client against the listed one, so a drifting field fails here.
 */
describe('realistic results validate against every tool schema (stdio)', () => {
  beforeAll(async () => {
    await client?.close();
    client = await connect('stdio');
  });
  const ok = async (name: string, args: Record<string, unknown>): Promise<Record<string, any>> => {
    const r = await call(name, args);
    expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
    return r.structuredContent!;
  };

  it('a chain with cleanup, a blocked consumer, history, diff, triage', async () => {
    const projectId = (await ok('svc_project_create', { type: 'backend', name: 'chain api', url: target.url })).id;
    await ok('svc_project_credential', { projectId, type: 'Bearer token', credential: 'demo-token' });
    await ok('svc_test_create', {
      projectId, type: 'backend', name: 'create user', produces: ['user_id'],
      code: "r = http.post('/users', json={'name': 'Mcp Ada', 'email': 'mcp-ada@example.com'})\nassert r.status == 201, r.text\nproduce('user_id', r.json()['id'])\n",
    });
    const reader = (await ok('svc_test_create', { projectId, type: 'backend', name: 'read user', consumes: ['user_id'], code: "r = http.get(f\"/users/{VARS['user_id']}\")\nassert r.status == 200\n" })).testId;
    const chain = await ok('svc_test_run', { testId: reader, wait: true, timeout: 120 });
    expect(chain).toMatchObject({ status: 'passed', cleanup: { status: 'done', deleted: 1 } });
    expect(chain.runs.map((r: { status: string }) => r.status)).toEqual(['passed', 'passed']);

    await ok('svc_test_create', { projectId, type: 'backend', name: 'broken producer', produces: ['gone'], code: "r = http.get('/broken')\nassert r.status == 200, 'upstream down'\nproduce('gone', 1)\n" });
    const blockedTest = (await ok('svc_test_create', { projectId, type: 'backend', name: 'blocked consumer', consumes: ['gone'], code: "print(VARS['gone'])\n" })).testId;
    const blocked = await ok('svc_test_run', { testId: blockedTest, wait: true, timeout: 120 });
    expect(blocked).toMatchObject({ status: 'blocked', run: { reason: expect.stringContaining('Variable not found: gone') } });
    const result = await ok('svc_test_result', { testId: blockedTest, includeAnalysis: true });
    expect(result.status).toBe('blocked');
    const triage = await ok('svc_test_triage', { batchId: blocked.batchId });
    expect(JSON.stringify(triage)).toContain('/broken');

    const again = await ok('svc_test_rerun', { testIds: [reader], wait: true, timeout: 120 });
    expect(again.wait.summary).toMatchObject({ passed: 2 });
    const history = await ok('svc_test_history', { testId: reader });
    expect(history.runs.length).toBe(2);
    await ok('svc_test_diff', { runIdA: history.runs[1].runId, runIdB: history.runs[0].runId });
    const steps = await ok('svc_test_steps', { testId: reader });
    expect(steps.items.length).toBeGreaterThan(0);
    // Next steps name tools and their arguments, not CLI commands.
    const none = await call('svc_test_failure_get', { testId: reader });
    expect(none.isError).toBe(true);
    expect(errorOf(none).nextAction).toBe(`See its runs with svc_test_history {"testId":"${reader}"}.`);
    await ok('svc_test_list', { projectId, pageSize: 2 });
    await ok('svc_project_get', { projectId });
  });

  it('a frontend plan in Chromium, its step log and result', async () => {
    const projectId = (await ok('svc_project_create', { type: 'frontend', name: 'tasks app', url: web.url, username: DEMO_USER.username, password: DEMO_USER.password })).id;
    const planSteps = [
      { type: 'action', description: 'Sign in' },
      { type: 'assertion', description: 'Verify "Welcome, demo" is visible' },
      { type: 'action', description: 'Go to /todos' },
      { type: 'action', description: 'Type "milk" into the "New item" field' },
      { type: 'action', description: 'Click "Add"' },
      { type: 'assertion', description: 'Verify the list has 1 item' },
    ];
    const testId = (await ok('svc_test_create', { projectId, type: 'frontend', name: 'add an item', planSteps })).testId;
    const run = await ok('svc_test_run', { testId, wait: true, timeout: 180 });
    expect(run.status).toBe('passed');
    const steps = await ok('svc_test_steps', { testId, pageSize: 100 });
    expect(steps.items.length).toBeGreaterThanOrEqual(planSteps.length);
    const result = await ok('svc_test_result', { testId });
    expect(result.status).toBe('passed');
    await ok('svc_test_code_get', { testId });
  });

  it('generation: docs, discovery, paged endpoints and plan, accepted tests', async () => {
    const projectId = (await ok('svc_project_create', { type: 'backend', name: 'generated api', url: target.url })).id;
    const docs = await ok('svc_project_docs_put', { projectId, filename: 'openapi.yaml', content: readFileSync(join(ROOT, 'fixtures/target-api/openapi.yaml'), 'utf8') });
    expect(docs.endpoints.length).toBe(27);
    await ok('svc_project_discover', { projectId });
    const first = await ok('svc_project_endpoints', { projectId, pageSize: 20 });
    expect(first.endpoints).toHaveLength(20);
    const rest = await ok('svc_project_endpoints', { projectId, pageSize: 20, startingToken: first.nextToken });
    expect(rest).toMatchObject({ nextToken: null });
    expect(rest.endpoints).toHaveLength(7);
    await ok('svc_project_prd_put', { projectId, filename: 'prd.md', content: '# Users\nPeople sign up with a name and an email, and can be listed and removed.\n' });
    await ok('svc_project_features', { projectId });
    const plan = await ok('svc_plan_generate', { projectId });
    expect(plan.counts.total).toBeGreaterThan(50);
    const page = await ok('svc_plan_list', { projectId });
    expect(page.cases).toHaveLength(50);
    expect(page.nextToken).toEqual(expect.any(String));
    await ok('svc_plan_select', { projectId, selected: false, category: 'security' });
    const accepted = await ok('svc_plan_accept', { projectId });
    expect(accepted.created.length).toBeGreaterThan(0);
  });
});
