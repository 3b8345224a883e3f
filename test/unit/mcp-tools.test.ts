import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { getEncoding } from 'js-tiktoken';
import { createMcpServer, toolName, type McpOptions } from '../../src/mcp/server.js';
import { TOOLSETS, TOOLSET_NAMES } from '../../src/mcp/toolsets.js';
import { OPS } from '../../src/ops/registry.js';
import { defineOp, READ, type Op } from '../../src/ops/op.js';
import { ROOT } from '../helpers/paths.js';

/**
 * The MCP surface is a contract for agents: tool names, input/output schemas and annotations are
 * pinned in test/snapshots/mcp-tools.json. After an intended change, regenerate it with
 *   UPDATE_SNAPSHOTS=1 npx vitest run test/unit/mcp-tools.test.ts
 * and review the diff.
 */
const SNAPSHOT = join(ROOT, 'test/snapshots/mcp-tools.json');

async function connect(opts: McpOptions = {}): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer({ env: {}, log: () => undefined, toolsets: 'all', ...opts }).connect(a);
  const client = new Client({ name: 'unit', version: '0' });
  await client.connect(b);
  return client;
}

describe('MCP tool surface', () => {
  it('matches the committed snapshot', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const surface = tools
      .map((t) => ({ name: t.name, title: t.title, description: t.description, annotations: t.annotations, inputSchema: t.inputSchema, outputSchema: t.outputSchema }))
      .sort((x, y) => x.name.localeCompare(y.name));
    const text = `${JSON.stringify(surface, null, 2)}\n`;
    if (process.env.UPDATE_SNAPSHOTS === '1') {
      mkdirSync(dirname(SNAPSHOT), { recursive: true });
      writeFileSync(SNAPSHOT, text);
    }
    if (!existsSync(SNAPSHOT)) throw new Error(`${SNAPSHOT} is missing: run with UPDATE_SNAPSHOTS=1 to create it`);
    expect(text).toBe(readFileSync(SNAPSHOT, 'utf8'));
    await client.close();
  });

  it('puts every op in exactly one toolset and serves only core by default', async () => {
    const grouped = TOOLSET_NAMES.flatMap((t) => [...TOOLSETS[t].ops]);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort()).toEqual(OPS.filter((o) => o.mcp !== false).map((o) => o.name).sort());
    const client = await connect({ toolsets: undefined });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLSETS.core.ops.map((n) => toolName({ name: n } as Op)).sort());
    await client.close();
  });

  it('keeps tools/list lean: the default list well under 15k tokens, every parameter described', async () => {
    const enc = getEncoding('cl100k_base');
    const tokens: Record<string, number> = {};
    for (const toolsets of ['core', 'all']) {
      const client = await connect({ toolsets });
      const listed = await client.listTools();
      tokens[toolsets] = enc.encode(JSON.stringify(listed)).length;
      for (const t of listed.tools) {
        for (const [param, schema] of Object.entries(t.inputSchema.properties ?? {})) expect((schema as { description?: string }).description, `${t.name}.${param}`).toBeTruthy();
        expect(JSON.stringify(t.inputSchema), t.name).not.toContain('9007199254740991');
      }
      await client.close();
    }
    // The default list is what every agent session carries; `all` is the whole surface at once.
    expect(tokens.core).toBeLessThan(7_000);
    expect(tokens.all).toBeLessThan(19_600);
    console.log(`tools/list tokens (cl100k): core ${tokens.core}, all ${tokens.all}`);
  });

  it('exposes every op not marked mcp:false as svc_<noun>_<verb>, with all four annotations', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const expected = OPS.filter((o) => o.mcp !== false).map(toolName).sort();
    expect(tools.map((t) => t.name).sort()).toEqual(expected);
    expect(expected).toContain('svc_agent_install');
    expect(expected).not.toContain('svc_setup');
    for (const t of tools) {
      expect(t.name).toMatch(/^svc_[a-z]+(_[a-z]+)*$/);
      expect(t.outputSchema, t.name).toBeTruthy();
      for (const k of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof t.annotations?.[k], `${t.name} ${k}`).toBe('boolean');
    }
    await client.close();
  });
});

describe('MCP tool calls', () => {
  const slow = defineOp({
    name: 'unit.slow',
    title: 'Slow',
    description: 'reports progress',
    input: z.object({ steps: z.number().int() }),
    output: z.object({ done: z.number() }),
    annotations: READ,
    sample: () => ({ done: 0 }),
    async run(ctx, input) {
      for (let i = 1; i <= input.steps; i++) ctx.progress?.({ message: `step ${i}`, progress: i, total: input.steps });
      return { done: input.steps };
    },
  });

  it('sends progress notifications and returns structured content with a short text summary', async () => {
    const client = await connect({ ops: [slow as unknown as Op] });
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const r = await client.callTool({ name: 'svc_unit_slow', arguments: { steps: 3 } }, undefined, { onprogress: (p) => seen.push(p) });
    expect(r.structuredContent).toEqual({ done: 3 });
    expect((r.content as { text: string }[])[0]!.text).toBe('Slow.\ndone: 3\nThe whole result is in structuredContent.');
    expect(seen.map((p) => p.message)).toEqual(['step 1', 'step 2', 'step 3']);
    await client.close();
  });

  it('returns the whole JSON as text with textContent json', async () => {
    const client = await connect({ ops: [slow as unknown as Op], textContent: 'json' });
    const r = await client.callTool({ name: 'svc_unit_slow', arguments: { steps: 2 } });
    expect(JSON.parse((r.content as { text: string }[])[0]!.text)).toEqual({ done: 2 });
    await client.close();
  });

  it('refuses an unknown toolset with the names it knows', () => {
    expect(() => createMcpServer({ env: {}, toolsets: 'core,nope' })).toThrow(/unknown toolset 'nope'/);
  });

  it('turns a missing key into isError with code, message and nextAction', async () => {
    const client = await connect({ env: { HOME: '/nonexistent-svc-home' } });
    const r = await client.callTool({ name: 'svc_auth_status', arguments: {} });
    expect(r.isError).toBe(true);
    const err = JSON.parse((r.content as { text: string }[])[0]!.text).error;
    expect(err).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('no API key'), nextAction: expect.stringMatching(/svc setup|SVC_API_KEY/) });
    await client.close();
  });
});
