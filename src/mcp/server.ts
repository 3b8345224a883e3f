import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z, ZodError } from 'zod';
import { SvcError } from '../contract/errors.js';
import { requireKey, resolveConfig, type ConfigInput } from '../client/config.js';
import { ApiClient } from '../client/http.js';
import type { Op, OpContext } from '../ops/op.js';
import { OPS } from '../ops/registry.js';
import { packageVersion } from '../util/package-root.js';

export function toolName(op: Op): string {
  return `svc_${op.name.replace(/[.-]/g, '_')}`;
}

export interface McpOptions extends ConfigInput {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  log?: (s: string) => void;
  /** The ops to expose (default: every op in the registry); tests pass their own. */
  ops?: Op[];
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

  for (const op of opts.ops ?? OPS) {
    if (op.mcp === false) continue;
    server.registerTool(
      toolName(op),
      {
        title: op.title,
        description: op.description,
        inputSchema: op.input,
        outputSchema: rootObject(op.output),
        annotations: {
          title: op.title,
          readOnlyHint: op.annotations.readOnly,
          destructiveHint: op.annotations.destructive,
          idempotentHint: op.annotations.idempotent,
          openWorldHint: op.annotations.openWorld,
        },
      },
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
          return { structuredContent: result, content: [{ type: 'text' as const, text: JSON.stringify(result, null, 2) }] };
        } catch (err) {
          const e = toSvcError(err);
          return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(e.toEnvelope(), null, 2) }] };
        }
      },
    );
  }
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

/**
 * MCP wants an output schema whose root is `type: object`. A contract schema registered with
 * `.meta({ id })` would be emitted as a bare `$ref` to its definition, which clients reject, so the
 * root is re-declared without the id (nested ids still become shared definitions).
 */
function rootObject(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject ? z.object(schema.shape) : schema;
}
