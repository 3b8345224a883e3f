import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv } from '../helpers/cli.js';
import { BIN } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startTargetApi } from '../../fixtures/target-api/server.mjs';

let server: TestServer;
let target: Awaited<ReturnType<typeof startTargetApi>>;
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
  key = await server.mintKey({ name: 'agent' });
});
afterAll(async () => {
  await client?.close();
  if (httpProc?.exitCode === null) httpProc.kill('SIGTERM');
  await target?.close();
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
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [BIN.mcp, '--endpoint-url', server.apiUrl], env, cwd: ctx.cwd, stderr: 'pipe' }));
    return c;
  }
  httpProc = spawn(process.execPath, [BIN.mcp, '--http', '0', '--endpoint-url', server.apiUrl], { env, cwd: ctx.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
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
