import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ZodError } from 'zod';
import { SvcError } from '../contract/errors.js';
import { requireKey, resolveConfig, type ConfigInput } from '../client/config.js';
import { ApiClient } from '../client/http.js';
import type { Op, OpContext } from '../ops/op.js';
import { OPS } from '../ops/registry.js';
import { packageVersion } from '../util/package-root.js';
import { advertisedInput, advertisedOutput, summarize } from './tool-schema.js';
import { resolveToolsets } from './toolsets.js';
import { mcpWording } from './wording.js';

export function toolName(op: Op): string {
  return `svc_${op.name.replace(/[.-]/g, '_')}`;
}

export interface McpOptions extends ConfigInput {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  log?: (s: string) => void;
  /** The ops to expose (default: the registry's ops in the chosen toolsets); tests pass their own. */
  ops?: Op[];
  /** Comma-separated toolsets, or `all` (default: $SVC_MCP_TOOLSETS, else core). */
  toolsets?: string;
  /** What the text content of a result holds: a short summary (default) or the whole JSON. */
  textContent?: 'summary' | 'json';
}

/** The ops a server with these options exposes. Throws the validation error for an unknown toolset. */
export function exposedOps(opts: McpOptions = {}): Op[] {
  if (opts.ops) return opts.ops.filter((op) => op.mcp !== false);
  const { ops } = resolveToolsets(opts.toolsets ?? (opts.env ?? process.env).SVC_MCP_TOOLSETS);
  return OPS.filter((op) => op.mcp !== false && ops.has(op.name));
}

/**
 * One tool per op, registered in a loop: the same ops and API core as the CLI, so the same error
 * envelope comes back (as isError with code, message, nextAction).
 */
export function createMcpServer(opts: McpOptions = {}): McpServer {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((s: string) => process.stderr.write(s));
  const server = new McpServer({ name: 'svc', version: packageVersion() }, { capabilities: { logging: {} } });
  // Resolved on every call, like each CLI invocation: a key stored by 'svc setup' (or a fixed
  // credentials file) takes effect without restarting the server.
  const config = () => resolveConfig(opts, env);
  const getClient = () =>
    new ApiClient({
      baseUrl: config().apiUrl,
      apiKey: requireKey(config()),
      timeoutMs: config().requestTimeoutMs,
      surface: 'mcp',
      userAgent: `svc-mcp/${packageVersion()} node/${process.versions.node}`,
      logger: { debug: (m) => env.SVC_MCP_DEBUG && log(`[debug] ${m}\n`), verbose: () => undefined },
    });

  const textContent = opts.textContent ?? (env.SVC_MCP_TEXT_CONTENT === 'json' ? 'json' : 'summary');
  const ops = exposedOps(opts);
  // Messages may name any tool, including those of toolsets not served here.
  const reword = mcpWording((opts.ops ?? OPS).filter((op) => op.mcp !== false), toolName);
  for (const op of ops) {
    server.registerTool(
      toolName(op),
      // The SDK checks arguments and structured content against these; tools/list is ours (below).
      { inputSchema: op.input, outputSchema: op.output },
      async (args: unknown, extra) => {
        const progressToken = extra?._meta?.progressToken;
        const ctx: OpContext = {
          client: getClient,
          config,
          surface: 'mcp',
          log: { debug: () => undefined, verbose: () => undefined },
          advise: (m) => log(`[advisory] ${m}\n`),
          signal: extra?.signal,
          env,
          cwd: opts.cwd ?? process.cwd(),
          progress:
            progressToken === undefined
              ? undefined
              : (p) => {
                  void extra.sendNotification({
                    method: 'notifications/progress',
                    params: { progressToken, progress: p.progress ?? 0, total: p.total, message: p.message },
                  });
                },
        };
        try {
          const input = op.input.parse(args ?? {});
          const result = conform(op, (await op.run(ctx, input)) as Record<string, unknown>, log, env);
          const text = textContent === 'json' ? JSON.stringify(result) : summarize(op, result);
          return { structuredContent: result, content: [{ type: 'text' as const, text }] };
        } catch (err) {
          const body = toSvcError(err).toBody();
          body.message = reword(body.message);
          body.nextAction = reword(body.nextAction);
          return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify({ error: body }, null, 2) }] };
        }
      },
    );
  }
  // The SDK lists the full contract schemas; the list is computed once here in its lean form.
  const tools: Tool[] = ops.map((op) => ({
    name: toolName(op),
    title: op.title,
    description: op.description,
    inputSchema: advertisedInput(op) as Tool['inputSchema'],
    outputSchema: advertisedOutput(op) as Tool['outputSchema'],
    annotations: {
      readOnlyHint: op.annotations.readOnly,
      destructiveHint: op.annotations.destructive,
      idempotentHint: op.annotations.idempotent,
      openWorldHint: op.annotations.openWorld,
    },
  }));
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  return server;
}

/**
 * Strict clients validate structured content against the declared output schema, so the tool
 * returns what the schema declares: the op's output parsed by its own schema (extra fields a newer
 * server adds are dropped). A result the schema rejects is a contract bug; it is returned as it is
 * and logged, so the client's validation names the field instead of the tool hiding it.
 */
function conform(op: Op, result: Record<string, unknown>, log: (s: string) => void, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const parsed = op.output.safeParse(result);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  if (env.SVC_MCP_DEBUG) log(`[debug] ${toolName(op)} output does not match its schema: ${parsed.error.message}\n`);
  return result;
}

function toSvcError(err: unknown): SvcError {
  if (err instanceof SvcError) return err;
  if (err instanceof ZodError) {
    const i = err.issues[0];
    return new SvcError('VALIDATION_ERROR', `${i?.path.join('.') || 'input'}: ${i?.message ?? 'invalid input'}`);
  }
  return new SvcError('INTERNAL', err instanceof Error ? err.message : String(err), { nextAction: 'Retry; if it persists, run svc-mcp with SVC_MCP_DEBUG=1 and report the stderr output.' });
}
