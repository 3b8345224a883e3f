import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Identity } from '../../src/contract/me.js';
import { cliEnv } from '../helpers/cli.js';
import { BIN } from '../helpers/paths.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = await startServer();
  key = await server.mintKey({ name: 'mcp-user', email: 'mcp@example.com' });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await server?.stop();
});

const text = (r: { content?: unknown }) => (r.content as { type: string; text: string }[])[0]!.text;
const errorOf = (r: { content?: unknown }) => JSON.parse(text(r)).error as { code: string; message: string; nextAction: string };

async function stdioClient(env: Record<string, string>, cwd?: string, flags: string[] = ['--toolsets', 'core,account']): Promise<Client> {
  const ctx = cliEnv();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN.mcp, '--endpoint-url', server.apiUrl, ...flags],
    env: { PATH: process.env.PATH ?? '', HOME: ctx.home, ...env },
    cwd: cwd ?? ctx.cwd,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Starts `svc-mcp --http 0` and returns its URL once it logs that it is listening. */
async function httpServer(env: Record<string, string>): Promise<{ url: URL; port: number }> {
  const ctx = cliEnv();
  const proc = spawn(process.execPath, [BIN.mcp, '--http', '0', '--endpoint-url', server.apiUrl, '--toolsets', 'all'], { env: { PATH: process.env.PATH, HOME: ctx.home, ...env }, cwd: ctx.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(proc);
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc-mcp --http did not start:\n${err}`)), 15_000);
    proc.stderr!.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once('exit', (code) => reject(new Error(`svc-mcp exited ${code}:\n${err}`)));
  });
  return { url: new URL(url), port: Number(new URL(url).port) };
}

function rawPost(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }));
  });
}

describe('svc-mcp over stdio', () => {
  it('lists tools with schemas and annotations and calls them through the same API core', async () => {
    const client = await stdioClient({ SVC_API_KEY: key });
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['svc_auth_status', 'svc_usage_get', 'svc_doctor', 'svc_agent_install', 'svc_agent_list', 'svc_agent_status']));
    const auth = tools.find((t) => t.name === 'svc_auth_status')!;
    expect(auth.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(auth.outputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['userId', 'scopes']) });

    const me = await client.callTool({ name: 'svc_auth_status', arguments: {} });
    expect(me.isError).toBeFalsy();
    expect(Identity.parse(me.structuredContent)).toMatchObject({ name: 'mcp-user', email: 'mcp@example.com' });
    expect(text(me)).toMatch(/^Who am I\.\n.*name: mcp-user/);
    expect(text(me)).toMatch(/The whole result is in structuredContent\.$/);

    const usage = await client.callTool({ name: 'svc_usage_get', arguments: {} });
    expect(usage.structuredContent).toMatchObject({ metered: false });
    const doctor = await client.callTool({ name: 'svc_doctor', arguments: {} });
    const checks = (doctor.structuredContent as { checks: { name: string; status: string }[] }).checks;
    expect(checks.find((c) => c.name === 'connectivity')?.status).toBe('OK');
    await client.close();
  });

  it('installs and checks skills in the given dir', async () => {
    const ctx = cliEnv();
    const client = await stdioClient({}, ctx.cwd);
    const r = await client.callTool({ name: 'svc_agent_install', arguments: { targets: ['kiro'], skills: ['svc-verify'] } });
    expect(r.structuredContent).toMatchObject({
      written: 2,
      files: [{ target: 'kiro', action: 'created', path: '.kiro/skills/svc-verify/SKILL.md' }],
      mcp: [{ target: 'kiro', action: 'created', path: '.kiro/settings/mcp.json' }],
    });
    expect(existsSync(join(ctx.cwd, '.kiro/skills/svc-verify/SKILL.md'))).toBe(true);
    const st = await client.callTool({ name: 'svc_agent_status', arguments: { targets: ['kiro'] } });
    expect(st.structuredContent).toMatchObject({ attention: 0, files: [{ state: 'ok' }, { state: 'absent' }], mcp: [{ target: 'kiro', state: 'ok' }] });
    await client.close();
  });

  it('answers a bad key, a missing key and a missing profile with isError and stays up', async () => {
    const bad = await stdioClient({ SVC_API_KEY: 'svc_not_a_real_key_0000000000000' });
    const r = await bad.callTool({ name: 'svc_auth_status', arguments: {} });
    expect(r.isError).toBe(true);
    expect(errorOf(r)).toMatchObject({ code: 'UNAUTHENTICATED', nextAction: expect.any(String) });
    expect(errorOf(r).nextAction.length).toBeGreaterThan(10);
    expect((await bad.callTool({ name: 'svc_usage_get', arguments: {} })).isError).toBe(true);
    await bad.close();

    const none = await stdioClient({});
    const n = await none.callTool({ name: 'svc_auth_status', arguments: {} });
    expect(n.isError).toBe(true);
    expect(errorOf(n)).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('no API key'), nextAction: expect.stringMatching(/svc setup/) });
    await none.close();

    const ghost = await stdioClient({ SVC_PROFILE: 'ghost' });
    const g = await ghost.callTool({ name: 'svc_auth_status', arguments: {} });
    expect(errorOf(g)).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining("'ghost'") });
    await ghost.close();
  });

  it('writes nothing but protocol messages on stdout', async () => {
    const ctx = cliEnv();
    const proc = spawn(process.execPath, [BIN.mcp], { env: { PATH: process.env.PATH, HOME: ctx.home }, cwd: ctx.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(proc);
    let out = '';
    let err = '';
    proc.stdout!.on('data', (d) => (out += d));
    proc.stderr!.on('data', (d) => (err += d));
    const send = (m: object) => proc.stdin!.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'svc_project_list', arguments: {} } });
    await expect.poll(() => out.split('\n').filter(Boolean).length, { timeout: 15_000 }).toBe(2);
    proc.stdin!.end();
    const lines = out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.jsonrpc, l.id])).toEqual([['2.0', 1], ['2.0', 2]]);
    expect(lines[1].result.isError).toBe(true);
    expect(err).toMatch(/ready on stdio/);
  });
});

describe('svc-mcp toolsets and text content', () => {
  it('serves the core toolset by default, more with --toolsets or SVC_MCP_TOOLSETS, and refuses an unknown one', async () => {
    const core = await stdioClient({ SVC_API_KEY: key }, undefined, []);
    const names = (await core.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['svc_project_create', 'svc_test_create', 'svc_test_run', 'svc_test_result', 'svc_test_triage', 'svc_test_ask']));
    expect(names).not.toContain('svc_auth_status');
    expect(names).not.toContain('svc_plan_generate');
    const missing = await core.callTool({ name: 'svc_auth_status', arguments: {} }).catch((e: Error) => e);
    expect(String(missing instanceof Error ? missing.message : JSON.stringify(missing))).toMatch(/svc_auth_status not found/);
    await core.close();

    const all = await stdioClient({ SVC_API_KEY: key, SVC_MCP_TOOLSETS: 'all' }, undefined, []);
    expect((await all.listTools()).tools.length).toBeGreaterThan(50);
    await all.close();

    const ctx = cliEnv();
    const bad = spawn(process.execPath, [BIN.mcp, '--toolsets', 'core,bogus'], { env: { PATH: process.env.PATH, HOME: ctx.home }, cwd: ctx.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    bad.stderr!.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => bad.once('exit', resolve));
    expect(code).toBe(5);
    expect(err).toMatch(/unknown toolset 'bogus'/);
    expect(err).toMatch(/next: Use a comma-separated list of core, authoring, runs, generation, schedules, account, or all/);
  });

  it('puts the whole JSON in the text content with --text-content json', async () => {
    const client = await stdioClient({ SVC_API_KEY: key }, undefined, ['--toolsets', 'account', '--text-content', 'json']);
    const me = await client.callTool({ name: 'svc_auth_status', arguments: {} });
    expect(JSON.parse(text(me))).toEqual(me.structuredContent);
    await client.close();
  });
});

describe('svc-mcp --http', () => {
  it('serves the same tools over streamable HTTP on loopback', async () => {
    const { url } = await httpServer({ SVC_API_KEY: key });
    const client = new Client({ name: 'e2e-http', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('svc_doctor');
    const me = await client.callTool({ name: 'svc_auth_status', arguments: {} });
    expect(me.structuredContent).toMatchObject({ name: 'mcp-user' });
    await client.close();
  });

  it('returns isError for a bad key over HTTP', async () => {
    const { url } = await httpServer({ SVC_API_KEY: 'svc_not_a_real_key_0000000000000' });
    const client = new Client({ name: 'e2e-http', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const r = await client.callTool({ name: 'svc_usage_get', arguments: {} });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toBe('UNAUTHENTICATED');
    await client.close();
  });

  it('rejects foreign Host and Origin headers (DNS rebinding) and non-POST methods', async () => {
    const { port } = await httpServer({});
    expect(await rawPost(port, { host: `127.0.0.1:${port}` })).toBe(200);
    expect(await rawPost(port, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).toBe(200);
    expect(await rawPost(port, { host: `evil.example:${port}` })).toBe(403);
    expect(await rawPost(port, { host: `127.0.0.1:${port}`, origin: 'http://evil.example' })).toBe(403);
    const get = await fetch(`http://127.0.0.1:${port}/mcp`);
    expect(get.status).toBe(405);
    expect((await fetch(`http://127.0.0.1:${port}/other`, { method: 'POST' })).status).toBe(404);
  });
});
